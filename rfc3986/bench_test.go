package rfc3986_test

import (
	"net/url"
	"strings"
	"testing"

	"github.com/rfc2396/rfc2396/internal/corpus"
	"github.com/rfc2396/rfc2396/rfc3986"
)

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
		corpus.Run(b, "..", func(s string) { sinkURI, sinkErr = rfc3986.Parse(s) })
	})
	b.Run("op=parse/impl=net-url", func(b *testing.B) {
		corpus.Run(b, "..", func(s string) { sinkURL, sinkErr = url.Parse(s) })
	})
	b.Run("op=valid/impl=rfc3986", func(b *testing.B) {
		corpus.Run(b, "..", func(s string) { sinkBool = rfc3986.Valid(s) })
	})
	var u rfc3986.URI
	b.Run("op=parse-into/impl=rfc3986", func(b *testing.B) {
		corpus.Run(b, "..", func(s string) { sinkErr = rfc3986.ParseInto(&u, s) })
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
