// Package format checks the resource-identifier formats of JSON Schema
// (draft 2020-12, "JSON Schema Validation", section 7.3.5 and 7.3.6; the
// same names in OpenAPI 3.1, which takes its formats from JSON Schema)
// strictly, by the grammars of the RFCs those formats name:
//
//   - "uri" ([URI]): the rule URI of RFC 3986 (section 3), an absolute URI
//     that may carry a fragment; not the rule absolute-URI, which refuses
//     one;
//   - "uri-reference" ([URIReference]): URI-reference of RFC 3986 (section
//     4.1), a URI or a relative reference, including "";
//   - "iri" ([IRI]): the rule IRI of RFC 3987 (section 2.2);
//   - "iri-reference" ([IRIReference]): IRI-reference of RFC 3987 (section
//     2.2);
//   - "uri-template" ([URITemplate]): URI-Template of RFC 6570 (section 2),
//     any level.
//
// Each checker is a func(string) error: nil when the string is of the
// format, otherwise the project's error for that RFC, which says where
// and why: an *[rfc3986.Error] or *[rfc3987.Error] (the byte offset of the
// first byte no string of the rule can have there and the rule being
// matched), an *[rfc3987.BidiError], or an *[rfc6570.Error]. Get them
// with errors.As.
//
// Where an RFC's prose says more than its ABNF, the prose is followed and
// the package that implements it says so: [IRI] and [IRIReference] refuse
// the bidirectional formatting characters (U+200E, U+200F, U+202A to
// U+202E) that the ABNF of RFC 3987 admits and its section 4.1 forbids;
// [URITemplate] refuses the operators section 2.2 of RFC 6570 reserves and
// accepts the apostrophe its section 2.1 allows (see package rfc6570).
//
// The checkers take the whole string: nothing is trimmed, so a trailing
// newline ("http://a/\n") or space makes a string invalid, as the grammars
// say. A string that is not UTF-8 is invalid for the IRI formats and the
// template, and any byte outside ASCII is invalid for the URI formats
// (RFC 3986 section 2: such characters must be percent-encoded).
//
// JSON Schema applies these formats to strings only: a validator asks
// about other instances (numbers, objects, ...) and must let them pass.
// [ForAny] adapts a checker to a validator's hook that takes any value;
// [Checkers] gives all five by name, for validators that register custom
// formats by name (docs/how-to.md, "Check JSON Schema formats strictly",
// shows how).
package format

import (
	"github.com/rfc2396/rfc2396/rfc3986"
	grammar3986 "github.com/rfc2396/rfc2396/rfc3986/grammar"
	"github.com/rfc2396/rfc2396/rfc3987"
	grammar3987 "github.com/rfc2396/rfc2396/rfc3987/grammar"
	"github.com/rfc2396/rfc2396/rfc6570"
)

// The names of the formats, as JSON Schema spells them: the keys of
// [Checkers].
const (
	NameURI          = "uri"
	NameURIReference = "uri-reference"
	NameIRI          = "iri"
	NameIRIReference = "iri-reference"
	NameURITemplate  = "uri-template"
)

// URI checks the format "uri": s must be a URI by the rule URI of RFC 3986
// (section 3: scheme ":" hier-part [ "?" query ] [ "#" fragment ]). A
// relative reference ("/abc", "//host/") is not one. The error is an
// *[rfc3986.Error].
func URI(s string) error {
	return rfc3986.Match(grammar3986.RuleURI, s)
}

// URIReference checks the format "uri-reference": s must be a
// URI-reference of RFC 3986 (section 4.1), a URI or a relative reference.
// The empty string is one (section 4.2: relative-part may be
// path-empty). The error is an *[rfc3986.Error].
func URIReference(s string) error {
	return rfc3986.Match(grammar3986.RuleURIReference, s)
}

// IRI checks the format "iri": s must be an IRI by the rule IRI of RFC
// 3987 (section 2.2) and contain none of the bidirectional formatting
// characters section 4.1 forbids. The error is an *[rfc3987.Error] or an
// *[rfc3987.BidiError], whichever is at the smaller offset.
func IRI(s string) error {
	return iri(grammar3987.RuleIRI, s)
}

// IRIReference checks the format "iri-reference": s must be an
// IRI-reference of RFC 3987 (section 2.2) and contain none of the
// bidirectional formatting characters section 4.1 forbids. The errors are
// [IRI]'s.
func IRIReference(s string) error {
	return iri(grammar3987.RuleIRIReference, s)
}

// iri matches s against rule and checks section 4.1. When both fail, the
// error reported is the one at the smaller offset: the first place s goes
// wrong, as every error of the project reports.
func iri(rule grammar3987.Rule, s string) error {
	gerr := rfc3987.Match(rule, s)
	berr := rfc3987.CheckBidiFormatting(s)
	switch {
	case berr == nil:
		return gerr
	case gerr == nil:
		return berr
	}
	if e, ok := gerr.(*rfc3987.Error); ok && e.Offset < berr.(*rfc3987.BidiError).Offset {
		return gerr
	}
	return berr
}

// URITemplate checks the format "uri-template": s must be a URI-Template
// of RFC 6570 (section 2), of any level. The error is an
// *[rfc6570.Error].
func URITemplate(s string) error {
	_, err := rfc6570.Parse(s)
	return err
}

// Checkers returns the five checkers by their JSON Schema names ([NameURI],
// [NameURIReference], [NameIRI], [NameIRIReference], [NameURITemplate]).
// The map is new at each call: the caller may change it.
func Checkers() map[string]func(string) error {
	return map[string]func(string) error{
		NameURI:          URI,
		NameURIReference: URIReference,
		NameIRI:          IRI,
		NameIRIReference: IRIReference,
		NameURITemplate:  URITemplate,
	}
}

// ForAny adapts check to a validator's format hook that takes any JSON
// value: a string is checked, and any other value (a number, a boolean,
// null, an object, an array) passes, because JSON Schema's string formats
// apply to strings only (JSON Schema Validation, section 7.1).
func ForAny(check func(string) error) func(any) error {
	return func(v any) error {
		s, ok := v.(string)
		if !ok {
			return nil
		}
		return check(s)
	}
}
