package main

import "testing"

// TestGuardRuleCalls checks where guardRuleCalls puts a first-set
// lookahead: before a call of a rule that cannot match nothing, in any
// alternative but the last; not before a nullable rule, a rule that can
// start with any byte, or the last alternative.
func TestGuardRuleCalls(t *testing.T) {
	parse := func(body string) *expr {
		t.Helper()
		p := &exprParser{src: body}
		e, err := p.choice()
		if err != nil {
			t.Fatal(err)
		}
		return e
	}
	rules := map[string]*expr{
		"digits": parse("[0-9]+ '.' [0-9]+"),
		"word":   parse("[a-z]+"),
		"opt":    parse("[a-z]*"),
		"any":    parse(". [a-z]"),
		"host":   parse("digits ![a-z] / word"),
		"nul":    parse("opt 'x' / word"),
		"anyb":   parse("any / word"),
		"call":   parse("word / digits"),
	}
	order := []string{"digits", "word", "opt", "any", "host", "nul", "anyb", "call"}
	guardRuleCalls(order, rules)
	for rule, want := range map[string]string{
		"host": "&[0-9] digits ![a-z] / word",
		"nul":  "opt 'x' / word",
		"anyb": "any / word",
		"call": "&[a-z] word / digits",
	} {
		if got := rules[rule].String(); got != want {
			t.Errorf("%s <- %s, want %s", rule, got, want)
		}
	}
}
