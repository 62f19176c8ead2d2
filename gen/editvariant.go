package main

import (
	_ "embed"
	"fmt"
	"slices"
	"strings"

	"github.com/rfc2396/rfc2396/grammar/bnf"
	"github.com/rfc2396/rfc2396/internal/automaton"
)

// An edit of a grammar's ABNF (a face's edit with a PEG file, such as RFC
// 6874's zone IDs for RFC 3986 and RFC 3987): the PEG file holds, as the
// grammar file does, the edit's rules with the ABNF line and the section
// above each body; each replaces the grammar's rule of the same name or
// is added after the grammar's rules. gen checks the edit's transcription
// and the changed grammar's languages as it does the grammar's, and
// writes the engines of the changed grammar into the grammar's package
// (Dir/grammar), each name after the edit's prefix (editPrefix), so that
// they share the package with the grammar's own: its catalogue (the
// grammar's rules numbered alike, the edit's new rules after them, of the
// grammar's own Rule type), one parser that keeps every rule (gen's
// compiler over the changed grammar with no rule inlined, whose tokens
// give both the components and the parse tree), and the automata, built
// on demand from the changed ABNF. One exported function returns them
// (Edit and the edit's name in Go, EditZoneID), from which the face's
// grammar value offers the edit (uri.Edit).

//go:embed editvariant.go.tmpl
var editVariantTemplate string

// editVariant is what editvariant.go.tmpl takes.
type editVariant struct {
	// P is the prefix of the edit's names, Func the exported function
	// that returns its engines, Parser the type of its parser, Name the
	// grammar's name.
	Manifest, P, Func, Parser, Name, Edit, EditPEG, Spec string
	ABNF                                                 string
	Rules                                                []variantRule
	RFCOrder                                             []string
	Described                                            []string
	Roles                                                []coreRole
	Start                                                string
	NumRules                                             int
	// ComponentTokens are the compact parser's constants of the rules
	// whose tokens Tokens reads: those of Roles.
	ComponentTokens []string
}

// variantRule is a rule of the changed grammar.
type variantRule struct {
	// Spec is the document of a rule of the edit ("RFC 6874"), "" for
	// one of the grammar's.
	Go, Name, PEGName, Line, Section, Spec string
	CharLevel                              bool
	Uses                                   []string
	Added                                  bool
}

// editPrefix is the prefix of the names of an edit's engines in the
// grammar's package: the edit's name in Go, its first letter in lower case
// (zoneId).
func editPrefix(name string) string {
	g := goName(name)
	return strings.ToLower(g[:1]) + g[1:]
}

// editFileName is what the names of an edit's files in the grammar's
// package start with: edit_ and the edit's name without "-"
// (edit_zoneid).
func editFileName(name string) string { return "edit_" + strings.ReplaceAll(name, "-", "") }

// editFunc is the exported function that returns an edit's engines.
func editFunc(name string) string { return "Edit" + editGoName(name) }

// generateEditVariant writes the engines of m's grammar changed by the
// edit e (see above). ref, defs and sections are the grammar's, start rule
// first; roles those of its face.
func generateEditVariant(m *manifest, ref *pegFile, defs []bnf.Definition, sections []string, rfcDefs []bnf.Definition, e editManifest, roles []coreRole) error {
	src, err := readInput(e.PEG)
	if err != nil {
		return err
	}
	eref, err := parsePEGFile(string(src), e.PEG, true)
	if err != nil {
		return err
	}
	abnfPath := strings.TrimSuffix(e.PEG, ".peg") + ".abnf"
	text, err := writeABNF(abnfPath, eref.rules, e.PEG, "")
	if err != nil {
		return err
	}
	edefs, err := bnf.ParseFragment(abnfRules(text), bnf.RFC5234)
	if err != nil {
		return fmt.Errorf("%s: the ABNF lines: %v", e.PEG, err)
	}
	esections, err := checkTranscriptionOf(edefs, eref, abnfPath, e.PEG)
	if err != nil {
		return err
	}
	// The changed grammar in the file's order (the rules of the grammar
	// file, those the edit adds after them), which the language check
	// pairs with the PEG rules; then numbered as the grammar is, start
	// rule first.
	sectionOf := map[string]string{}
	for i, d := range defs {
		sectionOf[d.Name] = sections[i]
	}
	vfile := slices.Clone(rfcDefs)
	vrules := slices.Clone(ref.rules)
	order := make([]string, 0, len(rfcDefs)+len(edefs))
	for _, d := range rfcDefs {
		order = append(order, d.Name)
	}
	added := map[string]bool{}
	for i, d := range edefs {
		sectionOf[d.Name] = esections[i]
		pr := eref.rules[i]
		j := slices.IndexFunc(vfile, func(v bnf.Definition) bool { return v.Name == d.Name })
		k := slices.IndexFunc(vrules, func(r *pegRule) bool { return r.name == pr.name })
		switch {
		case j >= 0 && k >= 0:
			vfile[j], vrules[k] = d, pr
		case j < 0 && k < 0:
			vfile, vrules = append(vfile, d), append(vrules, pr)
			order = append(order, d.Name)
			added[d.Name] = true
		default:
			return fmt.Errorf("%s: rule %s is in %s's ABNF or its PEG file, not both", e.PEG, d.Name, m.Grammar)
		}
	}
	vref := &pegFile{header: ref.header, rules: vrules}
	if err := checkGrammarLanguages(vfile, vref, e.PEG); err != nil {
		return err
	}
	vsections := make([]string, len(vfile))
	for i, d := range vfile {
		vsections[i] = sectionOf[d.Name]
	}
	vdefs, vsections := startRuleFirst(vfile, vsections, m.Start)
	g, err := automaton.NewGrammar(bnf.WithCore(vdefs), nil, m.Described)
	if err != nil {
		return fmt.Errorf("%s: %v", e.PEG, err)
	}
	prefix := editPrefix(e.Name)
	dir := m.Dir + "/grammar/"
	names := parserNames{prefix: prefix + "Compact"}
	v := editVariant{
		Manifest: m.File(), P: prefix, Func: editFunc(e.Name), Parser: names.id("parser"), Name: m.grammarName(),
		Edit: e.Name, EditPEG: e.PEG, Spec: e.Spec, Described: m.Described, Roles: roles,
		Start: "Rule" + goName(m.Start), NumRules: len(vdefs), RFCOrder: order,
	}
	// The Go constant of each rule: the grammar's own, or one of the
	// edit's names for a rule it adds.
	constOf := func(name string) string {
		if added[name] {
			return prefix + "Rule" + goName(name)
		}
		return "Rule" + goName(name)
	}
	byPEG := map[string]string{}
	for _, d := range vdefs {
		byPEG[pegName(d.Name)] = constOf(d.Name)
	}
	for _, d := range vdefs {
		if slices.ContainsFunc(roles, func(r coreRole) bool { return r.Rule == constOf(d.Name) }) {
			v.ComponentTokens = append(v.ComponentTokens, names.Rule(pegName(d.Name)))
		}
	}
	var abnf strings.Builder
	for i, d := range vdefs {
		abnf.WriteString(d.Line + "\n")
		r := variantRule{Go: constOf(d.Name), Name: d.Name, PEGName: pegName(d.Name), Line: d.Line,
			Section: vsections[i], CharLevel: g.CharacterLevel(i), Added: added[d.Name]}
		if slices.ContainsFunc(edefs, func(e bnf.Definition) bool { return e.Name == d.Name }) {
			r.Spec = e.Spec
		}
		for _, u := range uses(d.Body) {
			if slices.ContainsFunc(vdefs, func(d bnf.Definition) bool { return d.Name == u }) {
				r.Uses = append(r.Uses, constOf(u))
			}
		}
		v.Rules = append(v.Rules, r)
	}
	v.ABNF = abnf.String()
	if _, err := bnf.ParseABNF(v.ABNF); err != nil {
		return fmt.Errorf("%s: the changed grammar's ABNF: %v", e.PEG, err)
	}
	out, err := executeTemplate("editvariant", editVariantTemplate, v)
	if err != nil {
		return err
	}
	file := dir + editFileName(e.Name)
	if err := writeGo(file+"_gen.go", out); err != nil {
		return err
	}
	var keep []string
	for _, r := range appendixA(vref) {
		keep = append(keep, r.name)
	}
	acc, err := deriveCompact(vref, keep, compactTarget{
		source:   m.Grammar + " and " + e.PEG,
		pkg:      "grammar",
		pegPath:  file + "_compact.peg",
		goPath:   file + "_compact_gen.go",
		typeName: names.id("compiled"),
		names:    names,
		what:     "The grammar of " + m.Spec + " with the edit " + e.Name + " (" + e.Spec + "): " + m.Grammar + " and " + e.PEG + ", every rule kept",
		// Every rule is kept, so that Match can start from any; an
		// error's "valid under" asks only whether the input matches.
		matchOnly: true,
	})
	if err != nil {
		return err
	}
	ca := adapterFor(adapterSpec{pkg: "grammar", pegType: names.id("compiled"), source: file + "_compact.peg",
		doc: m.Spec + " with " + e.Name, size: prefix + "NumRules", rules: appendixA(vref), acc: acc,
		parser: names, tables: names, typeName: v.Parser, ruleConst: func(name string) string { return byPEG[name] }, matchOnly: true})
	return writeGo(file+"_adapter_gen.go", ca)
}

// abnfRules is the rule lines of an ABNF file's text, without its
// comments.
func abnfRules(text string) string {
	var b strings.Builder
	for _, line := range strings.Split(text, "\n") {
		if strings.TrimSpace(line) != "" && !strings.HasPrefix(line, ";") {
			b.WriteString(line + "\n")
		}
	}
	return b.String()
}
