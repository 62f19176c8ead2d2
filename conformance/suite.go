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

import (
	"bytes"
	"encoding/json"
	"fmt"
	"unicode/utf8"
)

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
	Section string `json:"section"` // the section defining Rule in the grammar in force ("3.2.2", "RFC 2732 3")
}

// ValidityCase is a string and the verdict of the grammar on it.
//
// Input may be any bytes: a near miss can cut a character's UTF-8 in two.
// A JSON string holds text only, so suite.json writes such an input as
// "input" with each byte that is not UTF-8 replaced by U+FFFD, for people,
// and as "input_bytes", its bytes in base64, for programs; reading it
// back takes "input_bytes" (see [ValidityCase.MarshalJSON]).
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

// validityJSON is a ValidityCase as suite.json writes it.
type validityJSON struct {
	validityFields
	// InputBytes is Input's bytes when Input is not UTF-8.
	InputBytes []byte `json:"input_bytes,omitempty"`
}

// validityFields is ValidityCase without its methods.
type validityFields ValidityCase

// MarshalJSON writes c as suite.json holds it: with "input_bytes", the
// bytes of Input in base64, when Input is not UTF-8 (see [ValidityCase]).
func (c ValidityCase) MarshalJSON() ([]byte, error) {
	// encoding/json writes each byte of Input that is not UTF-8 as
	// \ufffd (see asText).
	v := validityJSON{validityFields: validityFields(c)}
	if !utf8.ValidString(c.Input) {
		v.InputBytes = []byte(c.Input)
	}
	return json.Marshal(v)
}

// UnmarshalJSON reads what [ValidityCase.MarshalJSON] writes: the input
// is "input_bytes" when given, and "input" must then be those bytes with
// each that is not UTF-8 replaced by U+FFFD. A member it does not know is
// an error.
func (c *ValidityCase) UnmarshalJSON(data []byte) error {
	var v validityJSON
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.DisallowUnknownFields()
	if err := dec.Decode(&v); err != nil {
		return err
	}
	if v.InputBytes != nil {
		if string([]rune(string(v.InputBytes))) != v.Input || // each byte not UTF-8 made U+FFFD, as encoding/json writes it
			utf8.Valid(v.InputBytes) {
			return fmt.Errorf("validity case %q: input_bytes is not input's bytes, or needs no input_bytes", v.ID)
		}
		v.Input = string(v.InputBytes)
	}
	*c = ValidityCase(v.validityFields)
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
