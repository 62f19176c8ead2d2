// Package conformance is a language-independent conformance suite for
// parsers of RFC 2396 and RFC 3986 URI references: its data model
// ([Suite]), its deterministic generation from the grammars ([Generate]),
// the coverage of the grammars' alternatives and repetitions that a set of
// references exercises ([Coverage]), and the grading of any parser, run as
// a command, against the suite ([Grade]).
//
// The suite's layout on disk, the grading protocol and the meaning of
// every field are documented in docs/conformance.md; suite.schema.json is
// the JSON Schema of suite.json.
package conformance

// Suite is a conformance suite for one standard under one profile.
type Suite struct {
	// Format is the layout version, [FormatVersion].
	Format int `json:"format"`
	// Standard is "rfc2396" or "rfc3986"; Profile the grammar's profile
	// ("strict" is the RFC's Appendix A exactly).
	Standard Standard `json:"standard"`
	Profile  string   `json:"profile"`
	// Seed is the seed the suite was generated with.
	Seed uint64 `json:"seed"`
	// Validity holds positive and negative cases: a string and whether
	// it matches a rule.
	Validity []ValidityCase `json:"validity"`
	// Components holds, for every valid whole reference of Validity, its
	// components.
	Components []ComponentsCase `json:"components"`
	// Resolve holds base and reference pairs with the target URI.
	Resolve []ResolveCase `json:"resolve"`
	// Normalize holds references with their normal form.
	Normalize []NormalizeCase `json:"normalize"`
	// Equivalence holds pairs of references and whether they are
	// equivalent (equal once normalized).
	Equivalence []EquivalenceCase `json:"equivalence"`
}

// FormatVersion is the version of the suite's layout this package writes.
const FormatVersion = 1

// Covers names a coverage item a case was generated for: an alternative
// of a rule or a repetition's boundary (see [Item]).
type Covers struct {
	Rule    string `json:"rule"`
	Item    string `json:"item"`    // the [Item] ID
	What    string `json:"what"`    // the item in words
	Section string `json:"section"` // the RFC section defining Rule
}

// ValidityCase is a string and the verdict of the grammar on it.
type ValidityCase struct {
	ID string `json:"id"`
	// Rule is the rule Input is checked against: "URI-reference" for a
	// whole reference, or a component's rule ("hostname", "segment").
	Rule  string `json:"rule"`
	Input string `json:"input"`
	Valid bool   `json:"valid"`
	// Covers is what the case was made for; for a negative, what its
	// positive was made for.
	Covers Covers `json:"covers"`
	// For a negative: how it was made from its positive (From), the
	// offset of the first byte no string of Rule can have there, the rule
	// being matched at that offset, and what was expected there.
	From          string `json:"from,omitempty"`
	Mutation      string `json:"mutation,omitempty"`
	Offset        *int   `json:"offset,omitempty"`
	ErrorRule     string `json:"error_rule,omitempty"`
	Expected      string `json:"expected,omitempty"`
	ErrorSection  string `json:"error_section,omitempty"`
	ErrorRuleText string `json:"error_rule_text,omitempty"`
}

// Components is a reference's components as the grammar reads them, under
// the names the rfc2396 command's parse --json uses; nil is undefined.
type Components struct {
	Scheme             *string `json:"scheme"`
	SchemeSpecificPart *string `json:"scheme_specific_part,omitempty"`
	Authority          *string `json:"authority"`
	UserInfo           *string `json:"userinfo"`
	Host               *string `json:"host"`
	Port               *string `json:"port"`
	Path               *string `json:"path"`
	Query              *string `json:"query"`
	Fragment           *string `json:"fragment"`
}

// ComponentNames are the component names in the order of components.tsv.
var ComponentNames = []string{"scheme", "authority", "userinfo", "host", "port", "path", "query", "fragment"}

// Get returns the component named name (one of [ComponentNames] or
// "scheme_specific_part").
func (c Components) Get(name string) *string {
	switch name {
	case "scheme":
		return c.Scheme
	case "scheme_specific_part":
		return c.SchemeSpecificPart
	case "authority":
		return c.Authority
	case "userinfo":
		return c.UserInfo
	case "host":
		return c.Host
	case "port":
		return c.Port
	case "path":
		return c.Path
	case "query":
		return c.Query
	case "fragment":
		return c.Fragment
	}
	return nil
}

// ComponentsCase is a valid reference and its components.
type ComponentsCase struct {
	ID     string `json:"id"`
	Input  string `json:"input"`
	Covers Covers `json:"covers"`
	Components
}

// ResolveCase is a base URI, a reference and the target URI of section
// 5.2 of the standard.
type ResolveCase struct {
	ID        string `json:"id"`
	Base      string `json:"base"`
	Reference string `json:"reference"`
	Result    string `json:"result"`
	// Source is "rfc" for the RFC's own examples (Section names where),
	// "generated" otherwise.
	Source  string `json:"source"`
	Section string `json:"section"`
}

// NormalizeCase is a reference and its normal form by the standard's
// section 6.
type NormalizeCase struct {
	ID      string `json:"id"`
	Input   string `json:"input"`
	Result  string `json:"result"`
	Section string `json:"section"`
	What    string `json:"what"`
}

// EquivalenceCase is two references and whether they are equivalent.
type EquivalenceCase struct {
	ID         string `json:"id"`
	A          string `json:"a"`
	B          string `json:"b"`
	Equivalent bool   `json:"equivalent"`
	Section    string `json:"section"`
	What       string `json:"what"`
}
