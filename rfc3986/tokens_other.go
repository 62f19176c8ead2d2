//go:build !js

package rfc3986

import (
	"github.com/rfc2396/rfc2396/rfc3986/grammar"
	"github.com/rfc2396/rfc2396/rfc3986/internal/compact"
)

// tokenParser is the parser whose tokens [Parse] reads the components
// from: natively the compact parser, generated with the rules the
// components need and nothing more, which is the fastest. (In the
// playground's WebAssembly module it is the reference parser; see
// tokens_js.go.)
type tokenParser = compact.Parser

// parseTokens fills u from ref, if ref is a URI-reference. The parser is a
// local variable, which holds the tokens of an ordinary reference itself.
func parseTokens(u *URI, ref string) bool {
	var p tokenParser
	if !p.Match(ref, grammar.RuleURIReference) {
		return false
	}
	fill(u, ref, &p)
	return true
}
