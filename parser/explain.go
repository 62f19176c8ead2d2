package parser

import (
	"slices"
	"strings"

	"github.com/rfc2396/rfc2396/grammar"
	"github.com/rfc2396/rfc2396/internal/syntax"
)

// explainError returns the *Error for an input that does not match rule
// under p. The automata of p's grammar (for strict, the tables gen builds
// from the BNF) find the offset, the rule and what was expected; this adds
// what is RFC knowledge rather than grammar: which reading a person most
// likely meant, and the RFC's known gaps, reported only where p lacks the
// edit that repairs them.
func (p *Profile) explainError(rule grammar.Rule, input string) *Error {
	res := p.automatonFor(rule).Explain(input)
	e := &Error{Input: input, Start: rule, Offset: res.Offset, Profile: p.name, Edits: p.edits}
	if p.edits == 0 {
		e.Profile = ""
	}
	if res.Matched {
		// The automaton accepts what the PEG rejected: the two readings of
		// Appendix A disagree. The conformance tests exist to make this
		// unreachable; say so rather than invent a position.
		e.Rule, e.Path = rule, []grammar.Rule{rule}
		e.Expected = "nothing: Appendix A accepts this input but the generated parser rejected it (an internal error; please report it)"
		return e
	}
	path := res.Path
	if slices.Contains(path, grammar.RuleScheme) && !syntax.ColonAhead(input[res.Offset:]) {
		// Inside a first segment that could be a scheme or a relative
		// path, with no ":" ahead to make it a scheme: "my file.html" is
		// a relative path with a space, not a scheme with one.
		path = res.AltPath
	}
	e.Path = path
	e.Rule = path[len(path)-1]
	e.Expected = res.Expected
	e.Gap = gapOf(rule, input, e.Offset, path)
	if g := e.Gap.Edit(); g != grammar.NoEdit && p.edits.Has(g) {
		e.Gap = NoGap
	}
	return e
}

// gapOf returns the known gap of RFC 2396 that an error at off runs into.
func gapOf(rule grammar.Rule, input string, off int, path []grammar.Rule) Gap {
	switch {
	case (rule == grammar.RuleURIReference || rule == grammar.RuleRelativeURI) && off == 0 && strings.HasPrefix(input, "?"):
		return GapEmptyRelativePath
	case off < len(input) && input[off] == '[' && atHost(rule, input[:off], path):
		return GapIPv6Literal
	case (rule == grammar.RuleURIReference || rule == grammar.RuleAbsoluteURI) && emptyOpaquePart(input, off):
		return GapEmptyOpaquePart
	}
	return NoGap
}

// atHost reports whether an error after before, read as path, stands where
// a host would: at the start of an authority, or right after its userinfo.
func atHost(rule grammar.Rule, before string, path []grammar.Rule) bool {
	inAuthority := slices.Contains(path, grammar.RuleNetPath) || slices.Contains(path, grammar.RuleAuthority) ||
		slices.Contains(path, grammar.RuleServer) || slices.Contains(path, grammar.RuleHostport) || slices.Contains(path, grammar.RuleHost)
	if !inAuthority {
		return false
	}
	if before == "" {
		// The input is checked against authority, server, hostport or
		// host itself.
		return true
	}
	if strings.HasSuffix(before, "//") {
		return true
	}
	// After "//userinfo@": the "@" must belong to the authority being
	// read, so no "/" may stand between the "//" and it.
	at := strings.LastIndexByte(before, '@')
	return at == len(before)-1 && strings.Contains(before, "//") && !strings.Contains(before[strings.LastIndex(before, "//")+2:], "/")
}

// emptyOpaquePart reports an input that is a scheme and ":" followed by
// nothing or by a fragment, with the error right after the ":".
func emptyOpaquePart(input string, off int) bool {
	if off == 0 || input[off-1] != ':' || (off < len(input) && input[off] != '#') {
		return false
	}
	return strictAutomaton(grammar.RuleScheme).Match(input[:off-1])
}
