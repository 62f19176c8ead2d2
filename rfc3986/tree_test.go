package rfc3986_test

import (
	"fmt"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/rfc2396/rfc2396/internal/oracle"
	"github.com/rfc2396/rfc2396/rfc3986"
	"github.com/rfc2396/rfc2396/rfc3986/grammar"
)

// outline prints the tree's rules above the character level, one node a
// line, indented, with the text each matched.
func outline(n *rfc3986.Node, s string, depth int, b *strings.Builder) {
	switch n.Rule {
	case grammar.RulePchar, grammar.RuleUnreserved, grammar.RuleSubDelims, grammar.RulePctEncoded, grammar.RuleH16, grammar.RuleDecOctet:
		return
	}
	fmt.Fprintf(b, "%s%s %q\n", strings.Repeat("  ", depth), n.Rule, s[n.Begin:n.End])
	for _, c := range n.Children {
		outline(c, s, depth+1, b)
	}
}

// changedRules returns the rules of an outline whose ABNF line the grammar
// in force writes otherwise than Appendix A publishes it, or "": the
// outline is a fact of the published rules.
func changedRules(t *testing.T, outline string) string {
	published, err := oracle.PublishedDefinitions3986()
	if err != nil {
		t.Fatal(err)
	}
	lines := map[string]string{}
	for _, d := range published {
		lines[d.Name] = d.Line
	}
	var changed []string
	for _, l := range strings.Split(strings.TrimSpace(outline), "\n") {
		name, _, _ := strings.Cut(strings.TrimSpace(l), " ")
		if r, ok := grammar.Lookup(name); !ok || r.Info().ABNF != lines[name] {
			changed = append(changed, name)
		}
	}
	return strings.Join(changed, ", ")
}

func TestParseTree(t *testing.T) {
	const s = "http://u@[::1]:/p?q"
	if !oracle.NewFacts3986().Hold(s) {
		t.Skip(oracle.NotHeld)
	}
	n, err := rfc3986.ParseTree(grammar.RuleURIReference, s)
	if err != nil {
		t.Fatal(err)
	}
	var b strings.Builder
	outline(n, s, 0, &b)
	want := `URI-reference "http://u@[::1]:/p?q"
  URI "http://u@[::1]:/p?q"
    scheme "http"
    hier-part "//u@[::1]:/p"
      authority "u@[::1]:"
        userinfo "u"
        host "[::1]"
          IP-literal "[::1]"
            IPv6address "::1"
        port ""
      path-abempty "/p"
        segment "p"
    query "q"
`
	if changed := changedRules(t, want); changed != "" {
		t.Logf("the tree of %q: %s (%s)", s, oracle.NotHeld, changed)
	} else if diff := cmp.Diff(want, b.String()); diff != "" {
		t.Errorf("ParseTree(%q) (-want +got):\n%s", s, diff)
	}
	// The empty reg-name of "//" belongs to the authority, not to the
	// path that starts where it ends.
	if !oracle.NewFacts3986().Hold("///x") {
		t.Skipf("///x: %s", oracle.NotHeld)
	}
	n, err = rfc3986.ParseTree(grammar.RuleRelativeRef, "///x")
	if err != nil {
		t.Fatal(err)
	}
	b.Reset()
	outline(n, "///x", 0, &b)
	if !strings.Contains(b.String(), "    authority \"\"\n      host \"\"\n        reg-name \"\"\n") {
		t.Errorf("ParseTree(///x):\n%s", b.String())
	}
	if _, err := rfc3986.ParseTree(grammar.RuleURIReference, "a b"); err == nil {
		t.Errorf("ParseTree of an invalid reference succeeded")
	}
}
