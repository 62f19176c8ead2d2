package uritest

import (
	"path/filepath"
	"testing"
)

// Escaping is a package's percent-encoding as the table checks see it: its
// functions over strings, and readers of its two error types. Each package
// fills one in; [Escaping.Tables] runs its tables. E is the package's
// *EscapeError.
type Escaping[R comparable, E error] struct {
	// Lookup finds a rule by its name in the grammar.
	Lookup func(name string) (R, bool)
	// Escape, Unescape and Match are the package's functions.
	Escape   func(s string, rule R) (string, error)
	Unescape func(s string) (string, error)
	Match    func(rule R, s string) error
	// Refused reads the code of the reason and the rule of an E.
	Refused func(E) (code string, rule R)
	// Offset reads the offset of the package's *UnescapeError.
	Offset func(error) (int, bool)
}

// Tables runs, as subtests, [EscapeCases] on dir/escape/escape.txt (with
// update, go generate's -update-escape, rewriting its outputs) and
// [UnescapeTable] on dir/unescape.txt.
func (e Escaping[R, E]) Tables(t *testing.T, dir string, update bool) {
	refused := Field(func(err E) Refusal[R] {
		code, rule := e.Refused(err)
		return Refusal[R]{Code: code, Rule: rule}
	})
	t.Run("escape.txt", func(t *testing.T) {
		EscapeCases(t, filepath.Join(dir, "escape", "escape.txt"), update, e.Lookup, e.Escape, refused, e.Match)
	})
	t.Run("unescape.txt", func(t *testing.T) {
		UnescapeTable(t, filepath.Join(dir, "unescape.txt"), e.Unescape, e.Offset)
	})
}

// RoundTrip checks that Escape gives, of s for rule, a string of the rule
// that Unescape decodes to s. If Escape refuses s, it returns the refusal
// and false, for the caller to judge; an error that is not an E fails the
// test.
func (e Escaping[R, E]) RoundTrip(t testing.TB, s string, rule R) (refusal E, ok bool) {
	t.Helper()
	out, err := e.Escape(s, rule)
	if err != nil {
		refusal, ok := As[E](err)
		if !ok {
			t.Fatalf("Escape(%q, %v): %v, not an escape error", s, rule, err)
		}
		return refusal, false
	}
	if err := e.Match(rule, out); err != nil {
		t.Errorf("Escape(%q, %v) = %q, which does not match: %v", s, rule, out, err)
	}
	if back, err := e.Unescape(out); err != nil || back != s {
		t.Errorf("Unescape(Escape(%q, %v) = %q) = %q, %v", s, rule, out, back, err)
	}
	return refusal, true
}
