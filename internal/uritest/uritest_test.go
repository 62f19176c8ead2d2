package uritest

import (
	"errors"
	"strings"
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

func TestAppended(t *testing.T) {
	tests := []struct {
		name     string
		appendTo func(buf []byte, base, ref string) ([]byte, []code, error)
		want     string
	}{
		{"keeps the buffer", func(buf []byte, base, ref string) ([]byte, []code, error) { return append(buf, base+ref...), nil, nil }, "ab"},
		{"loses the buffer", func(buf []byte, base, ref string) ([]byte, []code, error) { return []byte(base + ref), nil, nil }, "the buffer's bytes were lost: ab"},
	}
	for _, tt := range tests {
		if got, _, _ := Appended(tt.appendTo)("a", "b"); got != tt.want {
			t.Errorf("%s: %q, want %q", tt.name, got, tt.want)
		}
	}
}

func TestResolvedMeaning(t *testing.T) {
	resolve := func(base, ref string) (string, error) {
		if ref == "bad" {
			return "", errors.New("refused")
		}
		return base + ref, nil
	}
	normalize := func(s string) (string, error) {
		if s == "a!" {
			return "", errors.New("no normal form")
		}
		return strings.ToLower(s), nil
	}
	why := func(err error) string { return "why " + err.Error() }
	unnormalized := func(target string, err error) string { return "unnormalized " + target + ": " + err.Error() }
	// Only the published grammar has "a-gone" as a resolution, and
	// "x-gone" as a normal form.
	rejects := func(s string, err error) bool { return err == nil && strings.HasSuffix(s, "-gone") }
	normalizeGone := func(s string) (string, error) {
		if s == "xy" {
			return "x-gone", nil
		}
		return normalize(s)
	}
	meaning := ResolvedMeaning(resolve, normalizeGone, rejects, why, unnormalized)
	got := []string{meaning("a", "B"), meaning("a", "bad"), meaning("a", "!"), meaning("a", "-gone"), meaning("x", "y")}
	want := []string{"ab", "error: why refused", "unnormalized a!: no normal form", NoMeaning, NoMeaning}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("meanings (-want +got):\n%s", diff)
	}
}
