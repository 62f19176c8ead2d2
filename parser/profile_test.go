package parser_test

import (
	"bufio"
	"errors"
	"os"
	"strconv"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/rfc2396/rfc2396/grammar"
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

// TestProfiles checks the verdicts, host readings and needed edits of
// testdata/profiles.txt.
func TestProfiles(t *testing.T) {
	f, err := os.Open("testdata/profiles.txt")
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	sc := bufio.NewScanner(f)
	for n := 1; sc.Scan(); n++ {
		line := sc.Text()
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
		if diff := cmp.Diff(fields[2:], got); diff != "" {
			t.Errorf("profiles.txt:%d: %s %q (-want +got):\n%s", n, p, in, diff)
		}
		if (err == nil) != p.Valid(in) {
			t.Errorf("profiles.txt:%d: Valid and Parse disagree", n)
		}
	}
}

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
	for _, tt := range tests {
		var got []string
		for _, a := range parser.Strict.ValidUnder(grammar.RuleURIReference, tt.in) {
			var names []string
			for _, e := range a.Edits {
				names = append(names, e.Code())
			}
			got = append(got, a.Profile.Name()+": "+strings.Join(names, ","))
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
	got, _, err := p.Resolve("http://a/b/c/d;p?q", "http:")
	if err != nil || got != "http:" {
		t.Errorf("Resolve(http:) under %s = %q, %v; want http:", p, got, err)
	}
	got, _, err = parser.RFC2732.Resolve("http://[::1]/a/b", "../c?x[1]")
	if err != nil || got != "http://[::1]/c?x[1]" {
		t.Errorf("Resolve under rfc2732 = %q, %v", got, err)
	}
	if _, _, err := parser.Resolve("http://[::1]/a/b", "c"); err == nil {
		t.Error("strict resolved against an IPv6 base")
	}
	n, err := parser.Java.Normalize("HTTP://[FE80::1%eth0]:80/a/../b")
	if err != nil || n != "http://[fe80::1%eth0]/b" {
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
	tree, err := parser.Java.ParseTree(grammar.RuleURIReference, "http://[::1]/")
	if err != nil || tree == nil || tree.End != 13 {
		t.Errorf("java ParseTree: %v, %v", tree, err)
	}
}
