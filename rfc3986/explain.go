package rfc3986

import (
	"slices"
	"strings"

	"github.com/rfc2396/rfc2396/rfc3986/grammar"
	"github.com/rfc2396/rfc2396/rfc3986/internal/explain"
)

// explainError returns the *Error for an input that does not match rule.
// The automata of package rfc3986/internal/explain, which gen builds from
// grammar/rfc3986.abnf (as it does for RFC 2396), find the offset, the
// rules the reading was inside and what was expected; the oracle tests
// check the offset against Go's regexp engine running expressions
// generated from the same ABNF.
func explainError(rule grammar.Rule, input string) *Error {
	res := explain.Explain(rule, input)
	e := &Error{Input: input, Start: rule, Offset: res.Offset}
	if res.Matched {
		// The automaton accepts what the generated parser rejected: the
		// two readings of Appendix A disagree. The oracle tests exist to
		// make this unreachable; say so rather than invent a position.
		e.Rule, e.Path = rule, []grammar.Rule{rule}
		e.Expected = "nothing: Appendix A accepts this input but the generated parser rejected it (an internal error; please report it)"
		return e
	}
	var path []grammar.Rule
	if slices.Contains(res.Path, grammar.RuleScheme) && !colonAhead(input[res.Offset:]) {
		// Inside a first segment that could be a scheme or a relative
		// path, with no ":" ahead to make it a scheme: "my file.html" is
		// a relative-ref with a space, not a URI whose scheme has one.
		path = res.AltPath
	} else {
		// Otherwise the rules that both the first and the last reading
		// are inside: "1.2 " is in host, where IPv4address and reg-name
		// part, not in IPv4address.
		n := 0
		for n < len(res.Path) && n < len(res.AltPath) && res.Path[n] == res.AltPath[n] {
			n++
		}
		path = res.Path[:n:n]
	}
	e.Path = path
	e.Rule = path[len(path)-1]
	e.Expected = res.Expected
	return e
}

// colonAhead reports whether s has a ":" before its first "/", "?" or "#":
// whether what is read as a scheme could still end as one.
func colonAhead(s string) bool {
	i := strings.IndexAny(s, ":/?#")
	return i >= 0 && s[i] == ':'
}
