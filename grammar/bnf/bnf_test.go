package bnf

import (
	"errors"
	"os"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
)

func TestParseAppendixA(t *testing.T) {
	src, err := os.ReadFile("../rfc2396.abnf")
	if err != nil {
		t.Fatal(err)
	}
	defs, err := Parse(string(src))
	if err != nil {
		t.Fatal(err)
	}
	// One definition for each rule line ("name = ..."), in the file's
	// order, however many rules an edit of the grammar makes.
	var want, got []string
	for line := range strings.Lines(string(src)) {
		if name, _, ok := strings.Cut(line, " = "); ok && line[0] != ' ' && line[0] != '\t' && line[0] != ';' {
			want = append(want, name)
		}
	}
	for _, d := range defs {
		got = append(got, d.Name)
	}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("rules (-rule lines +parsed):\n%s", diff)
	}
	if len(defs) == 0 || defs[0].Name != "URI-reference" {
		t.Errorf("the first rule is not URI-reference: %v", got)
	}
}

func TestParseShapes(t *testing.T) {
	lit := func(s string) *Node { return &Node{Kind: Literal, Text: s} }
	ref := func(s string) *Node { return &Node{Kind: RuleRef, Text: s} }
	rep := func(min, max int, n *Node) *Node {
		return &Node{Kind: Repetition, Min: min, Max: max, Children: []*Node{n}}
	}
	tests := []struct {
		line string
		want *Node
	}{
		{`a = "x"`, lit("x")},
		{`a = "x" | "y"`, &Node{Kind: Alternation, Children: []*Node{lit("x"), lit("y")}}},
		{`a = "x" "y"`, &Node{Kind: Concatenation, Children: []*Node{lit("x"), lit("y")}}},
		{`a = [ "x" ]`, rep(0, 1, lit("x"))},
		{`a = *"x"`, rep(0, -1, lit("x"))},
		{`a = 1*"x"`, rep(1, -1, lit("x"))},
		{`a = 2*3"x"`, rep(2, 3, lit("x"))},
		{`a = 2"x"`, rep(2, 2, lit("x"))},
		{`a = *( a | "-" ) a`, &Node{Kind: Concatenation, Children: []*Node{
			rep(0, -1, &Node{Kind: Alternation, Children: []*Node{ref("a"), lit("-")}}), ref("a")}}},
	}
	for _, tt := range tests {
		defs, err := Parse(tt.line)
		if err != nil {
			t.Errorf("Parse(%q): %v", tt.line, err)
			continue
		}
		if diff := cmp.Diff(tt.want, defs[0].Body); diff != "" {
			t.Errorf("Parse(%q) (-want +got):\n%s", tt.line, diff)
		}
	}
}

func TestParseErrors(t *testing.T) {
	tests := []struct{ src, want string }{
		{`a = `, "empty alternative"},
		{`a = *`, "unexpected end of line"},
		{`a "x"`, `expected "=" after rule name a`},
		{`a = ( "x"`, `expected ')'`},
		{`a = "x`, "unterminated literal"},
		{`a = <US-ASCII coded characters 00-1F and 7F hexadecimal>`, "prose value"},
		{`a = b`, "undefined rule b"},
		{"a = \"x\"\na = \"y\"", "defined twice"},
		{`a = "x" |`, "empty alternative"},
	}
	for _, tt := range tests {
		_, err := Parse(tt.src)
		if err == nil || !strings.Contains(err.Error(), tt.want) {
			t.Errorf("Parse(%q) = %v, want an error containing %q", tt.src, err, tt.want)
		}
	}
	var serr *SyntaxError
	if _, err := Parse("a = \"x\"\nb = )"); !errors.As(err, &serr) || serr.Line != 2 {
		t.Errorf("error %v: want a *SyntaxError on line 2", err)
	}
}
