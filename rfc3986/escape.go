package rfc3986

import (
	"strings"

	"github.com/rfc2396/rfc2396/internal/pct"
	"github.com/rfc2396/rfc2396/rfc3986/grammar"
)

// The bytes Escape leaves raw. Section 2.2: "URI producing applications
// should percent-encode data octets that correspond to characters in the
// reserved set unless these characters are specifically allowed by the URI
// scheme to represent data in that component"; Escape knows no scheme, so
// it leaves raw only the unreserved characters (section 2.3), and in a
// query or fragment also "/" and "?", which section 3.4 allows as data.
// gen takes each set from the grammar (escape_gen.go), so that an edit of
// rfc3986.peg changes Escape with it.
var (
	unreserved = pct.SetOf(unreservedBytes)
	queryData  = pct.SetOf(unreservedBytes + queryBytes)
	fragData   = pct.SetOf(unreservedBytes + fragmentBytes)
	slash      = pct.SetOf("/")
)

// escapeTables holds what Escape knows of each rule it supports. The path
// rules take a path: "/" stays raw as its separator, so a path-abempty must
// start with "/" and a path-rootless or path-noscheme must not. A rule the
// grammar does not let be empty refuses the empty string. Delims are what
// the decoded accessors split a component on (face_gen.go).
var escapeTables = map[grammar.Rule]*pct.Table{
	grammar.RuleUserinfo:     {Raw: unreserved, First: unreserved, NonEmpty: escapeNonEmpty[grammar.RuleUserinfo], Delims: pct.SetOf(userinfoDelims)},
	grammar.RuleRegName:      {Raw: unreserved, First: unreserved, NonEmpty: escapeNonEmpty[grammar.RuleRegName], Delims: pct.SetOf(regNameDelims)},
	grammar.RulePathAbempty:  {Raw: unreserved, First: slash, Keep: slash, FirstSegment: unreserved, NonEmpty: escapeNonEmpty[grammar.RulePathAbempty]},
	grammar.RulePathNoscheme: {Raw: unreserved, First: unreserved, Keep: slash, FirstSegment: unreserved, NonEmpty: escapeNonEmpty[grammar.RulePathNoscheme]},
	grammar.RulePathRootless: {Raw: unreserved, First: unreserved, Keep: slash, FirstSegment: unreserved, NonEmpty: escapeNonEmpty[grammar.RulePathRootless]},
	grammar.RuleSegment:      {Raw: unreserved, First: unreserved, NonEmpty: escapeNonEmpty[grammar.RuleSegment]},
	grammar.RuleSegmentNz:    {Raw: unreserved, First: unreserved, NonEmpty: escapeNonEmpty[grammar.RuleSegmentNz]},
	grammar.RuleSegmentNzNc:  {Raw: unreserved, First: unreserved, NonEmpty: escapeNonEmpty[grammar.RuleSegmentNzNc]},
	grammar.RuleQuery:        {Raw: queryData, First: queryData, NonEmpty: escapeNonEmpty[grammar.RuleQuery], Delims: pct.SetOf(queryDelims)},
	grammar.RuleFragment:     {Raw: fragData, First: fragData, NonEmpty: escapeNonEmpty[grammar.RuleFragment]},
}

// Escape returns s percent-encoded (section 2.1: "%" and two upper-case
// hex digits per octet) so that the result matches rule as a whole and
// [Unescape] gives s back, byte for byte, whatever s holds (non-ASCII,
// invalid UTF-8, NUL). It leaves raw only the unreserved characters
// (section 2.3), and "/" and "?" in a query or fragment (section 3.4):
// section 2.2 asks producers to encode reserved characters unless the
// scheme allows them as data, and Escape knows no scheme. Package parser's
// Escape is the same job under RFC 2396, which leaves raw what each
// component's grammar and prose allow.
//
// The rules are the components' (userinfo, reg-name, segment, segment-nz,
// segment-nz-nc, query, fragment) and the paths that take one or more
// segments (path-abempty, path-noscheme, path-rootless), in which "/"
// stays raw as the separator. Any other rule is an *[EscapeError].
func Escape(s string, rule grammar.Rule) (string, error) {
	out, reason, problem := escaping.Escape(s, rule)
	if reason == 0 {
		return out, nil
	}
	return "", &EscapeError{Rule: rule, Reason: EscapeReason(reason), Detail: encodeDetail(rule, problem)}
}

// encodeDetail says more of why s could not be encoded for rule.
func encodeDetail(rule grammar.Rule, problem pct.Problem) string {
	switch {
	case problem == pct.StartsWithSeparator:
		return rule.String() + ` must not start with "/"; use path-abempty`
	case problem == pct.MustStartWithSeparator:
		return rule.String() + ` must start with "/"`
	case problem == pct.Unrepresentable && escapeTables[rule].Keep != (pct.Set{}):
		return "the grammar in force has no " + rule.String() + ` with the input's "/" where they are`
	case problem == pct.Unrepresentable:
		return "the grammar in force has no " + rule.String() + " of the encoded input's length"
	case problem != pct.NoProblem:
		return ""
	case rule < 0 || rule >= grammar.NumRules:
		return "no such rule"
	}
	return rule.String() + " is not a component Escape builds; escape each component with its own rule (" + ruleNames(EscapeRules()) + ")"
}

func ruleNames(rules []grammar.Rule) string {
	var names []string
	for _, r := range rules {
		names = append(names, r.String())
	}
	return strings.Join(names, ", ")
}

// Unescape replaces every "%" HEXDIG HEXDIG in s by the octet it encodes
// (section 2.1) and returns the result, which may be any bytes; other
// bytes are copied unchanged. A "%" not followed by two hex digits is an
// *[UnescapeError] with its offset.
func Unescape(s string) (string, error) {
	out, bad := pct.Decode(s)
	if bad >= 0 {
		return "", &UnescapeError{Input: s, Offset: bad}
	}
	return out, nil
}
