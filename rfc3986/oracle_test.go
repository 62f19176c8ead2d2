package rfc3986_test

import (
	"errors"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/rfc2396/rfc2396/internal/oracle"
	"github.com/rfc2396/rfc2396/internal/uritest"
	"github.com/rfc2396/rfc2396/rfc3986"
	"github.com/rfc2396/rfc2396/rfc3986/grammar"
)

// The oracle tests compare the three engines of this package (the
// automata gen builds from grammar/rfc3986.abnf, behind Match, Valid and
// every error; the reference parser generated from rfc3986.peg, behind
// ParseTree; the compact parser derived from it, behind Parse) with an
// independent reading of RFC 3986 Appendix A: package
// internal/oracle (Oracle3986), regular expressions generated from
// grammar/rfc3986.abnf, which share nothing with rfc3986.peg. Sizes are set
// as a quick sample that keeps go test ./... fast on two cores;
// RFC2396_LONG=1, which CI sets, runs the deep sizes; the other
// environment variables set a size outright:
//
//	RFC3986_ORACLE_N  generated strings per rule and per context (200; long 1500)
//	RFC3986_ORACLE_L  longest exhaustive string (3; long 4)
var envInt = uritest.EnvSize

// checker compares verdicts and collects disagreements, reporting at most a
// few per kind.
type checker struct {
	t       *testing.T
	o       *oracle.Oracle3986
	tally   uritest.Tally
	checked int
}

func newChecker(t *testing.T) *checker {
	return &checker{t: t, o: oracle.New3986(), tally: uritest.Tally{T: t}}
}

func (c *checker) fail(key, format string, args ...any) {
	c.t.Helper()
	c.tally.Fail(key, format, args...)
}

// rule compares Match (the automaton) and ParseTree (the reference
// parser) with the oracle on one string, the error offset with the
// oracle's first impossible byte, and for URI-reference also everything
// Parse and Valid report.
func (c *checker) rule(r grammar.Rule, s string) {
	c.t.Helper()
	c.checked++
	want := c.o.Match(r, s)
	err := rfc3986.Match(r, s)
	if got := err == nil; got != want {
		c.fail(r.String(), "%s %q: the automaton says valid=%v, Appendix A says %v", r, s, got, want)
	}
	if err != nil {
		c.errorOffset(r, s, err)
	}
	tree, err := rfc3986.ParseTree(r, s)
	if got := err == nil; got != want {
		c.fail("tree "+r.String(), "%s %q: the reference parser says valid=%v, Appendix A says %v", r, s, got, want)
	}
	if err != nil {
		c.errorOffset(r, s, err)
	} else if tree.Rule != r || tree.Begin != 0 || tree.End != len(s) {
		c.fail("tree "+r.String(), "%s %q: the tree's root is %s [%d, %d)", r, s, tree.Rule, tree.Begin, tree.End)
	}
	if r == grammar.RuleURIReference {
		c.reference(s)
	}
}

func (c *checker) errorOffset(r grammar.Rule, s string, err error) {
	c.t.Helper()
	var perr *rfc3986.Error
	if !errors.As(err, &perr) {
		c.fail("error type "+r.String(), "%s %q: error %v is not a *rfc3986.Error", r, s, err)
		return
	}
	if want := c.o.ViablePrefix(r, s); perr.Offset != want {
		c.fail("offset "+r.String(), "%s %q: error offset %d, Appendix A's first impossible byte is at %d (%v)", r, s, perr.Offset, want, err)
	}
}

// reference checks a whole reference with the compact parser: verdict,
// error offset, and the components against Appendix B's split and the
// oracle's reading of the authority.
func (c *checker) reference(s string) {
	c.t.Helper()
	want := c.o.Match(grammar.RuleURIReference, s)
	if got := rfc3986.Valid(s); got != want {
		c.fail("Valid", "Valid(%q) = %v, Appendix A says %v", s, got, want)
	}
	u, err := rfc3986.Parse(s)
	if (err == nil) != want {
		c.fail("Parse", "Parse(%q): %v, Appendix A says valid=%v", s, err, want)
		return
	}
	if err != nil {
		c.errorOffset(grammar.RuleURIReference, s, err)
		return
	}
	if u.String() != s {
		c.fail("String", "Parse(%q).String() = %q", s, u.String())
	}
	split := oracle.SplitB(s)
	wantC := components{Scheme: split.Scheme, Authority: split.Authority, Path: split.Path, Query: split.Query, Fragment: split.Fragment, HostKind: "none"}
	if split.Authority.Defined {
		a, ok := c.o.ReadAuthority(split.Authority.Value)
		if !ok {
			c.fail("authority", "Parse(%q): Appendix B's authority %q is not an authority", s, split.Authority.Value)
		}
		wantC.UserInfo, wantC.Host, wantC.Port, wantC.HostKind = a.UserInfo, a.Host, a.Port, a.HostKind
	}
	oc := func(x rfc3986.Component) oracle.Component {
		return oracle.Component{Value: x.Value, Defined: x.Defined}
	}
	got := components{
		Scheme: oc(u.Scheme()), Authority: oc(u.Authority()), UserInfo: oc(u.UserInfo()), Host: oc(u.Host()), Port: oc(u.Port()),
		Path: u.Path(), Query: oc(u.Query()), Fragment: oc(u.Fragment()), HostKind: u.HostKind().Code(),
	}
	if diff := cmp.Diff(wantC, got); diff != "" {
		c.fail("components", "Parse(%q) components (-Appendix B and the oracle +parser):\n%s", s, diff)
	}
}

type components struct {
	Scheme, Authority, UserInfo, Host, Port oracle.Component
	Path                                    string
	Query, Fragment                         oracle.Component
	HostKind                                string
}

// TestOracleSelfCheck checks the oracle itself on verdicts the RFC text
// settles, so that a broken oracle cannot pass everything. It reads
// Appendix A as published (oracle.NewPublished3986), so that an edit of
// rfc3986.peg does not change what it checks.
func TestOracleSelfCheck(t *testing.T) {
	o := oracle.NewPublished3986()
	tests := []struct {
		rule  grammar.Rule
		s     string
		valid bool
	}{
		{grammar.RuleURIReference, "http://www.ics.uci.edu/pub/ietf/uri/#Related", true},
		{grammar.RuleURIReference, "?y", true},
		{grammar.RuleURIReference, "", true},
		{grammar.RuleURIReference, "foo:", true},
		{grammar.RuleURIReference, "http://[::1]/", true},
		{grammar.RuleURIReference, "http://[v7.x]/", true},
		{grammar.RuleURIReference, "http://[V7.x]/", true},
		{grammar.RuleURIReference, "a b", false},
		{grammar.RuleURIReference, "http://h/\u00e9", false},
		{grammar.RuleURIReference, "http://h/\xff", false},
		{grammar.RuleURIReference, "1a:b", false},
		{grammar.RuleRelativeRef, "a:b", false},
		{grammar.RuleScheme, "svn+ssh", true},
		{grammar.RulePort, "", true},
		{grammar.RuleRegName, "", true},
		{grammar.RuleIPv4address, "1.2.3.256", false},
		{grammar.RuleRelativeRef, "./a:b", true},
		{grammar.RuleIPv6address, "::", true},
		{grammar.RuleIPv6address, "::192.9.5.5", true},
		{grammar.RuleIPv6address, "1:2:3:4:5:6:7:8", true},
		{grammar.RuleIPv6address, "1:2:3:4:5:6:7:8:9", false},
		{grammar.RuleIPv6address, "1::2::3", false},
		{grammar.RuleIPv6address, "FEDC:BA98::1", true},
		{grammar.RuleIPv4address, "255.255.255.255", true},
		{grammar.RuleIPv4address, "256.1.1.1", false},
		{grammar.RuleIPv4address, "01.1.1.1", false},
		{grammar.RuleDecOctet, "0", true},
		{grammar.RuleH16, "12345", false},
		{grammar.RulePathEmpty, "", true},
		{grammar.RulePathEmpty, "a", false},
		{grammar.RulePctEncoded, "%af", true},
		{grammar.RuleIPvFuture, "V1.a", true},
	}
	for _, tt := range tests {
		if got := o.Match(tt.rule, tt.s); got != tt.valid {
			t.Errorf("oracle %s %q = %v, want %v", tt.rule, tt.s, got, tt.valid)
		}
	}
	if got := o.ViablePrefix(grammar.RuleURIReference, "http://a b"); got != 8 {
		t.Errorf("ViablePrefix = %d, want 8", got)
	}
	for b := 0x80; b < 0x100; b++ {
		for r := grammar.Rule(0); r < grammar.NumRules; r++ {
			if o.Match(r, "a"+string([]byte{byte(b)})) || o.Match(r, string([]byte{byte(b)})) {
				t.Errorf("oracle: %s matches byte %#x", r, b)
			}
		}
	}
	// The Kelvin sign and the long s fold to "k" and "s" in Unicode; RFC
	// 5234's case-insensitivity is ASCII only.
	if o.Match(grammar.RuleIPvFuture, "\u212a1.a") {
		t.Errorf("oracle folds beyond ASCII")
	}
}

// TestOracleRules runs, for each of the 36 rules, generated derivations and
// mutations of them through the parsers and the oracle.
func TestOracleRules(t *testing.T) {
	n := envInt(t, "RFC3986_ORACLE_N", 200, 1500)
	c := newChecker(t)
	g := oracle.NewGenerator3986(3986)
	for r := grammar.Rule(0); r < grammar.NumRules; r++ {
		uritest.DeriveRule(g, r, grammar.RuleURIReference, n, c.rule)
	}
	t.Logf("%d strings checked", c.checked)
}

// TestOracleContexts places each rule's strings where they occur in a
// reference and checks the whole reference.
func TestOracleContexts(t *testing.T) {
	n := envInt(t, "RFC3986_ORACLE_N", 200, 1500)
	c := newChecker(t)
	g := oracle.NewGenerator3986(2005)
	for _, ctx := range oracle.Contexts3986 {
		uritest.DeriveInContext(g, ctx.Rule, ctx.Before, ctx.After, grammar.RuleURIReference, n, c.rule)
	}
	t.Logf("%d references checked", c.checked)
}

// exhaustiveAlphabet has one byte for each class of characters that
// Appendix A treats alike, and one for each character some rule treats on
// its own: "v" (IPvFuture), a hex letter, another letter, the digits that
// dec-octet tells apart ("0", "1", "2", "5", "9"), ".", ":", "/", "?", "#",
// "[", "]", "@", "%", a sub-delim, and bytes no rule allows.
const exhaustiveAlphabet = "vFg0125.:/?#[]@%! \x80"

// ipAlphabet is for the host rules, where longer strings matter.
const ipAlphabet = "1a:.[]v"

// TestOracleExhaustive checks every string up to length L over
// exhaustiveAlphabet for URI-reference and the rules whose PEG form is not a
// literal copy of the ABNF, and every string up to length L+2 over
// ipAlphabet for the host rules.
func TestOracleExhaustive(t *testing.T) {
	l := envInt(t, "RFC3986_ORACLE_L", 3, 4)
	c := newChecker(t)
	uritest.Walk(l, exhaustiveAlphabet, func(s string) {
		for _, r := range []grammar.Rule{grammar.RuleURIReference, grammar.RuleHierPart, grammar.RuleRelativePart,
			grammar.RuleAuthority, grammar.RuleHost, grammar.RulePath, grammar.RuleDecOctet, grammar.RulePathEmpty} {
			c.rule(r, s)
		}
	})
	uritest.Walk(l+2, ipAlphabet, func(s string) {
		for _, r := range []grammar.Rule{grammar.RuleHost, grammar.RuleIPv6address, grammar.RuleLs32} {
			c.rule(r, s)
		}
	})
	t.Logf("every string up to length %d over %d bytes, and up to %d over %d: %d checks", l, len(exhaustiveAlphabet), l+2, len(ipAlphabet), c.checked)
}

// TestOracleIPv6 checks every IPv6address shape: k pieces before "::" and m
// after, with and without an IPv4 tail, pieces of 1 to 4 hex digits, and
// the full forms, in the address rule and inside a reference.
func TestOracleIPv6(t *testing.T) {
	c := newChecker(t)
	pieces := []string{"1", "ab", "F0f", "abcd", "12345"}
	seq := func(n, at int) string {
		s := ""
		for i := 0; i < n; i++ {
			if i > 0 {
				s += ":"
			}
			s += pieces[(i+at)%len(pieces)]
		}
		return s
	}
	for before := 0; before <= 8; before++ {
		for after := 0; after <= 8; after++ {
			for at := 0; at < len(pieces); at++ {
				for _, tail := range []string{"", "1.2.3.4", "255.255.255.256"} {
					b, a := seq(before, at), seq(after, at+1)
					forms := []string{b + "::" + a, b + ":" + a, b + ":::" + a}
					if tail != "" {
						forms = append(forms, b+"::"+a+":"+tail, b+"::"+tail, b+":"+tail)
					}
					for _, s := range forms {
						c.rule(grammar.RuleIPv6address, s)
						c.rule(grammar.RuleURIReference, "http://["+s+"]:80/")
					}
				}
			}
		}
	}
	t.Logf("%d checks", c.checked)
}

// FuzzParseOracle checks Parse against the oracle: verdict, error offset
// and components.
func FuzzParseOracle(f *testing.F) {
	for _, s := range []string{"http://www.ics.uci.edu/pub/ietf/uri/#Related", "?y", "http://[::1]:80/", "mailto:a?b", "//", "http://1.2.3.256/", "a:b c", "//[v1.x]"} {
		f.Add(s)
	}
	o := oracle.New3986()
	f.Fuzz(func(t *testing.T, s string) {
		c := &checker{t: t, o: o, tally: uritest.Tally{T: t}}
		c.rule(grammar.RuleURIReference, s)
	})
}

// FuzzMatchOracle checks Match against the oracle for any rule: verdict
// and error offset.
func FuzzMatchOracle(f *testing.F) {
	f.Add(uint8(grammar.RuleIPv6address), "1::2:3:4:5:6:7")
	f.Add(uint8(grammar.RuleDecOctet), "256")
	f.Add(uint8(grammar.RuleHost), "1.2.3.4.5")
	o := oracle.New3986()
	f.Fuzz(func(t *testing.T, rule uint8, s string) {
		c := &checker{t: t, o: o, tally: uritest.Tally{T: t}}
		c.rule(grammar.Rule(int(rule)%grammar.NumRules), s)
	})
}
