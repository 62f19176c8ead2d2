package main

import (
	"bytes"
	_ "embed"
	"fmt"
	"slices"
	"strconv"
	"strings"
	"text/template"

	"github.com/rfc2396/rfc2396/grammar/bnf"
	"github.com/rfc2396/rfc2396/internal/automaton"
)

// generateStandard is "gen standard NAME.manifest.json": for the standard
// the manifest describes (see manifest.go) it does what generateGrammar
// does for RFC 2396, without edits or profiles. It checks that the PEG
// file transcribes its ABNF lines, rule by rule and language by language,
// and writes, under the manifest's dir, one package of data, grammar,
// which holds everything the grammar generates, each parser's names under
// a prefix of its own (parserNames) so that they share the package:
//
//   - the rule catalogue (rules_gen.go, catalogue_gen.go), which also
//     holds the ABNF text (go:embed cannot reach grammar/ from there), and
//     its syntax trees (definitions_gen.go);
//   - every rule's automaton (tables.bin, tables_gen.go) and the engine
//     that runs them (explain_gen.go, strict_*_gen.go), with the test that
//     holds testdata/explain.txt to them (explain_gen_test.go);
//   - the compact grammar (compact.peg) and the parser gen compiles from
//     it, with its adapter (compact_gen.go, compact_adapter_gen.go);
//   - the adapter of the parser peg compiles from the PEG file
//     (reference_adapter_gen.go; a go:generate line runs peg, whose
//     output is reference.peg.go);
//   - for each edit of the face with a PEG file, its engines
//     (edit_NAME_gen.go, edit_NAME_compact.peg, ...; editvariant.go);
//
// and, beside the package:
//
//   - escape_gen.go, when the manifest has "escape";
//   - face_gen.go, when the manifest names a "face";
//
// and the site's pages of the grammar (site/data/NAME). For a standard it
// meets for the first time it also writes the header of the grammar file
// and a first table of explained errors, and prints the go:generate lines
// generate.go lacks (standardsetup.go).
func generateStandard(file string) error {
	m, err := readManifest(file)
	if err != nil {
		return err
	}
	src, err := readInput(m.Grammar)
	if err != nil {
		return err
	}
	ref, err := parsePEGFile(string(src), m.Grammar, true)
	if err != nil {
		return err
	}
	// The rules taken from other grammars follow the grammar's own, in
	// the catalogue and in the file peg compiles (imports.go).
	imported, err := resolveImports(m, ref)
	if err != nil {
		return err
	}
	importedSpec := map[string]string{}
	origins := map[string]siteOrigin{}
	for _, ir := range imported {
		ref.rules = append(ref.rules, ir.rule)
		importedSpec[ir.rule.name] = ir.spec
		origins[ir.rule.name] = siteOrigin{spec: ir.spec, site: ir.site, titles: ir.titles}
	}
	if err := checkPEGHeader(m.Grammar, string(src)); err != nil {
		return err
	}
	if err := syncEntryPoints(m.Grammar, ref, pegName(m.Start)); err != nil {
		return err
	}
	if len(imported) > 0 {
		if src, err = readInput(m.Grammar); err != nil {
			return err
		}
		full := importedPEG(m, string(src), imported)
		if err := writeFile(m.Dir+"/grammar/reference.peg", []byte(full)); err != nil {
			return err
		}
	}
	abnf, err := writeABNF(m.ABNF, appendixA(ref), m.Grammar, abnfHeader(m))
	if err != nil {
		return err
	}
	defs, err := bnf.ParseABNF(abnf)
	if err != nil {
		return fmt.Errorf("%s: the ABNF lines: %v", m.Grammar, err)
	}
	sections, err := checkTranscriptionOf(defs, &pegFile{header: ref.header, rules: appendixA(ref)}, m.ABNF, m.Grammar)
	if err != nil {
		return err
	}
	// A rule the grammar's own file transcribes from another document
	// says so in its section line ("§RFC 9110 4.1"): its Spec is that
	// document.
	for i, sec := range sections {
		if doc, ok := strings.CutPrefix(sec, "RFC "); ok {
			num, rest, _ := strings.Cut(doc, " ")
			importedSpec[pegName(defs[i].Name)], sections[i] = "RFC "+num, rest
			origins[pegName(defs[i].Name)] = siteOrigin{spec: "RFC " + num}
		}
	}
	if err := checkGrammarLanguages(defs, ref, m.Grammar); err != nil {
		return err
	}
	// Rule numbers follow the RFC's order but for the start rule, which
	// comes first: the zero Rule is then the start rule, as in package
	// grammar for RFC 2396 (whose Appendix A starts with it). The site
	// shows the rules in the RFC's order.
	if !slices.ContainsFunc(defs, func(d bnf.Definition) bool { return d.Name == m.Start }) {
		return fmt.Errorf("%s: start rule %s is not a rule of %s", m.File(), m.Start, m.ABNF)
	}
	rfcDefs, rfcSections := defs, sections
	defs, sections = startRuleFirst(defs, sections, m.Start)
	// Which rules are at the character level (pchar, unreserved, ...) is
	// worked out from their languages, as for RFC 2396, and so are the
	// automata that decide every rule and explain its errors.
	g, err := automaton.NewGrammar(bnf.WithCore(defs), nil, m.Described)
	if err != nil {
		return fmt.Errorf("%s: %v", m.File(), err)
	}
	explainDir := m.Dir + "/grammar"
	tablesSize := 0
	if m.lazy() {
		err = checkLazyPaths(g, len(defs), m.ABNF)
	} else {
		tablesSize, err = explainTables(explainDir, g, len(defs), m.ABNF, "", parserNames{})
		if err != nil && strings.Contains(err.Error(), "a table holds at most") {
			err = fmt.Errorf("%v\n(%s: \"explain\": \"lazy\" builds the automata on demand at run time instead)", err, m.File())
		}
	}
	if err != nil {
		return err
	}
	if m.Escape != nil {
		esc, err := standardEscape(m, g)
		if err != nil {
			return err
		}
		if err := writeGo(m.Dir+"/escape_gen.go", esc); err != nil {
			return err
		}
	}
	if m.Face != nil {
		f, err := coreFaceOf(m, defs)
		if err != nil {
			return err
		}
		if err := writeCoreFace(m.Dir, f); err != nil {
			return err
		}
		for _, e := range m.Face.Edits {
			if e.PEG == "" {
				continue
			}
			if err := generateEditVariant(m, ref, defs, sections, rfcDefs, e, f.Roles); err != nil {
				return err
			}
		}
	}
	charLevel := make([]bool, len(defs))
	for i := range defs {
		charLevel[i] = g.CharacterLevel(i)
	}
	if err := writeGo(m.Dir+"/grammar/rules_gen.go", catalogue(m, defs, sections, charLevel, abnf, rfcDefs, importedSpec)); err != nil {
		return err
	}
	if err := writeGo(m.Dir+"/grammar/definitions_gen.go", definitions(m, bnf.WithCore(defs))); err != nil {
		return err
	}
	if err := writeStandardCode(m, defs, charLevel, explainDir, tablesSize); err != nil {
		return err
	}
	if err := seedExplainTable(m); err != nil {
		return err
	}
	compact := parserNames{prefix: "compact"}
	acc, err := deriveCompact(ref, m.Keep, compactTarget{
		source:   m.Grammar,
		pkg:      "grammar",
		pegPath:  m.Dir + "/grammar/compact.peg",
		goPath:   m.Dir + "/grammar/compact_gen.go",
		typeName: compact.id("compiled"),
		names:    compact,
		what:     m.CompactWhat,
	})
	if err != nil {
		return err
	}
	ra := adapterFor(adapterSpec{pkg: "grammar", pegType: referencePEGType, source: m.Grammar, doc: m.Spec,
		size: "NumRules", rules: appendixA(ref), tables: parserNames{prefix: "reference"},
		typeName: "ReferenceParser", newName: "NewReferenceParser"})
	if err := writeGo(m.Dir+"/grammar/reference_adapter_gen.go", ra); err != nil {
		return err
	}
	// The same grammar as a syntax.PEGProgram, the playground module's
	// reference parser (gen/pegvm.go).
	vm, err := vmParserFor(vmSpec{pkg: "grammar", source: m.Grammar, goFile: m.Dir + "/grammar/reference.peg.go",
		rules: ref.rules, tables: parserNames{prefix: "reference"}, typeName: "ReferenceVM", newName: "NewReferenceVM"})
	if err != nil {
		return err
	}
	if err := writeGo(m.Dir+"/grammar/reference_vm_gen.go", vm); err != nil {
		return err
	}
	var kept []*pegRule
	for _, r := range ref.rules {
		if slices.Contains(m.Keep, r.name) {
			kept = append(kept, r)
		}
	}
	ca := adapterFor(adapterSpec{pkg: "grammar", pegType: compact.id("compiled"), source: m.Dir + "/grammar/compact.peg",
		doc: m.Spec, size: "NumRules", rules: kept, acc: acc, parser: compact, tables: compact, typeName: "Parser"})
	if err := writeGo(m.Dir+"/grammar/compact_adapter_gen.go", ca); err != nil {
		return err
	}
	// The site's pages (/g/NAME/): a page and a diagram per rule, the
	// core rules of RFC 5234 included.
	if !m.NoSite {
		site := m.Site
		site.origins = origins
		if err := writeSite(site, bnf.WithCore(rfcDefs), string(src), rfcSections); err != nil {
			return err
		}
	}
	reportGenerateLines(m)
	return nil
}

// startRuleFirst returns defs and sections (one for each of defs) with the
// definition of start moved to the front, the rest in their order.
func startRuleFirst(defs []bnf.Definition, sections []string, start string) ([]bnf.Definition, []string) {
	i := slices.IndexFunc(defs, func(d bnf.Definition) bool { return d.Name == start })
	if i <= 0 {
		return defs, sections
	}
	d := append([]bnf.Definition{defs[i]}, slices.Delete(slices.Clone(defs), i, i+1)...)
	s := append([]string{sections[i]}, slices.Delete(slices.Clone(sections), i, i+1)...)
	return d, s
}

// catalogue writes a standard's rule catalogue, rules_gen.go: the rule
// constants, the RFC's order and each rule's entry.
//
// importedSpec names the document of each rule taken from another grammar
// (by PEG name), which its entry's Spec says.
func catalogue(m *manifest, defs []bnf.Definition, sections []string, charLevel []bool, abnf string, rfcDefs []bnf.Definition, importedSpec map[string]string) []byte {
	var b bytes.Buffer
	fmt.Fprintf(&b, "// Code generated by gen from %s and %s. DO NOT EDIT.\n\n", m.ABNF, m.Grammar)
	b.WriteString("package grammar\n\n")
	fmt.Fprintf(&b, "// The rules of %s: %s, the start rule and\n// the zero Rule, then the others in the RFC's order.\nconst (\n", m.grammarName(), m.Start)
	for i, d := range defs {
		fmt.Fprintf(&b, "\t// Rule%s is %s.\n", goName(d.Name), d.Line)
		if i == 0 {
			fmt.Fprintf(&b, "\tRule%s Rule = iota\n", goName(d.Name))
		} else {
			fmt.Fprintf(&b, "\tRule%s\n", goName(d.Name))
		}
	}
	b.WriteString(")\n\n")
	fmt.Fprintf(&b, "// NumRules is the number of rules in %s.\nconst NumRules = %d\n\n", m.Collection, len(defs))
	fmt.Fprintf(&b, "// rfcOrder is the rules in the order %s lists them.\nvar rfcOrder = [NumRules]Rule{", m.Collection)
	for i, d := range rfcDefs {
		if i > 0 {
			b.WriteString(", ")
		}
		fmt.Fprintf(&b, "Rule%s", goName(d.Name))
	}
	b.WriteString("}\n\n")
	b.WriteString("var catalogue = [NumRules]Info{\n")
	for i, d := range defs {
		spec := ""
		if s := importedSpec[pegName(d.Name)]; s != "" {
			spec = fmt.Sprintf("Spec: %q, ", s)
		}
		fmt.Fprintf(&b, "\tRule%s: {Name: %q, PEGName: %q, ABNF: %q, Section: %q, %sCharacterLevel: %t, Uses: []Rule{", goName(d.Name), d.Name, pegName(d.Name), d.Line, sections[i], spec, charLevel[i])
		// The core rules of RFC 5234 (ALPHA, DIGIT, HEXDIG) are not in
		// the catalogue.
		k := 0
		for _, u := range uses(d.Body) {
			if !slices.ContainsFunc(defs, func(d bnf.Definition) bool { return d.Name == u }) {
				continue
			}
			if k++; k > 1 {
				b.WriteString(", ")
			}
			fmt.Fprintf(&b, "Rule%s", goName(u))
		}
		b.WriteString("}},\n")
	}
	b.WriteString("}\n")
	fmt.Fprintf(&b, "\n// ABNF is the text of %s: %s, one rule a line,\n// exactly as the RFC writes it. Package grammar/bnf reads it.\nconst ABNF = %q\n", m.ABNF, m.grammarName(), abnf)
	return b.Bytes()
}

// definitions writes a standard's definitions_gen.go: the syntax trees of
// its ABNF as bnf.ParseABNF reads it, with the core rules of RFC 5234 that
// it uses (bnf.WithCore), as Go values, as grammar/edits_gen.go holds RFC
// 2396's. The playground's WebAssembly module builds the automata from
// them without carrying the ABNF reader; a test of the catalogue package
// checks that they are what the reader makes of the ABNF.
func definitions(m *manifest, defs []bnf.Definition) []byte {
	var b bytes.Buffer
	fmt.Fprintf(&b, "// Code generated by gen from %s. DO NOT EDIT.\n\n", m.ABNF)
	b.WriteString("package grammar\n\n")
	b.WriteString("import \"github.com/rfc2396/rfc2396/grammar/bnf\"\n\n")
	fmt.Fprintf(&b, "// definitions are the rules of %s, %s first and the\n", m.Collection, m.Start)
	b.WriteString("// others in the RFC's order (rule r is definitions[r]), then the core\n")
	b.WriteString("// rules of RFC 5234 they use.\n")
	b.WriteString("var definitions = [...]bnf.Definition{\n")
	for _, d := range defs {
		fmt.Fprintf(&b, "\t{Name: %q, Line: %q, Body: ", d.Name, d.Line)
		writeNode(&b, d.Body)
		b.WriteString("},\n")
	}
	b.WriteString("}\n")
	return b.Bytes()
}

// standardEscape writes what a standard's Escape takes from the grammar, as
// the manifest's "escape" object lists it: the ASCII bytes of its
// unreserved rule, which it leaves raw; the bytes of given characters that
// given rules hold raw; which of its rules cannot be empty; and the
// delimiters the decoded accessors split components on. An edit of the
// grammar so changes Escape with it.
func standardEscape(m *manifest, g *automaton.Grammar) ([]byte, error) {
	e := m.Escape
	match := func(rule, s string) (bool, error) {
		i, ok := g.Index(rule)
		if !ok {
			return false, fmt.Errorf("%s: escape: %s has no rule %s; define it in %s, or import it from the grammar that does (\"imports\", docs/adding-a-grammar.md)", m.File(), m.Spec, rule, m.Grammar)
		}
		return g.Lazy(i, 0).Match(s), nil
	}
	bytesOf := func(rule string, candidates string) (string, error) {
		var out []byte
		for i := 0; i < len(candidates); i++ {
			ok, err := match(rule, candidates[i:i+1])
			if err != nil {
				return "", err
			}
			if ok {
				out = append(out, candidates[i])
			}
		}
		return string(out), nil
	}
	var ascii []byte
	for c := 0; c < 0x80; c++ {
		ascii = append(ascii, byte(c))
	}
	orASCII := func(chars string) string {
		if chars == "" {
			return string(ascii)
		}
		return chars
	}
	unreserved, err := bytesOf(e.Unreserved, string(ascii))
	if err != nil {
		return nil, err
	}
	raw := make([]string, len(e.Raw))
	for i, r := range e.Raw {
		if raw[i], err = bytesOf(r.Rule, orASCII(r.Chars)); err != nil {
			return nil, err
		}
	}
	// The delimiters the decoded accessors split on: the reserved
	// characters that each component's rule holds raw.
	reserved, err := bytesOf(e.Reserved, string(ascii))
	if err != nil {
		return nil, err
	}
	delims := make([]string, len(e.Delims))
	for i, r := range e.Delims {
		if delims[i], err = bytesOf(r.Rule, reserved); err != nil {
			return nil, err
		}
	}
	var b bytes.Buffer
	writeComment := func(lines []string) {
		for _, l := range lines {
			b.WriteString(strings.TrimRight("// "+l, " ") + "\n")
		}
	}
	fmt.Fprintf(&b, "// Code generated by gen from %s. DO NOT EDIT.\n\npackage %s\n\n", m.ABNF, m.pkgName())
	fmt.Fprintf(&b, "import %q\n\n", m.CatalogueImport())
	writeComment(e.Doc)
	fmt.Fprintf(&b, "const (\n\tunreservedBytes = %s\n", strconv.Quote(unreserved))
	for i, r := range e.Raw {
		fmt.Fprintf(&b, "\t%s = %s\n", r.Const, strconv.Quote(raw[i]))
	}
	b.WriteString(")\n\n")
	writeComment(e.DelimsDoc)
	b.WriteString("const (\n")
	for i, r := range e.Delims {
		fmt.Fprintf(&b, "\t%s = %s\n", r.Const, strconv.Quote(delims[i]))
	}
	b.WriteString(")\n\n")
	b.WriteString("// escapeNonEmpty says which rules of Escape cannot be empty.\nvar escapeNonEmpty = map[grammar.Rule]bool{\n")
	for _, r := range e.Rules {
		empty, err := match(r, "")
		if err != nil {
			return nil, err
		}
		fmt.Fprintf(&b, "\tgrammar.Rule%s: %v,\n", goName(r), !empty)
	}
	b.WriteString("}\n")
	return b.Bytes(), nil
}

// standardCode holds the templates of the Go that gen writes into a
// standard's packages besides its tables (standard.go.tmpl).
//
//go:embed standard.go.tmpl
var standardCode string

// standardTemplates is standardCode parsed.
var standardTemplates = template.Must(template.New("standard").Parse(standardCode))

// writeStandardCode writes the Go of standard.go.tmpl: the catalogue's
// API, the automata's engine and the test that rewrites the table of
// explained errors.
func writeStandardCode(m *manifest, defs []bnf.Definition, charLevel []bool, explainDir string, tablesSize int) error {
	var levels []string
	for i, d := range defs {
		if charLevel[i] {
			levels = append(levels, d.Name)
		}
	}
	var core []string
	for _, d := range bnf.WithCore(defs)[len(defs):] {
		core = append(core, d.Name)
	}
	data := struct {
		M                         *manifest
		Name, Start, StartPEG     string
		StartGo                   string
		NumRules                  int
		CharLevel, Core, TablesKB string
		Edits                     []string // the functions of the edits' engines
	}{
		M: m, Name: m.grammarName(), Start: m.Start, StartPEG: pegName(m.Start), StartGo: goName(m.Start),
		NumRules: len(defs), CharLevel: strings.Join(levels, ", "), Core: andList(core),
	}
	if m.Face != nil {
		for _, e := range m.Face.Edits {
			if e.PEG != "" {
				data.Edits = append(data.Edits, editFunc(e.Name))
			}
		}
	}
	if tablesSize > 0 {
		data.TablesKB = strconv.Itoa((tablesSize + 512) / 1024)
	}
	files := []struct{ tmpl, path string }{
		{"catalogue", m.Dir + "/grammar/catalogue_gen.go"},
		{"explain", explainDir + "/explain_gen.go"},
		{"explaintest", explainDir + "/explain_gen_test.go"},
		{"strict_tables", explainDir + "/strict_tables_gen.go"},
		{"strict_js", explainDir + "/strict_js_gen.go"},
	}
	if m.lazy() {
		files[3] = struct{ tmpl, path string }{"strict_lazy", explainDir + "/strict_gen.go"}
		files = slices.Delete(files, 4, 5)
	}
	for _, f := range files {
		var b bytes.Buffer
		if err := standardTemplates.ExecuteTemplate(&b, f.tmpl, data); err != nil {
			return fmt.Errorf("%s: %v", f.path, err)
		}
		if err := writeGo(f.path, rewrapComments(b.String())); err != nil {
			return err
		}
	}
	return nil
}

// rewrapComments fills the paragraphs of the line comments of src (runs
// of lines that are "//" and text, at one indentation, up to a line "//"
// or a line of code) to 76 columns, so that the words a manifest puts into
// a template's comments do not leave lines too long or too short.
// Directives (//go:build) and lines of code are kept as they are.
func rewrapComments(src string) []byte {
	const width = 76
	var out []string
	var words []string
	indent := ""
	flush := func() {
		line := indent + "//"
		for _, w := range words {
			if len(line) > len(indent)+2 && len(line)+1+len(w) > width {
				out = append(out, line)
				line = indent + "//"
			}
			line += " " + w
		}
		if len(words) > 0 {
			out = append(out, line)
		}
		words = nil
	}
	for _, l := range strings.Split(src, "\n") {
		trimmed := strings.TrimLeft(l, "\t")
		text, isComment := strings.CutPrefix(trimmed, "// ")
		if !isComment || strings.HasPrefix(text, "Code generated ") || strings.HasPrefix(text, " ") || strings.HasPrefix(text, "\t") {
			flush()
			out = append(out, l)
			continue
		}
		if ind := l[:len(l)-len(trimmed)]; ind != indent {
			flush()
			indent = ind
		}
		words = append(words, strings.Fields(text)...)
	}
	flush()
	return []byte(strings.Join(out, "\n"))
}

// checkLazyPaths is what explainTables checks of the automata of an
// explain package that builds them on demand: that no error of the first
// rules rules of g (those of the catalogue) reports a rule past them (a
// core rule of RFC 5234), which the catalogue could not name. It builds
// every automaton, as the tables would.
func checkLazyPaths(g *automaton.Grammar, rules int, source string) error {
	for i := 0; i < rules; i++ {
		for _, st := range g.Build(i).States {
			for _, r := range append(slices.Clip(st.Path), st.AltPath...) {
				if r >= rules {
					return fmt.Errorf("gen: an error of %s would report rule %s, which is not in its catalogue", source, g.Defs[r].Name)
				}
			}
		}
	}
	return nil
}

// andList joins names as prose: "A", "A and B", "A, B and C".
func andList(names []string) string {
	switch len(names) {
	case 0:
		return ""
	case 1:
		return names[0]
	}
	return strings.Join(names[:len(names)-1], ", ") + " and " + names[len(names)-1]
}

// referencePEGType is the type of the parser peg generates from a
// standard's grammar file, which the file declares after its package
// clause (checkPEGHeader).
const referencePEGType = "referencePEG"

// checkPEGHeader checks that the grammar file src, which peg compiles into
// the grammar's package, declares that package and the parser's type as
// the adapter gen writes expects them.
func checkPEGHeader(file, src string) error {
	for _, want := range []string{"package grammar", "type " + referencePEGType + " Peg {}"} {
		if !slices.Contains(strings.Split(src, "\n"), want) {
			return fmt.Errorf("%s: no line %q: peg compiles the grammar file into the grammar's package (docs/adding-a-grammar.md)", file, want)
		}
	}
	return nil
}
