package rfc3987

import (
	"fmt"
	"strings"
	"unicode/utf8"

	"github.com/rfc2396/rfc2396/internal/syntax"
)

// BidiError reports a bidirectional formatting character in an IRI: the
// ABNF of section 2.2 admits it (all seven are in ucschar), but section
// 4.1 of RFC 3987 says IRIs MUST NOT contain them.
type BidiError struct {
	Offset  int    // byte offset of the character in the string checked
	Char    rune   // the character: U+200E, U+200F or U+202A to U+202E
	Section string // the section of RFC 3987 broken: "4.1"
}

// Error names the character, where it is and the rule, quoting the RFC.
func (e *BidiError) Error() string {
	return fmt.Sprintf("rfc3987: offset %d: %U %s: the ABNF admits it, but section %s says "+
		"\"IRIs MUST NOT contain bidirectional formatting characters (LRM, RLM, LRE, RLE, LRO, RLO, and PDF)\"",
		e.Offset, e.Char, syntax.BidiFormattingName(e.Char), e.Section)
}

// CheckBidiFormatting returns a *[BidiError] for the first bidirectional
// formatting character in iri (U+200E LRM, U+200F RLM, U+202A LRE, U+202B
// RLE, U+202C PDF, U+202D LRO, U+202E RLO), which section 4.1 forbids, and
// nil when there is none. A percent-encoded one ("%E2%80%AE") is how
// section 3.2 says to write one, and is allowed; octets that are not UTF-8
// are skipped.
func CheckBidiFormatting(iri string) error {
	i := syntax.IndexBidiFormatting(iri)
	if i < 0 {
		return nil
	}
	r, _ := utf8.DecodeRuneInString(iri[i:])
	return &BidiError{Offset: i, Char: r, Section: "4.1"}
}

// BidiRule names one of the two restrictions section 4.2 of RFC 3987
// puts on each component of a bidirectional IRI, as SHOULDs.
type BidiRule uint8

const (
	// BidiMixed: restriction 1, "A component SHOULD NOT use both
	// right-to-left and left-to-right characters."
	BidiMixed BidiRule = iota + 1
	// BidiStart: restriction 2, "A component using right-to-left
	// characters SHOULD start and end with right-to-left characters",
	// broken at the start.
	BidiStart
	// BidiEnd: restriction 2 broken at the end.
	BidiEnd
)

// String returns the restriction's words.
func (r BidiRule) String() string {
	switch r {
	case BidiMixed:
		return "a component should not use both right-to-left and left-to-right characters"
	case BidiStart:
		return "a component using right-to-left characters should start with one"
	case BidiEnd:
		return "a component using right-to-left characters should end with one"
	}
	return fmt.Sprintf("BidiRule(%d)", uint8(r))
}

// BidiWarning is a component of an IRI that breaks a restriction of
// section 4.2, a SHOULD: the IRI is valid, but may display in a way that
// does not show its logical order (section 4.4's Examples 8 and 9).
type BidiWarning struct {
	Rule BidiRule
	// Component is the kind of component, for [BidiWarnings]: "iuserinfo",
	// "ireg-name label", "isegment part", "iquery part" or "ifragment";
	// "" from [BidiComponentWarnings].
	Component string
	Text      string // the component
	Start     int    // byte offset of the component in the string checked
	Offset    int    // byte offset of Char in the string checked
	Char      rune   // the character that breaks the restriction
}

// String describes the warning: where, which character, which rule.
func (w BidiWarning) String() string {
	kind := "component"
	if w.Component != "" {
		kind = w.Component
	}
	return fmt.Sprintf("rfc3987: offset %d: %U in %s %q: %s (section 4.2)", w.Offset, w.Char, kind, w.Text, w.Rule)
}

// BidiComponentWarnings checks one component against the two restrictions
// of section 4.2 and returns what it breaks, in order of offset (nil when
// nothing): [BidiMixed] at the first strong character whose direction is
// not that of the component's first strong character, and, when the
// component has a right-to-left character, [BidiStart] and [BidiEnd] at a
// first or last character that is not right-to-left. Offsets are in
// component. Characters are taken as written: a percent-encoding counts
// as the characters a reader sees (section 4.4's Example 9). Section 4.2
// lists iuserinfo, ireg-name, isegment, iquery and ifragment as the
// components and lets specifications divide them further, as
// [BidiWarnings] does.
func BidiComponentWarnings(component string) []BidiWarning {
	return componentWarnings(nil, "", component, 0)
}

// componentWarnings appends the warnings for text, found at offset start
// of the string checked, to ws.
func componentWarnings(ws []BidiWarning, kind, text string, start int) []BidiWarning {
	first, hasRTL, mixedAt, mixedChar := neutral, false, -1, rune(0)
	for i, r := range text {
		d := directionOf(r)
		if d == rtl {
			hasRTL = true
		}
		switch {
		case d == neutral:
		case first == neutral:
			first = d
		case d != first && mixedAt < 0:
			mixedAt, mixedChar = i, r
		}
	}
	if !hasRTL {
		return ws
	}
	w := BidiWarning{Component: kind, Text: text, Start: start}
	if r, _ := utf8.DecodeRuneInString(text); directionOf(r) != rtl {
		w.Rule, w.Offset, w.Char = BidiStart, start, r
		ws = append(ws, w)
	}
	if mixedAt >= 0 {
		w.Rule, w.Offset, w.Char = BidiMixed, start+mixedAt, mixedChar
		ws = append(ws, w)
	}
	r, size := utf8.DecodeLastRuneInString(text)
	if directionOf(r) != rtl {
		w.Rule, w.Offset, w.Char = BidiEnd, start+len(text)-size, r
		ws = append(ws, w)
	}
	return ws
}

// BidiWarnings checks each component of an IRI reference against the
// restrictions of section 4.2 ([BidiComponentWarnings]) and returns what
// they break, in order of offset in iri (nil when nothing).
//
// The components are those section 4.2 lists, divided as section 4.4's
// examples need (Example 1's "http://ab.CDEFGH.ij/kl/mn/op.html" breaks
// nothing only if each host label is one, Example 4's "KL.html" only if a
// segment's extension is): the iuserinfo; each label of an ireg-name,
// split at "."; each part of a path segment, split at "."; each name and
// value of the query, split at "&", ";" and "=" (the section's "usual
// name/value syntax"); and the ifragment. Section 4.4's Examples 8 and 9
// get warnings. iri is split as RFC 3986 Appendix B reads a reference,
// exact for a valid IRI reference; BidiWarnings does not check it.
func BidiWarnings(iri string) []BidiWarning {
	if syntax.ASCIIPrefix(iri) == len(iri) {
		// Every right-to-left character (bidi class R or AL) is above
		// U+0590: a component of US-ASCII has none, and so no warning.
		return nil
	}
	var ws []BidiWarning
	parts := syntax.SplitAppendixB(iri)
	split := func(p syntax.Part, kind, seps string) {
		if b, e, ok := parts.Range(p); ok && (p != syntax.Host || !strings.HasPrefix(iri[b:], "[")) {
			ws = splitWarnings(ws, kind, iri[b:e], b, seps)
		}
	}
	split(syntax.UserInfo, "iuserinfo", "")
	split(syntax.Host, "ireg-name label", ".")
	split(syntax.Path, "isegment part", "/.") // the segments, and their parts
	split(syntax.Query, "iquery part", "&;=")
	split(syntax.Fragment, "ifragment", "")
	return ws
}

// splitWarnings checks each part of s between the bytes of seps as a
// component of the kind given (s whole when seps is "").
func splitWarnings(ws []BidiWarning, kind, s string, at int, seps string) []BidiWarning {
	set, start := syntax.ByteSetOf(seps), 0
	for i := 0; i < len(s); i++ {
		if set.Has(s[i]) {
			ws, start = componentWarnings(ws, kind, s[start:i], at+start), i+1
		}
	}
	return componentWarnings(ws, kind, s[start:], at+start)
}
