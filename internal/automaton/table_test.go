package automaton

import (
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/rfc2396/rfc2396/grammar/bnf"
)

// table builds the Table of rule start of a small grammar, with rule names
// for rules.
func table(t *testing.T, abnf string) *Table[string] {
	t.Helper()
	defs, err := bnf.ParseABNF(abnf)
	if err != nil {
		t.Fatal(err)
	}
	defs = bnf.WithCore(defs)
	g, err := NewGrammar(defs, nil, []string{"ucschar", "ALPHA", "DIGIT"})
	if err != nil {
		t.Fatal(err)
	}
	names := make([]string, len(defs))
	for i, d := range defs {
		names[i] = d.Name
	}
	tab, err := TableFromDFA(g.Build(0), names)
	if err != nil {
		t.Fatal(err)
	}
	return tab
}

func TestMatchAndExplain(t *testing.T) {
	tab := table(t, "pair = key \"=\" value\nkey = 1*ALPHA\nvalue = 1*DIGIT / \"-\"\n")
	tests := []struct {
		in   string
		want Explanation[string]
	}{
		{"a=1", Explanation[string]{Matched: true, Offset: 3, Path: []string{"pair", "value"}, AltPath: []string{"pair", "value"}, Expected: "DIGIT or end of input"}},
		{"ab=-", Explanation[string]{Matched: true, Offset: 4, Path: []string{"pair", "value"}, AltPath: []string{"pair", "value"}, Expected: "end of input"}},
		{"", Explanation[string]{Offset: 0, Path: []string{"pair"}, AltPath: []string{"pair"}, Expected: "ALPHA"}},
		{"a=", Explanation[string]{Offset: 2, Path: []string{"pair"}, AltPath: []string{"pair"}, Expected: `DIGIT or "-"`}},
		{"a=-1", Explanation[string]{Offset: 3, Path: []string{"pair", "value"}, AltPath: []string{"pair", "value"}, Expected: "end of input"}},
		{"a\xff", Explanation[string]{Offset: 1, Path: []string{"pair", "key"}, AltPath: []string{"pair", "key"}, Expected: `ALPHA or "="`}},
	}
	for _, tt := range tests {
		got := tab.Explain(tt.in)
		if diff := cmp.Diff(tt.want, got); diff != "" {
			t.Errorf("Explain(%q) (-want +got):\n%s", tt.in, diff)
		}
		if m := tab.Match(tt.in); m != tt.want.Matched {
			t.Errorf("Match(%q) = %v, Explain says %v", tt.in, m, tt.want.Matched)
		}
	}
}

// TestTableFromDFALimits: a table's 16-bit entries reach the last state of
// the largest automaton they can hold, and a larger one is an error.
func TestTableFromDFALimits(t *testing.T) {
	// A chain of states over one byte class: state i goes to i+1, the
	// last state accepts and has no transition.
	chain := func(states int) *DFA {
		d := &DFA{Classes: 1, Trans: make([]int32, states), States: make([]State, states)}
		for i := range d.Trans {
			d.Trans[i] = int32(i + 1)
		}
		d.Trans[states-1] = -1
		d.States[states-1].Accepting = true
		return d
	}
	tab, err := TableFromDFA(chain(MaxTrans), []string{"r"})
	if err != nil {
		t.Fatal(err)
	}
	long := strings.Repeat("a", MaxTrans-1)
	if !tab.Match(long) || tab.Match(long[1:]) || tab.Match(long+"a") {
		t.Errorf("the chain of %d states matches wrongly", MaxTrans)
	}
	if got := tab.Explain(long + "a"); got.Matched || got.Offset != MaxTrans-1 {
		t.Errorf("Explain past the last state: %+v", got)
	}
	if _, err := TableFromDFA(chain(MaxTrans+1), []string{"r"}); err == nil || !strings.Contains(err.Error(), "at most 65535") {
		t.Errorf("a table of %d transitions: %v, want an error", MaxTrans+1, err)
	}
}

// TestExplainCodePoints checks that an error inside a UTF-8 sequence, or
// right after one cut short, is reported at the sequence's first byte and
// describes what could have come there, for a rule with RFC 3987's
// code-point ranges. ichar and ucschar are at the character level (each
// of their strings is one code point), so paths leave them out.
func TestExplainCodePoints(t *testing.T) {
	tab := table(t, "text = 1*ichar\nichar = ALPHA / ucschar\nucschar = %xA0-D7FF / %xF900-FDCF / %xFDF0-FFEF / %x10000-1FFFD\n")
	tests := []struct {
		in   string
		want Explanation[string]
	}{
		{"a\u00e9\U00010000", Explanation[string]{Matched: true, Offset: 7, Path: []string{"text"}, AltPath: []string{"text"}, Expected: "ucschar, ALPHA or end of input"}},
		{"ab\ufdd0", Explanation[string]{Offset: 2, Path: []string{"text"}, AltPath: []string{"text"}, Expected: "ucschar, ALPHA or end of input"}},
		{"ab\xed\xa0\x80", Explanation[string]{Offset: 2, Path: []string{"text"}, AltPath: []string{"text"}, Expected: "ucschar, ALPHA or end of input"}},
		{"ab\xe2\x82", Explanation[string]{Offset: 2, Path: []string{"text"}, AltPath: []string{"text"}, Expected: "ucschar, ALPHA or end of input"}},
		{"ab\xe2\x82c", Explanation[string]{Offset: 2, Path: []string{"text"}, AltPath: []string{"text"}, Expected: "ucschar, ALPHA or end of input"}},
		{"\xe2", Explanation[string]{Offset: 0, Path: []string{"text"}, AltPath: []string{"text"}, Expected: "ucschar or ALPHA"}},
		{"a\u00e9 ", Explanation[string]{Offset: 3, Path: []string{"text"}, AltPath: []string{"text"}, Expected: "ucschar, ALPHA or end of input"}},
	}
	for _, tt := range tests {
		got := tab.Explain(tt.in)
		if diff := cmp.Diff(tt.want, got); diff != "" {
			t.Errorf("Explain(%+q) (-want +got):\n%s", tt.in, diff)
		}
		if m := tab.Match(tt.in); m != tt.want.Matched {
			t.Errorf("Match(%+q) = %v, Explain says %v", tt.in, m, tt.want.Matched)
		}
	}
}
