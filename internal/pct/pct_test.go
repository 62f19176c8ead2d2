package pct

import (
	"strings"
	"testing"
)

func TestDecode(t *testing.T) {
	tests := []struct {
		in, want string
		bad      int
	}{
		{"", "", -1},
		{"abc", "abc", -1},
		{"%41%62%2f", "Ab/", -1},
		{"%00%FF", "\x00\xff", -1},
		{"a%", "", 1},
		{"a%4", "", 1},
		{"%4g", "", 0},
		{"%41%", "", 3},
	}
	for _, tt := range tests {
		got, bad := Decode(tt.in)
		if got != tt.want || bad != tt.bad {
			t.Errorf("Decode(%q) = %q, %d; want %q, %d", tt.in, got, bad, tt.want, tt.bad)
		}
	}
}

func TestTableEscape(t *testing.T) {
	alnum := SetOf("abc")
	slash := SetOf("/")
	segment := &Table{Raw: alnum, First: alnum}
	nonEmpty := &Table{Raw: alnum, First: alnum, NonEmpty: true}
	absolute := &Table{Raw: alnum, First: slash, Keep: slash, FirstSegment: alnum}
	rootless := &Table{Raw: alnum, First: alnum, Keep: slash, FirstSegment: alnum}
	tests := []struct {
		t       *Table
		in      string
		want    string
		problem Problem
	}{
		{segment, "ab c/", "ab%20c%2F", NoProblem},
		{segment, "", "", NoProblem},
		{nonEmpty, "", "", Empty},
		{absolute, "/a b/c", "/a%20b/c", NoProblem},
		{absolute, "a", "", MustStartWithSeparator},
		{rootless, "a/b", "a/b", NoProblem},
		{rootless, "/a", "", StartsWithSeparator},
		{segment, "\xff", "%FF", NoProblem},
	}
	for _, tt := range tests {
		got, p := tt.t.Escape(tt.in)
		if got != tt.want || p != tt.problem {
			t.Errorf("Escape(%q) = %q, %d; want %q, %d", tt.in, got, p, tt.want, tt.problem)
		}
	}
}

// testRule is a made-up grammar's rule type for Grammar.
type testRule int

func (r testRule) String() string { return [...]string{"segment", "scheme", "path"}[r] }

func TestGrammar(t *testing.T) {
	g := Grammar[testRule]{
		Tables: map[testRule]*Table{
			0: {Raw: SetOf("ab"), First: SetOf("ab")},
			2: {Raw: SetOf("ab"), First: SetOf("/"), Keep: SetOf("/"), NonEmpty: true},
		},
		NumRules: 3,
	}
	if got, want := g.Rules(), []testRule{0, 2}; len(got) != 2 || got[0] != want[0] || got[1] != want[1] {
		t.Errorf("Rules() = %v, want %v", got, want)
	}
	tests := []struct {
		s       string
		rule    testRule
		out     string
		reason  Reason
		problem Problem
	}{
		{"a c", 0, "a%20%63", 0, NoProblem},
		{"a", 1, "", UnsupportedRule, NoProblem},
		{"a", 7, "", UnsupportedRule, NoProblem},
		{"", 2, "", EmptyString, Empty},
		{"a/b", 2, "", BadStart, MustStartWithSeparator},
	}
	for _, tt := range tests {
		out, reason, problem := g.Escape(tt.s, tt.rule)
		if out != tt.out || reason != tt.reason || problem != tt.problem {
			t.Errorf("Escape(%q, %v) = %q, %v, %v; want %q, %v, %v", tt.s, tt.rule, out, reason, problem, tt.out, tt.reason, tt.problem)
		}
	}
}

func TestReasonCode(t *testing.T) {
	for r, want := range map[Reason]string{0: "unknown", UnsupportedRule: "unsupported-rule", EmptyString: "empty", BadStart: "bad-start", 9: "unknown"} {
		if got := r.Code(); got != want {
			t.Errorf("Reason(%d).Code() = %q, want %q", r, got, want)
		}
	}
	if got, want := ErrorMessage("rfc2396", "escape", "segment", "why", ""), "rfc2396: cannot escape for segment: why"; got != want {
		t.Errorf("ErrorMessage = %q, want %q", got, want)
	}
	if got, want := ErrorMessage("rfc3986", "percent-encode", "path", "why", "detail"), "rfc3986: cannot percent-encode for path: why (detail)"; got != want {
		t.Errorf("ErrorMessage = %q, want %q", got, want)
	}
}

// TestGrammarEscapeNoString: a result the grammar's Match refuses (a path
// of another structure, a string of another length) is reported, not
// returned.
func TestGrammarEscapeNoString(t *testing.T) {
	path := &Table{Raw: SetOf("abc/"), First: SetOf("abc/"), Keep: SetOf("/"), FirstSegment: SetOf("abc/")}
	data := &Table{Raw: SetOf("abc"), First: SetOf("abc")}
	noEmptySegment := func(rule int, s string) bool { return rule != 0 || !strings.Contains(s, "//") }
	atLeastTwo := func(rule int, s string) bool { return rule != 1 || len(s) >= 2 }
	g := Grammar[testRule]{Tables: map[testRule]*Table{0: path, 1: data}, NumRules: 2, Match: func(r testRule, s string) bool { return noEmptySegment(int(r), s) && atLeastTwo(int(r), s) }}
	for _, tt := range []struct {
		in      string
		rule    testRule
		want    string
		problem Problem
	}{
		{"a/b", 0, "a/b", NoProblem},
		{"a//b", 0, "", Unrepresentable},
		{"a//b", 1, "a%2F%2Fb", NoProblem},
		{"a", 1, "", Unrepresentable},
		{"/", 1, "%2F", NoProblem},
	} {
		out, reason, problem := g.Escape(tt.in, tt.rule)
		if out != tt.want || problem != tt.problem || reason != problem.Reason() {
			t.Errorf("Escape(%q, %d) = %q, %v, %v; want %q, %v", tt.in, tt.rule, out, reason, problem, tt.want, tt.problem)
		}
	}
	if NoString.Code() != "no-string" {
		t.Errorf("NoString.Code() = %q", NoString.Code())
	}
}
