// Package grammar is RFC 2396 Appendix A as data: the text of
// grammar/rfc2396.abnf and the rule catalogue (each rule's RFC name, its
// spelling in rfc2396.peg, its Appendix A line and the section that
// defines it), which gen generates from rfc2396.peg, where each rule's
// Appendix A line is written above its PEG body (gen writes
// grammar/rfc2396.abnf from those lines). Package grammar/bnf reads the
// RFC's BNF dialect.
package grammar

import _ "embed"

// Rule identifies a rule: one of the 40 rules of Appendix A (0 to
// NumRules-1), or a rule that an [Edit] adds (NumRules to NumAllRules-1).
// The zero Rule is RuleURIReference, the grammar's start rule.
type Rule int

// Info describes a rule.
type Info struct {
	Name    string // the RFC's name, e.g. "URI-reference"
	PEGName string // the name in rfc2396.peg, e.g. "URI_reference"
	ABNF    string // the Appendix A line
	// Section is the section that defines the rule: of RFC 2396 for
	// Appendix A's rules ("3.2.2"), or the document and section of the
	// edit's ("RFC 2732 3").
	Section string
	// Edit is the edit that adds the rule, or NoEdit for Appendix A's.
	Edit Edit
	// CharacterLevel reports a rule every string of which is one character,
	// a single byte or an escape: alpha, digit, hex, escaped, pchar, uric
	// and the like. gen works it out from the rule's language.
	CharacterLevel bool
	// Uses lists the rules that the rule's definition names, each once, in
	// the order they first appear.
	Uses []Rule
}

// Info returns the catalogue entry of r. Its Uses slice is shared: callers
// must not modify it.
func (r Rule) Info() Info {
	if r < 0 || r >= NumAllRules {
		return Info{}
	}
	return catalogue[r]
}

// String returns the RFC's name of r.
func (r Rule) String() string {
	if r < 0 || r >= NumAllRules {
		return "Rule(invalid)"
	}
	return catalogue[r].Name
}

// Lookup returns the rule with the given name, spelled as in the RFC
// ("URI-reference") or as in rfc2396.peg ("URI_reference"), among Appendix
// A's rules and the rules the edits add. Names are case-sensitive, as in
// the RFC.
func Lookup(name string) (Rule, bool) {
	for r, info := range catalogue {
		if info.Name == name || info.PEGName == name {
			return Rule(r), true
		}
	}
	return 0, false
}

// Names returns the RFC names of the rules of Appendix A, in the RFC's
// order.
func Names() []string {
	names := make([]string, NumRules)
	for r := range names {
		names[r] = catalogue[r].Name
	}
	return names
}

// IsCharacterLevel reports whether r describes characters rather than
// structure (see [Info.CharacterLevel]): alpha, digit, hex, escaped, pchar,
// uric and the like.
func (r Rule) IsCharacterLevel() bool { return r.Info().CharacterLevel }

// UsedBy returns the rules whose definitions name r, in the RFC's order.
func (r Rule) UsedBy() []Rule {
	var users []Rule
	for u, info := range catalogue {
		for _, used := range info.Uses {
			if used == r {
				users = append(users, Rule(u))
				break
			}
		}
	}
	return users
}

// ABNF is the text of grammar/rfc2396.abnf: RFC 2396 Appendix A, one rule a
// line, exactly as the RFC writes it, generated from the comment lines of
// rfc2396.peg. Package bnf reads it.
//
//go:embed rfc2396.abnf
var ABNF string
