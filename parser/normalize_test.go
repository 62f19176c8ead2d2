package parser_test

import (
	"errors"
	"strings"
	"sync"
	"testing"

	"github.com/rfc2396/rfc2396/grammar"
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

// rejected reports whether err says that a result of Normalize or
// Resolve is one only the published grammar has (editRejects): its
// meaning is then none.
func rejected(_ string, err error) bool { return editRejects(err) }

// editRejects reports whether err is a *parser.ComposeError for a result
// (a normal form, a resolution) that Appendix A as published accepts and
// the grammar in force rejects: after an edit that takes empty segments
// away, "a/." has no normal form, since "a/" is no reference. Under the
// published grammar it never holds.
func editRejects(err error) bool {
	var ce *parser.ComposeError
	if !errors.As(err, &ce) || ce.Err == nil {
		return false
	}
	inForce, published := oracles()
	return published.Match(grammar.RuleURIReference, ce.Ref) && !inForce.Match(grammar.RuleURIReference, ce.Ref)
}

// oracles returns the oracles of the grammar in force and as published,
// made once: each compiles every rule's expression.
var oracles = sync.OnceValues(func() (*oracle.Oracle, *oracle.Oracle) {
	return oracle.New(), oracle.NewPublished(0)
})

// checkSameMeaning reports a base of meaningBases against which a
// reference and its normal form resolve to URIs that are not equivalent:
// the meaning of a reference is the normal form of its resolution, or the
// code of the reason it has none; a resolution or normal form only the
// published grammar has is none (editRejects).
var checkSameMeaning = uritest.SameMeaning(meaningBases, uritest.ResolvedMeaning(uritest.Resolver(parser.Resolve), uritest.Normalizer(parser.Normalize),
	rejected,
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
	if !oracle.NewFacts(0).Hold("?q") {
		t.Logf("?q: %s", oracle.NotHeld)
	} else if _, err := parser.Normalize("?q"); err == nil {
		t.Error(`Normalize("?q") succeeded; "?q" is not a URI-reference`)
	}
	ports := parser.DefaultPorts()
	ports["svn"] = "3690"
	if !oracle.NewFacts(0).Hold("svn://h:3690/r", "svn://h/r") {
		t.Logf("svn://h:3690/r: %s", oracle.NotHeld)
	} else if got, _ := parser.Normalize("svn://h:3690/r", parser.WithDefaultPorts(ports)); got != "svn://h/r" {
		t.Errorf("with svn's default port: %q", got)
	} else if got, _ := parser.Normalize("svn://h:3690/r"); got != "svn://h:3690/r" {
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
	uritest.NormalizeSmallPaths(t, []string{"", "foo:/"}, parser.Valid, uritest.Normalizer(parser.Normalize), rejected, checkSameMeaning)
}

// TestComposeErrorMessages checks the messages of a result the grammar in
// force rejects, which only an edited grammar gives Normalize and
// Resolve: they name the result and the grammar's error for it.
func TestComposeErrorMessages(t *testing.T) {
	_, perr := parser.Parse("a%zz")
	if perr == nil {
		t.Fatal(`"a%zz" parsed`)
	}
	detail := strings.TrimPrefix(perr.Error(), "rfc2396: ")
	ce := &parser.ComposeError{Ref: "a%zz", Err: perr}
	if got, want := ce.Error(), `rfc2396: the components recompose to "a%zz", which the grammar in force rejects: `+detail; got != want {
		t.Errorf("ComposeError:\n got %s\nwant %s", got, want)
	}
	re := &parser.ResolveError{Op: "resolve", Reason: parser.Unrepresentable, Base: "http://a/b", Ref: "c", Err: ce}
	if got, want := re.Error(), `rfc2396: resolve: resolving "c" gives "a%zz", which the grammar in force rejects: `+detail; got != want {
		t.Errorf("ResolveError:\n got %s\nwant %s", got, want)
	}
	// A result Parse does not read at all (too long) is not said to
	// start with "//".
	long := &parser.ResolveError{Op: "resolve", Reason: parser.Unrepresentable, Base: "http://a/b", Ref: "c", Err: &parser.TooLongError{Len: 1 << 30}}
	if msg := long.Error(); !strings.Contains(msg, "cannot be read back: ") || strings.Contains(msg, `"//"`) {
		t.Errorf("ResolveError of a result too long: %s", msg)
	}
	var got *parser.Error
	if errors.As(re, &got) {
		t.Error("an *Error about the result was found in the ResolveError: it would read as one about the reference")
	}
}

// TestNormalizeUnchanged holds Normalize, which returns a reference
// already in normal form as it is, to the normal form URI.Normalize
// composes, under every profile, over the corpus sample and the rows of
// testdata/normalize.txt (both columns): the shortcut must never differ
// from the composition.
func TestNormalizeUnchanged(t *testing.T) {
	refs := uritest.Sample(t, "../testdata/bench-sample.txt")
	for _, row := range uritest.ReadTable(t, "testdata/normalize.txt", 0) {
		refs = append(refs, row.Fields...)
	}
	refs = append(refs, "http://a:/", "HTTP://a/", "http://A/", "http://a/%7e", "http://a/%7E", "http://u%7e@a/", "a/..//x", "/.//x", "//a/b/../c", "x%2e/../y", "mailto:%aa", "http://a:80", "http://a:81")
	for _, p := range parser.Profiles() {
		for _, ref := range refs {
			u, err := p.Parse(ref)
			if err != nil {
				continue
			}
			var want string
			n, werr := u.Normalize()
			if werr == nil {
				want = n.String()
			}
			got, err := p.Normalize(ref)
			if got != want || (err == nil) != (werr == nil) {
				t.Errorf("%s: Normalize(%q) = %q, %v; URI.Normalize gives %q, %v", p.Name(), ref, got, err, want, werr)
			}
		}
	}
}
