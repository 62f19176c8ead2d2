package main

import (
	"os"
	"slices"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
)

// switchCases calls check with each grammar of testdata/switchcheck.txt,
// accelerated as deriveCompact does, and the line of its "=> " and what
// follows it; it fails the test if the file has no case.
func switchCases(t *testing.T, check func(line int, want string, order []string, rules map[string]*expr)) {
	t.Helper()
	data, err := os.ReadFile("testdata/switchcheck.txt")
	if err != nil {
		t.Fatal(err)
	}
	var order []string
	rules := map[string]*expr{}
	acc := &accel{}
	cases := 0
	for n, line := range strings.Split(string(data), "\n") {
		switch {
		case line == "" || strings.HasPrefix(line, "#"):
		case strings.HasPrefix(line, "=> "):
			cases++
			check(n+1, strings.TrimPrefix(line, "=> "), order, rules)
			order, rules, acc = nil, map[string]*expr{}, &accel{}
		default:
			name, body, ok := strings.Cut(line, " <- ")
			if !ok {
				t.Fatalf("line %d: not a rule: %q", n+1, line)
			}
			p := &exprParser{src: body}
			e, err := p.choice()
			if err != nil {
				t.Fatalf("line %d: %v", n+1, err)
			}
			order = append(order, name)
			rules[name] = accelerate(simplify(e), acc)
		}
	}
	if cases == 0 {
		t.Fatal("no cases")
	}
}

// TestCheckSwitch runs checkSwitch on the grammars of
// testdata/switchcheck.txt.
func TestCheckSwitch(t *testing.T) {
	switchCases(t, func(line int, want string, order []string, rules map[string]*expr) {
		err := checkSwitch(order, rules)
		switch {
		case want == "ok" && err != nil:
			t.Errorf("line %d: %v, want ok", line, err)
		case want != "ok" && err == nil:
			t.Errorf("line %d: ok, want an error with %q", line, want)
		case want != "ok" && !strings.Contains(err.Error(), want):
			t.Errorf("line %d: %v, want an error with %q", line, err, want)
		}
	})
}

// TestSwitchedGrammars checks that generate.go compiles with peg -switch
// exactly the grammars of switchedGrammars, the ones gen checks.
func TestSwitchedGrammars(t *testing.T) {
	src, err := os.ReadFile("../generate.go")
	if err != nil {
		t.Fatal(err)
	}
	var got []string
	for _, line := range strings.Split(string(src), "\n") {
		args := strings.Fields(line)
		switch {
		case len(args) >= 4 && args[0] == "//go:generate" && args[1] == "go" && args[2] == "tool" && args[3] == "peg":
		case len(args) >= 5 && args[0] == "//go:generate" && args[1] == "go" && args[2] == "run" && args[3] == "./gen" && args[4] == "peg":
		default:
			continue
		}
		if slices.Contains(args, "-switch") {
			got = append(got, args[len(args)-1])
		}
	}
	if diff := cmp.Diff(switchedGrammars, got); diff != "" {
		t.Errorf("grammars compiled with -switch (-gen +generate.go):\n%s", diff)
	}
}

// TestGuardSwitches checks, on every grammar of testdata/switchcheck.txt
// that checkSwitch refuses, that guardSwitches guards the choice it
// refuses and leaves a grammar it accepts; and that it guards nothing in a
// grammar checkSwitch accepts.
func TestGuardSwitches(t *testing.T) {
	guardedCases := 0
	switchCases(t, func(line int, _ string, order []string, rules map[string]*expr) {
		before := checkSwitch(order, rules)
		guarded := guardSwitches(order, rules)
		switch {
		case before == nil && len(guarded) > 0:
			t.Errorf("line %d: guarded %q in a grammar checkSwitch accepts", line, guarded)
		case before != nil && (len(guarded) == 0 || guarded[0] != before.Error()):
			t.Errorf("line %d: guarded %q, want first %q", line, guarded, before)
		case before != nil:
			guardedCases++
		}
		if err := checkSwitch(order, rules); err != nil {
			t.Errorf("line %d: after guardSwitches: %v", line, err)
		}
	})
	if guardedCases == 0 {
		t.Fatal("no case needed a guard")
	}
}

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
