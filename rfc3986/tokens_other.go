//go:build !js

package rfc3986

import (
	"github.com/rfc2396/rfc2396/rfc3986/grammar"
	"github.com/rfc2396/rfc2396/rfc3986/internal/compact"
	"github.com/rfc2396/rfc2396/uri"
)

// tokens is the token parser that Parse reads the components from:
// natively the compact parser, generated with the rules the components
// need and nothing more, which is the fastest. (In the playground's
// WebAssembly module it is the reference parser; see tokens_js.go.) The
// parser is a local variable, which holds the tokens of an ordinary
// reference itself.
func tokens(ref string) (p uri.Parts, ok bool) {
	var tp compact.Parser
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
