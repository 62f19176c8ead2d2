// Package grammar is RFC 2396 Appendix A as data: the text of
// grammar/rfc2396.abnf and the rule catalogue (each rule's RFC name, its
// spelling in rfc2396.peg, its Appendix A line and the section that
// defines it), which gen generates from grammar/rfc2396.abnf and
// rfc2396.peg. Package grammar/bnf reads the RFC's BNF dialect.
package grammar

import _ "embed"

// Rule identifies one of the 40 rules of Appendix A. The zero Rule is
// RuleURIReference, the grammar's start rule.
type Rule int

// Info describes a rule.
type Info struct {
	Name    string // the RFC's name, e.g. "URI-reference"
	PEGName string // the name in rfc2396.peg, e.g. "URI_reference"
	ABNF    string // the Appendix A line
	Section string // the section of RFC 2396 that defines the rule, e.g. "3.2.2"
}

// Info returns the catalogue entry of r.
func (r Rule) Info() Info {
	if r < 0 || r >= NumRules {
		return Info{}
	}
	return catalogue[r]
}

// String returns the RFC's name of r.
func (r Rule) String() string {
	if r < 0 || r >= NumRules {
		return "Rule(invalid)"
	}
	return catalogue[r].Name
}

// Lookup returns the rule with the given name, spelled as in the RFC
// ("URI-reference") or as in rfc2396.peg ("URI_reference"). Names are
// case-sensitive, as in the RFC.
func Lookup(name string) (Rule, bool) {
	for r, info := range catalogue {
		if info.Name == name || info.PEGName == name {
			return Rule(r), true
		}
	}
	return 0, false
}

// Names returns the RFC names of all rules, in the RFC's order.
func Names() []string {
	names := make([]string, NumRules)
	for r, info := range catalogue {
		names[r] = info.Name
	}
	return names
}

// IsCharacterLevel reports whether r describes characters rather than
// structure: alpha, digit, hex, escaped, pchar, uric and the like.
func (r Rule) IsCharacterLevel() bool {
	switch r.Info().Name {
	case "uric_no_slash", "pchar", "uric", "reserved", "unreserved", "mark", "escaped",
		"hex", "alphanum", "alpha", "lowalpha", "upalpha", "digit":
		return true
	}
	return false
}

// ABNF is the text of grammar/rfc2396.abnf: RFC 2396 Appendix A, one rule a
// line, exactly as the RFC writes it. Package bnf reads it.
//
//go:embed rfc2396.abnf
var ABNF string
