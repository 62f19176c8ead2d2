//go:build js

package parser

import "github.com/rfc2396/rfc2396/grammar"

// tokenParser is the parser whose tokens Parse reads the components
// from. In the playground's WebAssembly module it is the reference parser
// (treeParser), which the module carries anyway for the parse tree, so
// that the compact parser stays out of the module. Both are generated from the same grammar;
// the reference parser keeps a token for every rule, the compact parser
// for fewer, and the tokens that fill reads are the same from either:
// TestTokenParsersAgree checks that natively.
type tokenParser = editReferenceVM

// newTokenParser returns a tokenParser with no edit in force.
func newTokenParser() *tokenParser { return newEditReferenceVM() }

// matchReference reports whether ref is a URI-reference under c's edits,
// and leaves c with its tokens when it is. The module reads references of
// at most site.MaxInput bytes, so it keeps every token.
func matchReference(c *tokenParser, ref string) bool {
	return c.Match(ref, grammar.RuleURIReference)
}

// matchesReference reports whether ref is a URI-reference under c's
// edits; c's tokens are not to be read.
func matchesReference(c *tokenParser, ref string) bool {
	return c.Match(ref, grammar.RuleURIReference)
}

// treeParser is the parser ParseTree runs: in the playground's WebAssembly
// module the union grammar as written (edit_reference.peg) encoded for
// syntax.PEGParser (internal/syntax), one small interpreter and a table in place of the code
// peg writes for every expression, with the same matches and tokens
// (TestReferenceVM checks that natively).
type treeParser = editReferenceVM

// newTreeParser returns a treeParser with no edit in force.
func newTreeParser() *treeParser { return newEditReferenceVM() }

// parseStrictTokens fills u from ref under Appendix A exactly, if ref is a
// URI-reference, with a parser from the strict profile's pool, as a
// profile's Parse does.
func parseStrictTokens(u *URI, ref string) bool { return strict.parseTokens(u, ref, nil) }
