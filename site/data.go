package site

import (
	"encoding/json"
	"fmt"
	"html/template"
	"io/fs"
	"path"
	"sort"
	"strings"
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

	// Parsed reports that the project's parser implements this grammar, so
	// that examples are checked and the playground can run it.
	Parsed bool `json:"-"`
	// Generator says how the examples were made.
	Generator string `json:"-"`

	byName map[string]*Rule
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

	Valid   []string `json:"-"` // examples in the rule's language
	Invalid []string `json:"-"` // examples not in it

	svg template.HTML
}

// SectionURL is the link to the section of the specification that defines
// r.
func (g *Grammar) SectionURL(r *Rule) string {
	return g.SectionLink(r.Section)
}

// SectionName names a section for a reader: "RFC 2396 section 3.2.2", or,
// for a section of an edit's document, the section as the edit cites it
// ("RFC 2732 3", "java.net.URI").
func (g *Grammar) SectionName(section string) string {
	if _, ok := g.SectionURLs[section]; ok {
		return section
	}
	return g.Spec + " section " + section
}

// SectionLink is the link to a section of the specification, or of the
// document of an edit.
func (g *Grammar) SectionLink(section string) string {
	if u, ok := g.SectionURLs[section]; ok {
		return u
	}
	if section == "" {
		return g.SpecURL
	}
	return g.SpecURL + "#section-" + section
}

// Rule returns the rule with the given name, or nil.
func (g *Grammar) Rule(name string) *Rule { return g.byName[name] }

// examplesFile is data/NAME/examples.json.
type examplesFile struct {
	Generator string `json:"generator"`
	Rules     []struct {
		Rule    string   `json:"rule"`
		Valid   []string `json:"valid"`
		Invalid []string `json:"invalid"`
	} `json:"rules"`
}

// parsedGrammar names the grammar that package parser implements.
const parsedGrammar = "rfc2396"

// legend returns the key to the diagrams' shapes, which gen draws.
func legend(fsys fs.FS) (template.HTML, error) {
	b, err := fs.ReadFile(fsys, "data/legend.svg")
	return template.HTML(b), err // written by gen, which escapes every label
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
	sort.SliceStable(grammars, func(i, j int) bool {
		if grammars[i].Parsed != grammars[j].Parsed {
			return grammars[i].Parsed
		}
		return grammars[i].Name < grammars[j].Name
	})
	return grammars, nil
}

func loadGrammar(fsys fs.FS, dir string) (*Grammar, error) {
	raw, err := fs.ReadFile(fsys, path.Join(dir, "grammar.json"))
	if err != nil {
		return nil, err
	}
	g := &Grammar{}
	if err := json.Unmarshal(raw, g); err != nil {
		return nil, fmt.Errorf("site: %s/grammar.json: %v", dir, err)
	}
	g.Parsed = g.Name == parsedGrammar
	g.byName = map[string]*Rule{}
	for _, r := range g.Rules {
		if diagramsEmbedded {
			svg, err := fs.ReadFile(fsys, path.Join(dir, "diagrams", r.Diagram))
			if err != nil {
				return nil, err
			}
			r.svg = template.HTML(svg) // written by gen, which escapes every label
		}
		g.byName[r.Name] = r
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
	if err := json.Unmarshal(raw, &ex); err != nil {
		return nil, fmt.Errorf("site: %s/examples.json: %v", dir, err)
	}
	g.Generator = ex.Generator
	for _, e := range ex.Rules {
		if r := g.byName[e.Rule]; r != nil {
			r.Valid, r.Invalid = e.Valid, e.Invalid
		}
	}
	return g, nil
}

// diagram returns r's diagram for inline use in a page whose links to other
// rules end in ext ("" on the server, ".html" in a static copy).
func (r *Rule) diagram(g *Grammar, ext string) template.HTML {
	if ext == "" {
		return r.svg
	}
	s := string(r.svg)
	for _, other := range g.Rules {
		s = strings.ReplaceAll(s, `href="`+other.Name+`"`, `href="`+other.Name+ext+`"`)
	}
	return template.HTML(s)
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
