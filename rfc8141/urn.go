// Package rfc8141 reads Uniform Resource Names by RFC 8141, strictly: the
// syntax of section 2 (namestring, its assigned-name "urn:" NID ":" NSS
// and the optional r-, q- and f-components) is generated from
// rfc8141.peg, which imports RFC 3986's pchar and fragment from
// rfc3986.peg rather than copying them. [Parse] returns a URN's
// components, [Valid] checks one without allocating, and [Equivalent]
// and [Normalize] apply section 3.1's URN-equivalence.
//
// Where the prose says more than section 2's ABNF, the package follows
// it and says so in its errors ([URNError]):
//
//   - "The r-component ends with a "?=" sequence (which begins a
//     q-component)" (section 2.3.1). The ABNF also reads
//     "urn:example:a?+r?=q" as one r-component "r?=q"; Parse reads
//     r-component "r" and q-component "q", and refuses a "?=" that ends
//     the r-component with no q-component after it.
//   - NIDs (sections 5.1, 5.2 and Appendix C): a NID starting "urn-" is
//     an informal namespace's, "urn-" and a number without leading zeros;
//     a NID starting "X-" names an experimental namespace of RFC 3406,
//     whose names "are not valid URNs"; and a NID of two characters or
//     starting with two letters and "-" is reserved (for ISO 3166-1
//     country codes and, with "--", A-labels) and assignable by no rule
//     of RFC 8141. Each is refused.
//
// The grammar value ([Grammar]) is section 2's ABNF exactly, as every
// grammar value of the project is; Parse and Valid add the prose above.
// A NID that passes is still only a URN's if it is registered (section
// 1), which no parser can know.
package rfc8141

import (
	"strings"

	"github.com/rfc2396/rfc2396/rfc8141/grammar"
	"github.com/rfc2396/rfc2396/uri"
)

// Component is a component of a URN: its text, as written, and whether it
// is defined (its delimiter "?+", "?=" or "#" is present).
type Component = uri.Component

// URN is a valid URN and its components, each as written in it.
type URN struct {
	// Input is the URN as given.
	Input string
	// NID is the namespace identifier, NSS the namespace specific string
	// (section 2): "urn:example:a123,z456" has NID "example" and NSS
	// "a123,z456".
	NID, NSS string
	// RComponent is what follows "?+", up to "?=" or "#" (section
	// 2.3.1); QComponent what follows "?=", up to "#" (2.3.2);
	// FComponent what follows "#" (2.3.3), which may be empty.
	RComponent, QComponent, FComponent Component
	// Informal is whether the NID is an informal namespace's, "urn-" and
	// a number (section 5.2).
	Informal bool
}

// AssignedName is "urn:" NID ":" NSS as written: the URN without its
// r-, q- and f-components.
func (u *URN) AssignedName() string { return u.Input[:len("urn:")+len(u.NID)+1+len(u.NSS)] }

// String is the URN as given.
func (u *URN) String() string { return u.Input }

// Parse reads s as a URN (namestring, section 2) under the prose rules of
// the package comment. The error is a *[URNError]; when section 2's ABNF
// refuses s, its Err is the core's *[Error] (errors.As finds it).
func Parse(s string) (*URN, error) {
	if !theGrammar.Matches(grammar.RuleNamestring, s) {
		return nil, syntaxError(s, theGrammar.Match(grammar.RuleNamestring, s))
	}
	var p tokenParser
	if !p.Match(s, grammar.RuleNamestring) {
		// The automaton and the parser are two readings of one grammar;
		// the oracle tests hold them to agree. Say so, not panic.
		p.release()
		return nil, &URNError{Input: s, Offset: 0, Why: "the grammar's automaton accepts this input but its parser does not (an internal error; please report it)"}
	}
	u := &URN{Input: s}
	some := func(b, e int) Component { return Component{Value: s[b:e], Defined: true} }
	for i, n := 0, p.Len(); i < n; i++ {
		r, b, e := p.Token(i)
		switch r {
		case grammar.RuleNID:
			u.NID = s[b:e]
		case grammar.RuleNSS:
			u.NSS = s[b:e]
		case grammar.RuleRComponent:
			u.RComponent = some(b, e)
		case grammar.RuleQComponent:
			u.QComponent = some(b, e)
		case grammar.RuleFComponent:
			u.FComponent = some(b, e)
		}
	}
	p.release()
	if err := checkProse(u); err != nil {
		return nil, err
	}
	return u, nil
}

// Valid reports whether s is a URN, as [Parse] reads it, without
// allocating.
func Valid(s string) bool {
	if !theGrammar.Matches(grammar.RuleNamestring, s) {
		return false
	}
	// The prose rules, on the spans the ABNF's reading puts them at.
	nid, rest, _ := strings.Cut(s[len("urn:"):], ":")
	if _, _, bad := nidProse(nid); bad != "" {
		return false
	}
	_, r, ok := strings.Cut(rest, "?+")
	if !ok {
		return true
	}
	r, _, _ = strings.Cut(r, "#")
	_, q, split := strings.Cut(r, "?=")
	return !split || q != ""
}

// checkProse splits u's r-component at its first "?=", as section 2.3.1
// reads it, and applies the NID rules of sections 5.1, 5.2 and Appendix
// C.
func checkProse(u *URN) error {
	const nidAt = len("urn:")
	if at, section, why := nidProse(u.NID); why != "" {
		return &URNError{Input: u.Input, Offset: nidAt + at, Rule: "NID", Value: u.NID, Section: section, Why: why}
	}
	u.Informal = len(u.NID) > 4 && strings.EqualFold(u.NID[:4], "urn-")
	if !u.RComponent.Defined {
		return nil
	}
	r, q, split := strings.Cut(u.RComponent.Value, "?=")
	if !split {
		return nil
	}
	if q == "" {
		end := len(u.AssignedName()) + len("?+") + len(u.RComponent.Value)
		return &URNError{Input: u.Input, Offset: end, Rule: "r-component", Value: u.RComponent.Value, Section: "2.3.1",
			Why: `the r-component ends at "?=", which begins a q-component, and a q-component cannot be empty (RFC 8141 sections 2.3.1, 2)`}
	}
	// The ABNF's greedy reading put everything up to "#" in the
	// r-component: no q-component token was read.
	u.RComponent.Value = r
	u.QComponent = Component{Value: q, Defined: true}
	return nil
}

// nidProse applies sections 5.1, 5.2 and Appendix C to a NID that section
// 2's ABNF accepts: the offset in nid of what they refuse, the section,
// and why; why is "" for a NID they allow.
func nidProse(nid string) (at int, section, why string) {
	lower := func(i int) byte { return nid[i] | 0x20 } // ASCII letters, digits and "-" only
	isAlpha := func(i int) bool { return lower(i) >= 'a' && lower(i) <= 'z' }
	switch {
	case lower(0) == 'x' && nid[1] == '-':
		return 0, "Appendix C", `a NID starting "X-" names an experimental URN namespace of RFC 3406, which RFC 8141 removed: "strings conforming to URN syntax within experimental URN namespaces are not valid URNs" (RFC 8141 Appendix C, section 5.1)`
	case len(nid) >= 4 && strings.EqualFold(nid[:4], "urn-"):
		num := nid[4:]
		if num == "" || num[0] < '1' || num[0] > '9' || strings.Trim(num, "0123456789") != "" {
			i := 4
			for i < len(nid) && nid[i] >= '0' && nid[i] <= '9' && (i > 4 || nid[i] != '0') {
				i++
			}
			return i, "5.2", `a NID starting "urn-" is an informal URN namespace's, "urn-" and a number without leading zeros (RFC 8141 sections 5.1, 5.2)`
		}
	case len(nid) == 2:
		return 0, "5.1", "a NID of two characters is reserved (a NID must be more than two characters long; RFC 8141 section 5.1)"
	case isAlpha(0) && isAlpha(1) && nid[2] == '-':
		return 0, "5.1", `a NID starting with two letters and "-" is reserved for NIDs based on ISO 3166-1 country codes, and two letters and "--" ("xn--") for A-labels (RFC 8141 section 5.1)`
	}
	return 0, "", ""
}
