package site

import (
	"context"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/rfc2396/rfc2396/internal/uritest"
	"github.com/rfc2396/rfc2396/report"
)

// playFields are the fields of a grammar that the playground's answers
// read, which playSite makes from the rule catalogues.
type playFields struct {
	Name, Spec, SpecURL string
	Parsed              bool
	Rules               [][3]string // name, line, section
}

func fieldsOf(gs []*Grammar) []playFields {
	var out []playFields
	for _, g := range gs {
		f := playFields{Name: g.Name, Spec: g.Spec, SpecURL: g.SpecURL, Parsed: g.Parsed}
		for _, r := range g.Rules {
			if g.Rule(r.Name) != r {
				f.Rules = append(f.Rules, [3]string{r.Name, "not found by its name"})
				continue
			}
			f.Rules = append(f.Rules, [3]string{r.Name, r.ABNF, r.Section})
		}
		out = append(out, f)
	}
	return out
}

// TestPlaySite checks the Site of the playground's WebAssembly module
// (playSite, made from the rule catalogues) against the one New loads
// from data/: every grammar, in the same order, with the same rules,
// lines and sections; and the same answer from PlayJSON, byte for byte,
// on the server's links and a static copy's, for every query of the
// rendering tests, each under every standard and profile, queries the
// playground refuses, and a sample of the benchmark corpus.
func TestPlaySite(t *testing.T) {
	loaded, play := newSite(t), playSite()
	for _, g := range play.grammars {
		if loaded.grammar(g.Name) == nil {
			t.Errorf("the playground reads %s, for which site/data has no pages: give its manifest a \"site\" object and run go generate ./... (docs/adding-a-grammar.md, Into the tools, item 3)", g.Name)
		}
	}
	if diff := cmp.Diff(fieldsOf(loaded.grammars), fieldsOf(play.grammars)); diff != "" {
		t.Fatalf("the playground's grammars differ from data/ (-data +catalogues):\n%s", diff)
	}
	queries := renderCases(t)
	for _, q := range append([]string(nil), queries...) {
		queries = append(queries, q+"&standard=rfc3986", q+"&profile=java", q+"&profile=rfc2732-intent", q+"&rule=hostname", q+"&rule=IPv6address&profile=rfc2732")
		for _, st := range report.Standards() {
			if !st.ParserProfiles() {
				queries = append(queries, q+"&standard="+st.Name)
			}
		}
	}
	queries = append(queries, "ref=x&rule=nosuchrule", "ref=x&profile=nosuch", "ref=x&standard=rfc1738", "ref=x&rule=host&standard=rfc3986", "ref=a&ref=b", "",
		"ref=/where%3Fq=now&standard=rfc9112", "ref=www.example.com:80&standard=rfc9112&rule=authority-form", "ref=urn:example:a123,z456%3F%2Babc%23789&standard=rfc8141",
		"ref=urn:ab:x&standard=rfc8141", "ref=http://example.com/search{%3Fq,lang}&standard=rfc6570", "ref={%3Dx}&standard=rfc6570", "ref=http://r%C3%A9sum%C3%A9.example/&standard=rfc3987&base=http://a/b/c",
		"ref=x&rule=URI-reference&standard=rfc9112")
	lines, _ := uritest.LoadCorpus(t, "..")
	for i := 0; i < len(lines); i += 997 {
		q := "ref=" + urlQueryEscape(lines[i])
		queries = append(queries, q, q+"&standard=rfc3986&base=http://a/b/c", q+"&profile=java&all=1")
	}
	ctx := context.Background()
	for _, q := range queries {
		for _, static := range []bool{false, true} {
			ws, want := loaded.PlayJSON(ctx, q, static)
			gs, got := play.PlayJSON(NoCancel{}, q, static)
			if ws != gs {
				t.Errorf("%q (static %v): status %d from the catalogues, %d from data/", q, static, gs, ws)
			}
			if diff := cmp.Diff(string(want), string(got)); diff != "" {
				t.Errorf("%q (static %v): the answers differ (-data +catalogues):\n%s", q, static, diff)
			}
		}
	}
}
