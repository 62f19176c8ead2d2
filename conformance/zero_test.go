package conformance_test

import (
	"testing"

	"github.com/rfc2396/rfc2396/conformance"
)

// TestZeroValues calls every method of the package's exported types on nil
// and zero values: each works or reports nothing, and none panics.
func TestZeroValues(t *testing.T) {
	for name, f := range map[string]func(){
		"Category":                 func() { (*conformance.Category)(nil).Groups() },
		"Coverage.Add":             func() { (*conformance.Coverage)(nil).Add("a", "b") },
		"Coverage.Counts":          func() { (*conformance.Coverage)(nil).Counts() },
		"Coverage.CountsFrom":      func() { (*conformance.Coverage)(nil).CountsFrom("a") },
		"Coverage.Covered":         func() { (*conformance.Coverage)(nil).Covered() },
		"Coverage.Missing":         func() { (*conformance.Coverage)(nil).Missing() },
		"Coverage.Reachable":       func() { (*conformance.Coverage)(nil).Reachable("a") },
		"zero Coverage.Add":        func() { (&conformance.Coverage{}).Add("a", "b") },
		"zero Coverage.Counts":     func() { (&conformance.Coverage{}).Counts() },
		"zero Coverage.Reachable":  func() { (&conformance.Coverage{}).Reachable("a") },
		"zero Coverage.CountsFrom": func() { (&conformance.Coverage{}).CountsFrom("a") },
		"Grade":                    func() { (*conformance.Grade)(nil).Full() },
		"Components":               func() { conformance.Components{}.Get("x") },
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
