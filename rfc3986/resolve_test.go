package rfc3986_test

import (
	"errors"
	"slices"
	"strings"
	"testing"

	"github.com/rfc2396/rfc2396/internal/oracle"
	"github.com/rfc2396/rfc2396/internal/uritest"
	"github.com/rfc2396/rfc2396/rfc3986"
)

// TestResolveSection54 runs every example of RFC 3986 section 5.4 (5.4.1
// and 5.4.2), taken line by line from the RFC text.
func TestResolveSection54(t *testing.T) {
	rows := uritest.ReadTable(t, "../testdata/rfc3986/resolve-5.4.txt", 0)
	var base string
	n := 0
	facts := oracle.NewFacts3986()
	for _, r := range rows {
		row := r.Fields
		if row[0] == "base" {
			base = row[1]
			continue
		}
		n++
		if !facts.Hold(base, row[0], row[1]) {
			t.Logf("resolve-5.4.txt:%d: %s", r.Line, oracle.NotHeld)
			continue
		}
		var opts []rfc3986.ResolveOption
		if len(row) == 3 && row[2] == "non-strict" {
			opts = append(opts, rfc3986.BackwardsCompatibleScheme())
		}
		got, warnings, err := rfc3986.Resolve(base, row[0], opts...)
		if err != nil || got != row[1] || len(warnings) != 0 {
			t.Errorf("Resolve(%q, %q) = %q, %v, %v; want %q", base, row[0], got, warnings, err, row[1])
		}
	}
	if n != 43 {
		t.Errorf("%d examples, want 43 (section 5.4 has 42 and one non-strict reading)", n)
	}
}

func TestResolveMore(t *testing.T) {
	facts := oracle.NewFacts3986()
	for _, r := range uritest.ReadTable(t, "../testdata/rfc3986/resolve-more.txt", 4) {
		row := r.Fields
		if refs := row[:3]; row[2] == "error" && !facts.Hold(refs[:2]...) || row[2] != "error" && !facts.Hold(refs...) {
			t.Logf("resolve-more.txt:%d: %s", r.Line, oracle.NotHeld)
			continue
		}
		got, warnings, err := rfc3986.Resolve(row[0], row[1])
		gotCodes := uritest.Codes(warnings)
		if row[2] == "error" {
			if err == nil {
				t.Errorf("Resolve(%q, %q) = %q, want an error", row[0], row[1], got)
			}
			continue
		}
		if err != nil || got != row[2] || gotCodes != row[3] {
			t.Errorf("Resolve(%q, %q) = %q, warnings %s, %v; want %q, warnings %s", row[0], row[1], got, gotCodes, err, row[2], row[3])
		}
	}
}

func TestResolveErrors(t *testing.T) {
	var rerr *rfc3986.ResolveError
	if _, _, err := rfc3986.Resolve("//a/b", "g"); !errors.As(err, &rerr) || rerr.Reason != rfc3986.RelativeBase || rerr.Err != nil {
		t.Errorf("relative base: %v", err)
	}
	var perr *rfc3986.Error
	if _, _, err := rfc3986.Resolve("a b:", "g"); !errors.As(err, &rerr) || rerr.Reason != rfc3986.InvalidBase || !errors.As(err, &perr) || perr.Offset != 1 {
		t.Errorf("invalid base: %v", err)
	}
	// The messages name the rule that holds the text before the bad byte,
	// as the grammar in force reads it.
	facts := oracle.NewFacts3986()
	if !facts.Hold("a b:") {
		t.Logf("a b: %s", oracle.NotHeld)
	} else if _, _, err := rfc3986.Resolve("a b:", "g"); err == nil || !strings.HasPrefix(err.Error(), `rfc3986: invalid base URI: offset 1: invalid character ' ' in URI-reference; expected `) {
		t.Errorf("invalid base: message %v", err)
	}
	if !facts.Hold("http://a/", "a b") {
		t.Logf("http://a/, a b: %s", oracle.NotHeld)
	} else if _, _, err := rfc3986.Resolve("http://a/", "a b"); !errors.As(err, &rerr) || rerr.Reason != rfc3986.InvalidReference || rerr.Ref != "a b" || !errors.As(err, &perr) || perr.Offset != 1 {
		t.Errorf("invalid reference: %v", err)
	} else if want := `rfc3986: invalid reference: offset 1: invalid character ' ' in segment-nz-nc; expected `; facts.Hold("a b") && !strings.HasPrefix(err.Error(), want) {
		t.Errorf("invalid reference: message %q, want it to start %q", err, want)
	}
}

// TestRemoveDotSegments covers every step of section 5.2.4, including the
// RFC's two worked examples.
func TestRemoveDotSegments(t *testing.T) {
	tests := []struct{ in, want string }{
		{"/a/b/c/./../../g", "/a/g"}, // section 5.2.4's first example
		{"mid/content=5/../6", "mid/6"},
		{"", ""},
		{".", ""},
		{"..", ""},
		{"./", ""},
		{"../", ""},
		{"../a", "a"},
		{"./a", "a"},
		{"/.", "/"},
		{"/..", "/"},
		{"/./a", "/a"},
		{"/../a", "/a"},
		{"/a/..", "/"},
		{"/a/.", "/a/"},
		{"/a/b/..", "/a/"},
		{"a/..", "/"},
		{"a/../b", "/b"},
		{"/a/.b/..c/b..", "/a/.b/..c/b.."},
		{"//a/../b", "//b"},
		{"/a//../b", "/a/b"},
		{"/%2E/a", "/%2E/a"},
	}
	for _, tt := range tests {
		if got := rfc3986.RemoveDotSegments(tt.in); got != tt.want {
			t.Errorf("RemoveDotSegments(%q) = %q, want %q", tt.in, got, tt.want)
		}
	}
}

// TestResolveReferenceUnrepresentable: a target the algorithm writes that
// does not read back is, from URI.ResolveReference, a *ResolveError whose
// reason is Unrepresentable, wrapping a *ComposeError with the target and
// the grammar's *Error for it; Resolve returns the string as written, with
// the warning.
func TestResolveReferenceUnrepresentable(t *testing.T) {
	const base, ref, target = "a:/b", "/.//:x/g", "a://:x/g"
	if !oracle.NewFacts3986().Hold(base, ref, target) {
		t.Skip(oracle.NotHeld)
	}
	b, err := rfc3986.Parse(base)
	if err != nil {
		t.Fatal(err)
	}
	_, warnings, err := b.Resolve(ref)
	var re *rfc3986.ResolveError
	var ce *rfc3986.ComposeError
	var pe *rfc3986.Error
	if !errors.As(err, &re) || re.Reason != rfc3986.Unrepresentable || re.Reason.Code() != "unrepresentable" ||
		!errors.As(err, &ce) || ce.Ref != target || !errors.As(ce.Err, &pe) || pe.Input != target {
		t.Fatalf("Resolve(%q) against %q: %v (%T)", ref, base, err, err)
	}
	if errors.As(err, &pe) {
		t.Errorf("errors.As finds the *Error about %q through %v: it is not about the caller's input", target, err)
	}
	if !slices.Contains(warnings, rfc3986.WarnPathReadsAsAuthority) {
		t.Errorf("warnings %v", warnings)
	}
	got, warnings, err := rfc3986.Resolve(base, ref)
	if err != nil || got != target || !slices.Contains(warnings, rfc3986.WarnPathReadsAsAuthority) {
		t.Errorf("Resolve(%q, %q) = %q, %v, %v", base, ref, got, warnings, err)
	}
}
