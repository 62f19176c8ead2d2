package parser

import (
	"fmt"
	"strings"

	"github.com/rfc2396/rfc2396/grammar"
	"github.com/rfc2396/rfc2396/internal/pct"
)

// EscapeReason says why Escape could not escape a string for a rule.
type EscapeReason uint8

const (
	// EscapeUnsupportedRule: the rule is not a component Escape can build,
	// because Appendix A allows no escapes in it (scheme, hostname, port,
	// IPv4address), because it is made of several components (authority,
	// URI-reference...), or because it is a single character.
	EscapeUnsupportedRule EscapeReason = iota + 1
	// EscapeEmpty: the rule does not match the empty string (rel_segment,
	// reg_name, opaque_part, rel_path), and escaping cannot add a
	// character.
	EscapeEmpty
	// EscapeBadStart: a path rule's input must start with "/" (abs_path)
	// or must not (rel_path), and a separator is never escaped there.
	EscapeBadStart
	// EscapeNoString: the path's separators, kept as given, make a
	// structure the rule does not allow. Appendix A allows every one; a
	// grammar edit may not (no empty segment, at most so many segments).
	EscapeNoString
)

// Code returns a short stable name for machines.
func (r EscapeReason) Code() string { return pct.Reason(r).Code() }

// String describes r for people.
func (r EscapeReason) String() string {
	switch r {
	case EscapeUnsupportedRule:
		return "escaping is not defined for this rule"
	case EscapeEmpty:
		return "the rule does not match the empty string"
	case EscapeBadStart:
		return "the path does not start as the rule requires"
	case EscapeNoString:
		return "the grammar has no path of that structure"
	}
	return "unknown reason"
}

// EscapeError reports a string that Escape cannot turn into a string of
// the rule asked for.
type EscapeError struct {
	Rule   grammar.Rule
	Reason EscapeReason
	// Detail says more, e.g. which rules to use instead.
	Detail string
}

func (e *EscapeError) Error() string {
	if e == nil {
		return "rfc2396: <nil *EscapeError>"
	}
	return pct.ErrorMessage("rfc2396", "escape", e.Rule.String(), e.Reason.String(), e.Detail)
}

// EscapeRules lists the rules Escape supports, in Appendix A's order.
func EscapeRules() []grammar.Rule { return escaping.Rules() }

// escaping is Escape's tables for the rules of Appendix A.
var escaping = pct.Grammar[grammar.Rule]{Tables: escapeTables, NumRules: grammar.NumRules,
	Match: func(rule grammar.Rule, s string) bool { return Match(rule, s) == nil }}

// Escape returns s escaped (section 2.4.1: "%" and two upper-case hex
// digits per escaped byte) so that the result matches rule as a whole and
// Unescape gives s back, byte for byte, whatever s holds (non-ASCII,
// invalid UTF-8, NUL).
//
// The bytes left raw are the rule's own character class in Appendix A,
// generated from grammar/rfc2396.abnf into escape_gen.go, less "%" and
// less the characters the RFC's prose reserves within the component, so
// that decoding never takes data for a delimiter:
//
//	rule         left raw (besides alphanum and mark: - _ . ! ~ * ' ( ))   escaped although the class has them
//	segment      : @ & + $ ,                                                 = (§3.3; ";" starts a param)
//	param        : @ & + $ ,                                                 = (§3.3)
//	rel_segment  @ & + $ ,                                                   ; = (§3.3)
//	query        (nothing else)                                              ; / ? : @ & = + , $ (§3.4)
//	fragment     ; / ? : @ & = + $ ,                                         (none: §4.1 reserves nothing)
//	userinfo     & = + $ ,                                                   ; : (§3.2.2)
//	reg_name     $ , & = +                                                   ; : @ (§3.2)
//	opaque_part  ; / ? : @ & = + $ ,  (a first "/" is escaped: uric_no_slash) (none: section 3 leaves it to the scheme)
//
// The path rules path_segments, abs_path and rel_path take a path, not a
// segment: "/" and ";" in s stay raw as the path's separators, and only
// what Appendix A forbids is escaped (segments by pchar, and the first
// segment of a rel_path by rel_segment, so ":" is escaped there). An
// abs_path must start with "/" and a rel_path must not; rel_segment,
// reg_name, opaque_part and rel_path cannot be empty. Any other rule is an
// *EscapeError.
func Escape(s string, rule grammar.Rule) (string, error) {
	out, reason, problem := escaping.Escape(s, rule)
	if reason == 0 {
		return out, nil
	}
	e := &EscapeError{Rule: rule, Reason: EscapeReason(reason)}
	switch problem {
	case pct.NoProblem:
		e.Detail = unsupportedDetail(rule)
	case pct.StartsWithSeparator:
		e.Detail = fmt.Sprintf("%s must not start with %q; use abs_path", rule, s[0])
	case pct.MustStartWithSeparator:
		e.Detail = rule.String() + " must start with \"/\""
	case pct.Unrepresentable:
		e.Detail = "the grammar in force has no " + rule.String() + " with the input's \"/\" and \";\" where they are"
	}
	return "", e
}

func unsupportedDetail(rule grammar.Rule) string {
	name := rule.String()
	switch {
	case rule < 0 || rule >= grammar.NumRules:
		return "no such rule"
	case rule.IsCharacterLevel():
		return name + " is a single character or escape"
	}
	switch name {
	case "scheme", "hostname", "domainlabel", "toplabel", "IPv4address", "port", "host", "hostport":
		return "Appendix A allows no escapes in " + name
	}
	return name + " is made of several components; escape each with its own rule (segment, param, query, fragment, userinfo, reg_name, ...)"
}

// UnescapeError reports a "%" that is not followed by two hex digits
// (section 2.4.1: escaped = "%" hex hex).
type UnescapeError struct {
	Input string
	// Offset is the byte offset of the "%".
	Offset int
}

func (e *UnescapeError) Error() string {
	if e == nil {
		return "rfc2396: <nil *UnescapeError>"
	}
	begin := min(max(e.Offset, 0), len(e.Input))
	shown := e.Input[begin:min(len(e.Input), begin+3)]
	var b strings.Builder
	for i := 0; i < len(shown); i++ {
		if c := shown[i]; c >= 0x20 && c < 0x7f {
			b.WriteByte(c)
		} else {
			fmt.Fprintf(&b, `\x%02x`, c)
		}
	}
	return fmt.Sprintf("rfc2396: offset %d: malformed escape %q: \"%%\" must be followed by two hex digits (section 2.4.1, escaped = \"%%\" hex hex)", e.Offset, b.String())
}

// Unescape replaces every escape "%" hex hex in s by the byte it encodes
// (section 2.4.1) and returns the result, which may be any bytes. Other
// bytes are copied unchanged: Unescape decodes, it does not validate. A
// "%" not followed by two hex digits ("%", "%4", "%zz") is an
// *UnescapeError with its offset. To decode a component without merging
// data with its delimiters, use the URI's decoded accessors
// (URI.PathSegments, URI.QueryFields, ...), which split first.
func Unescape(s string) (string, error) {
	out, bad := pct.Decode(s)
	if bad >= 0 {
		return "", &UnescapeError{Input: s, Offset: bad}
	}
	return out, nil
}
