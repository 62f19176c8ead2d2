package rfc3987

import (
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/rfc2396/rfc2396/rfc3987/grammar"
	"github.com/rfc2396/rfc2396/uri"
)

func TestNormalize(t *testing.T) {
	bidi, err := Allow("bidi-formatting")
	if err != nil {
		t.Fatal(err)
	}
	normalize := func(g *uri.Grammar[grammar.Rule]) func(string) string {
		return func(s string) string {
			n, err := g.Normalize(s)
			if err != nil {
				return "error: " + err.Error()
			}
			return n
		}
	}
	funcs := map[string]func(string) string{
		"nfc":                       NormalizeNFC,
		"pct":                       NormalizePercentEncoding,
		"host":                      NormalizeHostCase,
		"normalize":                 normalize(theGrammar),
		"normalize/bidi-formatting": normalize(bidi),
	}
	for _, r := range readIRITable(t, "normalize.txt", 3) {
		f, ok := funcs[r.fields[0]]
		if !ok {
			t.Fatalf("normalize.txt:%d: unknown function %q", r.line, r.fields[0])
		}
		in, want := r.fields[1], r.fields[2]
		if diff := cmp.Diff(want, f(in)); diff != "" {
			t.Errorf("normalize.txt:%d: %s(%q) (-want +got):\n%s", r.line, r.fields[0], in, diff)
		}
		if got := f(want); got != want {
			t.Errorf("normalize.txt:%d: %s(%q) = %q, want it unchanged (idempotent)", r.line, r.fields[0], want, got)
		}
	}
}

// TestNormalizeNFCNoAllocation checks the reason NormalizeNFC checks
// first: an IRI already in NFC comes back without a copy.
func TestNormalizeNFCNoAllocation(t *testing.T) {
	s := "http://www.example.org/r\u00e9sum\u00e9.html"
	if n := testing.AllocsPerRun(100, func() { _ = NormalizeNFC(s) }); n != 0 {
		t.Errorf("NormalizeNFC of an NFC string: %v allocations, want 0", n)
	}
}

// TestLadderExample climbs section 5.3.2's example as far as this
// package's rungs go: after percent-encoding normalization and host and
// scheme case, the two IRIs differ only by the dot-segments that RFC
// 3986's remove_dot_segments takes away (5.3.2.4).
func TestLadderExample(t *testing.T) {
	a := "example://a/b/c/%7Bfoo%7D/ros\u00e9"
	b := "eXAMPLE://a/./b/../b/%63/%7bfoo%7d/ros%C3%A9"
	if got, want := NormalizePercentEncoding(b[len("eXAMPLE:"):]), "//a/./b/../b/c/%7Bfoo%7D/ros\u00e9"; got != want {
		t.Errorf("NormalizePercentEncoding = %q, want %q", got, want)
	}
	if got := NormalizePercentEncoding(a[len("example:"):]); got != a[len("example:"):] {
		t.Errorf("NormalizePercentEncoding(%q) = %q, want it unchanged", a, got)
	}
}
