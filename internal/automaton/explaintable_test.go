package automaton

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// explainRule is a rule of the one-rule grammar TestExplainTableRows
// explains: "a" followed by digits.
type explainRule int

func (explainRule) String() string { return "r" }

// explainDigits explains s as "a" *DIGIT: the first byte that breaks it.
func explainDigits(_ explainRule, s string) Explanation[explainRule] {
	for i := 0; i < len(s); i++ {
		if i == 0 && s[i] != 'a' || i > 0 && (s[i] < '0' || s[i] > '9') {
			return Explanation[explainRule]{Offset: i, Path: []explainRule{0}, AltPath: []explainRule{0}, Expected: "x"}
		}
	}
	return Explanation[explainRule]{Matched: true, Offset: len(s), Path: []explainRule{0}, AltPath: []explainRule{0}, Expected: "end"}
}

// TestExplainTableRows checks how a table's rows are read: a whole row
// is held to explain, a new row of a rule and an input is completed by
// the rewrite and refused by the check, and a row of any other shape is
// an error that says which shapes there are.
func TestExplainTableRows(t *testing.T) {
	lookup := func(name string) (explainRule, bool) { return 0, name == "r" }
	path := filepath.Join(t.TempDir(), "explain.txt")
	write := func(s string) {
		t.Helper()
		if err := os.WriteFile(path, []byte(s), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	const whole = "# a comment\nr\t\"a1b\"\t2\tr\tr\tx\n"
	write(whole + "r\t\"b\"\n")
	if err := CheckExplainTable(path, false, explainDigits, lookup); err == nil || !strings.Contains(err.Error(), ":3: the row says") {
		t.Errorf("a new row, checked: got %v, want an error for line 3", err)
	}
	if err := CheckExplainTable(path, true, explainDigits, lookup); err != nil {
		t.Fatal(err)
	}
	if b, _ := os.ReadFile(path); string(b) != whole+"r\t\"b\"\t0\tr\tr\tx\n" {
		t.Errorf("the rewritten table:\n%s", b)
	}
	if err := CheckExplainTable(path, false, explainDigits, lookup); err != nil {
		t.Errorf("the rewritten table, checked: %v", err)
	}
	write("r\t\"b\"\t0\n")
	if err := CheckExplainTable(path, true, explainDigits, lookup); err == nil || !strings.Contains(err.Error(), "or 2 (a new row's rule and input") {
		t.Errorf("a row of 3 fields: got %v, want an error naming both shapes", err)
	}
}
