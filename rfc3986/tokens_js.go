//go:build js

package rfc3986

import (
	"github.com/rfc2396/rfc2396/rfc3986/grammar"
	"github.com/rfc2396/rfc2396/rfc3986/internal/reference"
	"github.com/rfc2396/rfc2396/uri"
)

// tokens is the token parser that Parse reads the components from. In
// the playground's WebAssembly module it is the reference parser, which
// the module carries anyway for the parse tree, so that the compact parser
// stays out of the module. Both are generated from the same grammar; the
// reference parser keeps a token for every rule, the compact parser for
// fewer, and the components read are the same from either:
// TestTokenParsersAgree checks that natively.
func tokens(ref string) (p uri.Parts, ok bool) {
	tp := referenceParsers.Get().(*reference.Parser)
	defer referenceParsers.Put(tp)
	if !tp.Match(ref, grammar.RuleURIReference) {
		return p, false
	}
	for i, n := 0, tp.Len(); i < n; i++ {
		r, b, e := tp.Token(i)
		p.Token(roles[r], b, e)
	}
	p.Finish(len(ref))
	return p, true
}
