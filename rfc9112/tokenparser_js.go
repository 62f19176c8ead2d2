//go:build js

package rfc9112

import "github.com/rfc2396/rfc2396/rfc9112/grammar"

// tokenParser is, in the playground's WebAssembly module, the reference
// parser, which the module carries anyway for the parse tree, so that the
// compact parser stays out of it, as tokens_js_gen.go does for the
// components. Both are generated from one grammar, and the reference
// parser's tokens of the rules the compact parser has are the compact
// parser's: TestTokenParsersAgree checks that natively.
type tokenParser struct{ p *grammar.ReferenceParser }

// Match takes a parser from the pool and reads input as rule with it.
func (t *tokenParser) Match(input string, rule grammar.Rule) bool {
	if t.p == nil {
		t.p = referenceParsers.Get().(*grammar.ReferenceParser)
	}
	return t.p.Match(input, rule)
}

// Len is the number of tokens of the last successful Match.
func (t *tokenParser) Len() int { return t.p.Len() }

// Token is the i-th token of the last successful Match.
func (t *tokenParser) Token(i int) (rule grammar.Rule, begin, end int) { return t.p.Token(i) }

// release gives the parser back to the pool, once its tokens have been
// read.
func (t *tokenParser) release() {
	if t.p != nil {
		referenceParsers.Put(t.p)
		t.p = nil
	}
}
