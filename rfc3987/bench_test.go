package rfc3987_test

import (
	"fmt"
	"net/url"
	"strings"
	"testing"

	"github.com/rfc2396/rfc2396/internal/uritest"
	"github.com/rfc2396/rfc2396/rfc3987"
)

var (
	sinkIRI  *rfc3987.URI
	sinkURL  *url.URL
	sinkErr  error
	sinkBool bool
)

// nonASCII makes an IRI of a corpus reference: every run of ASCII letters
// in its path, query and fragment gets "ü", "é" or "例" after it (two or
// three bytes of UTF-8, all ucschar), so that the corpus keeps its shapes
// and a third or more of its path bytes are not ASCII.
func nonASCII(s string) string {
	start := strings.Index(s, "://")
	if start >= 0 {
		if slash := strings.IndexByte(s[start+3:], '/'); slash >= 0 {
			start += 3 + slash
		} else {
			return s
		}
	} else {
		start = 0
	}
	chars := []string{"ü", "é", "例"}
	var b strings.Builder
	b.WriteString(s[:start])
	n := 0
	for i := start; i < len(s); i++ {
		c := s[i]
		b.WriteByte(c)
		letter := 'a' <= c && c <= 'z' || 'A' <= c && c <= 'Z'
		next := i+1 < len(s) && ('a' <= s[i+1] && s[i+1] <= 'z' || 'A' <= s[i+1] && s[i+1] <= 'Z')
		if letter && !next {
			b.WriteString(chars[n%len(chars)])
			n++
		}
	}
	return b.String()
}

// BenchmarkCorpusInterleaved measures rfc3987's Parse, ParseInto and Valid
// in turn with url.Parse on the same references (see
// [uritest.Interleaved]; x-net-url is the median ratio of their times):
// on the ASCII corpus, and on the same corpus made IRIs by nonASCII, each
// reference of which rfc3987 accepts (url.Parse takes them too, as it
// takes any byte above 0x7F).
//
//	go test -run '^$' -bench CorpusInterleaved -cpu 1 -benchtime 300ms ./rfc3987/
func BenchmarkCorpusInterleaved(b *testing.B) {
	lines, _ := uritest.LoadCorpus(b, "..")
	var iris []string
	for _, s := range lines {
		if t := nonASCII(s); rfc3987.Valid(s) && rfc3987.Valid(t) {
			iris = append(iris, t)
		}
	}
	netParse := func(s string) { sinkURL, sinkErr = url.Parse(s) }
	var into rfc3987.URI
	for _, c := range []struct {
		name  string
		lines []string
	}{{"ascii", lines}, {"non-ascii", iris}} {
		b.Run("corpus="+c.name+"/op=parse", func(b *testing.B) {
			uritest.Interleaved(b, c.lines, func(s string) { sinkIRI, sinkErr = rfc3987.Parse(s) }, netParse)
		})
		b.Run("corpus="+c.name+"/op=parse-into", func(b *testing.B) {
			uritest.Interleaved(b, c.lines, func(s string) { sinkErr = rfc3987.ParseInto(&into, s) }, netParse)
		})
		b.Run("corpus="+c.name+"/op=valid", func(b *testing.B) {
			uritest.Interleaved(b, c.lines, func(s string) { sinkBool = rfc3987.Valid(s) }, netParse)
		})
	}
}

// BenchmarkLinear reports the time per byte of Parse on IRIs of one shape
// (a path of non-ASCII segments) from 1 KiB to 16 MiB: it must stay flat.
func BenchmarkLinear(b *testing.B) {
	for _, size := range []int{1 << 10, 64 << 10, 1 << 20, 16 << 20} {
		in := "http://例え.jp/" + strings.Repeat("ü例é/", size/len("ü例é/"))
		b.Run(fmt.Sprintf("op=parse/size=%dKiB", size>>10), func(b *testing.B) {
			b.SetBytes(int64(len(in)))
			for i := 0; i < b.N; i++ {
				if sinkIRI, sinkErr = rfc3987.Parse(in); sinkErr != nil {
					b.Fatal(sinkErr)
				}
			}
			b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N)/float64(len(in)), "ns/byte")
		})
	}
}
