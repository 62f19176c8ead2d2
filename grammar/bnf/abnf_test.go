package bnf

import (
	"os"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
)

func TestParseABNFAppendixA(t *testing.T) {
	src, err := os.ReadFile("../rfc3986.abnf")
	if err != nil {
		t.Fatal(err)
	}
	defs, err := ParseABNF(string(src))
	if err != nil {
		t.Fatal(err)
	}
	if len(defs) != 36 {
		t.Fatalf("%d rules, want 36", len(defs))
	}
	if defs[0].Name != "URI" || defs[35].Name != "sub-delims" {
		t.Errorf("first and last rules: %s, %s", defs[0].Name, defs[35].Name)
	}
	var names []string
	for _, d := range WithCore(defs)[36:] {
		names = append(names, d.Name)
	}
	if diff := cmp.Diff([]string{"ALPHA", "DIGIT", "HEXDIG"}, names); diff != "" {
		t.Errorf("core rules added (-want +got):\n%s", diff)
	}
}

func TestParseABNFShapes(t *testing.T) {
	lit := func(s string) *Node { return &Node{Kind: Literal, Text: s} }
	fold := func(s string) *Node { return &Node{Kind: Literal, Text: s, Fold: true} }
	ref := func(s string) *Node { return &Node{Kind: RuleRef, Text: s} }
	rng := func(lo, hi int) *Node { return &Node{Kind: CharRange, Min: lo, Max: hi} }
	rep := func(min, max int, n *Node) *Node {
		return &Node{Kind: Repetition, Min: min, Max: max, Children: []*Node{n}}
	}
	alt := func(n ...*Node) *Node { return &Node{Kind: Alternation, Children: n} }
	cat := func(n ...*Node) *Node { return &Node{Kind: Concatenation, Children: n} }
	tests := []struct {
		src  string
		want *Node
	}{
		{`a = "v"`, fold("v")},
		{`a = "x" / "y"`, alt(fold("x"), fold("y"))},
		{`a = "x" | "y"`, nil}, // "|" is not RFC 5234
		{`a = %x41`, lit("A")},
		{`a = %x41.42.43`, lit("ABC")},
		{`a = %d65-90`, rng(65, 90)},
		{`a = %b1000001`, lit("A")},
		{`a = %x30-39 DIGIT`, cat(rng(0x30, 0x39), ref("DIGIT"))},
		{`a = 1*4HEXDIG`, rep(1, 4, ref("HEXDIG"))},
		{`a = 2DIGIT`, rep(2, 2, ref("DIGIT"))},
		{`a = *( b / "-" ) ; comment / "z"` + "\nb = %x62", rep(0, -1, alt(ref("b"), fold("-")))},
		{"a = \"x\"\n     / \"y\" ; continued\n", alt(fold("x"), fold("y"))},
		{"a = \"x\"\na =/ \"y\"", alt(fold("x"), fold("y"))},
		{`a = 0<pchar>`, rep(0, 0, &Node{Kind: Prose, Text: "pchar"})},
		{`a = [ digit ]`, rep(0, 1, ref("DIGIT"))}, // names are case-insensitive
		{`a = ";"`, fold(";")},
	}
	for _, tt := range tests {
		defs, err := ParseABNF(tt.src)
		if tt.want == nil {
			if err == nil {
				t.Errorf("ParseABNF(%q) succeeded, want an error", tt.src)
			}
			continue
		}
		if err != nil {
			t.Errorf("ParseABNF(%q): %v", tt.src, err)
			continue
		}
		if diff := cmp.Diff(tt.want, defs[0].Body); diff != "" {
			t.Errorf("ParseABNF(%q) (-want +got):\n%s", tt.src, diff)
		}
	}
}

func TestParseABNFLine(t *testing.T) {
	defs, err := ParseABNF("dec-octet = DIGIT  ; 0-9\n   / \"25\" %x30-35 ; 250-255\n")
	if err != nil {
		t.Fatal(err)
	}
	if want := `dec-octet = DIGIT / "25" %x30-35`; defs[0].Line != want {
		t.Errorf("Line = %q, want %q", defs[0].Line, want)
	}
}

func TestParseABNFErrors(t *testing.T) {
	tests := []struct{ src, want string }{
		{`a = <prose>`, "not machine-readable"},
		{`a = 1<prose>`, "not machine-readable"},
		{`a = *<prose>`, "not machine-readable"},
		{`a = %x110000`, "beyond the last code point"},
		{`a = %x39-30`, "empty range"},
		{`a = %q41`, "expected x, d or b"},
		{`a = b`, "undefined rule b"},
		{"a = \"x\"\nA = \"y\"", "defined twice"},
		{`a =/ "x"`, "before the rule is defined"},
		{" a = \"x\"", "continuation line before the first rule"},
		{`a = "x`, "unterminated literal"},
	}
	for _, tt := range tests {
		_, err := ParseABNF(tt.src)
		if err == nil || !strings.Contains(err.Error(), tt.want) {
			t.Errorf("ParseABNF(%q) = %v, want an error containing %q", tt.src, err, tt.want)
		}
	}
}

// TestRFC2396DialectUnchanged checks that the RFC 2396 reader does not take
// up RFC 5234 notation: its literals stay exact and "/" is no alternation.
func TestRFC2396DialectUnchanged(t *testing.T) {
	defs, err := Parse(`a = "v"`)
	if err != nil || defs[0].Body.Fold {
		t.Errorf("Parse: %v, fold %v", err, err == nil && defs[0].Body.Fold)
	}
	for _, src := range []string{`a = "x" / "y"`, `a = %x41`, `a = 0<p>`} {
		if _, err := Parse(src); err == nil {
			t.Errorf("Parse(%q) succeeded in the RFC 2396 dialect", src)
		}
	}
}

func TestCoreRules(t *testing.T) {
	core := CoreRules()
	if len(core) != 16 || core[0].Name != "ALPHA" || core[8].Name != "HEXDIG" {
		t.Fatalf("core rules: %d, %v", len(core), core[0].Name)
	}
	if !core[8].Body.Children[1].Fold {
		t.Errorf("HEXDIG's letters must match in either case")
	}
}
