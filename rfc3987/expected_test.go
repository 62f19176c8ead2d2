package rfc3987_test

import (
	"errors"
	"testing"

	"github.com/rfc2396/rfc2396/rfc3987"
	"github.com/rfc2396/rfc2396/rfc3987/grammar"
)

// TestExpectedNamesRules checks the expected part of errors where what
// could come is a character of a rule beyond ASCII: it names the rule
// (iprivate in an iquery, whose first bytes ucschar partly shares), never
// a first byte taken for a character of its own.
func TestExpectedNamesRules(t *testing.T) {
	for _, tt := range []struct {
		rule     grammar.Rule
		input    string
		expected string
	}{
		{grammar.RuleIquery, " ", `ipchar, iprivate, "/", "?" or end of input`},
		{grammar.RuleIquery, "\ue000\u0080", `ipchar, iprivate, "/", "?" or end of input`},
		{grammar.RuleIRIReference, "? ", `ipchar, iprivate, "#", "/", "?" or end of input`},
		{grammar.RuleIfragment, " ", `ipchar, "/", "?" or end of input`},
		{grammar.RuleIprivate, "a", `iprivate`},
	} {
		err := rfc3987.Match(tt.rule, tt.input)
		var e *rfc3987.Error
		if !errors.As(err, &e) {
			t.Errorf("Match(%v, %q) = %v; want an *Error", tt.rule, tt.input, err)
			continue
		}
		if e.Expected != tt.expected {
			t.Errorf("Match(%v, %q): expected %q; want %q", tt.rule, tt.input, e.Expected, tt.expected)
		}
	}
}
