package parser_test

import (
	"testing"

	"github.com/rfc2396/rfc2396/internal/oracle"
	"github.com/rfc2396/rfc2396/internal/uritest"
	"github.com/rfc2396/rfc2396/parser"
)

// meaningBases are the bases against which Normalize must not change what
// a reference resolves to: hierarchical at several depths, with a query, a
// fragment, an empty path, no authority, ".." above the root, an empty
// segment, and an opaque one.
var meaningBases = []string{"http://a/b/c/d;p?q", "http://a/b/c/d;p?q#f", "http://a/", "http://a", "http://a/b/c/", "http://a/b//c/d",
	"http://a/../b/c", "ftp://u@h:21/a/b/c/d/e/f", "foo:/x/y/z", "foo:/", "mailto:x@y"}

// checkSameMeaning reports a base of meaningBases against which a
// reference and its normal form resolve to URIs that are not equivalent:
// the meaning of a reference is the normal form of its resolution, or the
// code of the reason it has none.
var checkSameMeaning = uritest.SameMeaning(meaningBases, uritest.ResolvedMeaning(uritest.Resolver(parser.Resolve), uritest.Normalizer(parser.Normalize),
	func(err error) string {
		if rerr, ok := uritest.As[*parser.ResolveError](err); ok {
			return rerr.Reason.Code()
		}
		return err.Error()
	},
	func(target string, err error) string {
		return "error: the result " + target + " does not normalize: " + err.Error()
	}))

func TestNormalize(t *testing.T) {
	uritest.NormalTable(t, "testdata/normalize.txt", oracle.NewFacts(0).Hold, uritest.Normalizer(parser.Normalize), checkSameMeaning)
	if _, err := parser.Normalize("?q"); err == nil {
		t.Error(`Normalize("?q") succeeded; "?q" is not a URI-reference`)
	}
	ports := parser.DefaultPorts()
	ports["svn"] = "3690"
	if got, _ := parser.Normalize("svn://h:3690/r", parser.WithDefaultPorts(ports)); got != "svn://h/r" {
		t.Errorf("with svn's default port: %q", got)
	}
	if got, _ := parser.Normalize("svn://h:3690/r"); got != "svn://h:3690/r" {
		t.Errorf("DefaultPorts was changed by a caller's copy: %q", got)
	}
	if facts := oracle.NewFacts(0); !facts.Hold("HTTP://a:80/") {
		t.Logf("HTTP://a:80/: %s", oracle.NotHeld)
	} else if got, err := parser.Normalize("HTTP://a:80/", nil, parser.WithDefaultPorts(nil)); err != nil || got != "http://a:80/" {
		t.Errorf("with a nil option and no default ports: %q, %v", got, err)
	}
}

func TestEqualAndEquivalent(t *testing.T) {
	tests := []struct {
		a, b              string
		equal, equivalent bool
	}{
		{"http://a/b", "http://a/b", true, true},
		{"http://a/b", "HTTP://A/b", false, true},
		{"http://a:80/b", "http://a/b", false, true},
		{"http://a/%7eb", "http://a/%7Eb", false, true},
		{"http://a/%7Eb", "http://a/~b", false, false},
		{"http://a/b", "http://a/B", false, false},
		{"http://a/b?", "http://a/b", false, false},
		{"http://a/./b", "http://a/b", false, true},
		{"mailto:A", "mailto:a", false, false},
		{"a/../b", "b", false, true},
		{"./0", "0", false, true},
		{".//0", "/0", false, false},
		{"a/..//x", "/x", false, false},
		{"a/..//x", "//x", false, false},
		{"a/..//x", ".//x", false, true},
		{"../b", "b", false, false},
	}
	facts := oracle.NewFacts(0)
	for _, tt := range tests {
		if !facts.Hold(tt.a, tt.b) {
			t.Logf("%q, %q: %s", tt.a, tt.b, oracle.NotHeld)
			continue
		}
		a, _ := parser.Parse(tt.a)
		b, _ := parser.Parse(tt.b)
		if got := parser.Equal(a, b); got != tt.equal {
			t.Errorf("Equal(%q, %q) = %v", tt.a, tt.b, got)
		}
		if got := parser.Equivalent(a, b); got != tt.equivalent {
			t.Errorf("Equivalent(%q, %q) = %v", tt.a, tt.b, got)
		}
	}
}

// TestNormalizeMeaningSmallPaths checks the meaning of the normal form of
// every path of up to four segments drawn from "a", "b:c", "", ".", "..",
// "%2E%2E" and ".%2e", as a relative reference and after "foo:/", against
// every base of meaningBases.
func TestNormalizeMeaningSmallPaths(t *testing.T) {
	uritest.NormalizeSmallPaths(t, []string{"", "foo:/"}, parser.Valid, uritest.Normalizer(parser.Normalize), checkSameMeaning)
}
