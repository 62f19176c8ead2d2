package uri

import (
	"strings"

	"github.com/rfc2396/rfc2396/internal/syntax"
)

// Escape returns s percent-encoded (section 2.1: "%" and two upper-case
// hex digits per octet) so that the result matches rule as a whole and
// [Grammar.Unescape] gives s back, byte for byte, whatever s holds (non-ASCII,
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
func (g *Grammar[R]) Escape(s string, rule R) (string, error) {
	out, reason, problem := g.escapes.Escape(s, rule)
	if reason == 0 {
		return out, nil
	}
	return "", &EscapeError[R]{prefix: g.d.Name, Rule: rule, Reason: EscapeReason(reason), Detail: g.encodeDetail(rule, problem)}
}

// encodeDetail says more of why s could not be encoded for rule.
func (g *Grammar[R]) encodeDetail(rule R, problem syntax.EscapeProblem) string {
	switch {
	case problem == syntax.StartsWithSeparator:
		return rule.String() + ` must not start with "/"; use path-abempty`
	case problem == syntax.MustStartWithSeparator:
		return rule.String() + ` must start with "/"`
	case problem == syntax.Unrepresentable && g.d.EscapeTables[rule].Keep != (syntax.ByteSet{}):
		return "the grammar in force has no " + rule.String() + ` with the input's "/" where they are`
	case problem == syntax.Unrepresentable:
		return "the grammar in force has no " + rule.String() + " of the encoded input's length"
	case problem != syntax.NoProblem:
		return ""
	case !g.validRule(rule):
		return "no such rule"
	}
	return rule.String() + " is not a component Escape builds; escape each component with its own rule (" + ruleNames(g.EscapeRules()) + ")"
}

func ruleNames[R Rule](rules []R) string {
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
func (g *Grammar[R]) Unescape(s string) (string, error) {
	out, bad := syntax.DecodePercent(s)
	if bad >= 0 {
		return "", &UnescapeError{prefix: g.d.Name, Input: s, Offset: bad}
	}
	return out, nil
}
