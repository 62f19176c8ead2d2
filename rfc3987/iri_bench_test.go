package rfc3987_test

import (
	"testing"

	"github.com/rfc2396/rfc2396/internal/uritest"
	"github.com/rfc2396/rfc2396/rfc3987"
)

var (
	sinkString   string
	sinkWarnings []rfc3987.BidiWarning
)

// BenchmarkIRIFunctions measures the functions of RFC 3987 beyond its
// grammar, one reference an operation in turn over the corpus made IRIs
// by nonASCII (the mappings back, over those IRIs mapped to URIs by
// ToURI): ToURI, ToIRI, NormalizePercentEncoding, Normalize (whose last
// step decodes and composes) and BidiWarnings.
//
//	go test -run '^$' -bench IRIFunctions -benchmem ./rfc3987/
func BenchmarkIRIFunctions(b *testing.B) {
	lines, _ := uritest.LoadCorpus(b, "..")
	var iris, uris []string
	for _, s := range lines {
		if t := nonASCII(s); rfc3987.Valid(t) {
			iris, uris = append(iris, t), append(uris, rfc3987.ToURI(t))
		}
	}
	for _, c := range []struct {
		name string
		in   []string
		op   func(string)
	}{
		{"to-uri", iris, func(s string) { sinkString = rfc3987.ToURI(s) }},
		{"to-iri", uris, func(s string) { sinkString = rfc3987.ToIRI(s) }},
		{"normalize-percent-encoding", uris, func(s string) { sinkString = rfc3987.NormalizePercentEncoding(s) }},
		{"normalize", iris, func(s string) { sinkString, sinkErr = rfc3987.Normalize(s) }},
		{"bidi-warnings", iris, func(s string) { sinkWarnings = rfc3987.BidiWarnings(s) }},
	} {
		b.Run("op="+c.name, func(b *testing.B) {
			b.ReportAllocs()
			for i := 0; i < b.N; i++ {
				c.op(c.in[i%len(c.in)])
			}
		})
	}
}
