package uri

import (
	"cmp"
	"strconv"

	"github.com/rfc2396/rfc2396/internal/syntax"
)

// Error reports a string that is not of an RFC 3986 Appendix A rule's
// language: the first octet no valid string has at that place, which rule
// was being read there, and what the grammar would have taken instead.
// [Error.Error] is one line; [Error.ErrorWithPosition] adds the input, a
// caret and the rule's ABNF.
type Error[R Rule] struct {
	g *Grammar[R]
	// Input is the string given, octets as received (section 2: RFC 3986
	// reads a reference as octets, whatever their encoding).
	Input string
	// Start is the rule asked for: the grammar's start rule
	// (URI-reference, IRI-reference) when Parse or Valid report it, any
	// rule for Match.
	Start R
	// Offset is the byte offset of the first byte that no string of Start's
	// language can have there: every valid string that starts like
	// Input[:Offset] continues differently. Offset == len(Input) means the
	// input ended too early.
	Offset int
	// Rule is the innermost rule (above single characters: ALPHA, DIGIT and
	// HEXDIG are not rules here) being read at Offset, and Path the chain of
	// rules from Start down to it. Where two readings part, Path ends at the
	// rules they share: "http://1.2 " is explained in host, where
	// IPv4address and reg-name part; a first segment with no ":" is read as
	// a relative-ref, so "my file.html" is explained in segment-nz-nc and
	// not in scheme. Errors share Path: treat it as read-only.
	Rule R
	Path []R
	// Expected describes what could have come at Offset, e.g.
	// `HEXDIG, ".", ":" or "]"`.
	Expected string
	// Prose, when not "", says that the grammar derives Input but a rule
	// of the RFC's prose refuses it at Offset, and which edit lifts the
	// rule: "RFC 3987 section 4.1: IRIs MUST NOT contain bidirectional
	// formatting characters ...". Expected is then "".
	Prose string
	// ValidUnder lists the edits of the grammar ([Grammar.Edits]), each
	// alone, under which Input is valid: "zone-id" for
	// "http://[fe80::1%25en1]/" under RFC 3986.
	ValidUnder []string
}

// EscapeReason says why [Grammar.Escape] could not percent-encode a string for a
// rule; the two packages' reasons of the same name have the same codes.
type EscapeReason uint8

const (
	// EscapeUnsupportedRule: the rule is not a component Escape can build:
	// it allows no percent-encoding (scheme, port, IPv4address, ...), it
	// is made of several components (authority, URI, ...), or it is a
	// single character.
	EscapeUnsupportedRule EscapeReason = iota + 1
	// EscapeEmpty: the rule does not match the empty string
	// (segment-nz, segment-nz-nc, path-rootless, path-noscheme), and percent-encoding cannot add a character.
	EscapeEmpty
	// EscapeBadStart: a path rule's input must start with "/"
	// (path-abempty) or must not (path-rootless, path-noscheme), and a separator is
	// never percent-encoded there.
	EscapeBadStart
	// EscapeNoString: no string of the rule escapes the input: a path's
	// separators, kept as given, make a structure the rule does not allow,
	// or the input's length is not one it allows. RFC 3986's Appendix A allows
	// every one; a grammar edit may not (no empty segment, at most so many
	// segments, at least two characters).
	EscapeNoString
)

// escapeReasonTexts are the reasons' descriptions for people.
var escapeReasonTexts = [...]string{
	EscapeUnsupportedRule: "percent-encoding is not defined for this rule",
	EscapeEmpty:           "the rule does not match the empty string",
	EscapeBadStart:        "the path does not start as the rule requires",
	EscapeNoString:        "the grammar has no string of that structure or length",
}

// Code returns a short, stable name for r, for machines.
func (r EscapeReason) Code() string { return syntax.EscapeReason(r).Code() }

// String describes r for people.
func (r EscapeReason) String() string {
	if r > 0 && int(r) < len(escapeReasonTexts) {
		return escapeReasonTexts[r]
	}
	return "unknown reason"
}

// EscapeError reports a string that [Grammar.Escape] cannot percent-encode into a
// string of the rule asked for.
type EscapeError[R Rule] struct {
	prefix string
	Rule   R
	Reason EscapeReason
	// Detail says more, e.g. which rules to use instead.
	Detail string
}

func (e *EscapeError[R]) Error() string {
	if e == nil {
		return "uri: <nil *EscapeError>"
	}
	return syntax.EscapeErrorMessage(prefixOr(e.prefix), "percent-encode", e.Rule.String(), e.Reason.String(), e.Detail)
}

// EscapeRules lists the rules [Grammar.Escape] supports, in the order of
// RFC 3986's Appendix A.
func (g *Grammar[R]) EscapeRules() []R { return g.escapes.Rules() }

// ResolveReason classifies a *[ResolveError]. The four reasons below are
// those of both packages, with the same values and codes; each package
// adds its own after them.
type ResolveReason int

const (
	// InvalidBase: the base is not a URI-reference (Err tells why).
	InvalidBase ResolveReason = iota + 1
	// RelativeBase: the base is a relative reference (section 5.2.1:
	// "only the scheme component is required to be present in a base
	// URI").
	RelativeBase
	// InvalidReference: the reference (for [Grammar.Relativize], the target) is
	// not a URI-reference (Err tells why).
	InvalidReference
	// RelativeTarget: [Grammar.Relativize] was given a target with no scheme; a
	// resolution always gives an absolute URI (section 5.2.2).
	RelativeTarget
)

// ownResolveReasons is the value of this package's first reason of its
// own, after those both packages have.
const ownResolveReasons = RelativeTarget + 1

// HostKind says which of IP-literal, IPv4address and reg-name the host
// matched, or NoHost when there is no authority or u is nil.
func (u *URI[R]) HostKind() HostKind {
	if u == nil {
		return NoHost
	}
	return u.hostKind
}

// UnescapeError reports a "%" that is not followed by two hex digits
// (section 2.1, pct-encoded = "%" HEXDIG HEXDIG).
type UnescapeError struct {
	prefix string
	Input  string
	// Offset is the byte offset of the "%".
	Offset int
}

func (e *UnescapeError) Error() string {
	if e == nil {
		return "uri: <nil *UnescapeError>"
	}
	return syntax.UnescapeMessage(prefixOr(e.prefix), e.Input, e.Offset, "percent-encoding", `section 2.1, pct-encoded = "%" HEXDIG HEXDIG`)
}

// Code returns a short, stable name for r, as JSON output and test tables
// write it, e.g. "invalid-base"; the reasons both packages have share
// their codes.
func (r ResolveReason) Code() string { return resolveReasons.Code(r) }

// String describes r for people, e.g. "the base is not an absolute URI".
func (r ResolveReason) String() string { return resolveReasons.Text(r) }

// ResolveError reports a reference that cannot be resolved against a base,
// or a target that cannot be relativized.
type ResolveError struct {
	prefix string
	// Op is "resolve" or "relativize".
	Op     string
	Reason ResolveReason
	// Base is the base; Ref is the reference (for Relativize, the target).
	Base, Ref string
	// Err is the parse error behind InvalidBase and InvalidReference (an
	// *[Error] or a *[TooLongError]), or nil.
	Err error
}

// Unwrap returns the error behind e, or nil.
func (e *ResolveError) Unwrap() error {
	if e == nil {
		return nil
	}
	return e.Err
}

// Recompose returns the reference that section 5.3 makes of the given
// components: scheme ":" if defined, "//" authority if defined, the path,
// "?" query if defined, "#" fragment if defined. It does not check the
// result; Compose does.
func Recompose(scheme, authority Component, path string, query, fragment Component) string {
	return syntax.Recompose(syntax.Component(scheme), syntax.Component(authority), path, syntax.Component(query), syntax.Component(fragment))
}

// Compose recomposes a reference from its five components (section 5.3)
// and parses the result. It fails if the result is not a URI-reference (an
// *[Error]), or if it does not read back as the same components (a
// *[ComposeError]), as "foo:" with path "//x" and no authority would:
// sections 3 and 3.3 say such a path cannot occur without an authority,
// and "foo://x" has one.
func (g *Grammar[R]) Compose(scheme, authority Component, path string, query, fragment Component) (*URI[R], error) {
	return composeWith(g.Parse, scheme, authority, path, query, fragment)
}

// composeWith is [Grammar.Compose] with parse reading the recomposition.
func composeWith[R Rule](parse func(string) (*URI[R], error), scheme, authority Component, path string, query, fragment Component) (*URI[R], error) {
	u, err := parse(Recompose(scheme, authority, path, query, fragment))
	if err != nil {
		return nil, err
	}
	if u.Scheme() != scheme || u.Authority() != authority || u.Path() != path || u.Query() != query || u.Fragment() != fragment {
		return nil, &ComposeError{prefix: u.g.d.Name, appendix: u.g.d.AppendixA, Ref: u.ref}
	}
	return u, nil
}

// ComposeError reports components whose recomposition ([Grammar.Compose]) reads
// back as other components, or, from [Grammar.Normalize], [URI.Normalize] and
// [URI.ResolveReference], a result the grammar in force rejects: under
// RFC 3986 as published every normal form is a URI-reference, but after
// a grammar edit it may not be, and a resolution can write a string that
// does not read back (see [WarnPathReadsAsAuthority]).
type ComposeError struct {
	prefix, appendix string
	Ref              string // the recomposed reference
	// Err is the *Error the grammar in force gives Ref, or nil when Ref
	// is a reference that reads as other components. It is not
	// unwrapped: an *Error found by errors.As is about the caller's input.
	Err error
}

func (e *ComposeError) Error() string {
	if e == nil {
		return "uri: <nil *ComposeError>"
	}
	if e.Err != nil {
		return prefixOr(e.prefix) + ": the components recompose to " + strconv.Quote(e.Ref) + ", which the grammar in force rejects: " + message(prefixOr(e.prefix), e.Err)
	}
	return prefixOr(e.prefix) + ": the components recompose to " + strconv.Quote(e.Ref) + ", which " + cmp.Or(e.appendix, "the grammar") + " reads as other components"
}

// The decoded accessors split a component on its raw delimiters first and
// unescape each piece afterwards, so a decoded reserved character ("%2F"
// in a segment, "%26" in a query) is never merged with a delimiter written
// raw: it stays inside its piece. The delimiters are those the generated
// escape tables record (escape_gen.go): the reserved characters (section 2.2) that the component's rule holds raw, which section 2.2 lets a scheme use as delimiters within it. Percent-encodings in a valid URI are always well formed (pct-encoded = "%" HEXDIG HEXDIG), so decoding cannot fail.

// Field is a piece of a component between two of its raw delimiters,
// decoded, and the raw delimiter that ends it (0 for the last piece).
type Field struct {
	Value string
	Delim byte
}

// decode unescapes s, which comes from a valid URI.
func decode(s string) string {
	d, bad := syntax.DecodePercent(s)
	if bad >= 0 {
		return s // unreachable: a valid URI has only well-formed escapes
	}
	return d
}

// fieldsOf splits c on the delimiters of rule and decodes each piece; ok
// is false when c is undefined.
func fieldsOf[R Rule](g *Grammar[R], c Component, rule R) ([]Field, bool) {
	if !c.Defined {
		return nil, false
	}
	delims := &g.d.EscapeTables[rule].Delims
	var fields []Field
	start := 0
	for i := 0; i < len(c.Value); i++ {
		if delims.Has(c.Value[i]) {
			fields = append(fields, Field{Value: decode(c.Value[start:i]), Delim: c.Value[i]})
			start = i + 1
		}
	}
	return append(fields, Field{Value: decode(c.Value[start:])}), true
}

// UserInfoFields returns the userinfo split on the raw reserved characters its grammar allows (sub-delims and ":", section 3.2.1), each
// piece decoded; ok is false when the userinfo is undefined.
func (u *URI[R]) UserInfoFields() (fields []Field, ok bool) {
	g := u.grammar()
	if g == nil {
		return nil, false
	}
	return fieldsOf(g, u.UserInfo(), g.d.UserInfo)
}

// QueryFields returns the query split on the raw reserved characters its grammar allows (sub-delims, ":", "@", "/" and "?", section 3.4), each piece
// decoded: "a=1&b=%26" gives {a '='} {1 '&'} {b '='} {& 0}. ok is false
// when the query is undefined.
func (u *URI[R]) QueryFields() (fields []Field, ok bool) {
	g := u.grammar()
	if g == nil {
		return nil, false
	}
	return fieldsOf(g, u.Query(), g.d.Query)
}

// DecodedQuery returns the whole query decoded, ok false when it is
// undefined. A decoded reserved character can no longer be told from one
// written raw; use QueryFields to keep them apart.
func (u *URI[R]) DecodedQuery() (query string, ok bool) {
	q := u.Query()
	return decode(q.Value), q.Defined
}

// DecodedFragment returns the fragment decoded (as a whole: what its reserved characters delimit is the media type's business, section 3.5), ok
// false when it is undefined.
func (u *URI[R]) DecodedFragment() (fragment string, ok bool) {
	f := u.Fragment()
	return decode(f.Value), f.Defined
}
