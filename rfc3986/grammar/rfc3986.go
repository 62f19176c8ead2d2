// Package grammar is RFC 3986 Appendix A as data: the text of
// grammar/rfc3986.abnf ([ABNF]) and the rule catalogue (each rule's RFC
// name, its spelling in rfc3986.peg, its Appendix A line and the section
// that defines it), which gen generates from grammar/rfc3986.abnf and
// rfc3986.peg. It is the RFC 3986 counterpart of package grammar, with its
// own [Rule] type, so that a rule of one RFC cannot be passed where a rule
// of the other is expected. Package grammar/bnf reads the ABNF
// (bnf.ParseABNF).
package grammar

// Rule identifies one of the 36 rules of RFC 3986 Appendix A. The zero Rule
// is [RuleURIReference], the start rule of a reference, as in package
// grammar for RFC 2396; the others follow in the RFC's order.
type Rule int

// Info describes a rule of RFC 3986 Appendix A; it is the counterpart of
// package grammar's Info for RFC 2396.
type Info struct {
	Name    string // the RFC's name, e.g. "URI-reference"
	PEGName string // the name in rfc3986.peg, e.g. "URI_reference"
	ABNF    string // the Appendix A line
	Section string // the section of RFC 3986 that defines the rule, e.g. "3.2.2"
	// CharacterLevel reports a rule every string of which is one
	// character, a single byte or a percent-encoding: pchar, pct-encoded,
	// unreserved, reserved, gen-delims, sub-delims. gen works it out from
	// the rule's language.
	CharacterLevel bool
	// Uses lists the rules of the catalogue that the rule's definition
	// names, each once, in the order they first appear (the core rules
	// ALPHA, DIGIT and HEXDIG are not in the catalogue).
	Uses []Rule
}

// Info returns the catalogue entry of r. Its Uses slice is shared: callers
// must not modify it.
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
// ("URI-reference", "IP-literal") or as in rfc3986.peg ("URI_reference").
// Names are matched exactly: RFC 5234 calls rule names case-insensitive,
// but Appendix A spells each one way, and so does this package.
func Lookup(name string) (Rule, bool) {
	for r, info := range catalogue {
		if info.Name == name || info.PEGName == name {
			return Rule(r), true
		}
	}
	return 0, false
}

// Names returns the RFC names of all rules, in the RFC's order (which is
// that of the rules' numbers but for URI-reference, the zero Rule).
func Names() []string {
	names := make([]string, 0, NumRules)
	for _, r := range rfcOrder {
		names = append(names, catalogue[r].Name)
	}
	return names
}

// IsCharacterLevel reports whether r describes characters rather than
// structure (see [Info]'s CharacterLevel): pchar, pct-encoded, unreserved,
// reserved, gen-delims and sub-delims.
func (r Rule) IsCharacterLevel() bool { return r.Info().CharacterLevel }
