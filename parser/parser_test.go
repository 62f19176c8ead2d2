package parser_test

import (
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/rfc2396/rfc2396/grammar"
	"github.com/rfc2396/rfc2396/internal/oracle"
	"github.com/rfc2396/rfc2396/internal/uritest"
	"github.com/rfc2396/rfc2396/parser"
)

var updateMatch = flag.Bool("update-match", false, "rewrite the verdicts in testdata/match.txt from the oracle")

// TestMatchRules checks Match against testdata/match.txt, and the file's
// verdicts against the oracle (regular expressions generated from
// grammar/rfc2396.abnf), so that the file cannot go stale. After a grammar
// edit, go generate rewrites its verdicts from the oracle
// (-update-match), and the diff shows what the edit changed.
func TestMatchRules(t *testing.T) {
	const path = "testdata/match.txt"
	uritest.MatchVerdicts(t, path, *updateMatch, grammar.Lookup, oracle.New().Match)
	uritest.MatchTable(t, path, grammar.Lookup, parser.Match, errorStart)
	var rerr *parser.RuleError
	if err := parser.Match(grammar.NumRules, "x"); !errors.As(err, &rerr) {
		t.Errorf("Match with an invalid rule: %v, want a *RuleError", err)
	}
}

func TestErrorMessages(t *testing.T) {
	tests := []struct{ in, want string }{
		{"http://a/b c", `rfc2396: offset 10: invalid character ' ' in segment; expected `},
		{"foo:", `rfc2396: offset 4: unexpected end of input in absoluteURI; expected `},
		{"http://a/%4", `rfc2396: offset 11: unexpected end of input in segment; expected hex`},
		{"a\x00", `offset 1: invalid control character U+0000 (NUL) in rel_segment`},
		{"a\tb:", `offset 1: invalid control character U+0009 (tab) in scheme`},
		{"a\xff", `offset 1: invalid byte 0xFF (not UTF-8) in rel_segment`},
		{"a\u00e9", `offset 1: invalid non-ASCII character "\u00e9" (U+00E9, bytes C3 A9; it must be escaped) in rel_segment`},
		{"my file.html", `offset 2: invalid character ' ' in rel_segment`},
		{"docs/my file.html", `offset 7: invalid character ' ' in segment`},
		{"ht tp://a/", `offset 2: invalid character ' ' in scheme`},
		{"?y", `known gap of RFC 2396`},
		{"http://[::1]/", `IPv6 literals such as "[::1]" are not RFC 2396 syntax`},
		{"http://u@[::1]/", `RFC 2732`},
		{"about:", `(the revision's issue 014)`},
		{"http:#f", `(the revision's issue 014)`},
	}
	facts := oracle.NewFacts(0)
	for _, tt := range tests {
		if !facts.Hold(tt.in) {
			t.Logf("%q: %s", tt.in, oracle.NotHeld)
			continue
		}
		_, err := parser.Parse(tt.in)
		if err == nil || !strings.Contains(err.Error(), tt.want) {
			t.Errorf("Parse(%q) error = %v, want it to contain %q", tt.in, err, tt.want)
		}
	}
	// Brackets elsewhere than at a host get no note about IPv6.
	for _, in := range []string{"http://a/?x[1]=2", "http://h/[x]", "a/[b]", "http://a/b@[c]"} {
		if !facts.Hold(in) {
			t.Logf("%q: %s", in, oracle.NotHeld)
			continue
		}
		_, err := parser.Parse(in)
		var perr *parser.Error
		if !errors.As(err, &perr) || perr.Gap != parser.NoGap {
			t.Errorf("Parse(%q) = %v, want an error with no gap", in, err)
		}
	}
	err := parser.Match(grammar.RuleIPv4address, "1.2.3")
	if !oracle.RuleAsPublished(grammar.RuleIPv4address) {
		t.Logf("IPv4address: %s", oracle.NotHeld)
	} else if want := "rfc2396: not a valid IPv4address: offset 5: unexpected end of input in IPv4address; expected digit or \".\""; err == nil || err.Error() != want {
		t.Errorf("error = %v, want %s", err, want)
	}
}

func TestParseIntoResets(t *testing.T) {
	if refs := []string{"http://u@h:1/p?q#f", "g"}; !oracle.NewFacts(0).Hold(refs...) {
		t.Skipf("%q: %s", refs, oracle.NotHeld)
	}
	var u parser.URI
	if err := parser.ParseInto(&u, "http://u@h:1/p?q#f"); err != nil {
		t.Fatal(err)
	}
	if err := parser.ParseInto(&u, "g"); err != nil {
		t.Fatal(err)
	}
	if got := []any{u.Scheme(), u.Authority(), u.UserInfo(), u.Host(), u.Port(), u.Path(), u.Query(), u.Fragment(), u.IsOpaque(), u.AuthorityKind(), u.HostKind()}; !cmp.Equal(got, []any{
		parser.Component{}, parser.Component{}, parser.Component{}, parser.Component{}, parser.Component{}, "g", parser.Component{}, parser.Component{}, false, parser.NoAuthority, parser.NoHost,
	}) {
		t.Errorf("ParseInto kept old components: %v", got)
	}
	if err := parser.ParseInto(&u, "a b"); err == nil || u != (parser.URI{}) {
		t.Errorf("ParseInto on invalid input: %v, %+v", err, u)
	}
}

func TestValidHugeAndBinary(t *testing.T) {
	long := "http://h/" + strings.Repeat("a/", 1<<19)
	// The oracle reads a shorter reference of the same shape: its
	// expressions take seconds on a mebibyte.
	if short := "http://h/" + strings.Repeat("a/", 64); !oracle.NewFacts(0).Hold(short, short+"\x00") {
		t.Logf("the 1 MiB reference: %s", oracle.NotHeld)
	} else {
		if !parser.Valid(long) {
			t.Error("1 MiB valid reference rejected")
		}
		_, err := parser.Parse(long + "\x00")
		var perr *parser.Error
		if !errors.As(err, &perr) || perr.Offset != len(long) {
			t.Errorf("error %v, want offset %d", err, len(long))
		}
	}
	facts := oracle.NewFacts(0)
	for b := 0; b < 256; b++ {
		s := "http://h/" + string([]byte{byte(b)})
		if !facts.Hold(s) {
			t.Logf("%q: %s", s, oracle.NotHeld)
			continue
		}
		_, err := parser.Parse(s)
		if err == nil {
			continue
		}
		want := 9
		if b == '%' {
			want = 10 // the end of input, where a hex digit was needed
		}
		var perr *parser.Error
		if !errors.As(err, &perr) || perr.Offset != want {
			t.Errorf("Parse(%q): %v, want an error at offset %d", s, err, want)
		}
	}
}

func TestParseTree(t *testing.T) {
	if !oracle.NewFacts(0).Hold("///x?") {
		t.Skipf("%q: %s", "///x?", oracle.NotHeld)
	}
	root, err := parser.ParseTree(grammar.RuleURIReference, "///x?")
	if err != nil {
		t.Fatal(err)
	}
	var lines []string
	var walk func(n *parser.Node, depth int)
	walk = func(n *parser.Node, depth int) {
		lines = append(lines, fmt.Sprintf("%s%s %d %d", strings.Repeat(" ", depth), n.Rule, n.Begin, n.End))
		for _, c := range n.Children {
			if !c.Rule.IsCharacterLevel() {
				walk(c, depth+1)
			}
		}
	}
	walk(root, 0)
	want := []string{
		"URI-reference 0 5",
		" relativeURI 0 5",
		"  net_path 0 4",
		"   authority 2 2",
		"    server 2 2",
		"   abs_path 2 4",
		"    path_segments 3 4",
		"     segment 3 4",
		"  query 5 5",
	}
	if diff := cmp.Diff(want, lines); diff != "" {
		t.Errorf("tree (-want +got):\n%s", diff)
	}
	if _, err := parser.ParseTree(grammar.RuleHostname, "a~b"); err == nil {
		t.Error("ParseTree accepted an invalid hostname")
	}
}

// TestNil checks that a nil *URI reads as empty and that functions given
// one return an error, never panic.
func TestNil(t *testing.T) {
	var u *parser.URI
	if u.String() != "" || u.Path() != "" || u.Scheme().Defined || u.IsAbsolute() || u.IsOpaque() ||
		u.AuthorityKind() != parser.NoAuthority || u.HostKind() != parser.NoHost || u.SchemeSpecificPart() != "" {
		t.Error("a nil *URI does not read as empty")
	}
	if err := parser.ParseInto(nil, "http://a/"); err == nil {
		t.Error("ParseInto(nil) succeeded")
	}
	if b, err := json.Marshal(u); err != nil || string(b) != "null" {
		t.Errorf("json.Marshal of a nil *URI: %s, %v; want null", b, err)
	}
	base, _ := parser.Parse("http://a/b")
	var rerr *parser.ResolveError
	if _, _, err := u.Resolve("g"); !errors.As(err, &rerr) || rerr.Reason != parser.NilURI {
		t.Errorf("nil.Resolve: %v", err)
	}
	if _, _, err := base.ResolveReference(nil); !errors.As(err, &rerr) || rerr.Reason != parser.NilURI {
		t.Errorf("ResolveReference(nil): %v", err)
	}
	if _, err := base.Relativize(nil); !errors.As(err, &rerr) || rerr.Reason != parser.NilURI {
		t.Errorf("Relativize(nil): %v", err)
	}
	if _, err := u.Normalize(); err == nil {
		t.Error("nil.Normalize succeeded")
	}
	if !parser.Equal(nil, nil) || parser.Equal(base, nil) || parser.Equivalent(nil, base) {
		t.Error("Equal or Equivalent with nil")
	}
}

// TestEnumContract checks that every enum value has a distinct, non-empty
// Code without spaces and a String for people.
func TestEnumContract(t *testing.T) {
	type enum interface {
		Code() string
		String() string
	}
	groups := map[string][]enum{
		"Gap":           {parser.GapEmptyRelativePath, parser.GapIPv6Literal, parser.GapEmptyOpaquePart},
		"Warning":       {parser.WarnEmptyRelativePath, parser.WarnDotDotAboveRoot, parser.WarnRepeatedScheme, parser.WarnSchemeDropped, parser.WarnEmptyBasePath},
		"ResolveReason": {parser.InvalidBase, parser.RelativeBase, parser.InvalidReference, parser.OpaqueBase, parser.DotDotRefused, parser.Unrepresentable, parser.NilURI, parser.RelativeTarget},
		"DotDotPolicy":  {parser.KeepDotDot, parser.RemoveDotDot, parser.RefuseDotDot},
		"AuthorityKind": {parser.NoAuthority, parser.ServerAuthority, parser.RegistryAuthority},
		"HostKind":      {parser.NoHost, parser.Hostname, parser.IPv4},
	}
	for name, values := range groups {
		seen := map[string]bool{}
		for _, v := range values {
			code := v.Code()
			if code == "" || seen[code] || strings.ContainsAny(code, " \t") || v.String() == "" {
				t.Errorf("%s %#v: code %q, string %q", name, v, code, v.String())
			}
			seen[code] = true
		}
	}
	if parser.NoGap.Code() != "" {
		t.Errorf("NoGap.Code() = %q, want empty", parser.NoGap.Code())
	}
}

// errorStart is the rule an *Error says its input was checked against.
func errorStart(err error) (grammar.Rule, bool) {
	if e, ok := uritest.As[*parser.Error](err); ok {
		return e.Start, true
	}
	return 0, false
}
