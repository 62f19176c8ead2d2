package site

import (
	"github.com/rfc2396/rfc2396/grammar"
	rules3986 "github.com/rfc2396/rfc2396/rfc3986/grammar"
)

// playSite returns the Site that the playground's answers need, and no
// more: each grammar's name and specification, and each rule's name, line
// and section, made from the rule catalogues of packages grammar and
// rfc3986/grammar rather than read from data/. The playground's
// WebAssembly module runs on it ([New] in data_js.go), so that it embeds
// none of data/ and links neither package embed nor io/fs (and through
// them time). TestPlaySite checks these fields against data/ and that
// [Site.PlayJSON] answers the same, byte for byte, from either Site.
func playSite() *Site {
	g2396 := func(name string, edits grammar.EditSet) *Grammar {
		g := &Grammar{Name: name, Spec: "RFC 2396", SpecURL: "https://www.rfc-editor.org/rfc/rfc2396", Parsed: edits == 0 && name == parsedGrammar}
		defs, rules := grammar.Definitions(edits)
		for i, d := range defs {
			def, _ := rules[i].Definition(edits)
			g.Rules = append(g.Rules, &Rule{Name: d.Name, ABNF: d.Line, Section: def.Section})
		}
		return g
	}
	grammars := []*Grammar{g2396(parsedGrammar, 0)}
	for _, p := range grammar.Profiles() {
		if p.Edits != 0 {
			grammars = append(grammars, g2396(p.Name, p.Edits))
		}
	}
	g := &Grammar{Name: standard3986, Spec: "RFC 3986", SpecURL: "https://www.rfc-editor.org/rfc/rfc3986"}
	for _, name := range rules3986.Names() { // in the RFC's order
		r, _ := rules3986.Lookup(name)
		info := r.Info()
		g.Rules = append(g.Rules, &Rule{Name: info.Name, ABNF: info.ABNF, Section: info.Section})
	}
	// The core rules of RFC 5234 that Appendix A uses; TestPlaySite checks
	// they are there.
	for _, d := range rules3986.Definitions()[rules3986.NumRules:] {
		g.Rules = append(g.Rules, &Rule{Name: d.Name, ABNF: d.Line})
	}
	grammars = append(grammars, g)
	for _, g := range grammars {
		g.byName = map[string]*Rule{}
		for _, r := range g.Rules {
			g.byName[r.Name] = r
		}
	}
	sortGrammars(grammars)
	return &Site{grammars: grammars}
}
