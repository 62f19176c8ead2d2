package parser_test

import (
	"net/url"
	"sync/atomic"
	"testing"

	"github.com/rfc2396/rfc2396/grammar"
	"github.com/rfc2396/rfc2396/internal/uritest"
	"github.com/rfc2396/rfc2396/parser"
)

// profileRefs are references that Needs and ValidUnder are benchmarked
// on: valid under java and needing some of its edits, valid under Appendix
// A, and invalid everywhere.
var profileRefs = []struct{ name, ref string }{
	{"ipv6", "http://[::1]/"},
	{"non-ascii", "http://example.org/café"},
	{"strict", "http://a/b/c"},
	{"invalid", "http://a b/"},
}

// BenchmarkNeeds measures Profile.Needs under java once its automata hold
// the states the reference visits: one op = one call.
func BenchmarkNeeds(b *testing.B) {
	for _, r := range profileRefs {
		b.Run("ref="+r.name, func(b *testing.B) {
			var sink []grammar.Edit
			sink = parser.Java.Needs(grammar.RuleURIReference, r.ref)
			b.ReportAllocs()
			b.ResetTimer()
			for i := 0; i < b.N; i++ {
				sink = parser.Java.Needs(grammar.RuleURIReference, r.ref)
			}
			_ = sink
		})
	}
}

// BenchmarkValidUnder measures Profile.ValidUnder under Appendix A: one op
// = one call.
func BenchmarkValidUnder(b *testing.B) {
	for _, r := range profileRefs {
		b.Run("ref="+r.name, func(b *testing.B) {
			var sink []parser.Alternative
			sink = parser.Strict.ValidUnder(grammar.RuleURIReference, r.ref)
			b.ReportAllocs()
			b.ResetTimer()
			for i := 0; i < b.N; i++ {
				sink = parser.Strict.ValidUnder(grammar.RuleURIReference, r.ref)
			}
			_ = sink
		})
	}
}

// BenchmarkCorpusProfileValid measures Valid over the corpus under a
// profile (the on-demand automaton, warmed up by a first pass) beside
// strict (generated tables) and url.Parse: one op = one URI.
func BenchmarkCorpusProfileValid(b *testing.B) {
	b.Run("impl=net-url", func(b *testing.B) {
		uritest.RunCorpus(b, "..", func(s string) { sinkURL, sinkErr = url.Parse(s) })
	})
	b.Run("impl=rfc2396-strict", func(b *testing.B) {
		uritest.RunCorpus(b, "..", func(s string) { sinkBool = parser.Strict.Valid(s) })
	})
	b.Run("impl=rfc2396-java", func(b *testing.B) {
		lines, _ := uritest.LoadCorpus(b, "..")
		for _, s := range lines {
			parser.Java.Valid(s)
		}
		uritest.RunCorpus(b, "..", func(s string) { sinkBool = parser.Java.Valid(s) })
	})
}

// BenchmarkCorpusProfileValidParallel is BenchmarkCorpusProfileValid from
// every CPU at once, one automaton shared by all: transitions already built
// are read with atomic loads and no lock, so the throughput should scale
// with the CPUs as the strict tables' does.
func BenchmarkCorpusProfileValidParallel(b *testing.B) {
	lines, size := uritest.LoadCorpus(b, "..")
	for _, p := range []*parser.Profile{parser.Strict, parser.Java} {
		b.Run("impl=rfc2396-"+p.Name(), func(b *testing.B) {
			for _, s := range lines {
				p.Valid(s)
			}
			b.SetBytes(int64(size / len(lines)))
			b.ReportAllocs()
			b.ResetTimer()
			var valid atomic.Int64
			b.RunParallel(func(pb *testing.PB) {
				i, n := 0, int64(0)
				for pb.Next() {
					if p.Valid(lines[i%len(lines)]) {
						n++
					}
					i++
				}
				valid.Add(n)
			})
		})
	}
}
