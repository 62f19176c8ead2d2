package main

import (
	"fmt"
	"path/filepath"
	"slices"
	"strings"

	"github.com/rfc2396/rfc2396/grammar/bnf"
)

// An edit is a named change to the RFC 2396 grammar, read from
// edits/NAME.peg (its rules, each the line the document that justifies it
// writes, as a comment, above its PEG body, checked the way rfc2396.peg
// is) and edits/NAME.abnf (what it is, in "; key: value" lines, and why;
// its rule lines are written from edits/NAME.peg by loadEdit).
type edit struct {
	name        string
	kind        string // "relaxation" or "restriction"
	requires    []string
	document    string
	summary     string
	contradicts string
	example     string
	comment     []string // the other comment lines, the edit's explanation
	defs        []bnf.Definition
	sections    []string // the "§" line of each rule's transcription
	peg         *pegFile
}

// editsDir is where the edits live; editsList names them in the order they
// apply, and the profiles.
const (
	editsDir  = "edits"
	editsList = "edits/edits.txt"
)

// profileDef is a named set of edits, from edits/edits.txt.
type profileDef struct {
	name    string
	summary string
	edits   []string
}

// loadEdits reads edits/edits.txt and every edit it names, in its order,
// and checks each edit's transcription and the profiles' edit names.
func loadEdits() ([]*edit, []profileDef, error) {
	list, err := readInput(editsList)
	if err != nil {
		return nil, nil, err
	}
	var names []string
	var profiles []profileDef
	for n, line := range strings.Split(string(list), "\n") {
		line = strings.TrimSpace(line)
		if line == "" || strings.HasPrefix(line, "#") {
			continue
		}
		key, rest, ok := strings.Cut(line, ":")
		fields := strings.Fields(key)
		switch {
		case ok && len(fields) == 1 && fields[0] == "edits":
			names = strings.Fields(rest)
		case ok && len(fields) == 2 && fields[0] == "profile":
			edits, summary, _ := strings.Cut(rest, "--")
			name := fields[1]
			if err := checkProfileName(name, len(profiles), len(strings.Fields(edits)), profiles); err != nil {
				return nil, nil, fmt.Errorf("%s:%d: %w", editsList, n+1, err)
			}
			profiles = append(profiles, profileDef{name: name, summary: strings.TrimSpace(summary), edits: strings.Fields(edits)})
		default:
			return nil, nil, fmt.Errorf("%s:%d: want \"edits: NAME...\" or \"profile NAME: EDIT... -- summary\"", editsList, n+1)
		}
	}
	var edits []*edit
	for _, name := range names {
		e, err := loadEdit(name)
		if err != nil {
			return nil, nil, err
		}
		for _, r := range e.requires {
			if !slices.ContainsFunc(edits, func(o *edit) bool { return o.name == r }) {
				return nil, nil, fmt.Errorf("edit %s requires %s, which must come before it in %s", name, r, editsList)
			}
		}
		edits = append(edits, e)
	}
	if len(profiles) == 0 {
		return nil, nil, fmt.Errorf("%s: no profile line; the first must be \"profile strict: -- ...\"", editsList)
	}
	for _, p := range profiles {
		for _, name := range p.edits {
			if !slices.Contains(names, name) {
				return nil, nil, fmt.Errorf("%s: profile %s names an unknown edit %s", editsList, p.name, name)
			}
		}
	}
	return edits, profiles, nil
}

// reservedProfileNames are names a profile cannot take: the site keeps
// each profile's data in site/data/NAME beside the standards' own, and
// the CLI reads --standard and --profile values from one namespace.
var reservedProfileNames = []string{"rfc2396", "rfc3986", "rfc3987"}

// checkProfileName checks the name of the profile at index i of
// edits/edits.txt, with nEdits edits, against the profiles before it. A
// profile name is a directory under site/data, a --profile value and a
// URL path element, so it is lower-case letters, digits and hyphens; the
// first profile is strict, with no edit, which the parser package names
// as its default.
func checkProfileName(name string, i, nEdits int, before []profileDef) error {
	if name == "" || strings.Trim(name, "abcdefghijklmnopqrstuvwxyz0123456789-") != "" || name[0] == '-' || name[len(name)-1] == '-' {
		return fmt.Errorf("profile name %q: want lower-case letters, digits and inner hyphens", name)
	}
	if slices.Contains(reservedProfileNames, name) {
		return fmt.Errorf("profile name %q is the name of a standard", name)
	}
	if slices.ContainsFunc(before, func(p profileDef) bool { return p.name == name }) {
		return fmt.Errorf("profile %s is defined twice", name)
	}
	if (i == 0) != (name == "strict") {
		return fmt.Errorf("profile %s: the first profile must be strict, and strict the first", name)
	}
	if name == "strict" && nEdits != 0 {
		return fmt.Errorf("profile strict is Appendix A exactly and has no edit")
	}
	return nil
}

// editKeys are the keys of the "; key: value" lines of an edit; any other
// comment line is part of the edit's explanation.
var editKeys = []string{"name", "kind", "requires", "document", "summary", "contradicts", "example", "notation"}

// loadEdit reads edits/NAME.abnf and edits/NAME.peg.
func loadEdit(name string) (*edit, error) {
	path := filepath.Join(editsDir, name+".abnf")
	pegPath := filepath.Join(editsDir, name+".peg")
	pegSrc, err := readInput(pegPath)
	if err != nil {
		return nil, err
	}
	e := &edit{name: name}
	if e.peg, err = parsePEG(string(pegSrc)); err != nil {
		return nil, fmt.Errorf("%s: %v", pegPath, err)
	}
	// The rule lines of edits/NAME.abnf are the ABNF lines of
	// edits/NAME.peg; its comment lines are its own.
	src, err := writeABNF(path, e.peg.rules, pegPath, "")
	if err != nil {
		return nil, err
	}
	notation := bnf.RFC2396
	var chunk []string
	flush := func() error {
		if len(chunk) == 0 {
			return nil
		}
		defs, err := bnf.ParseFragment(strings.Join(chunk, "\n"), notation)
		if err != nil {
			return fmt.Errorf("%s: %v", path, err)
		}
		e.defs = append(e.defs, defs...)
		chunk = nil
		return nil
	}
	for _, line := range strings.Split(src, "\n") {
		if !strings.HasPrefix(line, ";") {
			if strings.TrimSpace(line) != "" {
				chunk = append(chunk, line)
			}
			continue
		}
		text := strings.TrimSpace(strings.TrimPrefix(line, ";"))
		key, value, isMeta := strings.Cut(text, ": ")
		if isMeta && slices.Contains(editKeys, key) {
			value = strings.TrimSpace(value)
			switch key {
			case "name":
				if value != name {
					return nil, fmt.Errorf("%s: name %q, want %q", path, value, name)
				}
			case "kind":
				if value != "relaxation" && value != "restriction" {
					return nil, fmt.Errorf("%s: kind %q, want relaxation or restriction", path, value)
				}
				e.kind = value
			case "requires":
				e.requires = strings.Fields(value)
			case "document":
				e.document = value
			case "summary":
				e.summary = value
			case "contradicts":
				e.contradicts = value
			case "example":
				e.example = value
			case "notation":
				if err := flush(); err != nil {
					return nil, err
				}
				switch value {
				case "rfc2396":
					notation = bnf.RFC2396
				case "rfc5234":
					notation = bnf.RFC5234
				default:
					return nil, fmt.Errorf("%s: notation %q, want rfc2396 or rfc5234", path, value)
				}
			}
			continue
		}
		if len(chunk) > 0 {
			if err := flush(); err != nil {
				return nil, err
			}
		}
		e.comment = append(e.comment, text)
	}
	if err := flush(); err != nil {
		return nil, err
	}
	if e.kind == "" || e.document == "" || e.summary == "" || e.example == "" || len(e.defs) == 0 {
		return nil, fmt.Errorf("%s: an edit needs kind, document, summary, example and at least one rule", path)
	}
	if e.sections, err = checkTranscriptionOf(e.defs, e.peg, path, pegPath); err != nil {
		return nil, err
	}
	return e, nil
}

// variant is one definition of a rule: Appendix A's (edit < 0) or an
// edit's.
type variant struct {
	edit    int // index into the edits, or -1
	def     bnf.Definition
	section string
	peg     *pegRule
}

// grammarRule is a rule of Appendix A or of an edit, with every definition
// it has.
type grammarRule struct {
	name     string
	variants []variant
}

// composition is Appendix A with every edit: each rule, in the catalogue's
// order (Appendix A's 40 first, then the rules the edits add, in the order
// the edits add them), with its definitions.
type composition struct {
	rules []*grammarRule
	edits []*edit
}

// compose puts Appendix A and the edits together. A definition replaces
// the rule of the same name; RFC 2396's digit and hex and RFC 2234's DIGIT
// and HEXDIG are different rules (of the same languages). A reference to a
// name no rule has resolves to the one rule whose name differs only in
// case: RFC 2732 writes "IPv6reference" in host and defines
// "ipv6reference", and RFC 2234 compares rule names ignoring case.
func compose(defs []bnf.Definition, sections []string, ref *pegFile, edits []*edit) (*composition, error) {
	c := &composition{edits: edits}
	byName := map[string]*grammarRule{}
	pegRules := map[string]*pegRule{}
	for _, r := range ref.rules {
		pegRules[r.name] = r
	}
	add := func(v variant) {
		key := v.def.Name
		r, ok := byName[key]
		if !ok {
			r = &grammarRule{name: v.def.Name}
			byName[key] = r
			c.rules = append(c.rules, r)
		}
		r.variants = append(r.variants, v)
	}
	for i, d := range defs {
		add(variant{edit: -1, def: d, section: sections[i], peg: pegRules[pegName(d.Name)]})
	}
	for ei, e := range edits {
		for i, d := range e.defs {
			add(variant{edit: ei, def: d, section: e.sections[i], peg: e.peg.rules[i]})
		}
	}
	var problems []string
	for _, r := range c.rules {
		for i := range r.variants {
			v := &r.variants[i]
			v.def.Name = r.name
			v.def.Body = cloneNode(v.def.Body)
			bnf.Walk(v.def.Body, func(n *bnf.Node) {
				if n.Kind != bnf.RuleRef {
					return
				}
				if _, ok := byName[n.Text]; ok {
					return
				}
				var matches []string
				for name := range byName {
					if strings.EqualFold(name, n.Text) {
						matches = append(matches, name)
					}
				}
				if len(matches) != 1 {
					problems = append(problems, fmt.Sprintf("rule %s refers to undefined rule %s", r.name, n.Text))
					return
				}
				n.Text = matches[0]
			})
		}
	}
	if len(problems) > 0 {
		return nil, fmt.Errorf("edits: %s", strings.Join(problems, "; "))
	}
	return c, nil
}

func cloneNode(n *bnf.Node) *bnf.Node {
	m := *n
	m.Children = nil
	for _, k := range n.Children {
		m.Children = append(m.Children, cloneNode(k))
	}
	return &m
}

// grammar returns the grammar with the edits of set (bit i: edits[i]) in
// force: every rule that Appendix A or an edit in force defines, with the
// definition of the last edit in force that defines it, in catalogue
// order; and, for each definition, its variant.
func (c *composition) grammar(set uint64) ([]bnf.Definition, []variant) {
	var defs []bnf.Definition
	var vars []variant
	for _, r := range c.rules {
		var pick *variant
		for i := range r.variants {
			v := &r.variants[i]
			if v.edit < 0 || set&(1<<v.edit) != 0 {
				pick = v
			}
		}
		if pick != nil {
			defs = append(defs, pick.def)
			vars = append(vars, *pick)
		}
	}
	return defs, vars
}
