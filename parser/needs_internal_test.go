package parser

import (
	"bufio"
	"os"
	"strconv"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/rfc2396/rfc2396/grammar"
	"github.com/rfc2396/rfc2396/internal/uritest"
)

// needsProfiles are the profiles whose Needs the tests below check: the
// named ones, and Strict with every relaxation.
func needsProfiles() []*Profile {
	ps := Profiles()
	var all []grammar.Edit
	for _, e := range grammar.Edits() {
		if e.Info().Kind == grammar.Relaxation {
			all = append(all, e)
		}
	}
	return append(ps, Strict.With(all...), Strict.With(grammar.EditIPv6Scope, grammar.EditNonASCII))
}

// checkNeeds holds Needs of a URI-reference, which the compact parser
// answers, to what the automata of each set of edits say.
func checkNeeds(t *testing.T, p *Profile, s string) {
	t.Helper()
	if strict.Matches(grammar.RuleURIReference, s) {
		return // Needs answers nil before either is asked
	}
	compact, auto := p.needsCompact(s), p.needsAutomata(grammar.RuleURIReference, s)
	if diff := cmp.Diff(auto, compact); diff != "" {
		t.Fatalf("%s: Needs(%q): the compact parser differs from the automata (-automata +compact):\n%s", p, s, diff)
	}
}

// TestNeedsCompactIsAutomata checks Needs over the references of
// testdata/profiles.txt and the corpus sample, under each profile.
func TestNeedsCompactIsAutomata(t *testing.T) {
	var refs []string
	f, err := os.Open("testdata/profiles.txt")
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		if fields := strings.Split(sc.Text(), "\t"); len(fields) > 1 && !strings.HasPrefix(fields[0], "#") {
			if in, err := strconv.Unquote(fields[1]); err == nil {
				refs = append(refs, in)
			}
		}
	}
	refs = append(refs, uritest.Sample(t, "../testdata/bench-sample.txt")...)
	refs = append(refs, "http://[fe80::1%25eth0]/", "http://[::1]/caf\xc3\xa9?[x]", "?y#\xff", "//[::1.2.3.4]:80")
	for _, p := range needsProfiles() {
		for _, s := range refs {
			checkNeeds(t, p, s)
		}
	}
}

// FuzzNeeds checks Needs of any string under each profile.
func FuzzNeeds(f *testing.F) {
	for _, s := range []string{"http://[::1]/", "?y", "http://[fe80::1%eth0]:8080/", "http://0000001.2.3.4/", "é", "http://3com/[x]"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		for _, p := range needsProfiles() {
			checkNeeds(t, p, s)
		}
	})
}
