package syntax_test

import (
	"testing"

	"github.com/rfc2396/rfc2396/internal/uritest"
	rfc3986 "github.com/rfc2396/rfc2396/rfc3986/grammar"
	rfc3987 "github.com/rfc2396/rfc2396/rfc3987/grammar"
)

// BenchmarkReferenceVM runs the corpus through peg's parser and the VM of
// the same grammar (RFC 3986's and RFC 3987's), as URI-reference and
// IRI-reference, in the same run: the VM is what the playground's module
// parses with, peg's parser what it did before.
func BenchmarkReferenceVM(b *testing.B) {
	lines, _ := uritest.LoadCorpus(b, "../..")
	b.Run("rfc3986/peg", func(b *testing.B) { matchAll(b, rfc3986.NewReferenceParser(), rfc3986.RuleURIReference, lines) })
	b.Run("rfc3986/vm", func(b *testing.B) { matchAll(b, rfc3986.NewReferenceVM(), rfc3986.RuleURIReference, lines) })
	b.Run("rfc3987/peg", func(b *testing.B) { matchAll(b, rfc3987.NewReferenceParser(), rfc3987.RuleIRIReference, lines) })
	b.Run("rfc3987/vm", func(b *testing.B) { matchAll(b, rfc3987.NewReferenceVM(), rfc3987.RuleIRIReference, lines) })
}

// matchAll matches the lines as rule with p, one a loop.
func matchAll[R ~int](b *testing.B, p interface{ Match(string, R) bool }, rule R, lines []string) {
	b.ReportAllocs()
	for i := 0; b.Loop(); i++ {
		p.Match(lines[i%len(lines)], rule)
	}
}
