//go:build !js

package parser

// tokenParser is the parser whose tokens [Profile.Parse] reads the
// components from under edits: natively the compact parser of the union
// grammar, generated with the rules the components need and nothing more.
// (In the playground's WebAssembly module it is the reference parser; see
// tokens_js.go.)
type tokenParser = editCompactParser

// newTokenParser returns a tokenParser with no edit in force.
func newTokenParser() *tokenParser { return new(editCompactParser) }

// parseStrictTokens fills u from ref under Appendix A exactly, if ref is a
// URI-reference. It runs the compact parser of rfc2396.peg alone, which
// reads Appendix A faster than the union's with no edit in force: it tests
// no pick (strict_compact.peg). The parser is a local variable: it
// holds the tokens of an ordinary reference itself. It calls the start
// rule's method itself, not Match, which checks what its callers already
// have: that the rule is one of the grammar's, and the length (ref is at
// most [maxInput] bytes, where Match takes up to 4 GiB).
func parseStrictTokens(u *URI, ref string) bool {
	var p strictCompactCompiled
	if p.matchURI_reference(ref, 0) != len(ref) {
		return false
	}
	f := filler{u: u}
	*u = URI{ref: ref}
	for i, n := 0, p.n; i < n; i++ {
		t := p.token(i)
		f.token(strictCompactToGrammar[t.rule], int(t.begin), int(t.end))
	}
	f.finish()
	return true
}
