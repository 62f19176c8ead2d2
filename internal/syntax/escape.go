package syntax

import (
	"strconv"

	"github.com/rfc2396/rfc2396/internal/safeout"
)

// EscapeReason is why a string could not be escaped for a rule, as both public
// packages' EscapeReason number it: the codes are the same under both RFCs,
// only the words for people differ.
type EscapeReason uint8

// The reasons, numbered as the public EscapeReason constants.
const (
	// UnsupportedRule: the grammar has no [EscapeTable] for the rule.
	UnsupportedRule EscapeReason = iota + 1
	// EmptyString: the rule does not match the empty string ([EmptyNotAllowed]).
	EmptyString
	// BadStart: a path does not start as its rule requires
	// ([StartsWithSeparator], [MustStartWithSeparator]).
	BadStart
	// NoString: no string of the rule escapes the input: a path's
	// structure, kept as it is, or the input's length is not one the rule
	// allows ([Unrepresentable]).
	NoString
)

var reasonCodes = [...]string{UnsupportedRule: "unsupported-rule", EmptyString: "empty", BadStart: "bad-start", NoString: "no-string"}

// Code returns a short stable name of r for machines, "unknown" for a
// number that is no reason.
func (r EscapeReason) Code() string {
	if r > 0 && int(r) < len(reasonCodes) {
		return reasonCodes[r]
	}
	return "unknown"
}

// Reason returns the reason p gives, 0 for [NoProblem].
func (p EscapeProblem) Reason() EscapeReason {
	switch p {
	case EmptyNotAllowed:
		return EmptyString
	case StartsWithSeparator, MustStartWithSeparator:
		return BadStart
	case Unrepresentable:
		return NoString
	}
	return 0
}

// Rule is what escaping needs of a grammar's rule type.
type Rule interface {
	~int
	String() string
}

// EscapeGrammar is escaping for the rules of one grammar: a [EscapeTable] for each rule
// it can escape for.
type EscapeGrammar[R Rule] struct {
	Tables   map[R]*EscapeTable
	NumRules R // the rules are 0 to NumRules-1
	// Match, when set, reports whether s is a string of rule. The tables
	// know a rule's characters, not its structure: a path rule's
	// separators stay as the caller wrote them, and a grammar may allow
	// fewer structures or lengths than its classes do (no empty segment,
	// at most so many segments, at least two characters): Escape checks
	// its result with Match and reports [Unrepresentable] when the rule
	// has no such string. Under the published grammars the check never
	// fails.
	Match func(rule R, s string) bool
}

// Rules lists the rules that have a table, in the grammar's order.
func (g EscapeGrammar[R]) Rules() []R {
	var rules []R
	for r := R(0); r < g.NumRules; r++ {
		if g.Tables[r] != nil {
			rules = append(rules, r)
		}
	}
	return rules
}

// Escape returns s escaped for rule by its table (see [EscapeTable.Escape]), or
// why it cannot be: [UnsupportedRule] for a rule with no table.
func (g EscapeGrammar[R]) Escape(s string, rule R) (string, EscapeReason, EscapeProblem) {
	t := g.Tables[rule]
	if t == nil {
		return "", UnsupportedRule, NoProblem
	}
	out, problem := t.Escape(s)
	if problem == NoProblem && g.Match != nil && !g.Match(rule, out) {
		return "", NoString, Unrepresentable
	}
	return out, problem.Reason(), problem
}

// EscapeErrorMessage returns the message of an escape error: the package's
// prefix ("rfc2396"), what it could not do ("escape"), for which rule, why,
// and the detail in parentheses if there is one.
func EscapeErrorMessage(prefix, verb, rule, reason, detail string) string {
	msg := prefix + ": cannot " + verb + " for " + rule + ": " + reason
	if detail != "" {
		msg += " (" + detail + ")"
	}
	return msg
}

// UnescapeMessage returns the message of a malformed escape: the
// package's prefix, the offset of the "%", the three bytes from it
// (quoted, each byte that is not printable ASCII as \xNN), and the rule
// it breaks, named as in its RFC (what, e.g. "percent-encoding", and rule,
// e.g. `section 2.1, pct-encoded = "%" HEXDIG HEXDIG`).
func UnescapeMessage(prefix string, input string, offset int, what, rule string) string {
	begin := min(max(offset, 0), len(input))
	shown := safeout.Quote(input[begin:min(len(input), begin+3)])
	return prefix + ": offset " + strconv.Itoa(offset) + ": malformed " + what + " " + shown + `: "%" must be followed by two hex digits (` + rule + ")"
}
