package rfc2396_test

import (
	"errors"
	"fmt"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/rfc2396/rfc2396/grammar"
	"github.com/rfc2396/rfc2396/internal/oracle"
	"github.com/rfc2396/rfc2396/internal/uritest"
	"github.com/rfc2396/rfc2396/parser"
)

// The oracle tests compare the generated parsers with an independent
// reading of Appendix A (package internal/oracle: regular expressions
// generated from grammar/rfc2396.abnf, which share nothing with
// rfc2396.peg). By default the sizes are a quick sample that keeps go test
// ./... fast on two cores; RFC2396_LONG=1, which CI sets, runs the deep
// sizes; the other environment variables set a size outright:
//
//	RFC2396_ORACLE_N  generated strings per rule and per kind (250; long 2000)
//	RFC2396_ORACLE_L  longest exhaustive string (3; long 4)
//	RFC2396_ORACLE_PROFILE_N, RFC2396_ORACLE_PROFILE_L  the same for each
//	                  profile (30 and 2; long 150 and 3)
var envInt = uritest.EnvSize

// checker compares verdicts and collects disagreements, reporting at most a
// few per rule.
type checker struct {
	t       *testing.T
	p       *parser.Profile
	o       *oracle.Oracle
	tally   uritest.Tally
	checked int
}

func newChecker(t *testing.T) *checker { return newProfileChecker(t, parser.Strict) }

// newProfileChecker compares the parsers under p with the oracle of p's
// grammar.
func newProfileChecker(t *testing.T, p *parser.Profile) *checker {
	return &checker{t: t, p: p, o: oracle.NewFor(p.Edits()), tally: uritest.Tally{T: t}}
}

func (c *checker) fail(key, format string, args ...any) {
	c.t.Helper()
	c.tally.Fail(key, format, args...)
}

// rule compares with the oracle, on one string: parser.ParseTree (the
// parser generated from rfc2396.peg) and parser.Match (the automata gen
// builds from the BNF), and for URI-reference also parser.Valid and
// parser.Parse (the compact parser) and everything Parse reports.
func (c *checker) rule(r grammar.Rule, s string) {
	c.t.Helper()
	c.checked++
	want := c.o.Match(r, s)
	if _, err := c.p.ParseTree(r, s); (err == nil) != want {
		c.fail(r.String(), "%s: %s %q: reference parser says valid=%v, the grammar says %v", c.p, r, s, err == nil, want)
	}
	err := c.p.Match(r, s)
	if got := err == nil; got != want {
		c.fail("match "+r.String(), "%s: %s %q: Match says valid=%v, the grammar says %v", c.p, r, s, got, want)
	}
	if err != nil {
		c.errorOffset(r, s, err)
	}
	if r == grammar.RuleURIReference {
		c.reference(s)
	}
}

// errorOffset checks that an error names the first byte no valid parse can
// include, as the oracle's own prefix check finds it.
func (c *checker) errorOffset(r grammar.Rule, s string, err error) {
	c.t.Helper()
	var perr *parser.Error
	if !errors.As(err, &perr) {
		c.fail("error type "+r.String(), "%s %q: error %v is not a *parser.Error", r, s, err)
		return
	}
	if want := c.o.ViablePrefix(r, s); perr.Offset != want {
		c.fail("offset "+r.String(), "%s: %s %q: error offset %d, the grammar's first impossible byte is at %d (%v)", c.p, r, s, perr.Offset, want, err)
	}
}

// reference checks a whole reference with the compact parser: verdict,
// error offset, and the components against Appendix B's split.
func (c *checker) reference(s string) {
	c.t.Helper()
	want := c.o.Match(grammar.RuleURIReference, s)
	if got := c.p.Valid(s); got != want {
		c.fail("Valid", "%s: Valid(%q) = %v, the grammar says %v", c.p, s, got, want)
	}
	u, err := c.p.Parse(s)
	if (err == nil) != want {
		c.fail("Parse", "%s: Parse(%q): %v, the grammar says valid=%v", c.p, s, err, want)
		return
	}
	if err != nil {
		c.errorOffset(grammar.RuleURIReference, s, err)
		return
	}
	if u.String() != s {
		c.fail("String", "Parse(%q).String() = %q", s, u.String())
	}
	c.components(s, u)
}

type readComponents struct {
	Scheme, Authority, UserInfo, Host, Port oracle.Component
	Path                                    string
	Query, Fragment                         oracle.Component
	Opaque                                  bool
	AuthorityKind, HostKind                 string
}

func oc(c parser.Component) oracle.Component {
	return oracle.Component{Value: c.Value, Defined: c.Defined}
}

// oracleReading is the reading of a valid reference that the oracle's
// split ([oracle.Oracle.Read]: Appendix B, with the opaque_part reading, as
// the grammar reads it) and its reading of the authority give: a server
// reading when the whole authority is a server, else a reg_name.
func oracleReading(o *oracle.Oracle, split oracle.Split, opaque bool) readComponents {
	want := readComponents{
		Scheme: split.Scheme, Authority: split.Authority, Path: split.Path, Query: split.Query, Fragment: split.Fragment,
		Opaque: opaque, AuthorityKind: "none", HostKind: "none",
	}
	if split.Authority.Defined {
		want.AuthorityKind = "registry"
		if srv, ok := o.ReadServer(split.Authority.Value); ok {
			want.AuthorityKind = "server"
			want.UserInfo, want.Host, want.Port = srv.UserInfo, srv.Host, srv.Port
			switch {
			case srv.IPv6:
				want.HostKind = "ipv6"
			case srv.IPv4:
				want.HostKind = "ipv4"
			case srv.Host.Defined:
				want.HostKind = "hostname"
			}
		}
	}
	return want
}

// components compares what Parse read with the Appendix B split (with the
// opaque_part reading) and the oracle's reading of the authority: a server
// reading when the whole authority is a server, else a reg_name.
func (c *checker) components(s string, u *parser.URI) {
	c.t.Helper()
	split, opaque := c.o.Read(s)
	if c.p.Edits().Has(grammar.EditEmptyAuthority) && split.Authority == (oracle.Component{Value: "", Defined: true}) {
		// Under empty-authority, "//" before a path, query or fragment
		// opens no authority (java.net.URI's reading).
		split.Authority = oracle.Component{}
	}
	want := oracleReading(c.o, split, opaque)
	got := readComponents{
		Scheme: oc(u.Scheme()), Authority: oc(u.Authority()), UserInfo: oc(u.UserInfo()), Host: oc(u.Host()), Port: oc(u.Port()),
		Path: u.Path(), Query: oc(u.Query()), Fragment: oc(u.Fragment()),
		Opaque: u.IsOpaque(), AuthorityKind: u.AuthorityKind().Code(), HostKind: u.HostKind().Code(),
	}
	if diff := cmp.Diff(want, got); diff != "" {
		c.fail("components", "%s: Parse(%q) components (-Appendix B and the oracle +parser):\n%s", c.p, s, diff)
	}
}

// TestOracleSelfCheck checks the oracle itself on cases whose verdicts the
// RFC text settles, so that a broken oracle cannot pass everything. It
// reads Appendix A as published (oracle.NewPublished), so that an edit of
// rfc2396.peg does not change what it checks.
func TestOracleSelfCheck(t *testing.T) {
	o := oracle.NewPublished(0)
	tests := []struct {
		rule  grammar.Rule
		s     string
		valid bool
	}{
		{grammar.RuleURIReference, "http://www.ics.uci.edu/pub/ietf/uri/#Related", true},
		{grammar.RuleURIReference, "", true},
		{grammar.RuleURIReference, "http://h/a b", false},
		{grammar.RuleURIReference, "http://h/<", false},
		{grammar.RuleURIReference, "http://h/\xff", false},
		{grammar.RuleHostname, "www.example.com.", true},
		{grammar.RuleHostname, "www..example.com", false},
		{grammar.RuleIPv4address, "1.2.3.4", true},
		{grammar.RuleDomainlabel, "a-", false},
		{grammar.RuleServer, "", true},
		{grammar.RulePort, "80", true},
		{grammar.RulePort, "8 0", false},
		{grammar.RulePort, "", true},
		{grammar.RuleScheme, "svn+ssh", true},
		{grammar.RuleDomainlabel, "a_b", false},
		{grammar.RuleURIReference, "?y", false},
	}
	for _, tt := range tests {
		if got := o.Match(tt.rule, tt.s); got != tt.valid {
			t.Errorf("oracle %s %q = %v, want %v", tt.rule, tt.s, got, tt.valid)
		}
	}
	if got := o.ViablePrefix(grammar.RuleURIReference, "http://a b"); got != 8 {
		t.Errorf("ViablePrefix = %d, want 8", got)
	}
	// No byte outside US-ASCII is in any rule's language.
	for b := 0x80; b < 0x100; b++ {
		for r := grammar.Rule(0); r < grammar.NumRules; r++ {
			if o.Match(r, "a"+string([]byte{byte(b)})) || o.Match(r, string([]byte{byte(b)})) {
				t.Errorf("oracle: %s matches byte %#x", r, b)
			}
		}
	}
}

// TestOracleRules runs, for each of the 40 rules, generated derivations and
// mutations of them through both generated parsers and the oracle.
func TestOracleRules(t *testing.T) {
	n := envInt(t, "RFC2396_ORACLE_N", 250, 2000)
	c := newChecker(t)
	g := oracle.NewGenerator(1998)
	for r := grammar.Rule(0); r < grammar.NumRules; r++ {
		uritest.DeriveRule(g, r, grammar.RuleURIReference, n, c.rule)
	}
	t.Logf("%d strings checked", c.checked)
}

// TestOracleContexts places each rule's strings where they occur in a
// reference and checks the whole reference.
func TestOracleContexts(t *testing.T) {
	n := envInt(t, "RFC2396_ORACLE_N", 250, 2000)
	c := newChecker(t)
	g := oracle.NewGenerator(2396)
	for _, ctx := range oracle.Contexts {
		uritest.DeriveInContext(g, ctx.Rule, ctx.Before, ctx.After, grammar.RuleURIReference, n, c.rule)
	}
	t.Logf("%d references checked", c.checked)
}

// exhaustiveAlphabet has one byte for each class of characters that
// Appendix A treats alike, and one for each character some rule treats on
// its own: hex and other letters, digits, the marks "-" and "." (special in
// hostname and scheme) and "_" (any other mark), the reserved characters
// that rules tell apart, "%", "#", and bytes no rule allows.
const exhaustiveAlphabet = "aFgZ0-._;/?:@&+%# [\x01\x80"

// TestOracleExhaustive checks every string up to length L over
// exhaustiveAlphabet, for URI-reference and for the rules whose PEG form is
// not a literal copy of the BNF.
func TestOracleExhaustive(t *testing.T) {
	l := envInt(t, "RFC2396_ORACLE_L", 3, 4)
	c := newChecker(t)
	rules := []grammar.Rule{grammar.RuleURIReference, grammar.RuleHierPart, grammar.RuleAuthority, grammar.RuleServer,
		grammar.RuleHost, grammar.RuleHostname, grammar.RuleDomainlabel, grammar.RuleToplabel}
	uritest.Walk(l, exhaustiveAlphabet, func(s string) {
		for _, r := range rules {
			c.rule(r, s)
		}
	})
	t.Logf("every string up to length %d over %d bytes: %d checks", l, len(exhaustiveAlphabet), c.checked)
}

// oracleProfiles are the profiles the differential tests run beside
// Strict: every named profile, and Appendix A with each edit alone.
func oracleProfiles() []*parser.Profile {
	var ps []*parser.Profile
	for _, p := range parser.Profiles() {
		if p != parser.Strict {
			ps = append(ps, p)
		}
	}
	for _, e := range grammar.Edits() {
		ps = append(ps, parser.Strict.With(e))
	}
	return ps
}

// profileContexts place the rules the edits add where they occur.
var profileContexts = []oracle.Context{
	{Rule: grammar.RuleIpv6reference, Before: "http://u@", After: ":80/p"},
	{Rule: grammar.RuleIPv6address, Before: "//[", After: "]"},
	{Rule: grammar.RuleOther, Before: "http://h/a", After: "b?q#f"},
	{Rule: grammar.RuleOctet, Before: "http://1.2.3.", After: "/"},
}

// TestOracleProfiles runs the rule, context and exhaustive checks for
// every profile of oracleProfiles, with fewer strings than for Strict:
// every rule of the profile's grammar (the rules the edits add too),
// derivations and mutations under the profile's own grammar.
func TestOracleProfiles(t *testing.T) {
	n := envInt(t, "RFC2396_ORACLE_PROFILE_N", 30, 150)
	l := envInt(t, "RFC2396_ORACLE_PROFILE_L", 2, 3)
	for _, p := range oracleProfiles() {
		t.Run(p.Name(), func(t *testing.T) {
			c := newProfileChecker(t, p)
			g := oracle.NewGeneratorFor(p.Edits(), 2732)
			for r := grammar.Rule(0); r < grammar.NumAllRules; r++ {
				if p.Has(r) {
					uritest.DeriveRule(g, r, grammar.RuleURIReference, n, c.rule)
				}
			}
			for _, ctx := range append(oracle.Contexts, profileContexts...) {
				if p.Has(ctx.Rule) {
					uritest.DeriveInContext(g, ctx.Rule, ctx.Before, ctx.After, grammar.RuleURIReference, n, c.rule)
				}
			}
			const alphabet = "aF0.:%#/?@[]\xc3\xa9"
			uritest.Walk(l, alphabet, func(s string) {
				c.rule(grammar.RuleURIReference, "http://"+s+"/")
				c.rule(grammar.RuleURIReference, s)
			})
			t.Logf("%d strings checked", c.checked)
		})
	}
}

// FuzzParseOracle checks Parse against the oracle: verdict, error offset
// and components.
func FuzzParseOracle(f *testing.F) {
	for _, s := range []string{"http://www.ics.uci.edu/pub/ietf/uri/#Related", "?y", "http://a~b:1/", "mailto:a?b", "//", "http://h:/", "a:b c"} {
		f.Add(s)
	}
	o := oracle.New()
	f.Fuzz(func(t *testing.T, s string) {
		c := &checker{t: t, p: parser.Strict, o: o, tally: uritest.Tally{T: t}}
		c.reference(s)
	})
}

func Example_oracle() {
	// The oracle and the parser agree on what is a hostname.
	o := oracle.New()
	for _, s := range []string{"www.example.com.", "www..example.com"} {
		fmt.Println(o.Match(grammar.RuleHostname, s) == (parser.Match(grammar.RuleHostname, s) == nil))
	}
	// Output:
	// true
	// true
}
