//go:build js

package rfc3986

import (
	"sync"

	"github.com/rfc2396/rfc2396/rfc3986/grammar"
	"github.com/rfc2396/rfc2396/rfc3986/internal/reference"
)

// tokenParser is the parser whose tokens Parse reads the components
// from. In the playground's WebAssembly module it is the reference parser,
// which the module carries anyway for the parse tree, so that the compact
// parser stays out of the module. Both are generated from the same grammar;
// the reference parser keeps a token for every rule, the compact parser
// for fewer, and the tokens that fill reads are the same from either:
// TestTokenParsersAgree checks that natively.
type tokenParser = reference.Parser

// newTokenParser returns a tokenParser.
func newTokenParser() *tokenParser { return reference.NewParser() }

// parsers holds reusable reference parsers: a parser keeps its buffers
// between runs, and the pool makes Parse safe for concurrent use.
var parsers = sync.Pool{New: func() any { return newTokenParser() }}

// parseTokens fills u from ref, if ref is a URI-reference.
func parseTokens(u *URI, ref string) bool {
	p := parsers.Get().(*tokenParser)
	ok := p.Match(ref, grammar.RuleURIReference)
	if ok {
		fill(u, ref, p)
	}
	parsers.Put(p)
	return ok
}
