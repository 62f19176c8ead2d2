package parser_test

import (
	"bufio"
	"errors"
	"flag"
	"os"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/rfc2396/rfc2396/grammar"
	"github.com/rfc2396/rfc2396/internal/oracle"
	"github.com/rfc2396/rfc2396/parser"
)

// profileNamed reads "NAME" or "NAME+EDIT,EDIT".
func profileNamed(t *testing.T, spec string) *parser.Profile {
	t.Helper()
	name, extra, _ := strings.Cut(spec, "+")
	p, ok := parser.LookupProfile(name)
	if !ok {
		t.Fatalf("no profile %q", name)
	}
	if extra == "" {
		return p
	}
	var edits []grammar.Edit
	for _, n := range strings.Split(extra, ",") {
		e, ok := grammar.LookupEdit(n)
		if !ok {
			t.Fatalf("no edit %q", n)
		}
		edits = append(edits, e)
	}
	return p.With(edits...)
}

var updateProfiles = flag.Bool("update-profiles", false, "rewrite the readings in testdata/profiles.txt from the parser, once the oracle agrees with them")

// oracleHost is the oracle's verdict on in, and for a valid reference its
// host kind and host (as testdata/profiles.txt writes them) or for an
// invalid one the offset of its first impossible byte.
func oracleHost(o *oracle.Oracle, in string) []string {
	if !o.Match(grammar.RuleURIReference, in) {
		return []string{"invalid", strconv.Itoa(o.ViablePrefix(grammar.RuleURIReference, in))}
	}
	split, _ := o.Read(in)
	a := split.Authority
	if !a.Defined {
		return []string{"valid", "none", "-"}
	}
	srv, ok := o.ReadServer(a.Value)
	switch {
	case !ok || !srv.Host.Defined:
		return []string{"valid", "none", "-"}
	case srv.IPv6:
		return []string{"valid", "ipv6", srv.Host.Value}
	case srv.IPv4:
		return []string{"valid", "ipv4", srv.Host.Value}
	}
	return []string{"valid", "hostname", srv.Host.Value}
}

// TestProfiles checks the verdicts, host readings and needed edits of
// testdata/profiles.txt, and checks the parser's verdicts, offsets and host
// readings against the oracle under each profile's edits. After a grammar
// edit, go generate rewrites the file from the parser (-update-profiles)
// where the oracle agrees, so the diff shows what the edit changed.
func TestProfiles(t *testing.T) {
	f, err := os.Open("testdata/profiles.txt")
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	var rewritten []string // with -update-profiles
	// oracles holds the oracle of each profile's edits, made once: making
	// one (compiling its regular expressions) for each row was most of
	// the test's time.
	oracles := map[grammar.EditSet]*oracle.Oracle{}
	sc := bufio.NewScanner(f)
	for n := 1; sc.Scan(); n++ {
		line := sc.Text()
		rewritten = append(rewritten, line)
		if line == "" || strings.HasPrefix(line, "#") {
			continue
		}
		fields := strings.Split(line, "\t")
		p := profileNamed(t, fields[0])
		in, err := strconv.Unquote(fields[1])
		if err != nil {
			t.Fatalf("profiles.txt:%d: %v", n, err)
		}
		u, err := p.Parse(in)
		var got []string
		if err != nil {
			var perr *parser.Error
			if !errors.As(err, &perr) {
				t.Fatalf("profiles.txt:%d: %v is not a *parser.Error", n, err)
			}
			got = []string{"invalid", strconv.Itoa(perr.Offset), perr.Rule.String()}
		} else {
			host, needs := u.Host().Value, "-"
			if host == "" {
				host = "-"
			}
			var names []string
			for _, e := range p.Needs(grammar.RuleURIReference, in) {
				names = append(names, e.Code())
			}
			if names != nil {
				needs = strings.Join(names, ",")
			}
			got = []string{"valid", u.HostKind().Code(), host, needs}
		}
		// The verdict, offset, host kind and host are the oracle's too (under
		// the profile's edits); the rule and the edits needed are the
		// parser's own account.
		if oracles[p.Edits()] == nil {
			oracles[p.Edits()] = oracle.NewFor(p.Edits())
		}
		o := oracles[p.Edits()]
		if want := oracleHost(o, in); len(got) < len(want) || !slices.Equal(want, got[:len(want)]) {
			t.Errorf("profiles.txt:%d: %s %q: the parser reads %q, the oracle %q", n, p, in, got, want)
			continue
		}
		if *updateProfiles {
			rewritten[n-1] = strings.Join(append(fields[:2:2], got...), "\t")
		} else if diff := cmp.Diff(fields[2:], got); diff != "" {
			t.Errorf("profiles.txt:%d: %s %q (-want +got; go generate rewrites the file):\n%s", n, p, in, diff)
		}
		if (err == nil) != p.Valid(in) {
			t.Errorf("profiles.txt:%d: Valid and Parse disagree", n)
		}
	}
	if err := sc.Err(); err != nil {
		t.Fatal(err)
	}
	if *updateProfiles {
		if err := os.WriteFile("testdata/profiles.txt", []byte(strings.Join(rewritten, "\n")+"\n"), 0o644); err != nil {
			t.Fatal(err)
		}
	}
}

// rowsProfiles are the profiles of edits/edits.txt that the tables of
// these tests were written for; a profile added to the file since is
// held to the oracle where a row lists profiles, so that adding one
// needs no change here.
var rowsProfiles = map[string]bool{"strict": true, "rfc2732": true, "rfc2732-intent": true, "java": true}

// TestValidUnder checks which readings accept what strict rejects.
func TestValidUnder(t *testing.T) {
	tests := []struct {
		in   string
		want []string // profile: needed edits
	}{
		{"http://[::1]/", []string{"strict+ipv6: ipv6", "rfc2732: ipv6", "rfc2732-intent: ipv6", "java: ipv6"}},
		{"about:", []string{"strict+empty-opaque-part: empty-opaque-part"}},
		{"?y", []string{"strict+empty-relative-path: empty-relative-path", "java: empty-relative-path"}},
		{"http://a b/", nil},
	}
	// ValidUnder tries strict with each relaxation and each profile: a
	// row holds if each of those grammars reads its reference as the
	// grammar as published with the same edits does.
	var readings []*oracle.Facts[*oracle.Oracle]
	for _, e := range grammar.Edits() {
		if e.Info().Kind == grammar.Relaxation {
			readings = append(readings, oracle.NewFacts(parser.Strict.With(e).Edits()))
		}
	}
	for _, p := range parser.Profiles() {
		readings = append(readings, oracle.NewFacts(p.Edits()))
	}
	hold := func(ref string) bool {
		for _, f := range readings {
			if !f.Hold(ref) {
				return false
			}
		}
		return true
	}
	for _, tt := range tests {
		if !hold(tt.in) {
			t.Logf("%q: %s", tt.in, oracle.NotHeld)
			continue
		}
		var got []string
		var added []*parser.Profile
		for _, a := range parser.Strict.ValidUnder(grammar.RuleURIReference, tt.in) {
			if !rowsProfiles[a.Profile.Name()] && !strings.HasPrefix(a.Profile.Name(), "strict+") {
				added = append(added, a.Profile)
				continue
			}
			var names []string
			for _, e := range a.Edits {
				names = append(names, e.Code())
			}
			got = append(got, a.Profile.Name()+": "+strings.Join(names, ","))
		}
		// A profile edits/edits.txt gained after the rows were written is
		// held to the oracle instead: it is listed exactly when the
		// grammar under its edits accepts the reference.
		for _, p := range parser.Profiles() {
			if rowsProfiles[p.Name()] {
				continue
			}
			if listed, accepts := slices.Contains(added, p), oracle.NewFor(p.Edits()).Match(grammar.RuleURIReference, tt.in); listed != accepts {
				t.Errorf("ValidUnder(%q): profile %s listed %v; the oracle under its edits accepts it: %v", tt.in, p.Name(), listed, accepts)
			}
		}
		if diff := cmp.Diff(tt.want, got); diff != "" {
			t.Errorf("ValidUnder(%q) (-want +got):\n%s", tt.in, diff)
		}
	}
}

// TestProfileResolve checks resolution under a profile: the reference and
// the result are read under its grammar.
func TestProfileResolve(t *testing.T) {
	p := parser.Strict.With(grammar.EditEmptyOpaquePart)
	if oracle.NewFacts(p.Edits()).Hold("http://a/b/c/d;p?q", "http:") {
		got, _, err := p.Resolve("http://a/b/c/d;p?q", "http:")
		if err != nil || got != "http:" {
			t.Errorf("Resolve(http:) under %s = %q, %v; want http:", p, got, err)
		}
	}
	if !oracle.NewFacts(parser.RFC2732.Edits()).Hold("http://[::1]/a/b", "../c?x[1]", "http://[::1]/c?x[1]") {
		t.Logf("../c?x[1] against http://[::1]/a/b under rfc2732: %s", oracle.NotHeld)
	} else if got, _, err := parser.RFC2732.Resolve("http://[::1]/a/b", "../c?x[1]"); err != nil || got != "http://[::1]/c?x[1]" {
		t.Errorf("Resolve under rfc2732 = %q, %v", got, err)
	}
	if _, _, err := parser.Resolve("http://[::1]/a/b", "c"); err == nil {
		t.Error("strict resolved against an IPv6 base")
	}
	const javaRef = "HTTP://[FE80::1%eth0]:80/a/../b"
	if !oracle.NewFacts(parser.Java.Edits()).Hold(javaRef, "http://[fe80::1%eth0]/b") {
		t.Logf("%s under java: %s", javaRef, oracle.NotHeld)
	} else if n, err := parser.Java.Normalize(javaRef); err != nil || n != "http://[fe80::1%eth0]/b" {
		t.Errorf("Normalize under java = %q, %v", n, err)
	}
}

// TestProfileRules checks that a rule an edit adds exists only under it.
func TestProfileRules(t *testing.T) {
	if err := parser.Match(grammar.RuleHex4, "ff"); err == nil {
		t.Error("strict matched hex4, which edit ipv6 adds")
	}
	var rerr *parser.RuleError
	if err := parser.Strict.Match(grammar.RuleHex4, "ff"); !errors.As(err, &rerr) || rerr.Profile != "strict" {
		t.Errorf("strict hex4: %v", err)
	}
	if err := parser.RFC2732.Match(grammar.RuleHex4, "ff"); err != nil {
		t.Errorf("rfc2732 hex4: %v", err)
	}
	if !oracle.NewFacts(parser.Java.Edits()).Hold("http://[::1]/") {
		t.Logf("http://[::1]/ under java: %s", oracle.NotHeld)
	} else if tree, err := parser.Java.ParseTree(grammar.RuleURIReference, "http://[::1]/"); err != nil || tree == nil || tree.End != 13 {
		t.Errorf("java ParseTree: %v, %v", tree, err)
	}
}

// TestNamedProfiles checks that the named profiles are those of
// edits/edits.txt, as gen writes them (grammar.Profiles), each once and in
// its order, with its edits: a profile line added there needs no change
// to this package.
func TestNamedProfiles(t *testing.T) {
	type named struct {
		Name  string
		Edits grammar.EditSet
	}
	var want, got, looked []named
	for _, info := range grammar.Profiles() {
		want = append(want, named{info.Name, info.Edits})
		if p, ok := parser.LookupProfile(info.Name); ok {
			looked = append(looked, named{p.Name(), p.Edits()})
		}
	}
	for _, p := range parser.Profiles() {
		got = append(got, named{p.Name(), p.Edits()})
	}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("Profiles() (-edits.txt +got):\n%s", diff)
	}
	if diff := cmp.Diff(want, looked); diff != "" {
		t.Errorf("LookupProfile (-edits.txt +got):\n%s", diff)
	}
	if _, ok := parser.LookupProfile("no-such-profile"); ok {
		t.Error(`LookupProfile("no-such-profile") found a profile`)
	}
	for _, v := range []struct {
		p    *parser.Profile
		name string
	}{{parser.Strict, "strict"}, {parser.RFC2732, "rfc2732"}, {parser.RFC2732Intent, "rfc2732-intent"}, {parser.Java, "java"}} {
		if p, _ := parser.LookupProfile(v.name); p != v.p {
			t.Errorf("LookupProfile(%q) is not the exported variable of that profile", v.name)
		}
	}
}
