package rfc3986_test

import (
	"errors"
	"flag"
	"strconv"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/rfc2396/rfc2396/internal/oracle"
	"github.com/rfc2396/rfc2396/internal/uritest"
	"github.com/rfc2396/rfc2396/rfc3986"
	"github.com/rfc2396/rfc2396/rfc3986/grammar"
)

func component(s string) rfc3986.Component {
	if s == "-" {
		return rfc3986.Component{}
	}
	return rfc3986.Component{Value: s, Defined: true}
}

// parsed is what a URI reports, for comparison.
type parsed struct {
	Scheme, Authority, UserInfo, Host, Port rfc3986.Component
	HostKind                                string
	Path                                    string
	Query, Fragment                         rfc3986.Component
}

func TestParseComponents(t *testing.T) {
	facts := oracle.NewFacts3986()
	for _, r := range uritest.ReadTable(t, "../testdata/rfc3986/components.txt", 10) {
		row := r.Fields
		if !facts.Hold(row[0]) {
			t.Logf("components.txt:%d: %s", r.Line, oracle.NotHeld)
			continue
		}
		want := parsed{
			Scheme: component(row[1]), Authority: component(row[2]), UserInfo: component(row[3]),
			Host: component(row[4]), HostKind: row[5], Port: component(row[6]), Path: row[7],
			Query: component(row[8]), Fragment: component(row[9]),
		}
		u, err := rfc3986.Parse(row[0])
		if err != nil {
			t.Errorf("Parse(%q): %v", row[0], err)
			continue
		}
		got := parsed{
			Scheme: u.Scheme(), Authority: u.Authority(), UserInfo: u.UserInfo(), Host: u.Host(), HostKind: u.HostKind().Code(),
			Port: u.Port(), Path: u.Path(), Query: u.Query(), Fragment: u.Fragment(),
		}
		if diff := cmp.Diff(want, got); diff != "" {
			t.Errorf("Parse(%q) (-want +got):\n%s", row[0], diff)
		}
		if u.String() != row[0] || u.IsAbsolute() != want.Scheme.Defined {
			t.Errorf("Parse(%q): String() = %q, IsAbsolute() = %v", row[0], u.String(), u.IsAbsolute())
		}
		if !rfc3986.Valid(row[0]) {
			t.Errorf("Valid(%q) = false", row[0])
		}
	}
}

func TestParseErrors(t *testing.T) {
	facts := oracle.NewFacts3986()
	// The rule a row names is the rule as published: the row holds only
	// while the grammar in force defines it, the rules it uses and those
	// that use it alike.
	asPublished := func(name string) bool {
		r, ok := grammar.Lookup(name)
		return ok && oracle.ErrorRuleAsPublished3986(r)
	}
	for _, r := range uritest.ReadTable(t, "../testdata/rfc3986/invalid.txt", 4) {
		row := r.Fields
		if !facts.Hold(row[0]) || !asPublished(row[2]) {
			t.Logf("invalid.txt:%d: %s", r.Line, oracle.NotHeld)
			continue
		}
		_, err := rfc3986.Parse(row[0])
		var perr *rfc3986.Error
		if !errors.As(err, &perr) {
			t.Errorf("Parse(%q) = %v, want an *rfc3986.Error", row[0], err)
			continue
		}
		msg := "offset " + row[1] + ": " + row[3]
		if strconv.Itoa(perr.Offset) != row[1] || perr.Rule.String() != row[2] || !strings.Contains(err.Error(), msg) {
			t.Errorf("Parse(%q): offset %d, rule %s, %q; want offset %s, rule %s, message containing %q", row[0], perr.Offset, perr.Rule, err, row[1], row[2], msg)
		}
		if rfc3986.Valid(row[0]) {
			t.Errorf("Valid(%q) = true", row[0])
		}
	}
}

var updateMatch = flag.Bool("update-match", false, "rewrite the verdicts in testdata/match.txt from the oracle")

// TestMatchByName checks Match against testdata/match.txt, and the file's
// verdicts against the oracle; after a grammar edit, go generate rewrites
// them from the oracle (-update-match).
func TestMatchByName(t *testing.T) {
	uritest.MatchVerdicts(t, "testdata/match.txt", *updateMatch, grammar.Lookup, oracle.New3986().Match)
	uritest.MatchTable(t, "testdata/match.txt", grammar.Lookup, rfc3986.Match, errorStart)
	var unknown *rfc3986.RuleError
	if err := rfc3986.Match(grammar.NumRules, "a"); !errors.As(err, &unknown) {
		t.Errorf("Match(NumRules) = %v, want a *RuleError", err)
	}
	if _, ok := grammar.Lookup("hostname"); ok {
		t.Errorf("Lookup(hostname) found an RFC 2396 rule in RFC 3986")
	}
}

// TestLinearExplain checks that an error at the end of a long input is found
// (the explanation automaton runs once over the input).
func TestLongInputs(t *testing.T) {
	long := "http://h/" + strings.Repeat("a/", 1<<19)
	// The oracle reads a shorter reference of the same shape: its
	// expressions take seconds on a mebibyte.
	if short := "http://h/" + strings.Repeat("a/", 64); !oracle.NewFacts3986().Hold(short, short+" ") {
		t.Skipf("%s: %s", short, oracle.NotHeld)
	}
	if _, err := rfc3986.Parse(long); err != nil {
		t.Fatal(err)
	}
	var perr *rfc3986.Error
	if _, err := rfc3986.Parse(long + " "); !errors.As(err, &perr) || perr.Offset != len(long) {
		t.Errorf("Parse(long + space): %v", err)
	}
	if got := rfc3986.RemoveDotSegments(strings.Repeat("/a/..", 1<<18)); got != "/" {
		t.Errorf("RemoveDotSegments(long) = %q", got)
	}
}

// errorStart is the rule an *Error says its input was checked against.
func errorStart(err error) (grammar.Rule, bool) {
	if e, ok := uritest.As[*rfc3986.Error](err); ok {
		return e.Start, true
	}
	return 0, false
}

// TestParsePaths checks the face's Parse and ParseInto, which call the
// token parser directly (uri.FromParts), against the grammar value's,
// which call it through uri.Data.Tokens, on every reference of
// components.txt and invalid.txt: the same URI or the same error; and that
// ParseInto into a caller's local URI allocates nothing for a valid
// reference, Parse one URI, and Parse of an invalid one no URI.
func TestParsePaths(t *testing.T) {
	var refs []string
	for _, r := range uritest.ReadTable(t, "../testdata/rfc3986/components.txt", 10) {
		refs = append(refs, r.Fields[0])
	}
	for _, r := range uritest.ReadTable(t, "../testdata/rfc3986/invalid.txt", 4) {
		refs = append(refs, r.Fields[0])
	}
	g := rfc3986.Grammar()
	for _, ref := range refs {
		u, err := rfc3986.Parse(ref)
		gu, gerr := g.Parse(ref)
		if (err == nil) != (gerr == nil) || err != nil && err.Error() != gerr.Error() {
			t.Errorf("Parse(%q): error %v, the grammar value's %v", ref, err, gerr)
			continue
		}
		var into rfc3986.URI
		ierr := rfc3986.ParseInto(&into, ref)
		if (ierr == nil) != (err == nil) || ierr != nil && ierr.Error() != err.Error() {
			t.Errorf("ParseInto(%q): error %v, Parse's %v", ref, ierr, err)
		}
		if err != nil {
			if into != (rfc3986.URI{}) {
				t.Errorf("ParseInto(%q) failed and left %+v, not the zero URI", ref, into)
			}
			// The error and its explanation alike, and no URI.
			np := testing.AllocsPerRun(10, func() { _, sinkErr = rfc3986.Parse(ref) })
			ni := testing.AllocsPerRun(10, func() {
				var local rfc3986.URI
				sinkErr = rfc3986.ParseInto(&local, ref)
			})
			if np != ni {
				t.Errorf("Parse(%q) of an invalid reference: %v allocations, ParseInto into a local URI %v", ref, np, ni)
			}
			continue
		}
		if *u != *gu || into != *u {
			t.Errorf("Parse(%q) = %+v, the grammar value's %+v, ParseInto's %+v", ref, *u, *gu, into)
		}
		if n := testing.AllocsPerRun(10, func() {
			var local rfc3986.URI
			if rfc3986.ParseInto(&local, ref) != nil || local.String() != ref {
				t.Fatalf("ParseInto(%q) failed", ref)
			}
		}); n != 0 {
			t.Errorf("ParseInto(%q) into a local URI: %v allocations, want 0", ref, n)
		}
		if n := testing.AllocsPerRun(10, func() { sinkURI, _ = rfc3986.Parse(ref) }); n != 1 {
			t.Errorf("Parse(%q): %v allocations, want 1", ref, n)
		}
	}
	if err := rfc3986.ParseInto(nil, "http://a/"); err == nil {
		t.Error("ParseInto(nil, valid) = nil error")
	}
	if err := rfc3986.ParseInto(nil, "http://a b/"); err == nil || err.Error() != g.ParseInto(nil, "http://a b/").Error() {
		t.Errorf("ParseInto(nil, invalid) = %v, the grammar value's %v", err, g.ParseInto(nil, "http://a b/"))
	}
}
