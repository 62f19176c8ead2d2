package uritest

import (
	"testing"

	"github.com/google/go-cmp/cmp"
)

func TestReadTable(t *testing.T) {
	got := ReadTable(t, "testdata/table.txt", 2)
	want := []Row{{Line: 3, Fields: []string{"a", "b\tc"}}, {Line: 4, Fields: []string{"x", "y"}}}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("ReadTable (-want +got):\n%s", diff)
	}
}

func TestSmallPaths(t *testing.T) {
	got := SmallPaths([]string{"a", ""}, 2)
	want := []string{"a", "a/a", "a/", "", "/a", "/"}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("SmallPaths (-want +got):\n%s", diff)
	}
}

// code is a value with a Code, for Codes.
type code string

func (c code) Code() string { return string(c) }

func TestCodes(t *testing.T) {
	if got := Codes([]code(nil)); got != "-" {
		t.Errorf("Codes(nil) = %q", got)
	}
	if got := Codes([]code{"a", "b"}); got != "a,b" {
		t.Errorf("Codes(a, b) = %q", got)
	}
}

func TestShorterReference(t *testing.T) {
	// Under the made-up rule "a reference resolves back if it ends in
	// the target's last segment", the first suffix of the target shorter
	// than "../c" is "b/c".
	resolvesBack := func(ref string) bool { return len(ref) > 0 && ref[len(ref)-1] == 'c' }
	if c, ok := ShorterReference("/a/b/c", "../c", resolvesBack); !ok || c != "b/c" {
		t.Errorf("ShorterReference = %q, %v; want \"b/c\", true", c, ok)
	}
	if c, ok := ShorterReference("/a/b/c", "c", resolvesBack); ok {
		t.Errorf("ShorterReference found %q, shorter than the shortest", c)
	}
}
