package main

import (
	"os"
	"testing"

	"github.com/google/go-cmp/cmp"
)

func TestSpread(t *testing.T) {
	for _, c := range []struct {
		items []string
		n     int
		want  []string
	}{
		{nil, 3, []string{}},
		{[]string{"a", "b"}, 3, []string{"a", "b"}},
		{[]string{"a", "b", "c", "d", "e"}, 3, []string{"a", "c", "e"}},
		{[]string{"a", "b", "c", "d", "e", "f", "g"}, 4, []string{"a", "c", "e", "g"}},
	} {
		if diff := cmp.Diff(c.want, spread(c.items, c.n)); diff != "" {
			t.Errorf("spread(%q, %d) (-want +got):\n%s", c.items, c.n, diff)
		}
	}
}

func TestReadable(t *testing.T) {
	for _, c := range []struct {
		s    string
		want bool
	}{
		{"http://example.com/", true},
		{"café", true},
		{"", true},
		{"a\tb", false},
		{"\x7f", false},
		{"\u202b", false},     // right-to-left embedding: would reorder the page
		{"\U00103480", false}, // private use
		{"\xff", false},       // not UTF-8
	} {
		if got := readable(c.s); got != c.want {
			t.Errorf("readable(%q) = %v, want %v", c.s, got, c.want)
		}
	}
}

// TestNoDrift regenerates every examples.json and compares it with the
// committed file (as CI's drift check does after go generate).
func TestNoDrift(t *testing.T) {
	if os.Getenv("RFC2396_LONG") == "" {
		t.Skip("long check: set RFC2396_LONG=1")
	}
	t.Chdir("../..")
	files, err := generate()
	if err != nil {
		t.Fatal(err)
	}
	if len(files) < 5 {
		t.Errorf("%d grammars, want RFC 2396, RFC 3986 and the profiles", len(files))
	}
	for _, f := range files {
		committed, err := os.ReadFile(f.name)
		if err != nil {
			t.Fatal(err)
		}
		if diff := cmp.Diff(string(committed), string(f.data)); diff != "" {
			t.Errorf("%s is not what go run ./gen/examples writes (-committed +generated):\n%s", f.name, diff)
		}
	}
}
