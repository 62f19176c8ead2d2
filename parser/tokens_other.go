//go:build !js

package parser

import (
	"github.com/rfc2396/rfc2396/grammar"
)

// tokenParser is the parser whose tokens [Profile.Parse] reads the
// components from under edits: natively the compact parser of the union
// grammar, generated with the rules the components need and nothing more.
// (In the playground's WebAssembly module it is the reference parser; see
// tokens_js.go.)
type tokenParser = editCompactParser

// newTokenParser returns a tokenParser with no edit in force.
func newTokenParser() *tokenParser { return new(editCompactParser) }

// treeParser is the parser [Profile.ParseTree] runs: natively the one peg
// compiles from the union grammar as written (edit_reference.peg), a token
// for every rule. (In the playground's WebAssembly module it is the same
// grammar run by internal/pegvm; see tokens_js.go.)
type treeParser = editReferenceParser

// newTreeParser returns a treeParser with no edit in force.
func newTreeParser() *treeParser { return newEditReferenceParser() }

// parseStrictTokens fills u from ref under Appendix A exactly, if ref is a
// URI-reference. It runs the compact parser of rfc2396.peg alone, which
// reads Appendix A faster than the union's with no edit in force: it tests
// no pick (strict_compact.peg). The parser is a local variable: it
// holds the tokens of an ordinary reference itself.
func parseStrictTokens(u *URI, ref string) bool {
	var p strictCompactParser
	if !p.Match(ref, grammar.RuleURIReference) {
		return false
	}
	f := filler{u: u, pathEnd: len(ref)}
	*u = URI{ref: ref}
	for i, n := 0, p.Len(); i < n; i++ {
		f.token(p.Token(i))
	}
	f.finish()
	return true
}
