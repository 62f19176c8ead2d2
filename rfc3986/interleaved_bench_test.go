package rfc3986_test

import (
	"net/url"
	"testing"

	"github.com/rfc2396/rfc2396/internal/uritest"
	"github.com/rfc2396/rfc2396/rfc3986"
)

// BenchmarkCorpusInterleaved measures each operation of the package in turn
// with net/url doing the same job over the same corpus references (see
// [uritest.Interleaved]): x-net-url is the median ratio of their times.
// Against url.Parse: parse, parse-into and valid. resolve is the string
// function against url.Parse of base and reference, ResolveReference and
// String; resolve-parsed resolves references parsed beforehand against a
// parsed base to a string ([rfc3986.URI.ResolveReferenceString]) against
// ResolveReference and String; normalize is against url.Parse and String.
//
//	go test -run '^$' -bench CorpusInterleaved -cpu 1 -benchtime 300ms ./rfc3986/
func BenchmarkCorpusInterleaved(b *testing.B) {
	lines, _ := uritest.LoadCorpus(b, "..")
	const baseText = "http://a/b/c/d;p?q"
	netParse := func(s string) { sinkURL, sinkErr = url.Parse(s) }
	var into rfc3986.URI
	b.Run("op=parse", func(b *testing.B) {
		uritest.Interleaved(b, lines, func(s string) { sinkURI, sinkErr = rfc3986.Parse(s) }, netParse)
	})
	b.Run("op=parse-into", func(b *testing.B) {
		uritest.Interleaved(b, lines, func(s string) { sinkErr = rfc3986.ParseInto(&into, s) }, netParse)
	})
	b.Run("op=valid", func(b *testing.B) {
		uritest.Interleaved(b, lines, func(s string) { sinkBool = rfc3986.Valid(s) }, netParse)
	})
	b.Run("op=resolve", func(b *testing.B) {
		uritest.Interleaved(b, lines, func(s string) { sinkStr, _, sinkErr = rfc3986.Resolve(baseText, s) }, func(s string) {
			bu, _ := url.Parse(baseText)
			if u, err := url.Parse(s); err == nil {
				sinkStr = bu.ResolveReference(u).String()
			}
		})
	})
	type pair struct {
		ref *rfc3986.URI
		u   *url.URL
	}
	var pairs []pair
	for _, s := range lines {
		r, err := rfc3986.Parse(s)
		u, uerr := url.Parse(s)
		if err == nil && uerr == nil {
			pairs = append(pairs, pair{r, u})
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
	b.Run("op=resolve-parsed", func(b *testing.B) {
		uritest.Interleaved(b, pairs, func(p pair) { sinkStr, _, sinkErr = base.ResolveReferenceString(p.ref) }, func(p pair) {
			sinkStr = baseURL.ResolveReference(p.u).String()
		})
	})
	b.Run("op=normalize", func(b *testing.B) {
		uritest.Interleaved(b, lines, func(s string) { sinkStr, sinkErr = rfc3986.Normalize(s) }, func(s string) {
			if u, err := url.Parse(s); err == nil {
				sinkStr = u.String()
			}
		})
	})
}
