package syntax_test

import (
	"errors"
	"fmt"
	"io/fs"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/rfc2396/rfc2396/internal/syntax"
)

// target is the error type the tests look for.
type target struct{ N int }

func (e *target) Error() string { return fmt.Sprint("target ", e.N) }

// converter is not a *target but turns into one through its As method.
type converter struct{ n int }

func (c converter) Error() string { return "converter" }

func (c converter) As(v any) bool {
	if p, ok := v.(**target); ok {
		*p = &target{c.n}
		return true
	}
	return false
}

// refuser has an As method that takes nothing.
type refuser struct{ error }

func (refuser) As(any) bool { return false }

// TestErrorAs checks that ErrorAs finds what errors.As finds, in the same place of
// the chain, for every shape of chain errors.As knows.
func TestErrorAs(t *testing.T) {
	one, two := &target{1}, &target{2}
	other := errors.New("other")
	tests := []struct {
		name string
		err  error
	}{
		{"nil", nil},
		{"other", other},
		{"the target", one},
		{"wrapped", fmt.Errorf("a: %w", one)},
		{"wrapped twice", fmt.Errorf("a: %w", fmt.Errorf("b: %w", two))},
		{"joined, the first that matches", errors.Join(other, one, two)},
		{"joined inside wrapped", fmt.Errorf("a: %w", errors.Join(other, fmt.Errorf("b: %w", two)))},
		{"several %w", fmt.Errorf("%w and %w", other, two)},
		{"an As method", converter{3}},
		{"an As method, wrapped", fmt.Errorf("a: %w", converter{4})},
		{"an As method that refuses, then the target", refuser{fmt.Errorf("x: %w", one)}},
		{"a wrap of nothing", fmt.Errorf("a: %w", nil)},
		{"a standard error", &fs.PathError{Op: "open", Path: "x", Err: fs.ErrNotExist}},
	}
	for _, tt := range tests {
		var want *target
		wantOK := errors.As(tt.err, &want)
		got, gotOK := syntax.ErrorAs[*target](tt.err)
		if gotOK != wantOK || !cmp.Equal(got, want) {
			t.Errorf("%s: ErrorAs = %v, %v; errors.As = %v, %v", tt.name, got, gotOK, want, wantOK)
		}
	}
	// A type that is not a pointer.
	if e, ok := syntax.ErrorAs[converter](fmt.Errorf("a: %w", converter{5})); !ok || e.n != 5 {
		t.Errorf("ErrorAs[converter] = %v, %v", e, ok)
	}
	if pe, ok := syntax.ErrorAs[*fs.PathError](fmt.Errorf("a: %w", &fs.PathError{Op: "open"})); !ok || pe.Op != "open" {
		t.Errorf("ErrorAs[*fs.PathError] = %v, %v", pe, ok)
	}
}

func ExampleErrorAs() {
	err := fmt.Errorf("reading the base: %w", &fs.PathError{Op: "open", Path: "base.txt", Err: fs.ErrNotExist})
	if pe, ok := syntax.ErrorAs[*fs.PathError](err); ok {
		fmt.Println(pe.Path)
	}
	// Output: base.txt
}
