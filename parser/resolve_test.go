package parser_test

import (
	"bufio"
	"errors"
	"math/rand/v2"
	"os"
	"strconv"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/rfc2396/rfc2396/internal/oracle"
	"github.com/rfc2396/rfc2396/internal/uritest"
	"github.com/rfc2396/rfc2396/parser"
)

// resolveCase is one line of a testdata/resolve table.
type resolveCase struct {
	line      int
	option    string
	base, ref string
	result    string // "error" for an error
	warnings  string // comma-separated codes, or -
}

func readResolveCases(t *testing.T, name string, withOption bool) []resolveCase {
	t.Helper()
	f, err := os.Open("../testdata/resolve/" + name)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	var cases []resolveCase
	sc := bufio.NewScanner(f)
	for n := 1; sc.Scan(); n++ {
		line := sc.Text()
		if line == "" || strings.HasPrefix(line, "#") {
			continue
		}
		line, _, _ = strings.Cut(line, "\t# ")
		fields := strings.Split(line, "\t")
		c := resolveCase{line: n}
		if withOption {
			c.option, fields = fields[0], fields[1:]
		}
		if len(fields) != 4 {
			t.Fatalf("%s:%d: %d fields", name, n, len(fields))
		}
		unq := func(s string) string {
			if s == "error" {
				return s
			}
			u, err := strconv.Unquote(s)
			if err != nil {
				t.Fatalf("%s:%d: %q: %v", name, n, s, err)
			}
			return u
		}
		c.base, c.ref, c.result, c.warnings = unq(fields[0]), unq(fields[1]), unq(fields[2]), fields[3]
		cases = append(cases, c)
	}
	if len(cases) == 0 {
		t.Fatalf("%s: no cases", name)
	}
	return cases
}

func options(t *testing.T, name string) []parser.ResolveOption {
	switch name {
	case "":
		return nil
	case "compat-scheme":
		return []parser.ResolveOption{parser.BackwardsCompatibleScheme()}
	case "dotdot=keep":
		return []parser.ResolveOption{parser.DotDotAboveRoot(parser.KeepDotDot)}
	case "dotdot=remove":
		return []parser.ResolveOption{parser.DotDotAboveRoot(parser.RemoveDotDot)}
	case "dotdot=error":
		return []parser.ResolveOption{parser.DotDotAboveRoot(parser.RefuseDotDot)}
	}
	t.Fatalf("unknown option %q", name)
	return nil
}

func checkResolveCases(t *testing.T, file string, cases []resolveCase) {
	t.Helper()
	type outcome struct {
		Result   string
		Warnings string
	}
	facts := oracle.NewFacts(0)
	for _, c := range cases {
		refs := []string{c.base, c.ref, c.result}
		if c.result == "error" {
			refs = refs[:2]
		}
		if _, rest, ok := strings.Cut(c.ref, ":"); ok && c.option == "compat-scheme" {
			// The option reads "http:g" against an http base as "g".
			refs = append(refs, rest)
		}
		if !facts.Hold(refs...) {
			t.Logf("%s:%d: %s", file, c.line, oracle.NotHeld)
			continue
		}
		got, warnings, err := parser.Resolve(c.base, c.ref, options(t, c.option)...)
		if err != nil {
			var rerr *parser.ResolveError
			if !errors.As(err, &rerr) {
				t.Errorf("%s:%d: error %v is not a *ResolveError", file, c.line, err)
			}
			got = "error"
		}
		gotWarnings := uritest.Codes(warnings)
		want := outcome{c.result, c.warnings}
		if diff := cmp.Diff(want, outcome{got, gotWarnings}); diff != "" {
			t.Errorf("%s:%d: %s Resolve(%q, %q) (-want +got):\n%s", file, c.line, c.option, c.base, c.ref, diff)
		}
	}
}

// TestResolveAppendixC checks every example of Appendix C, normal and
// abnormal, and Appendix D.
func TestResolveAppendixC(t *testing.T) {
	checkResolveCases(t, "appendix-c.txt", readResolveCases(t, "appendix-c.txt", false))
}

func TestResolveCases(t *testing.T) {
	cases := readResolveCases(t, "cases.txt", false)
	if len(cases) < 150 {
		t.Errorf("%d cases, want at least 150", len(cases))
	}
	checkResolveCases(t, "cases.txt", cases)
}

func TestResolveOptions(t *testing.T) {
	checkResolveCases(t, "options.txt", readResolveCases(t, "options.txt", true))
}

func TestResolveErrors(t *testing.T) {
	tests := []struct {
		base, ref string
		reason    parser.ResolveReason
		offset    int // of the parse error, or -1
		// premise, if set, is a reference whose reading the row relies
		// on: "foo://c" reads "c" as an authority, so no reference gives
		// the path "//c" under the scheme foo and no authority.
		premise string
	}{
		{"a/b", "g", parser.RelativeBase, -1, ""},
		{"http://a b/", "g", parser.InvalidBase, 8, ""},
		{"http://a/b", "g h", parser.InvalidReference, 1, ""},
		{"http://a/b", "?a b", parser.InvalidReference, 2, ""},
		{"http://a/b", "?a#b c", parser.InvalidReference, 4, ""},
		{"mailto:x", "g", parser.OpaqueBase, -1, ""},
		{"mailto:x", "//h", parser.OpaqueBase, -1, ""},
		{"foo:/a/b", "..//c", parser.Unrepresentable, -1, "foo://c"},
		{"http://a/b", "../../g", parser.DotDotRefused, -1, ""},
	}
	facts := oracle.NewFacts(0)
	for _, tt := range tests {
		refs := []string{tt.base, tt.ref}
		if tt.premise != "" {
			refs = append(refs, tt.premise)
		}
		if !facts.Hold(refs...) {
			t.Logf("%q, %q: %s", tt.base, tt.ref, oracle.NotHeld)
			continue
		}
		_, _, err := parser.Resolve(tt.base, tt.ref, parser.DotDotAboveRoot(parser.RefuseDotDot))
		var rerr *parser.ResolveError
		if !errors.As(err, &rerr) || rerr.Reason != tt.reason {
			t.Errorf("Resolve(%q, %q): %v, want reason %d", tt.base, tt.ref, err, tt.reason)
			continue
		}
		var perr *parser.Error
		if errors.As(err, &perr) != (tt.offset >= 0) || (tt.offset >= 0 && perr.Offset != tt.offset) {
			t.Errorf("Resolve(%q, %q): %v, want a parse error at %d", tt.base, tt.ref, err, tt.offset)
		}
	}
}

// randomReference makes a reference from pieces that exercise resolution:
// dot segments, params, queries, fragments, authorities.
func randomReference(r *rand.Rand, absolute bool) string {
	segs := []string{"a", "b", "c", ".", "..", "g;x", "%41", "", "d.e", "~u"}
	var b strings.Builder
	if absolute {
		b.WriteString([]string{"http", "ftp", "x-y"}[r.IntN(3)] + ":")
		if r.IntN(4) > 0 {
			b.WriteString("//" + []string{"h", "u@h:1", "a.b.", "1.2.3.4", "r_n", ""}[r.IntN(6)])
		}
		b.WriteString("/")
	} else if r.IntN(5) == 0 {
		b.WriteString("/")
	}
	for i, n := 0, 1+r.IntN(4); i < n; i++ {
		if i > 0 {
			b.WriteString("/")
		}
		b.WriteString(segs[r.IntN(len(segs))])
	}
	if b.Len() == 0 {
		b.WriteString("g")
	}
	if r.IntN(3) == 0 {
		b.WriteString("?q=" + segs[r.IntN(len(segs))])
	}
	if r.IntN(3) == 0 {
		b.WriteString("#" + segs[r.IntN(len(segs))])
	}
	return b.String()
}

// TestResolveProperties checks, over generated references: absolute
// references resolve to themselves; resolution of a relative-path reference
// keeps the base's scheme and authority; Relativize round-trips; Normalize
// is idempotent and keeps equivalence.
func TestResolveProperties(t *testing.T) {
	r := rand.New(rand.NewPCG(2396, 1998))
	for i := 0; i < 3000; i++ {
		base := randomReference(r, true)
		if !parser.Valid(base) {
			continue
		}
		abs := randomReference(r, true)
		if parser.Valid(abs) {
			got, _, err := parser.Resolve(base, abs)
			if err != nil || got != abs {
				t.Errorf("Resolve(%q, %q) = %q, %v; an absolute reference resolves to itself", base, abs, got, err)
			}
		}
		rel := randomReference(r, false)
		if !parser.Valid(rel) {
			continue
		}
		target, warnings, err := parser.Resolve(base, rel)
		if err != nil {
			var rerr *parser.ResolveError
			if errors.As(err, &rerr) && rerr.Reason == parser.Unrepresentable {
				continue
			}
			t.Errorf("Resolve(%q, %q): %v", base, rel, err)
			continue
		}
		b, _ := parser.Parse(base)
		tu, err := parser.Parse(target)
		if err != nil {
			t.Errorf("Resolve(%q, %q) = %q, which does not parse: %v", base, rel, target, err)
			continue
		}
		if tu.Scheme() != b.Scheme() || (!strings.HasPrefix(rel, "//") && tu.Authority() != b.Authority()) {
			t.Errorf("Resolve(%q, %q) = %q changed the scheme or authority", base, rel, target)
		}
		_ = warnings
		back, err := parser.Relativize(base, target)
		if err != nil {
			t.Errorf("Relativize(%q, %q): %v", base, target, err)
			continue
		}
		if again, _, err := parser.Resolve(base, back); err != nil || again != target {
			t.Errorf("Relativize(%q, %q) = %q, which resolves to %q, %v", base, target, back, again, err)
		}
		for _, s := range []string{base, rel, target} {
			n1, err := parser.Normalize(s)
			if editRejects(err) {
				continue
			}
			if err != nil {
				t.Errorf("Normalize(%q): %v", s, err)
				continue
			}
			n2, err := parser.Normalize(n1)
			if err != nil || n2 != n1 {
				t.Errorf("Normalize(%q) = %q, Normalize of that = %q, %v", s, n1, n2, err)
			}
			u1, _ := parser.Parse(s)
			u2, _ := parser.Parse(n1)
			if !parser.Equivalent(u1, u2) {
				t.Errorf("%q is not equivalent to its normal form %q", s, n1)
			}
		}
	}
}
