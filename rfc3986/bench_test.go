package rfc3986_test

import (
	"bufio"
	"net/url"
	"os"
	"strings"
	"testing"

	"github.com/rfc2396/rfc2396/rfc3986"
)

// corpusPath is the real-URL corpus shared beside the repository (as in
// parser/bench_test.go); sampleCorpus is the 1-in-25 sample kept in the
// repository, so that the benchmarks always run.
const (
	corpusPath   = "../../shared/bench/urls.txt"
	sampleCorpus = "../testdata/bench-sample.txt"
)

func loadCorpus(b *testing.B) ([]string, int) {
	b.Helper()
	path := corpusPath
	f, err := os.Open(path)
	if err != nil {
		b.Logf("corpus %s not found (%v); using the sample %s", corpusPath, err, sampleCorpus)
		path = sampleCorpus
		if f, err = os.Open(path); err != nil {
			b.Fatal(err)
		}
	}
	defer f.Close()
	var lines []string
	n := 0
	sc := bufio.NewScanner(f)
	sc.Buffer(make([]byte, 64<<10), 1<<20)
	for sc.Scan() {
		lines = append(lines, sc.Text())
		n += len(sc.Text())
	}
	if err := sc.Err(); err != nil {
		b.Fatal(err)
	}
	return lines, n
}

// runCorpus runs f once per corpus line per op: b.N counts URIs, and MB/s
// is over the corpus's bytes.
func runCorpus(b *testing.B, f func(s string)) {
	lines, size := loadCorpus(b)
	b.SetBytes(int64(size / len(lines)))
	b.ReportAllocs()
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		f(lines[i%len(lines)])
	}
}

var (
	sinkURI  *rfc3986.URI
	sinkURL  *url.URL
	sinkErr  error
	sinkBool bool
	sinkStr  string
)

// BenchmarkCorpus measures rfc3986 beside net/url over the corpus, one op =
// one URI, named op=…/impl=… for
//
//	benchstat -col /impl -row /op
func BenchmarkCorpus(b *testing.B) {
	b.Run("op=parse/impl=rfc3986", func(b *testing.B) {
		runCorpus(b, func(s string) { sinkURI, sinkErr = rfc3986.Parse(s) })
	})
	b.Run("op=parse/impl=net-url", func(b *testing.B) {
		runCorpus(b, func(s string) { sinkURL, sinkErr = url.Parse(s) })
	})
	b.Run("op=valid/impl=rfc3986", func(b *testing.B) {
		runCorpus(b, func(s string) { sinkBool = rfc3986.Valid(s) })
	})
	var u rfc3986.URI
	b.Run("op=parse-into/impl=rfc3986", func(b *testing.B) {
		runCorpus(b, func(s string) { sinkErr = rfc3986.ParseInto(&u, s) })
	})
}

// BenchmarkLong measures time per byte as inputs grow, valid and with the
// error at the end (which runs the explanation automaton over the input).
func BenchmarkLong(b *testing.B) {
	for _, n := range []int{1 << 10, 1 << 14, 1 << 18} {
		valid := "http://h/" + strings.Repeat("a/", n/2)
		for _, c := range []struct{ name, s string }{{"valid", valid}, {"error-at-end", valid + " "}} {
			b.Run(c.name+"/"+itoa(n), func(b *testing.B) {
				b.SetBytes(int64(len(c.s)))
				b.ReportAllocs()
				for i := 0; i < b.N; i++ {
					sinkURI, sinkErr = rfc3986.Parse(c.s)
				}
			})
		}
	}
	base := "http://a/b/c/d;p?q"
	ref := strings.Repeat("../x/", 1<<14)
	b.Run("resolve-dotdot", func(b *testing.B) {
		b.SetBytes(int64(len(ref)))
		for i := 0; i < b.N; i++ {
			sinkStr, _, sinkErr = rfc3986.Resolve(base, ref)
		}
	})
}

func itoa(n int) string {
	var b []byte
	for n > 0 || len(b) == 0 {
		b = append([]byte{byte('0' + n%10)}, b...)
		n /= 10
	}
	return string(b)
}
