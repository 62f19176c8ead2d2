package site

import (
	"github.com/rfc2396/rfc2396/grammar"
	"github.com/rfc2396/rfc2396/report"
)

// playSite returns the Site that the playground's answers need, and no
// more: each grammar's name and specification, and each rule's name, line
// and section, made from the rule catalogue of package grammar and the
// grammar values of the RFC 3986 family rather than read from data/. The playground's
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
	for _, st := range report.Standards() {
		if !st.ParserProfiles() {
			grammars = append(grammars, familyPlayGrammar(st))
		}
	}
	for _, g := range grammars {
		g.byName = map[string]*Rule{}
		for _, r := range g.Rules {
			g.byName[r.Name] = r
		}
	}
	sortGrammars(grammars)
	return &Site{grammars: grammars}
}

// familyPlayGrammar is a grammar of the RFC 3986 family as the playground
// needs it, from its grammar value (report.Standards): its rules, in the
// RFC's order, then the core rules of RFC 5234 its ABNF uses, from the
// syntax trees gen writes ([report.Standard.CoreRules]), so that the
// module links no ABNF reader. Every such
// grammar has pages (data/NAME), which TestPlaySite checks.
func familyPlayGrammar(st report.Standard) *Grammar {
	g := &Grammar{Name: st.Name, Spec: st.Spec, SpecURL: "https://www.rfc-editor.org/rfc/" + st.Name}
	for _, info := range st.Rules() {
		section := info.Section
		if info.Spec != "" {
			// A rule of another document, as data/ writes its section
			// (gen/site.go): "RFC 3986 2.1".
			section = info.Spec + " " + section
		}
		g.Rules = append(g.Rules, &Rule{Name: info.Name, ABNF: info.ABNF, Section: section})
	}
	for _, d := range st.CoreRules() {
		g.Rules = append(g.Rules, &Rule{Name: d.Name, ABNF: d.Line})
	}
	return g
}
