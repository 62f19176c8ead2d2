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
// Against url.Parse: parse, parse-into and valid; then resolve,
// resolve-parsed ([rfc3986.URI.ResolveReferenceString]), normalize and
// relativize, each against net/url's nearest job (see
// [uritest.InterleavedSemantics]).
//
//	go test -run '^$' -bench CorpusInterleaved -cpu 1 -benchtime 300ms ./rfc3986/
func BenchmarkCorpusInterleaved(b *testing.B) {
	lines, _ := uritest.LoadCorpus(b, "..")
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
	uritest.InterleavedSemantics(b, lines, "", uritest.SemanticsOps[*rfc3986.URI]{
		Parse:         rfc3986.Parse,
		Resolve:       uritest.Resolver(rfc3986.Resolve),
		ResolveParsed: uritest.ParsedResolver((*rfc3986.URI).ResolveReferenceString),
		Normalize:     uritest.Normalizer(rfc3986.Normalize),
		Relativize:    rfc3986.Relativize,
	})
}
