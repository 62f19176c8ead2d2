package main

import (
	"bytes"
	"encoding/json"
	"path/filepath"
	"slices"
	"sort"
	"strconv"
	"strings"

	"github.com/rfc2396/rfc2396/grammar/bnf"
)

// The reference site's data (package site): for each grammar the project
// carries, a description of its rules (site/data/NAME/grammar.json) and one
// railroad diagram per rule (site/data/NAME/diagrams/RULE.svg). Package
// site embeds both; the JSON is the contract between the two, since gen
// cannot import site (site imports the parser that go generate builds after
// gen grammar has run).

// siteGrammar describes one grammar for the site. Everything here is data
// about the document the grammar comes from; the rules are read from the
// grammar files themselves.
//
// A standard's manifest holds it as its "site" object (see manifest.go):
// Spec, ABNF and PEG are the manifest's own spec, abnf and grammar.
type siteGrammar struct {
	Name     string `json:"name"` // directory under site/data, and the grammar's URL segment
	Title    string `json:"title"`
	Spec     string `json:"-"`        // the document, e.g. "RFC 2396"
	SpecURL  string `json:"spec_url"` // where it is read; a section is SpecURL#section-N
	Notation string `json:"notation"`
	ABNF     string `json:"-"` // the grammar file, from the repository root
	PEG      string `json:"-"` // its PEG transcription, or ""
	// Grouping says how the index groups the rules; Sections names the
	// sections the rules' "§" comments refer to.
	Grouping string            `json:"grouping"`
	Sections map[string]string `json:"sections"`
	// SectionURLs links the sections that are not Spec's (those of the
	// documents of edits).
	SectionURLs map[string]string `json:"section_urls,omitempty"`
	// origins are the rules a grammar of the RFC 3986 family takes from
	// another document, by PEG name: their section is written with the
	// document's name ("RFC 3986 2.1") and linked to it, and a rule
	// page names the other grammar's page of the rule where the site
	// has one.
	origins map[string]siteOrigin
}

// siteOrigin is the document a rule is taken from ("RFC 3986"), the name
// of that grammar's pages on the site ("rfc3986"; "" for none) and the
// titles of its sections there.
type siteOrigin struct {
	spec, site string
	titles     map[string]string
}

// rfc2396Site is RFC 2396 Appendix A. The appendix lists its 40 rules
// without headings, so the index groups them by the section that defines
// each (the "§" comment above each rule of rfc2396.peg), in section order.
var rfc2396Site = siteGrammar{
	Name:     "rfc2396",
	Title:    "RFC 2396 Appendix A: Collected BNF for URI",
	Spec:     "RFC 2396",
	SpecURL:  "https://www.rfc-editor.org/rfc/rfc2396",
	Notation: "the BNF of RFC 2396 section 2.1 (RFC 822's): | alternation, [ ] option, n*m repetition, ( ) grouping, quoted literals matched exactly",
	ABNF:     "grammar/rfc2396.abnf",
	PEG:      "rfc2396.peg",
	Grouping: "Appendix A lists its rules without headings; here they are grouped by the section of RFC 2396 that defines each, as the § comment above each rule of rfc2396.peg names it.",
	Sections: map[string]string{
		"1.6":   "Syntax Notation and Common Elements",
		"2":     "URI Characters and Escape Sequences",
		"2.2":   "Reserved Characters",
		"2.3":   "Unreserved Characters",
		"2.4.1": "Escaped Encoding",
		"3":     "URI Syntactic Components",
		"3.1":   "Scheme Component",
		"3.2":   "Authority Component",
		"3.2.1": "Registry-based Naming Authority",
		"3.2.2": "Server-based Naming Authority",
		"3.3":   "Path Component",
		"3.4":   "Query Component",
		"4":     "URI References",
		"4.1":   "Fragment Identifier",
		"5":     "Relative URI References",
	},
}

// siteData is site/data/NAME/grammar.json.
type siteData struct {
	Generated string `json:"generated"`
	Name      string `json:"name"`
	Title     string `json:"title"`
	Spec      string `json:"spec"`
	SpecURL   string `json:"spec_url"`
	Notation  string `json:"notation"`
	Source    string `json:"source"`
	PEG       string `json:"peg_source,omitempty"`
	Grouping  string `json:"grouping"`
	// SectionURLs links the sections that are not the spec's own.
	SectionURLs map[string]string `json:"section_urls,omitempty"`
	Groups      []siteGroup       `json:"groups"`
	Rules       []siteRule        `json:"rules"`
}

type siteGroup struct {
	Section string   `json:"section"`
	Title   string   `json:"title"`
	Rules   []string `json:"rules"`
}

type siteRule struct {
	Name    string `json:"name"`
	ABNF    string `json:"abnf"`
	Section string `json:"section"`
	PEG     string `json:"peg,omitempty"`
	Note    string `json:"peg_note,omitempty"`
	// From names the grammar of the site the rule is taken from
	// ("rfc3986"), for a rule its grammar imports.
	From    string   `json:"from,omitempty"`
	Uses    []string `json:"uses"`
	UsedBy  []string `json:"used_by"`
	Diagram string   `json:"diagram"`
}

// writeSite writes the site data of grammar g, whose rules are defs and
// whose PEG transcription (when it has one) is pegSrc, with the section of
// each rule.
func writeSite(g siteGrammar, defs []bnf.Definition, pegSrc string, sections []string) error {
	data, svgs, err := siteFiles(g, defs, pegSrc, sections)
	if err != nil {
		return err
	}
	dir := filepath.Join("site", "data", g.Name)
	// Diagrams of rules that no longer exist would linger: start afresh.
	old, _ := globInput(filepath.Join(dir, "diagrams", "*.svg"))
	for _, f := range old {
		if _, ok := svgs[filepath.Base(f)]; !ok {
			if err := removeFile(f); err != nil {
				return err
			}
		}
	}
	for name, svg := range svgs {
		if err := writeFile(filepath.Join(dir, "diagrams", name), svg); err != nil {
			return err
		}
	}
	if err := writeFile(filepath.Join("site", "data", "legend.svg"), railLegend()); err != nil {
		return err
	}
	return writeFile(filepath.Join(dir, "grammar.json"), data)
}

// siteFiles builds grammar.json and the diagrams, by file name.
func siteFiles(g siteGrammar, defs []bnf.Definition, pegSrc string, sections []string) ([]byte, map[string][]byte, error) {
	d := siteData{Generated: "by gen (go run ./gen grammar) from " + g.ABNF + " and " + g.PEG + ". DO NOT EDIT.", Name: g.Name, Title: g.Title, Spec: g.Spec, SpecURL: g.SpecURL, Notation: g.Notation, Source: g.ABNF, PEG: g.PEG, Grouping: g.Grouping, SectionURLs: g.SectionURLs}
	uses := make([][]string, len(defs))
	usedBy := map[string][]string{}
	for i, def := range defs {
		uses[i] = ruleRefs(def.Body)
		for _, u := range uses[i] {
			if !slices.Contains(usedBy[u], def.Name) {
				usedBy[u] = append(usedBy[u], def.Name)
			}
		}
	}
	pegText := pegRuleTexts(pegSrc)
	svgs := map[string][]byte{}
	// File names must differ ignoring case (go:embed and case-insensitive
	// file systems): RFC 2234's DIGIT and RFC 2396's digit are two rules.
	taken := map[string]bool{}
	bySection := map[string][]string{}
	titles := map[string]string{}
	for k, v := range g.Sections {
		titles[k] = v
	}
	for i, def := range defs {
		file := def.Name
		for n := 2; taken[strings.ToLower(file)]; n++ {
			file = def.Name + "-" + strconv.Itoa(n)
		}
		taken[strings.ToLower(file)] = true
		r := siteRule{Name: def.Name, ABNF: def.Line, Uses: uses[i], UsedBy: usedBy[def.Name], Diagram: file + ".svg"}
		if r.Uses == nil {
			r.Uses = []string{}
		}
		if r.UsedBy == nil {
			r.UsedBy = []string{}
		}
		if i < len(sections) {
			r.Section = sections[i]
		}
		if o, ok := g.origins[pegName(def.Name)]; ok {
			// A rule of another document: its section is that
			// document's, headed and linked as such.
			sec := o.spec + " " + r.Section
			if d.SectionURLs == nil {
				d.SectionURLs = map[string]string{}
			}
			d.SectionURLs[sec] = "https://www.rfc-editor.org/rfc/" + strings.ToLower(strings.ReplaceAll(o.spec, " ", "")) + "#section-" + r.Section
			if t, ok := o.titles[r.Section]; ok && t != "" {
				titles[sec] = t
			}
			r.Section, r.From = sec, o.site
		}
		if t, ok := pegText[pegName(def.Name)]; ok {
			r.PEG, r.Note = t.rule, t.note
		}
		bySection[r.Section] = append(bySection[r.Section], def.Name)
		d.Rules = append(d.Rules, r)
		svgs[r.Diagram] = railSVG(def.Name, def.Line, def.Body)
	}
	var secs []string
	for s := range bySection {
		secs = append(secs, s)
	}
	sort.Slice(secs, func(i, j int) bool { return sectionLess(secs[i], secs[j]) })
	for _, s := range secs {
		title, ok := titles[s]
		if !ok {
			// A section no title is known for (the document of a named
			// edit added to a profile after gen/siteprofiles.go was
			// written): the group is headed by the section itself.
			title = s
		}
		d.Groups = append(d.Groups, siteGroup{Section: s, Title: title, Rules: bySection[s]})
	}
	var b bytes.Buffer
	enc := json.NewEncoder(&b)
	enc.SetEscapeHTML(false)
	enc.SetIndent("", "\t")
	if err := enc.Encode(d); err != nil {
		return nil, nil, err
	}
	return b.Bytes(), svgs, nil
}

// ruleRefs lists the rules n refers to, each once, in order of appearance.
func ruleRefs(n *bnf.Node) []string {
	var refs []string
	var walk func(*bnf.Node)
	walk = func(n *bnf.Node) {
		if n.Kind == bnf.RuleRef && !slices.Contains(refs, n.Text) {
			refs = append(refs, n.Text)
		}
		for _, c := range n.Children {
			walk(c)
		}
	}
	walk(n)
	return refs
}

// sectionLess orders section numbers numerically: 2.4.1 before 3, 3.2
// before 3.2.1 before 3.3, and "" (the core rules of RFC 5234) last.
// Sections that are not numbers (an edit's "RFC
// 2732 3") come after the numbers, in byte order, so that the order is
// total and the generated data the same on every run.
func sectionLess(a, b string) bool {
	// The core rules of RFC 5234 (no section) come last.
	if (a == "") != (b == "") {
		return b == ""
	}
	as, bs := strings.Split(a, "."), strings.Split(b, ".")
	for i := 0; i < len(as) && i < len(bs); i++ {
		x, errX := strconv.Atoi(as[i])
		y, errY := strconv.Atoi(bs[i])
		switch {
		case errX == nil && errY == nil:
			if x != y {
				return x < y
			}
		case errX == nil:
			return true
		case errY == nil:
			return false
		case as[i] != bs[i]:
			return as[i] < bs[i]
		}
	}
	if len(as) != len(bs) {
		return len(as) < len(bs)
	}
	return a < b
}

type pegText struct {
	rule string // the rule as the file writes it, continuation lines joined
	note string // its "PEG:" comment, without the "PEG:"
}

// pegRuleTexts reads each rule of a pointlander/peg grammar as written,
// with the "PEG:" note of the comment block above it. (parsePEG keeps the
// parsed expression, which prints character classes in byte order; the
// site shows the file's own spelling.)
func pegRuleTexts(src string) map[string]pegText {
	texts := map[string]pegText{}
	lines := strings.Split(src, "\n")
	var comment []string
	for i := 0; i < len(lines); i++ {
		line := lines[i]
		switch {
		case strings.HasPrefix(line, "#"):
			comment = append(comment, strings.TrimPrefix(strings.TrimPrefix(line, "#"), " "))
			continue
		case !strings.Contains(line, "<-") || strings.HasPrefix(line, " ") || strings.HasPrefix(line, "\t"):
			comment = nil
			continue
		}
		text := line
		for i+1 < len(lines) && (strings.HasPrefix(lines[i+1], " ") || strings.HasPrefix(lines[i+1], "\t")) {
			i++
			text += "\n" + lines[i]
		}
		name, _, _ := strings.Cut(line, "<-")
		var note []string
		for j, c := range comment {
			if strings.HasPrefix(c, "PEG:") {
				note = append([]string{strings.TrimSpace(strings.TrimPrefix(c, "PEG:"))}, comment[j+1:]...)
				break
			}
		}
		texts[strings.TrimSpace(name)] = pegText{rule: text, note: strings.Join(note, " ")}
		comment = nil
	}
	return texts
}
