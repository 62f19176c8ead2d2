package grammar_test

import (
	"testing"

	"github.com/rfc2396/rfc2396/grammar"
	g3986 "github.com/rfc2396/rfc2396/rfc3986/grammar"
)

// TestZeroValues calls the methods of both catalogues' enums with values
// out of range: none panics.
func TestZeroValues(t *testing.T) {
	for name, f := range map[string]func(){
		"Rule(-1)":  func() { r := grammar.Rule(-1); _, _, _ = r.String(), r.Info(), r.IsCharacterLevel(); r.Definition(0) },
		"Rule(999)": func() { r := grammar.Rule(999); _, _, _ = r.String(), r.Info(), r.IsCharacterLevel(); r.Definition(0) },
		"Edit(99)":  func() { e := grammar.Edit(99); _, _, _ = e.Code(), e.String(), e.Info() },
		"Edit(-1)":  func() { e := grammar.Edit(-1); _, _, _ = e.Code(), e.String(), e.Info() },
		"EditSet": func() {
			s := grammar.EditSet(1<<63 | 1<<40)
			_, _, _ = s.String(), s.Edits(), s.Missing()
			_, _ = s.With(grammar.Edit(99)), s.Has(grammar.Edit(-1))
		},
		"EditKind": func() { k := grammar.EditKind(99); _, _ = k.Code(), k.String() },
		"3986 Rule": func() {
			r := g3986.Rule(-1)
			_, _, _ = r.String(), r.Info(), r.IsCharacterLevel()
			r = 999
			_, _ = r.String(), r.Info()
		},
	} {
		func() {
			defer func() {
				if r := recover(); r != nil {
					t.Errorf("%s: panic %v", name, r)
				}
			}()
			f()
		}()
	}
}
