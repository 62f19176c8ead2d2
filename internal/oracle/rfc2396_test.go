package oracle

import (
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/rfc2396/rfc2396/grammar"
	"github.com/rfc2396/rfc2396/grammar/bnf"
)

func TestSplitB(t *testing.T) {
	some := func(s string) Component { return Component{s, true} }
	tests := []struct {
		in     string
		want   Split
		opaque bool
	}{
		// Appendix B's own example.
		{"http://www.ics.uci.edu/pub/ietf/uri/#Related", Split{Scheme: some("http"), Authority: some("www.ics.uci.edu"), Path: "/pub/ietf/uri/", Fragment: some("Related")}, false},
		{"http://a/b?", Split{Scheme: some("http"), Authority: some("a"), Path: "/b", Query: some("")}, false},
		{"file:///x", Split{Scheme: some("file"), Authority: some(""), Path: "/x"}, false},
		{"mailto:a?b#c", Split{Scheme: some("mailto"), Path: "a?b", Fragment: some("c")}, true},
		{"g?y", Split{Path: "g", Query: some("y")}, false},
	}
	o := NewPublished(0)
	for _, tt := range tests {
		got, opaque := Opaque(SplitB(tt.in))
		if diff := cmp.Diff(tt.want, got); diff != "" || opaque != tt.opaque {
			t.Errorf("%q: opaque %v (-want +got):\n%s", tt.in, opaque, diff)
		}
		// Under Appendix A the grammar reads every valid reference as
		// Appendix B does.
		got, opaque = o.Read(tt.in)
		if diff := cmp.Diff(tt.want, got); diff != "" || opaque != tt.opaque {
			t.Errorf("Read(%q): opaque %v (-want +got):\n%s", tt.in, opaque, diff)
		}
	}
}

// TestPublished checks rfc2396-appendix-a.txt: it parses, and it defines the
// rules of Appendix A, in the catalogue's order. (What it says of strings,
// the root package's TestOracleSelfCheck checks.)
func TestPublished(t *testing.T) {
	defs, err := PublishedDefinitions()
	if err != nil {
		t.Fatal(err)
	}
	var names []string
	for r := grammar.Rule(0); r < grammar.NumRules; r++ {
		names = append(names, r.String())
	}
	if err := SameRules(defs, names); err != nil {
		t.Error(err)
	}
}

func TestReadServer(t *testing.T) {
	o := NewPublished(0)
	srv, ok := o.ReadServer("u:p@1.2.3.4:")
	want := Server{UserInfo: Component{"u:p", true}, Host: Component{"1.2.3.4", true}, Port: Component{"", true}, IPv4: true}
	if !ok || srv != want {
		t.Errorf("ReadServer = %+v, %v", srv, ok)
	}
	if _, ok := o.ReadServer("a~b"); ok {
		t.Error("a~b read as a server")
	}
}

func TestGenerator(t *testing.T) {
	o := New()
	g := NewGenerator(1)
	for r := grammar.Rule(0); r < grammar.NumRules; r++ {
		for i := 0; i < 50; i++ {
			if s := g.Derive(r); !o.Match(r, s) {
				t.Errorf("derivation %q of %s is not in its language", s, r)
			}
		}
	}
	a, b := NewGenerator(7), NewGenerator(7)
	for i := 0; i < 20; i++ {
		if x, y := a.Mutate(a.Derive(grammar.RuleURIReference)), b.Mutate(b.Derive(grammar.RuleURIReference)); x != y {
			t.Fatalf("same seed, different strings: %q, %q", x, y)
		}
	}
}

// TestRuleAsPublished: every rule of the grammar in force is written as
// Appendix A publishes it unless rfc2396.peg has been edited, and the
// answer follows the rules a rule uses.
func TestRuleAsPublished(t *testing.T) {
	defs, rules := grammar.Definitions(0)
	published, err := PublishedDefinitions()
	if err != nil {
		t.Fatal(err)
	}
	lines := map[string]string{}
	for _, d := range published {
		lines[d.Name] = d.Line
	}
	edited := false
	for _, d := range defs {
		if l, ok := lines[d.Name]; ok && l != d.Line {
			edited = true
		}
	}
	for i, r := range rules {
		if _, ok := lines[defs[i].Name]; !ok {
			continue
		}
		if got := RuleAsPublished(r); !edited && !got {
			t.Errorf("%s: not as published, but rfc2396.peg is", r)
		}
	}
}

// TestErrorRuleSame checks which rules' errors an edit moves: the rule
// edited, the rules that use it, the rules it uses, and the rules that
// used a rule in the published grammar and no longer do.
func TestErrorRuleSame(t *testing.T) {
	const published = `uri = scheme ":" path
scheme = 1*ALPHA
path = *( "/" segment )
segment = *pchar
other = 1*segment
pchar = ALPHA / DIGIT
`
	tests := []struct {
		name, old, new string
		same, changed  []string
	}{
		{"as published", "", "", []string{"uri", "scheme", "path", "segment", "pchar", "other"}, nil},
		// scheme is a sibling of segment: an error in segment stays there.
		{"scheme edited", `scheme = 1*ALPHA`, `scheme = 1*( ALPHA / "_" )`, []string{"segment", "pchar", "path", "other"}, []string{"scheme", "uri"}},
		// pchar is under segment: an error in segment may move into it.
		{"pchar edited", `pchar = ALPHA / DIGIT`, `pchar = ALPHA`, []string{"scheme"}, []string{"pchar", "segment", "path", "uri", "other"}},
		// path no longer uses segment: the published grammar's path did.
		{"path edited", `path = *( "/" segment )`, `path = *( "/" 1*pchar )`, []string{"scheme", "other"}, []string{"segment", "pchar", "path", "uri"}},
	}
	for _, tt := range tests {
		pub, err := bnf.ParseABNF(published)
		if err != nil {
			t.Fatal(err)
		}
		inForce, err := bnf.ParseABNF(strings.Replace(published, tt.old, tt.new, 1))
		if err != nil {
			t.Fatal(err)
		}
		for _, name := range tt.same {
			if !ErrorRuleSame(inForce, pub, name) {
				t.Errorf("%s: ErrorRuleSame(%s) = false, want true", tt.name, name)
			}
		}
		for _, name := range tt.changed {
			if ErrorRuleSame(inForce, pub, name) {
				t.Errorf("%s: ErrorRuleSame(%s) = true, want false", tt.name, name)
			}
		}
	}
}
