// Command gen is the project's own generator, run by go generate from the
// repository root (see generate.go).
//
//	go run ./gen grammar
//
// writes grammar/rfc2396.abnf from the Appendix A lines of rfc2396.peg (each
// rule is preceded by its Appendix A line and its section, so a rule is
// written once), checks that every rule's PEG body accepts the language of
// its Appendix A line (langcheck.go), does the same for each edit
// (edits/NAME.abnf is rewritten from edits/NAME.peg), then writes the rule
// catalogue grammar/rules_gen.go, the grammars of the edit parsers
// (parser/edit_reference.peg, which peg compiles into package parser, and
// its compact form, parser/edit_compact.peg, which gen compiles itself
// into package parser: compile.go; both serve every profile, strict
// included), the oracle's regular
// expressions internal/oracle/oracle_gen.go, and the reference site's
// railroad diagrams and rule data (site/data, see site.go).
//
//	go run ./gen standard rfc3986.manifest.json
//
// does the same for the grammar a manifest names (rfc3986.peg and
// grammar/rfc3986.abnf; rfc3987.peg and grammar/rfc3987.abnf), by one code
// path for every standard (standard.go; the manifest's format is in
// manifest.go and docs/adding-a-grammar.md): the catalogue, the compact
// grammar and its parser, the automata, all in one package of data
// (rfc3986/grammar), and the site's data.
//
//	go run ./gen patch FILE...
//
// post-processes Go files written by pointlander/peg v1.0.1: it replaces the
// "Code generated" line, which names the temporary path of the peg binary,
// with a reproducible one, and makes the parser read its input string in
// place, one byte at a time, instead of converting it to []rune, so that
// token positions are byte offsets and a parse neither copies its input
// nor allocates (see patchReads), and a failed parse returns an empty
// noMatchError instead of peg's parse error (see patchError).
//
//	go run ./gen render
//
// compiles the site's templates (site/templates/*.html, escaped as
// html/template escapes them) into Go, site/render_gen.go, which the
// server, the static copy and the playground's WebAssembly module run
// (render.go; docs/site.md).
//
//	go run ./gen bidi
//
// writes the bidi classes rfc3987 tells apart (L, and R with AL) from
// golang.org/x/text/unicode/bidi as a table of runs and its lookup,
// rfc3987/bidi_gen.go, so that the run-time does not import x/text's bidi
// package (bidi.go).
//
//	go run ./gen mtimes save
//	go run ./gen mtimes restore
//
// are the first and last go:generate lines: the files go generate rewrote
// with the bytes they held get their modification times back, so that go
// test's cache of the tests that read them stays valid (see mtimes.go).
//
//	go run ./gen update ./rfc3986/grammar -run TestExplainTable -update-explain
//
// runs go test with those arguments, the -update run of a test that
// rewrites the files showing a grammar's output, unless a recorded run of
// the same test binary's sources, whose every input is as it was then,
// changed nothing (see update.go).
//
// gen grammar and gen standard are served from a cache, outside the
// checkout, when gen and every file the command reads are as in a run it
// recorded: the outputs are then those of that run, written where the
// tree differs from them (see stepcache.go). RFC2396_GEN_CACHE=off runs
// them, as CI's drift check does.
package main

import (
	"fmt"
	"go/format"
	"os"
	"slices"
	"strings"

	"github.com/rfc2396/rfc2396/grammar/bnf"
	"github.com/rfc2396/rfc2396/internal/automaton"
)

func main() {
	if len(os.Args) < 2 {
		fmt.Fprintln(os.Stderr, "usage: gen grammar | gen standard NAME.manifest.json | gen patch FILE... | gen render | gen bidi | gen mtimes save|restore | gen update PACKAGE GO-TEST-FLAGS")
		os.Exit(2)
	}
	staging = true
	var err error
	switch os.Args[1] {
	case "grammar":
		err = cachedStep(os.Args[1:], generateGrammar)
	case "standard":
		if len(os.Args) != 3 {
			err = fmt.Errorf("usage: gen standard NAME.manifest.json")
			break
		}
		err = cachedStep(os.Args[1:], func() error { return generateStandard(os.Args[2]) })
	case "render":
		if len(os.Args) != 2 {
			err = fmt.Errorf("usage: gen render")
			break
		}
		err = generateRender()
	case "bidi":
		if len(os.Args) != 2 {
			err = fmt.Errorf("usage: gen bidi")
			break
		}
		err = generateBidi()
	case "mtimes":
		err = mtimesCommand(os.Args[2:])
	case "update":
		err = updateCommand(os.Args[2:])
	case "patch":
		for _, f := range os.Args[2:] {
			if err = patch(f); err != nil {
				break
			}
		}
	default:
		err = fmt.Errorf("unknown command %q", os.Args[1])
	}
	if err != nil {
		discardStaged()
		fmt.Fprintln(os.Stderr, "gen:", err)
		fmt.Fprintln(os.Stderr, "gen: nothing written (not even what the lines above say was): the tree is as it was")
		os.Exit(1)
	}
	if err := commitStaged(); err != nil {
		fmt.Fprintln(os.Stderr, "gen: writing the outputs:", err)
		os.Exit(1)
	}
}

// cachedStep runs the command args, whose work is run, through the step
// cache (stepcache.go). Like go build's cache, it says nothing when the
// cache serves the command.
func cachedStep(args []string, run func() error) error {
	var exe string
	c := openStepCache()
	if c != nil {
		var err error
		if exe, err = executableHash(); err != nil {
			c = nil
		}
	}
	_, err := runStep(c, exe, args, run)
	return err
}

func generateGrammar() error {
	src, err := readInput("rfc2396.peg")
	if err != nil {
		return err
	}
	ref, err := parsePEG(string(src))
	if err != nil {
		return err
	}
	if err := syncEntryPoints("rfc2396.peg", ref, "URI_reference"); err != nil {
		return err
	}
	abnf, err := writeABNF("grammar/rfc2396.abnf", appendixA(ref), "rfc2396.peg", "")
	if err != nil {
		return err
	}
	defs, err := bnf.Parse(abnf)
	if err != nil {
		return fmt.Errorf("rfc2396.peg: the ABNF lines: %v", err)
	}
	sections, err := checkTranscription(defs, ref)
	if err != nil {
		return err
	}
	if err := checkGrammarLanguages(defs, ref, "rfc2396.peg"); err != nil {
		return err
	}
	g, err := automaton.NewGrammar(defs, nil, describedRules)
	if err != nil {
		return err
	}
	edits, profiles, err := loadEdits()
	if err != nil {
		return err
	}
	comp, err := compose(defs, sections, ref, edits)
	if err != nil {
		return err
	}
	if err := checkEditLanguages(comp); err != nil {
		return err
	}
	fullDefs, _ := comp.grammar(1<<len(edits) - 1)
	full, err := automaton.NewGrammar(fullDefs, nil, describedRules)
	if err != nil {
		return fmt.Errorf("the grammar with every edit: %v", err)
	}
	if err := writeFace("parser"); err != nil {
		return err
	}
	if err := writeGo("grammar/rules_gen.go", catalogueAll(comp, g, full)); err != nil {
		return err
	}
	if err := writeGo("grammar/edits_gen.go", editsTables(comp, profiles)); err != nil {
		return err
	}
	if _, err := explainTables("parser", g, len(defs), "grammar/rfc2396.abnf", "github.com/rfc2396/rfc2396/grammar", strictAutomataNames); err != nil {
		return err
	}
	if err := writeSite(rfc2396Site, defs, string(src), sections); err != nil {
		return err
	}
	files, err := pegFiles(comp)
	if err != nil {
		return err
	}
	if err := writeProfileSites(comp, profiles, files); err != nil {
		return err
	}
	if err := generateEditParsers(ref, comp); err != nil {
		return err
	}
	return writeEscapeTables("parser/escape_gen.go", defs)
}

// pegName spells an Appendix A rule name as a peg identifier.
func pegName(rfcName string) string { return strings.ReplaceAll(rfcName, "-", "_") }

// helperPrefix starts the name of a rule of rfc2396.peg that is not an
// Appendix A rule.
const helperPrefix = "helper_"

// appendixA returns the rules of f that transcribe Appendix A rules, leaving
// out helper rules.
func appendixA(f *pegFile) []*pegRule {
	var rules []*pegRule
	for _, r := range f.rules {
		if !strings.HasPrefix(r.name, helperPrefix) {
			rules = append(rules, r)
		}
	}
	return rules
}

// checkTranscription checks that the Appendix A rules of ref are exactly the
// rules of defs, in the same order, each preceded by its Appendix A line and
// a "§" section line, and returns the sections.
func checkTranscription(defs []bnf.Definition, ref *pegFile) ([]string, error) {
	return checkTranscriptionOf(defs, &pegFile{header: ref.header, rules: appendixA(ref)}, "grammar/rfc2396.abnf", "rfc2396.peg")
}

// checkTranscriptionOf checks that the rules of ref, a PEG file, are
// exactly the rules of defs, read from the grammar file abnfName, in the
// same order, each preceded by its grammar line and a "§" section line,
// and returns the sections.
func checkTranscriptionOf(defs []bnf.Definition, ref *pegFile, abnfName, pegFileName string) ([]string, error) {
	var problems []string
	if len(defs) != len(ref.rules) {
		problems = append(problems, fmt.Sprintf("%s has %d rules, %s has %d", abnfName, len(defs), pegFileName, len(ref.rules)))
	}
	sections := make([]string, len(defs))
	for i, d := range defs {
		if i >= len(ref.rules) {
			problems = append(problems, fmt.Sprintf("rule %s is missing from %s", d.Name, pegFileName))
			continue
		}
		r := ref.rules[i]
		if r.name != pegName(d.Name) {
			problems = append(problems, fmt.Sprintf("rule %d is %s in %s but %s in %s", i+1, d.Name, abnfName, r.name, pegFileName))
			continue
		}
		if len(r.comment) < 2 || r.comment[0] != d.Line || !strings.HasPrefix(r.comment[1], "§") {
			problems = append(problems, fmt.Sprintf("rule %s in %s must be preceded by the comment lines %q and \"# §<section>\"", r.name, pegFileName, "# "+d.Line))
			continue
		}
		sections[i] = strings.TrimPrefix(r.comment[1], "§")
	}
	for _, r := range ref.rules[min(len(defs), len(ref.rules)):] {
		problems = append(problems, fmt.Sprintf("rule %s of %s is not in %s", r.name, pegFileName, abnfName))
	}
	if len(problems) > 0 {
		return nil, fmt.Errorf("%s does not transcribe %s:\n\t%s", pegFileName, abnfName, strings.Join(problems, "\n\t"))
	}
	return sections, nil
}

// goName spells an Appendix A rule name as the suffix of a Go identifier:
// URI-reference is URIReference, hier_part is HierPart.
func goName(rfcName string) string {
	var b strings.Builder
	for _, part := range strings.FieldsFunc(rfcName, func(r rune) bool { return r == '-' || r == '_' }) {
		b.WriteString(strings.ToUpper(part[:1]) + part[1:])
	}
	return b.String()
}

// uses returns the rules that a rule's definition names, each once, in the
// order they first appear.
func uses(n *bnf.Node) []string {
	var names []string
	var walk func(n *bnf.Node)
	walk = func(n *bnf.Node) {
		if n.Kind == bnf.RuleRef && !slices.Contains(names, n.Text) {
			names = append(names, n.Text)
		}
		for _, c := range n.Children {
			walk(c)
		}
	}
	walk(n)
	return names
}

func writeGo(path string, src []byte) error {
	out, err := format.Source(src)
	if err != nil {
		return fmt.Errorf("%s: %v", path, err)
	}
	return writeFile(path, out)
}

// patch rewrites a file written by pointlander/peg v1.0.1; see the package
// comment. peg writes its "Code generated" line after the package clause,
// naming the temporary path of its binary; patch puts a reproducible one on
// line 1, where Go's convention wants it. It fails if the file does not
// have the expected shape, so that a different peg version cannot be
// patched silently wrong.
func patch(path string) error {
	src, err := readInput(path)
	if err != nil {
		return err
	}
	lines := strings.Split(string(src), "\n")
	const prefix, suffix = "// Code generated by ", " DO NOT EDIT."
	header := -1
	for i := 0; i < len(lines) && i < 5; i++ {
		if strings.HasPrefix(lines[i], prefix) && strings.HasSuffix(lines[i], suffix) {
			header = i
			break
		}
	}
	if header < 0 {
		return fmt.Errorf("%s: no peg \"Code generated\" line", path)
	}
	args := strings.Fields(strings.TrimSuffix(strings.TrimPrefix(lines[header], prefix), suffix))
	if header > 0 {
		// As peg wrote it: the first word is the path of peg's binary.
		args = args[1:]
		lines = append(lines[:header], lines[header+1:]...)
		// Drop the patch note of a file patched before, if any.
		if header < len(lines) && strings.HasPrefix(lines[header], "// Patched by gen") {
			lines = append(lines[:header], lines[header+1:]...)
		}
		lines = append([]string{
			prefix + "go tool peg " + strings.Join(args, " ") + suffix,
			"// Patched by gen: the input string is read in place, one byte at a time,",
			"// and a failed parse returns noMatchError, not peg's parse error.",
			"",
		}, lines...)
	} else if len(args) < 2 || args[0] != "go" || args[1] != "tool" {
		return fmt.Errorf("%s: unexpected \"Code generated\" line %q", path, lines[0])
	}
	s, err := patchError(strings.Join(lines, "\n"))
	if err == nil {
		s, err = patchReads(s)
	}
	if err == nil {
		s, err = patchOptions(s)
	}
	if err != nil {
		return fmt.Errorf("%s: %v", path, err)
	}
	return writeGo(path, []byte(s))
}

// patchReads makes a parser written by peg v1.0.1 read its input string in
// place. peg converts the input to []rune with an end marker (endSymbol,
// past the last rune) appended, and reads it as buffer[position]. The
// patched parser keeps the string and reads it through at (adapter_gen.go),
// which returns the byte at a position as a rune, and endSymbol at the end:
// the same values the rune buffer held for an input read one rune per byte,
// without a pass that copies the input four bytes a byte. Each rewrite
// checks that it finds what it expects, so that a different peg
// version fails here instead of being patched wrong.
func patchReads(s string) (string, error) {
	type rewrite struct{ from, to string }
	for _, r := range []rewrite{
		{"\t\tp.buffer = []rune(p.Buffer)\n" +
			"\t\tif len(p.buffer) == 0 || p.buffer[len(p.buffer)-1] != endSymbol {\n" +
			"\t\t\tp.buffer = append(p.buffer, endSymbol)\n" +
			"\t\t}\n" +
			"\t\tbuffer = p.buffer\n",
			"\t\tbuffer = p.Buffer\n"},
		{"\t\tbuffer               []rune\n", "\t\tbuffer               string\n"},
	} {
		switch {
		case strings.Count(s, r.from) == 1:
			s = strings.Replace(s, r.from, r.to, 1)
		case strings.Count(s, r.to) != 1: // not patched before either
			return "", fmt.Errorf("expected one %q", r.from)
		}
	}
	const read, patched = "buffer[position]", "at(buffer, position)"
	if !strings.Contains(s, read) && !strings.Contains(s, patched) {
		return "", fmt.Errorf("no %q", read)
	}
	s = strings.ReplaceAll(s, read, patched)
	if strings.Contains(s, "buffer[") || strings.Contains(s, "p.buffer") {
		return "", fmt.Errorf("a read of buffer that patch does not know")
	}
	return s, nil
}

// patchOptions deletes the two options peg v1.0.1 writes for its
// parser's Init, the functions Pretty and Size: they are exported, and the
// parser is compiled into a grammar's package (NAME/grammar), whose API
// they are no part of. The adapter (adapter.go.tmpl) sizes the token
// buffer itself and calls Init with no option. Each is checked to be the
// function peg writes, so that a different peg version fails here.
func patchOptions(s string) (string, error) {
	for _, f := range []struct{ head, body string }{
		{"func Pretty(pretty bool) func(*", "\t\tp.Pretty = pretty\n\t\treturn nil\n\t}\n}\n"},
		{"func Size(size int) func(*", "\t\tp.tokens32 = tokens32{tree: make([]token32, 0, size)}\n\t\treturn nil\n\t}\n}\n"},
	} {
		begin := strings.Index(s, "\n"+f.head)
		if begin < 0 {
			continue // patched before
		}
		begin++
		end := strings.Index(s[begin:], "\n}\n")
		if end < 0 {
			return "", fmt.Errorf("%q does not end", f.head)
		}
		end += begin + len("\n}\n")
		if !strings.HasSuffix(s[begin:end], f.body) || strings.Count(s[begin:end], "\n") != 6 {
			return "", fmt.Errorf("%q is not the function patch knows", f.head)
		}
		s = s[:begin] + s[end:]
	}
	for _, name := range []string{"Pretty(", "Size("} {
		if strings.Contains(s, " "+name) || strings.Contains(s, "\t"+name) {
			return "", fmt.Errorf("a use of %s that patch does not know", strings.TrimSuffix(name, "("))
		}
	}
	return s, nil
}

// pegErrorDecls are the declarations of peg v1.0.1's parse error, in the
// order peg writes them: the error, its message and what the message
// needs to turn offsets into lines and columns.
var pegErrorDecls = []string{
	"type textPosition struct {",
	"type textPositionMap map[int]textPosition",
	"func translatePositions(buffer []rune, positions []int) textPositionMap {",
	"type parseError struct {",
	"func (e *parseError) Error() string {",
}

// noMatchDecl takes the place of pegErrorDecls.
const noMatchDecl = `// noMatchError is what Parse returns when the rule does not match (gen
// patch puts it in place of peg's parse error, whose message, with the
// line and column of the furthest token, no caller reads).
type noMatchError struct{}

func (noMatchError) Error() string { return "parse error: the rule does not match" }
`

// patchError makes a parser written by peg v1.0.1 return noMatchError
// when a rule does not match, instead of a *parseError holding the parser
// and its furthest token. The adapters only test the error against nil;
// parseError's message (the rule and the line and column of the furthest
// token) went unread, but its Error method, which a value in an error
// keeps, linked translatePositions, a map and sort.Ints into every
// program. patchError deletes those declarations (checking they are
// exactly pegErrorDecls, one after the other), and the "sort" import,
// which only translatePositions used.
func patchError(s string) (string, error) {
	const ret, patched = "\t\treturn &parseError{p, max}\n", "\t\treturn noMatchError{}\n"
	if strings.Count(s, patched) == 1 && strings.Count(s, noMatchDecl) == 1 && !strings.Contains(s, "parseError") {
		return s, nil // patched before
	}
	if strings.Count(s, ret) != 1 {
		return "", fmt.Errorf("expected one %q", ret)
	}
	s = strings.Replace(s, ret, patched, 1)
	begin := strings.Index(s, "\n"+pegErrorDecls[0]+"\n")
	if begin < 0 {
		return "", fmt.Errorf("no %q", pegErrorDecls[0])
	}
	begin++
	last := strings.Index(s[begin:], "\n"+pegErrorDecls[len(pegErrorDecls)-1]+"\n")
	if last < 0 {
		return "", fmt.Errorf("no %q after %q", pegErrorDecls[len(pegErrorDecls)-1], pegErrorDecls[0])
	}
	end := strings.Index(s[begin+last:], "\n}\n")
	if end < 0 {
		return "", fmt.Errorf("%q does not end", pegErrorDecls[len(pegErrorDecls)-1])
	}
	end += begin + last + len("\n}\n")
	var decls []string
	for _, line := range strings.Split(s[begin:end], "\n") {
		if strings.HasPrefix(line, "type ") || strings.HasPrefix(line, "func ") || strings.HasPrefix(line, "var ") || strings.HasPrefix(line, "const ") {
			decls = append(decls, line)
		}
	}
	if !slices.Equal(decls, pegErrorDecls) {
		return "", fmt.Errorf("peg's parse error is declared as %q, not %q", decls, pegErrorDecls)
	}
	s = s[:begin] + noMatchDecl + s[end:]
	const imp = "\t\"sort\"\n"
	if strings.Count(s, imp) != 1 {
		return "", fmt.Errorf("expected one %q", imp)
	}
	s = strings.Replace(s, imp, "", 1)
	for _, name := range []string{"parseError", "translatePositions", "textPosition", "sort."} {
		if strings.Contains(s, name) {
			return "", fmt.Errorf("a use of %s that patch does not know", name)
		}
	}
	return s, nil
}
