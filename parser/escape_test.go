package parser_test

import (
	"errors"
	"flag"
	"fmt"
	"math/rand/v2"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/rfc2396/rfc2396/grammar"
	"github.com/rfc2396/rfc2396/internal/oracle"
	"github.com/rfc2396/rfc2396/internal/uritest"
	"github.com/rfc2396/rfc2396/parser"
)

var updateEscape = flag.Bool("update-escape", false, "rewrite the outputs in testdata/escape/escape.txt with what Escape gives")

// TestEscapeCases runs testdata/escape/escape.txt and testdata/unescape.txt
// through package uritest's table checks; go generate rewrites the
// outputs of escape.txt (-update-escape), so that a grammar edit shows
// there as a diff.
func TestEscapeCases(t *testing.T) { escaping.Tables(t, "testdata", *updateEscape) }

// escaping is Escape and Unescape for the checks of package uritest.
var escaping = uritest.Escaping[grammar.Rule, *parser.EscapeError]{Lookup: grammar.Lookup, Escape: parser.Escape, Unescape: parser.Unescape,
	Match: parser.Match, Offset: unescapeOffset, Refused: func(e *parser.EscapeError) (string, grammar.Rule) { return e.Reason.Code(), e.Rule }}

// randomBytes returns n bytes drawn mostly from the characters that matter
// to escaping (delimiters, "%", hex digits), and otherwise from all 256.
func randomBytes(r *rand.Rand, n int) string {
	const interesting = "%/;?:@&=+$,#-_.!~*'()aZ09 \x00\xff\xc3\xa9"
	b := make([]byte, n)
	for i := range b {
		if r.IntN(2) == 0 {
			b[i] = interesting[r.IntN(len(interesting))]
		} else {
			b[i] = byte(r.IntN(256))
		}
	}
	return string(b)
}

// TestEscapeProperties checks, for every rule Escape supports and random
// byte strings, that the result matches the rule under the grammar
// (parser.Match) and unescapes to the input; and that the only errors are
// those the rule's shape explains.
func TestEscapeProperties(t *testing.T) {
	rules := parser.EscapeRules()
	if len(rules) != 11 {
		t.Errorf("%d rules supported, want 11: %v", len(rules), rules)
	}
	r := rand.New(rand.NewPCG(2396, 1998))
	for _, rule := range rules {
		for i := 0; i < 600; i++ {
			in := randomBytes(r, r.IntN(24))
			if i%3 == 0 && rule == grammar.RuleAbsPath {
				in = "/" + in
			}
			if eerr, ok := escaping.RoundTrip(t, in, rule); !ok {
				switch eerr.Reason {
				case parser.EscapeEmpty:
					if in != "" {
						t.Errorf("Escape(%q, %s): empty error for a non-empty input", in, rule)
					}
				case parser.EscapeBadStart:
					if in == "" || (in[0] == '/') == (rule == grammar.RuleAbsPath) && !cannotStart(rule, in[0]) {
						t.Errorf("Escape(%q, %s): bad start", in, rule)
					}
				case parser.EscapeNoString:
					// Only an edited grammar refuses a path's structure
					// (Appendix A allows every one).
					if oracle.RuleAsPublished(rule) {
						t.Errorf("Escape(%q, %s): %v, under Appendix A as published", in, rule, eerr)
					}
				default:
					t.Errorf("Escape(%q, %s): %v", in, rule, eerr)
				}
			}
		}
	}
}

// cannotStart reports whether no string of rule under the grammar in force
// starts with c as Escape would write it: raw if c is a path's separator
// ("/" or ";", which Escape never escapes), else raw or escaped. Appendix
// A lets a path_segments start with ";" (an empty segment with a param);
// an edit that takes empty segments away does not.
func cannotStart(rule grammar.Rule, c byte) bool {
	o, _ := oracles()
	if o.ViablePrefix(rule, string(c)) > 0 {
		return false
	}
	escaped := fmt.Sprintf("%%%02X", c)
	return c == '/' || c == ';' || o.ViablePrefix(rule, escaped) < len(escaped)
}

// TestEscapeReservedEscaped checks that no data byte Escape leaves raw in
// a data rule is one the decoded accessors split on: a segment's ";",
// a query's "&" and "=", a userinfo's ":".
func TestEscapeReservedEscaped(t *testing.T) {
	inForce, published := oracle.New(), oracle.NewPublished(0)
	for _, tt := range []struct {
		rule grammar.Rule
		must string
	}{
		{grammar.RuleSegment, "/;=?%"},
		{grammar.RuleParam, "/;=?%"},
		{grammar.RuleRelSegment, "/;=?:%"},
		{grammar.RuleQuery, ";/?:@&=+,$%#"},
		{grammar.RuleUserinfo, ";:@?/%"},
		{grammar.RuleRegName, ";:@?/%"},
		{grammar.RuleFragment, "% "}, // and "#", while uric lacks it: escape.txt
	} {
		for i := 0; i < len(tt.must); i++ {
			// A byte an edit lets the rule hold ("/" and "%" never) may
			// stay raw.
			if c := "a" + tt.must[i:i+1]; published.Match(tt.rule, c) != inForce.Match(tt.rule, c) {
				t.Logf("%s %q: %s", tt.rule, tt.must[i:i+1], oracle.NotHeld)
				continue
			}
			out, err := parser.Escape(tt.must[i:i+1], tt.rule)
			if err != nil || out[0] != '%' {
				t.Errorf("Escape(%q, %s) = %q, %v: not escaped", tt.must[i:i+1], tt.rule, out, err)
			}
		}
	}
}

func TestEscapeUnsupported(t *testing.T) {
	supported := map[grammar.Rule]bool{}
	for _, r := range parser.EscapeRules() {
		supported[r] = true
	}
	for r := grammar.Rule(0); r < grammar.NumRules; r++ {
		_, err := parser.Escape("a", r)
		var eerr *parser.EscapeError
		isUnsupported := errors.As(err, &eerr) && eerr.Reason == parser.EscapeUnsupportedRule
		if isUnsupported == supported[r] {
			t.Errorf("%s: Escape error %v, supported %v", r, err, supported[r])
		}
	}
}

func TestDecodedAccessors(t *testing.T) {
	const ref = "ftp://us%3Aer:p%40ss@h/a%2Fb;type=d%3Bx/c%20d;p;q/?x=%26&y=1#f%20g"
	if !oracle.NewFacts(0).Hold(ref, "//a%40b:c@d~e/", "mailto:a@b") {
		t.Skip(oracle.NotHeld)
	}
	u, err := parser.Parse(ref)
	if err != nil {
		t.Fatal(err)
	}
	wantSegs := []parser.Segment{
		{Name: "a/b", Params: []string{"type=d;x"}},
		{Name: "c d", Params: []string{"p", "q"}},
		{Name: ""},
	}
	if diff := cmp.Diff(wantSegs, u.PathSegments()); diff != "" {
		t.Errorf("PathSegments (-want +got):\n%s", diff)
	}
	ui, ok := u.UserInfoFields()
	if diff := cmp.Diff([]parser.Field{{"us:er", ':'}, {"p@ss", 0}}, ui); !ok || diff != "" {
		t.Errorf("UserInfoFields (-want +got):\n%s", diff)
	}
	q, ok := u.QueryFields()
	if diff := cmp.Diff([]parser.Field{{"x", '='}, {"&", '&'}, {"y", '='}, {"1", 0}}, q); !ok || diff != "" {
		t.Errorf("QueryFields (-want +got):\n%s", diff)
	}
	if f, ok := u.DecodedFragment(); !ok || f != "f g" {
		t.Errorf("DecodedFragment = %q, %v", f, ok)
	}
	if h, ok := u.DecodedHost(); !ok || h != "h" {
		t.Errorf("DecodedHost = %q, %v", h, ok)
	}
	r, _ := parser.Parse("//a%40b:c@d~e/")
	if f, ok := r.RegNameFields(); !ok || len(f) != 3 || f[0] != (parser.Field{Value: "a@b", Delim: ':'}) {
		t.Errorf("RegNameFields = %v, %v", f, ok)
	}
	m, _ := parser.Parse("mailto:a@b")
	if m.PathSegments() != nil {
		t.Errorf("opaque URI has path segments %v", m.PathSegments())
	}
	if _, ok := m.QueryFields(); ok {
		t.Error("opaque URI has a query")
	}
}

// TestEscapeThenDecode builds a URI from escaped components and reads
// them back with the decoded accessors: data bytes never turn into
// delimiters.
func TestEscapeThenDecode(t *testing.T) {
	if !oracle.NewFacts(0).Hold("http://h/s;p?k=v") {
		t.Skip(oracle.NotHeld) // an edit of rfc2396.peg without params
	}
	r := rand.New(rand.NewPCG(1, 2))
	for i := 0; i < 300; i++ {
		seg, param, key, val := randomBytes(r, 8), randomBytes(r, 5), randomBytes(r, 6), randomBytes(r, 6)
		es, _ := parser.Escape(seg, grammar.RuleSegment)
		ep, _ := parser.Escape(param, grammar.RuleParam)
		ek, _ := parser.Escape(key, grammar.RuleQuery)
		ev, _ := parser.Escape(val, grammar.RuleQuery)
		ref := "http://h/" + es + ";" + ep + "?" + ek + "=" + ev
		u, err := parser.Parse(ref)
		if err != nil {
			t.Fatalf("%q: %v", ref, err)
		}
		if diff := cmp.Diff([]parser.Segment{{Name: seg, Params: []string{param}}}, u.PathSegments()); diff != "" {
			t.Errorf("%q (-want +got):\n%s", ref, diff)
		}
		q, _ := u.QueryFields()
		if diff := cmp.Diff([]parser.Field{{key, '='}, {val, 0}}, q); diff != "" {
			t.Errorf("%q (-want +got):\n%s", ref, diff)
		}
	}
}

func FuzzUnescape(f *testing.F) {
	for _, s := range []string{"a%20b", "%", "%4", "%zz", "%%", "%4G", "\xff%41"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		out, err := parser.Unescape(s)
		if err != nil {
			var uerr *parser.UnescapeError
			if !errors.As(err, &uerr) || uerr.Offset < 0 || uerr.Offset >= len(s) || s[uerr.Offset] != '%' {
				t.Fatalf("Unescape(%q): %v", s, err)
			}
			_ = err.Error()
			return
		}
		if len(out) > len(s) {
			t.Fatalf("Unescape(%q) = %q, longer", s, out)
		}
		for _, rule := range parser.EscapeRules() {
			escaping.RoundTrip(t, out, rule)
		}
	})
}
