package rfc3986_test

import (
	"testing"

	"github.com/rfc2396/rfc2396/internal/uritest"
	"github.com/rfc2396/rfc2396/rfc3986"
)

// BenchmarkSemantics measures Normalize and Relativize over the corpus
// beside net/url in the same run (see uritest.BenchSemantics).
func BenchmarkSemantics(b *testing.B) {
	uritest.BenchSemantics(b, "..", "rfc3986", uritest.Normalizer(rfc3986.Normalize), uritest.Resolver(rfc3986.Resolve), rfc3986.Relativize)
}
