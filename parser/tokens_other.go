//go:build !js

package parser

import (
	"github.com/rfc2396/rfc2396/grammar"
	"github.com/rfc2396/rfc2396/parser/internal/editcompact"
)

// tokenParser is the parser whose tokens [Parse] and [Profile.Parse] read
// the components from: natively the compact parser, generated with the
// rules the components need and nothing more, which is the fastest. (In
// the playground's WebAssembly module it is the reference parser; see
// tokens_js.go.)
type tokenParser = editcompact.Parser

// newTokenParser returns a tokenParser with no edit in force.
func newTokenParser() *tokenParser { return editcompact.NewParser() }

// parseStrictTokens fills u from ref under Appendix A exactly, if ref is a
// URI-reference. The parser is a local variable: its zero value has no
// edit in force, and it holds the tokens of an ordinary reference itself.
func parseStrictTokens(u *URI, ref string) bool {
	var p tokenParser
	if !p.Match(ref, grammar.RuleURIReference) {
		return false
	}
	fill(u, ref, &p, nil)
	return true
}
