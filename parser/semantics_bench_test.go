package parser_test

import (
	"testing"

	"github.com/rfc2396/rfc2396/internal/uritest"
	"github.com/rfc2396/rfc2396/parser"
)

// BenchmarkSemantics measures Normalize and Relativize over the corpus
// beside net/url in the same run (see uritest.BenchSemantics).
func BenchmarkSemantics(b *testing.B) {
	uritest.BenchSemantics(b, "..", "rfc2396", uritest.Normalizer(parser.Normalize), uritest.Resolver(parser.Resolve), parser.Relativize)
}
