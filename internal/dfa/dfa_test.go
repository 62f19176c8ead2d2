package dfa

import (
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/rfc2396/rfc2396/grammar/bnf"
	"github.com/rfc2396/rfc2396/internal/automaton"
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
	g, err := automaton.NewGrammar(defs, nil, []string{"ALPHA", "DIGIT"})
	if err != nil {
		t.Fatal(err)
	}
	names := make([]string, len(defs))
	for i, d := range defs {
		names[i] = d.Name
	}
	return FromDFA(g.Build(0), names)
}

func TestMatchAndExplain(t *testing.T) {
	tab := table(t, "pair = key \"=\" value\nkey = 1*ALPHA\nvalue = 1*DIGIT / \"-\"\n")
	tests := []struct {
		in   string
		want Result[string]
	}{
		{"a=1", Result[string]{Matched: true, Offset: 3, Path: []string{"pair", "value"}, AltPath: []string{"pair", "value"}, Expected: "DIGIT or end of input"}},
		{"ab=-", Result[string]{Matched: true, Offset: 4, Path: []string{"pair", "value"}, AltPath: []string{"pair", "value"}, Expected: "end of input"}},
		{"", Result[string]{Offset: 0, Path: []string{"pair"}, AltPath: []string{"pair"}, Expected: "ALPHA"}},
		{"a=", Result[string]{Offset: 2, Path: []string{"pair"}, AltPath: []string{"pair"}, Expected: `DIGIT or "-"`}},
		{"a=-1", Result[string]{Offset: 3, Path: []string{"pair", "value"}, AltPath: []string{"pair", "value"}, Expected: "end of input"}},
		{"a\xff", Result[string]{Offset: 1, Path: []string{"pair", "key"}, AltPath: []string{"pair", "key"}, Expected: `ALPHA or "="`}},
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
