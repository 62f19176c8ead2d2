package site

import (
	"errors"
	"fmt"
	"io/fs"
	"path"
	"strings"

	"github.com/rfc2396/rfc2396/grammar"
	"github.com/rfc2396/rfc2396/internal/safeout"
	"github.com/rfc2396/rfc2396/parser"
	"github.com/rfc2396/rfc2396/report"
)

// Grammar is one grammar of the site: its rules, how the index groups them,
// their diagrams and examples.
type Grammar struct {
	Name     string `json:"name"`     // URL segment and data directory, e.g. "rfc2396"
	Title    string `json:"title"`    // e.g. "RFC 2396 Appendix A: Collected BNF for URI"
	Spec     string `json:"spec"`     // the document, e.g. "RFC 2396"
	SpecURL  string `json:"spec_url"` // a section is SpecURL + "#section-" + number
	Notation string `json:"notation"` // the BNF dialect, for the index
	Source   string `json:"source"`   // the grammar file in the repository
	PEG      string `json:"peg_source"`
	Grouping string `json:"grouping"` // how the index groups the rules, and why
	// SectionURLs links the sections that are not SpecURL's own (an edit's
	// document: "RFC 2732 3"), by section.
	SectionURLs map[string]string `json:"section_urls,omitempty"`
	Groups      []Group           `json:"groups"`
	Rules       []*Rule           `json:"rules"`

	// Parsed reports that this is the grammar package parser implements
	// with no edit: RFC 2396's Appendix A.
	Parsed bool `json:"-"`
	// Generator says how the examples were made.
	Generator string `json:"-"`
	// Profile is the RFC 2396 profile whose grammar this is (nil for
	// Appendix A and for RFC 3986).
	Profile *ProfileView `json:"-"`

	byName map[string]*Rule
	// match checks a string against a rule of this grammar with the
	// project's parser (nil: no parser implements the grammar).
	match func(rule, s string) error
}

// ProfileView is the RFC 2396 profile a grammar of the site is: its name,
// what it is, and its edits.
type ProfileView struct {
	Name    string
	Summary string
	Edits   []EditView
}

// EditView is an edit of RFC 2396's grammar, as a rule page names it.
type EditView struct {
	Name     string
	Kind     string // "relaxation (accepts more than Appendix A)" …
	Summary  string
	Document string // the document that justifies it
}

func editView(e grammar.Edit) EditView {
	info := e.Info()
	return EditView{Name: info.Name, Kind: info.Kind.String(), Summary: info.Summary, Document: info.Document}
}

// Group is a heading of the index and the rules under it.
type Group struct {
	Section string   `json:"section"`
	Title   string   `json:"title"`
	Rules   []string `json:"rules"`
}

// Rule is one rule of a grammar.
type Rule struct {
	Name    string   `json:"name"`
	ABNF    string   `json:"abnf"`     // the line as the RFC writes it
	Section string   `json:"section"`  // e.g. "3.2.2"
	PEG     string   `json:"peg"`      // its transcription, as rfc2396.peg writes it
	Note    string   `json:"peg_note"` // the "PEG:" note, where the transcription is not a literal copy
	Uses    []string `json:"uses"`
	UsedBy  []string `json:"used_by"`
	Diagram string   `json:"diagram"` // file name under diagrams/
	// From names the grammar of the site a rule its grammar imports is
	// taken from ("rfc3986"), "" for the grammar's own.
	From string `json:"from,omitempty"`

	Valid   []Example `json:"-"` // examples in the rule's language
	Invalid []string  `json:"-"` // examples not in it
	// Edit is, in a profile's grammar, the edit that defines the rule
	// (nil: Appendix A's definition, or not a profile's grammar).
	Edit *EditView `json:"-"`

	svg safeout.HTML
}

// Example is a string of a rule's language and, when it was chosen for
// one, the alternative of the rule it takes ("alternative 2 of 2,
// IPv4address").
type Example struct {
	Text  string `json:"text"`
	Shows string `json:"shows,omitempty"`
}

// SectionURL is the link to the section of the specification that defines
// r ("" for a nil g; the specification itself for a nil r).
func (g *Grammar) SectionURL(r *Rule) string {
	if r == nil {
		return g.SectionLink("")
	}
	return g.SectionLink(r.Section)
}

// SectionName names a section for a reader: "RFC 2396 section 3.2.2", or,
// for a section of an edit's document, the section as the edit cites it
// ("RFC 2732 3", "java.net.URI"). A nil g names the section alone.
func (g *Grammar) SectionName(section string) string {
	if g == nil {
		return "section " + section
	}
	if _, ok := g.SectionURLs[section]; ok {
		return section
	}
	return g.Spec + " section " + section
}

// SectionLink is the link to a section of the specification, or of the
// document of an edit ("" for a nil g).
func (g *Grammar) SectionLink(section string) string {
	if g == nil {
		return ""
	}
	if u, ok := g.SectionURLs[section]; ok {
		return u
	}
	if section == "" {
		return g.SpecURL
	}
	return g.SpecURL + "#section-" + section
}

// Rule returns the rule with the given name, or nil (always nil for a nil
// or zero Grammar).
func (g *Grammar) Rule(name string) *Rule {
	if g == nil {
		return nil
	}
	return g.byName[name]
}

// examplesFile is data/NAME/examples.json.
type examplesFile struct {
	Generator string         `json:"generator"`
	Rules     []ruleExamples `json:"rules"`
}

// ruleExamples are a rule's examples in examples.json.
type ruleExamples struct {
	Rule    string    `json:"rule"`
	Valid   []Example `json:"valid"`
	Invalid []string  `json:"invalid"`
}

// parsedGrammar names the grammar that package parser implements.
const parsedGrammar = "rfc2396"

// legend returns the key to the diagrams' shapes, which gen draws.
func legend(fsys fs.FS) (safeout.HTML, error) {
	b, err := fs.ReadFile(fsys, "data/legend.svg")
	return safeout.HTML(b), err // written by gen, which escapes every label
}

// loadGrammars reads every grammar under data/ in fsys, the one the parser
// implements first, the others by name.
func loadGrammars(fsys fs.FS) ([]*Grammar, error) {
	dirs, err := fs.ReadDir(fsys, "data")
	if err != nil {
		return nil, err
	}
	var grammars []*Grammar
	for _, d := range dirs {
		if !d.IsDir() {
			continue
		}
		g, err := loadGrammar(fsys, path.Join("data", d.Name()))
		if err != nil {
			return nil, err
		}
		grammars = append(grammars, g)
	}
	if len(grammars) == 0 {
		return nil, fmt.Errorf("site: no grammar data (run go generate ./...)")
	}
	sortGrammars(grammars)
	return grammars, nil
}

// sortGrammars puts the grammar the parser implements first, the others
// by name. There are a handful (RFC 2396, its profiles, RFC 3986), so it
// sorts them by insertion: slices.SortStableFunc's instance for them was
// 8 KB of the playground's WebAssembly module, which has no other.
func sortGrammars(grammars []*Grammar) {
	for i := 1; i < len(grammars); i++ {
		for j := i; j > 0 && grammarBefore(grammars[j], grammars[j-1]); j-- {
			grammars[j], grammars[j-1] = grammars[j-1], grammars[j]
		}
	}
}

// grammarBefore reports whether a comes before b in the site's order.
func grammarBefore(a, b *Grammar) bool {
	if a.Parsed != b.Parsed {
		return a.Parsed
	}
	return a.Name < b.Name
}

func loadGrammar(fsys fs.FS, dir string) (*Grammar, error) {
	raw, err := fs.ReadFile(fsys, path.Join(dir, "grammar.json"))
	if err != nil {
		return nil, err
	}
	g := &Grammar{}
	if err := decodeGrammar(raw, path.Join(dir, "grammar.json"), g); err != nil {
		return nil, err
	}
	g.Parsed = g.Name == parsedGrammar
	g.setParser()
	g.byName = map[string]*Rule{}
	for _, r := range g.Rules {
		if diagramsEmbedded {
			svg, err := fs.ReadFile(fsys, path.Join(dir, "diagrams", r.Diagram))
			if err != nil {
				return nil, err
			}
			r.svg = safeout.HTML(svg) // written by gen, which escapes every label
		}
		g.byName[r.Name] = r
		if g.Profile != nil {
			if err := g.setEdit(r); err != nil {
				return nil, err
			}
		}
	}
	for _, grp := range g.Groups {
		for _, name := range grp.Rules {
			if g.byName[name] == nil {
				return nil, fmt.Errorf("site: %s/grammar.json: group %s lists unknown rule %s", dir, grp.Section, name)
			}
		}
	}
	raw, err = fs.ReadFile(fsys, path.Join(dir, "examples.json"))
	if err != nil {
		return g, nil // a grammar without examples
	}
	var ex examplesFile
	if err := decodeExamples(raw, path.Join(dir, "examples.json"), &ex); err != nil {
		return nil, err
	}
	g.Generator = ex.Generator
	for _, e := range ex.Rules {
		if r := g.byName[e.Rule]; r != nil {
			r.Valid, r.Invalid = e.Valid, e.Invalid
		}
	}
	return g, nil
}

// setParser finds the parser that implements g: the grammar value of the
// standard of the RFC 3986 family named as g is (report.Standards:
// rfc3986, rfc3987), or package parser under the profile of g's name
// (Appendix A is "rfc2396", its strict profile). A grammar no parser
// implements has no match, and its examples, if any, are shown unchecked.
func (g *Grammar) setParser() {
	if st, err := report.LookupStandard(g.Name); err == nil && !st.ParserProfiles() {
		g.match = st.Match
		return
	}
	profile := g.Name
	if g.Parsed {
		profile = "strict"
	}
	p, ok := parser.LookupProfile(profile)
	if !ok {
		return
	}
	g.match = func(name, s string) error {
		r, ok := grammar.Lookup(name)
		if !ok {
			return fmt.Errorf("rfc2396: no rule named %q", name)
		}
		return p.Match(r, s)
	}
	if !g.Parsed {
		info, _ := grammar.LookupProfile(p.Name())
		g.Profile = &ProfileView{Name: info.Name, Summary: info.Summary}
		for _, e := range info.Edits.Edits() {
			g.Profile.Edits = append(g.Profile.Edits, editView(e))
		}
	}
}

// setEdit finds the edit of g's profile that defines r, if any.
func (g *Grammar) setEdit(r *Rule) error {
	rule, ok := grammar.Lookup(r.Name)
	if !ok {
		return fmt.Errorf("site: data/%s/grammar.json: unknown rule %s", g.Name, r.Name)
	}
	info, _ := grammar.LookupProfile(g.Profile.Name)
	def, ok := rule.Definition(info.Edits)
	if !ok {
		return fmt.Errorf("site: data/%s/grammar.json: rule %s does not exist under the %s profile", g.Name, r.Name, g.Profile.Name)
	}
	if def.Edit != grammar.NoEdit {
		v := editView(def.Edit)
		r.Edit = &v
	}
	return nil
}

// Match checks s against the rule called name of g with the project's
// parser: package parser under g's profile, or the grammar value of a
// standard of the RFC 3986 family.
func (g *Grammar) Match(name, s string) error {
	if g == nil || g.match == nil {
		return errors.New("rfc2396/site: no parser for this grammar")
	}
	return g.match(name, s)
}

// diagram returns r's diagram for inline use in a page whose links to other
// rules end in ext ("" on the server, ".html" in a static copy).
func (r *Rule) diagram(g *Grammar, ext string) safeout.HTML {
	if ext == "" {
		return r.svg
	}
	s := string(r.svg)
	for _, other := range g.Rules {
		s = strings.ReplaceAll(s, `href="`+other.Name+`"`, `href="`+other.Name+ext+`"`)
	}
	return safeout.HTML(s)
}

// loadGrades reads data/grades.md, a Markdown table, into rows of cells,
// the header first and the separator row left out.
func loadGrades(fsys fs.FS) ([][]string, error) {
	b, err := fs.ReadFile(fsys, "data/grades.md")
	if err != nil {
		return nil, fmt.Errorf("site: the grades table: %v", err)
	}
	var rows [][]string
	for _, line := range strings.Split(string(b), "\n") {
		line = strings.TrimSpace(line)
		if !strings.HasPrefix(line, "|") || strings.HasPrefix(line, "|---") {
			continue
		}
		var cells []string
		for _, c := range strings.Split(strings.Trim(line, "|"), "|") {
			cells = append(cells, strings.TrimSpace(c))
		}
		rows = append(rows, cells)
	}
	if len(rows) < 2 {
		return nil, fmt.Errorf("site: the grades table has no rows")
	}
	return rows, nil
}
