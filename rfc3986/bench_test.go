package rfc3986_test

import (
	"net/url"
	"strings"
	"testing"

	"github.com/rfc2396/rfc2396/internal/uritest"
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
		uritest.RunCorpus(b, "..", func(s string) { sinkURI, sinkErr = rfc3986.Parse(s) })
	})
	b.Run("op=parse/impl=net-url", func(b *testing.B) {
		uritest.RunCorpus(b, "..", func(s string) { sinkURL, sinkErr = url.Parse(s) })
	})
	b.Run("op=valid/impl=rfc3986", func(b *testing.B) {
		uritest.RunCorpus(b, "..", func(s string) { sinkBool = rfc3986.Valid(s) })
	})
	var u rfc3986.URI
	b.Run("op=parse-into/impl=rfc3986", func(b *testing.B) {
		uritest.RunCorpus(b, "..", func(s string) { sinkErr = rfc3986.ParseInto(&u, s) })
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

// BenchmarkResolveParsed resolves each corpus reference that parses,
// parsed beforehand, against one parsed base, one op = one reference:
// to a new string ([rfc3986.URI.ResolveReferenceString]), appended to a
// reused buffer ([rfc3986.URI.AppendResolveReference]), and net/url's
// ResolveReference and String beside them.
//
//	go test -run '^$' -bench ResolveParsed -benchmem ./rfc3986/
func BenchmarkResolveParsed(b *testing.B) {
	const baseText = "http://a/b/c/d;p?q"
	lines, _ := uritest.LoadCorpus(b, "..")
	var refs []*rfc3986.URI
	var urls []*url.URL
	for _, s := range lines {
		r, err := rfc3986.Parse(s)
		u, uerr := url.Parse(s)
		if err == nil && uerr == nil {
			refs, urls = append(refs, r), append(urls, u)
		}
	}
	base, err := rfc3986.Parse(baseText)
	if err != nil {
		b.Fatal(err)
	}
	baseURL, err := url.Parse(baseText)
	if err != nil {
		b.Fatal(err)
	}
	b.Run("op=resolve-parsed/impl=rfc3986-string", func(b *testing.B) {
		b.ReportAllocs()
		for i := 0; i < b.N; i++ {
			sinkStr, _, sinkErr = base.ResolveReferenceString(refs[i%len(refs)])
		}
	})
	b.Run("op=resolve-parsed/impl=rfc3986-append", func(b *testing.B) {
		b.ReportAllocs()
		var buf []byte
		for i := 0; i < b.N; i++ {
			buf, _, sinkErr = base.AppendResolveReference(buf[:0], refs[i%len(refs)])
		}
	})
	b.Run("op=resolve-parsed/impl=net-url", func(b *testing.B) {
		b.ReportAllocs()
		for i := 0; i < b.N; i++ {
			sinkStr = baseURL.ResolveReference(urls[i%len(urls)]).String()
		}
	})
}
