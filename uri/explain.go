package uri

import (
	"slices"

	"github.com/rfc2396/rfc2396/internal/syntax"
)

// explainError returns the *Error for an input that does not match rule.
// The grammar's automata, which gen builds from its ABNF (as it does for
// RFC 2396), find the offset, the
// rules the reading was inside and what was expected; the oracle tests
// check the offset against Go's regexp engine running expressions
// generated from the same ABNF.
func (g *Grammar[R]) explainError(rule R, input string) *Error[R] {
	res := g.d.Explain(rule, input)
	e := &Error[R]{g: g, Input: input, Start: rule, Offset: res.Offset}
	if res.Matched {
		// The automaton accepts what the generated parser rejected: the
		// two readings of the grammar disagree. The oracle tests exist to
		// make this unreachable; say so rather than invent a position.
		e.Rule, e.Path = rule, []R{rule}
		e.Expected = "nothing: the grammar accepts this input but the generated parser rejected it (an internal error; please report it)"
		return e
	}
	if len(g.d.Prose) > 0 {
		// A prose rule refusing the input before the ABNF does is the
		// first error: RFC 6570's "{a}{!b}{c" has a reserved operator
		// at 4 before it ends inside an expression at 9.
		if p, i := g.proseViolation(input); p != nil && i < res.Offset {
			return g.proseError(rule, input, p, i)
		}
	}
	var path []R
	if slices.Contains(res.Path, g.d.Scheme) && !syntax.ColonAhead(input[res.Offset:]) {
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
	if len(g.root().d.Edits) > 0 {
		// The automaton refused input (res.Matched is false), as needs
		// requires.
		e.ValidUnder = g.needs(rule, input)
	}
	return e
}
