package rfc3986_test

import (
	"errors"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/rfc2396/rfc2396/rfc3986"
)

// meaningBases are the bases against which Normalize must not change what
// a reference resolves to: hierarchical at several depths, with a query,
// an empty path, no authority, an empty segment, and rootless paths with
// and without a "/" (the "opaque" URIs of RFC 2396).
var meaningBases = []string{
	"http://a/b/c/d;p?q",
	"http://a/b/c/d;p?q#f",
	"http://a/",
	"http://a",
	"http://a/b//c/d",
	"ftp://u@h:21/a/b/c/d/e/f",
	"foo:/x/y/z",
	"foo:",
	"foo:a",
	"foo:a/b",
	"foo:a/b/c/d",
	"mailto:x@y",
}

// resolvedMeaning resolves ref against base and normalizes the result, or
// gives the reason it cannot be resolved.
func resolvedMeaning(base, ref string) string {
	got, _, err := rfc3986.Resolve(base, ref)
	if err != nil {
		var rerr *rfc3986.ReferenceError
		if errors.As(err, &rerr) {
			return "error: invalid reference"
		}
		return "error: " + err.Error()
	}
	n, err := rfc3986.Normalize(got)
	if err != nil {
		// A target whose path starts with "//" and has no authority
		// (WarnPathReadsAsAuthority) may not read back: compare it as is.
		return got
	}
	return n
}

// checkSameMeaning reports a base against which ref and its normal form n
// resolve to URIs that are not equivalent (section 6.2.2).
func checkSameMeaning(t *testing.T, ref, n string) {
	t.Helper()
	for _, base := range meaningBases {
		if a, b := resolvedMeaning(base, ref), resolvedMeaning(base, n); a != b {
			t.Errorf("against %q, %q resolves to %q but its normal form %q to %q", base, ref, a, n, b)
		}
	}
}

func TestNormalize(t *testing.T) {
	for _, r := range readTable(t, "testdata/normalize.txt", 2) {
		in, want := r[0], r[1]
		got, err := rfc3986.Normalize(in)
		if err != nil {
			t.Errorf("Normalize(%q): %v", in, err)
			continue
		}
		if diff := cmp.Diff(want, got); diff != "" {
			t.Errorf("Normalize(%q) (-want +got):\n%s", in, diff)
		}
		if again, err := rfc3986.Normalize(got); err != nil || again != got {
			t.Errorf("Normalize(%q) = %q, %v: not idempotent", got, again, err)
		}
		checkSameMeaning(t, in, got)
	}
	var perr *rfc3986.Error
	if _, err := rfc3986.Normalize("a b"); !errors.As(err, &perr) || perr.Offset != 1 {
		t.Errorf("Normalize of an invalid reference: %v", err)
	}
}
