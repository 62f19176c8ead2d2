package parser

import (
	"fmt"

	"github.com/rfc2396/rfc2396/grammar"
	"github.com/rfc2396/rfc2396/internal/syntax"
)

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
	case syntax.NoProblem:
		e.Detail = unsupportedDetail(rule)
	case syntax.StartsWithSeparator:
		e.Detail = fmt.Sprintf("%s must not start with %q; use abs_path", rule, s[0])
	case syntax.MustStartWithSeparator:
		e.Detail = rule.String() + " must start with \"/\""
	case syntax.Unrepresentable:
		e.Detail = "the grammar in force has no " + rule.String() + " of the escaped input's length"
		if escapeTables[rule].Keep != (syntax.ByteSet{}) {
			e.Detail = "the grammar in force has no " + rule.String() + " with the input's \"/\" and \";\" where they are"
		}
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

// Unescape replaces every escape "%" hex hex in s by the byte it encodes
// (section 2.4.1) and returns the result, which may be any bytes. Other
// bytes are copied unchanged: Unescape decodes, it does not validate. A
// "%" not followed by two hex digits ("%", "%4", "%zz") is an
// *UnescapeError with its offset. To decode a component without merging
// data with its delimiters, use the URI's decoded accessors
// (URI.PathSegments, URI.QueryFields, ...), which split first.
func Unescape(s string) (string, error) {
	out, bad := syntax.DecodePercent(s)
	if bad >= 0 {
		return "", &UnescapeError{Input: s, Offset: bad}
	}
	return out, nil
}
