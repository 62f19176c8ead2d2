package conformance_test

import (
	"context"
	"strings"
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
		"RunError":                 func() { _ = (*conformance.RunError)(nil).Error() + (&conformance.RunError{}).Error() },
		"RunError.Unwrap":          func() { (*conformance.RunError)(nil).Unwrap() },
		"Selection.Selects":        func() { (*conformance.Selection)(nil).Selects("a", "b", "c") },
		"Selection.Apply":          func() { (*conformance.Selection)(nil).Apply(nil) },
		"zero Selection.Apply":     func() { (&conformance.Selection{}).Apply(&conformance.Suite{}) },
		"EscapeOutput":             func() { conformance.EscapeOutput("") },
		"Components":               func() { conformance.Components{}.Get("x") },
		"ItemKind":                 func() { _ = conformance.ItemKind(0).String() + conformance.ItemKind(0).Code() },
		"TSVUnescape":              func() { conformance.TSVUnescape(`\`) },
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

// TestZeroArguments calls every exported function that takes a pointer,
// a name or options with nil, empty and ill-formed ones: each returns an
// error that says what is missing, and none panics.
func TestZeroArguments(t *testing.T) {
	noOffset := &conformance.Suite{Standard: conformance.RFC2396, Validity: []conformance.ValidityCase{{ID: "v1", Rule: "URI-reference", Input: "a b"}}}
	badOffset := &conformance.Suite{Standard: conformance.RFC2396, Validity: []conformance.ValidityCase{{ID: "v1", Rule: "URI-reference", Input: "a b", Offset: new(int)}}}
	*badOffset.Validity[0].Offset = -1
	for _, c := range []struct {
		name string
		f    func() error
		says string
	}{
		{"Files(nil)", func() error { _, err := conformance.Files(nil); return err }, "no suite"},
		{"WriteDir(dir, nil)", func() error { return conformance.WriteDir(t.TempDir(), nil) }, "no suite"},
		{"WriteDir(\"\", s)", func() error { return conformance.WriteDir("", &conformance.Suite{}) }, "no directory"},
		{"ReadDir(\"\")", func() error { _, err := conformance.ReadDir(""); return err }, "no directory"},
		{"RunGrade(nil suite)", func() error {
			_, err := conformance.RunGrade(context.Background(), nil, conformance.DefaultGradeOptions([]string{"true"}))
			return err
		}, "no suite"},
		{"RunGrade(zero options)", func() error {
			_, err := conformance.RunGrade(context.Background(), &conformance.Suite{}, conformance.GradeOptions{})
			return err
		}, "no command"},
		{"RunGrade(DefaultGradeOptions(nil))", func() error {
			_, err := conformance.RunGrade(context.Background(), &conformance.Suite{}, conformance.DefaultGradeOptions(nil))
			return err
		}, "no command"},
		{"RunGrade(negative without offset)", func() error {
			_, err := conformance.RunGrade(context.Background(), noOffset, conformance.DefaultGradeOptions([]string{"true"}))
			return err
		}, `"v1": a negative case needs an offset`},
		{"RunGrade(negative offset)", func() error {
			_, err := conformance.RunGrade(context.Background(), badOffset, conformance.DefaultGradeOptions([]string{"true"}))
			return err
		}, `"v1": a negative case needs an offset`},
		{"NewCoverage(unknown standard)", func() error { _, err := conformance.NewCoverage("rfc1738", ""); return err }, "rfc1738"},
		{"Generate(unknown profile)", func() error {
			_, _, err := conformance.Generate(conformance.Options{Standard: conformance.RFC3986, Profile: "java"})
			return err
		}, "unknown profile"},
	} {
		t.Run(c.name, func(t *testing.T) {
			var err error
			func() {
				defer func() {
					if r := recover(); r != nil {
						t.Errorf("panic %v", r)
					}
				}()
				err = c.f()
			}()
			if err == nil || !strings.Contains(err.Error(), c.says) {
				t.Errorf("err = %v, want one saying %q", err, c.says)
			}
		})
	}
}
