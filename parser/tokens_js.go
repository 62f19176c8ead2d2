//go:build js

package parser

// tokenParser is the parser whose tokens Parse reads the components
// from. In the playground's WebAssembly module it is the reference parser,
// which the module carries anyway for the parse tree, so that the compact
// parser stays out of the module. Both are generated from the same grammar;
// the reference parser keeps a token for every rule, the compact parser
// for fewer, and the tokens that fill reads are the same from either:
// TestTokenParsersAgree checks that natively.
type tokenParser = editReferenceParser

// newTokenParser returns a tokenParser with no edit in force.
func newTokenParser() *tokenParser { return newEditReferenceParser() }

// parseStrictTokens fills u from ref under Appendix A exactly, if ref is a
// URI-reference, with a parser from the strict profile's pool, as a
// profile's Parse does.
func parseStrictTokens(u *URI, ref string) bool { return strict.parseTokens(u, ref, nil) }
