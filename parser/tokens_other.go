//go:build !js

package parser

import "github.com/rfc2396/rfc2396/grammar"

// tokenParser is the parser whose tokens [Profile.Parse] reads the
// components from under edits: natively the compact parser of the union
// grammar, generated with the rules the components need and nothing more.
// (In the playground's WebAssembly module it is the reference parser; see
// tokens_js.go.)
type tokenParser = editCompactParser

// newTokenParser returns a tokenParser with no edit in force.
func newTokenParser() *tokenParser { return new(editCompactParser) }

// tokenLimit is the most tokens matchReference has the compact parser
// keep beyond those it holds in itself, before it knows the reference is
// valid: under RFC 2732's edit an IPv6 address may be of any length, with
// a token for each of its groups, and an invalid one of 50 MB is refused
// without them (TestProfileTokensBounded holds every profile and edit to
// the limit).
const tokenLimit = 1 << 12

// matchReference reports whether ref is a URI-reference under c's edits,
// and leaves c with its tokens when it is. A valid reference whose tokens
// are over tokenLimit is read twice, the second time keeping them all.
func matchReference(c *tokenParser, ref string) bool {
	ok, complete := c.MatchLimited(ref, grammar.RuleURIReference, tokenLimit)
	if ok && !complete {
		ok = c.Match(ref, grammar.RuleURIReference)
	}
	return ok
}

// matchesReference reports whether ref is a URI-reference under c's
// edits, keeping at most tokenLimit tokens: c's tokens are not to be read.
func matchesReference(c *tokenParser, ref string) bool {
	ok, _ := c.MatchLimited(ref, grammar.RuleURIReference, tokenLimit)
	return ok
}

// treeParser is the parser [Profile.ParseTree] runs: natively the one peg
// compiles from the union grammar as written (edit_reference.peg), a token
// for every rule. (In the playground's WebAssembly module it is the same
// grammar run by syntax.PEGParser; see tokens_js.go.)
type treeParser = editReferenceParser

// newTreeParser returns a treeParser with no edit in force.
func newTreeParser() *treeParser { return newEditReferenceParser() }

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
		// filler.token's switch on the parser's own rules, each case
		// inlined: no call a token, and no mapping to grammar.Rule.
		t := p.token(i)
		b, e := int(t.begin), int(t.end)
		switch t.rule {
		case strictCompactRulescheme:
			f.scheme(e)
		case strictCompactRuleopaque_part:
			f.opaquePart(b, e)
		case strictCompactRuleauthority:
			f.authority(b, e)
		case strictCompactRulereg_name:
			f.hasReg = true
		case strictCompactRuleuserinfo:
			f.userinfo(e)
		case strictCompactRulehostname:
			f.host(e, Hostname)
		case strictCompactRuleIPv4address:
			f.host(e, IPv4)
		case strictCompactRuleport:
			f.port(b)
		case strictCompactRulequery:
			f.query(b)
		case strictCompactRulefragment:
			f.fragment(b)
		}
	}
	f.finish()
	return true
}
