// Command gen is the project's own generator, run by go generate from the
// repository root (see generate.go).
//
//	go run ./gen grammar
//
// checks that rfc2396.peg transcribes grammar/rfc2396.abnf rule for rule
// (same names, same order, each rule preceded by its Appendix A line and its
// section), then writes the rule catalogue grammar/rules_gen.go, the compact
// grammar parser/internal/compact/compact.peg and the oracle's regular
// expressions internal/oracle/oracle_gen.go.
//
//	go run ./gen patch FILE...
//
// post-processes Go files written by pointlander/peg v1.0.1: it replaces the
// "Code generated" line, which names the temporary path of the peg binary,
// with a reproducible one, and makes the parser read its input byte by byte
// (one rune per byte, reusing its buffer) instead of converting it to
// []rune, so that token positions are byte offsets and a parse allocates
// nothing.
package main

import (
	"bytes"
	"fmt"
	"go/format"
	"os"
	"slices"
	"strings"

	"github.com/rfc2396/rfc2396/grammar/bnf"
)

func main() {
	if len(os.Args) < 2 {
		fmt.Fprintln(os.Stderr, "usage: gen grammar | gen patch FILE...")
		os.Exit(2)
	}
	var err error
	switch os.Args[1] {
	case "grammar":
		err = generateGrammar()
	case "rfc3986":
		err = generateRFC3986()
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
		fmt.Fprintln(os.Stderr, "gen:", err)
		os.Exit(1)
	}
}

func generateGrammar() error {
	abnf, err := os.ReadFile("grammar/rfc2396.abnf")
	if err != nil {
		return err
	}
	defs, err := bnf.Parse(string(abnf))
	if err != nil {
		return err
	}
	src, err := os.ReadFile("rfc2396.peg")
	if err != nil {
		return err
	}
	ref, err := parsePEG(string(src))
	if err != nil {
		return err
	}
	sections, err := checkTranscription(defs, ref)
	if err != nil {
		return err
	}
	if err := writeGo("grammar/rules_gen.go", catalogue(defs, sections)); err != nil {
		return err
	}
	compact, classes, err := derive(ref, rfc2396Standard)
	if err != nil {
		return err
	}
	if err := os.WriteFile("parser/internal/compact/compact.peg", []byte(compact), 0o644); err != nil {
		return err
	}
	if err := writeGo("parser/internal/reference/adapter_gen.go", adapter(rfc2396Standard, "reference", "Reference", "rfc2396.peg", appendixA(ref), nil)); err != nil {
		return err
	}
	var kept []*pegRule
	for _, r := range ref.rules {
		if slices.Contains(rfc2396Standard.compactKeep, r.name) {
			kept = append(kept, r)
		}
	}
	if err := writeGo("parser/internal/compact/adapter_gen.go", adapter(rfc2396Standard, "compact", "Compact", "parser/internal/compact/compact.peg", kept, classes)); err != nil {
		return err
	}
	return writeGo("internal/oracle/oracle_gen.go", oracle(rfc2396Standard, defs))
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
	return checkTranscriptionOf(defs, ref, "grammar/rfc2396.abnf", "rfc2396.peg")
}

// checkTranscriptionOf is checkTranscription for the grammar of any RFC:
// abnfPath and pegPath name the two files in its messages.
func checkTranscriptionOf(defs []bnf.Definition, ref *pegFile, abnfPath, pegPath string) ([]string, error) {
	var problems []string
	ref = &pegFile{header: ref.header, rules: appendixA(ref)}
	if len(defs) != len(ref.rules) {
		problems = append(problems, fmt.Sprintf("%s has %d rules, %s has %d", abnfPath, len(defs), pegPath, len(ref.rules)))
	}
	sections := make([]string, len(defs))
	for i, d := range defs {
		if i >= len(ref.rules) {
			problems = append(problems, fmt.Sprintf("rule %s is missing from %s", d.Name, pegPath))
			continue
		}
		r := ref.rules[i]
		if r.name != pegName(d.Name) {
			problems = append(problems, fmt.Sprintf("rule %d is %s in %s but %s in %s", i+1, d.Name, abnfPath, r.name, pegPath))
			continue
		}
		if len(r.comment) < 2 || r.comment[0] != d.Line || !strings.HasPrefix(r.comment[1], "§") {
			problems = append(problems, fmt.Sprintf("rule %s in %s must be preceded by the comment lines %q and \"# §<section>\"", r.name, pegPath, "# "+d.Line))
			continue
		}
		sections[i] = strings.TrimPrefix(r.comment[1], "§")
	}
	for _, r := range ref.rules[min(len(defs), len(ref.rules)):] {
		problems = append(problems, fmt.Sprintf("rule %s of %s is not in %s", r.name, pegPath, abnfPath))
	}
	if len(problems) > 0 {
		return nil, fmt.Errorf("%s does not transcribe %s:\n\t%s", pegPath, abnfPath, strings.Join(problems, "\n\t"))
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

func catalogue(defs []bnf.Definition, sections []string) []byte {
	return catalogueOf(rfc2396Standard, defs, sections)
}

// catalogueOf writes the rule catalogue of a standard's grammar.
func catalogueOf(std *standard, defs []bnf.Definition, sections []string) []byte {
	var b bytes.Buffer
	fmt.Fprintf(&b, "// Code generated by gen from %s and %s. DO NOT EDIT.\n\n", std.abnfPath, std.pegPath)
	fmt.Fprintf(&b, "package %s\n\n", std.cataloguePkg)
	fmt.Fprintf(&b, "// The rules of %s Appendix A, in the RFC's order.\nconst (\n", std.rfc)
	for i, d := range defs {
		fmt.Fprintf(&b, "\t// Rule%s is %s.\n", goName(d.Name), d.Line)
		if i == 0 {
			fmt.Fprintf(&b, "\tRule%s Rule = iota\n", goName(d.Name))
		} else {
			fmt.Fprintf(&b, "\tRule%s\n", goName(d.Name))
		}
	}
	b.WriteString(")\n\n")
	fmt.Fprintf(&b, "// NumRules is the number of rules in Appendix A.\nconst NumRules = %d\n\n", len(defs))
	b.WriteString("var catalogue = [NumRules]Info{\n")
	for i, d := range defs {
		fmt.Fprintf(&b, "\tRule%s: {Name: %q, PEGName: %q, ABNF: %q, Section: %q},\n", goName(d.Name), d.Name, pegName(d.Name), d.Line, sections[i])
	}
	b.WriteString("}\n")
	if std.abnfText != "" {
		fmt.Fprintf(&b, "\n// ABNF is the text of %s: %s Appendix A, one rule a line,\n// exactly as the RFC writes it. Package grammar/bnf reads it.\nconst ABNF = %q\n", std.abnfPath, std.rfc, std.abnfText)
	}
	return b.Bytes()
}

func writeGo(path string, src []byte) error {
	out, err := format.Source(src)
	if err != nil {
		return fmt.Errorf("%s: %v", path, err)
	}
	return os.WriteFile(path, out, 0o644)
}

// patch rewrites a file written by pointlander/peg v1.0.1; see the package
// comment. It fails if the file does not have the expected shape, so that a
// different peg version cannot be patched silently wrong.
func patch(path string) error {
	src, err := os.ReadFile(path)
	if err != nil {
		return err
	}
	s := string(src)
	lines := strings.SplitN(s, "\n", 4)
	if len(lines) < 4 || !strings.HasPrefix(lines[2], "// Code generated by ") || !strings.HasSuffix(lines[2], " DO NOT EDIT.") {
		return fmt.Errorf("%s: no peg \"Code generated\" line", path)
	}
	args := strings.Fields(strings.TrimSuffix(strings.TrimPrefix(lines[2], "// Code generated by "), " DO NOT EDIT."))
	lines[2] = "// Code generated by go tool peg " + strings.Join(args[1:], " ") + " DO NOT EDIT."
	lines[2] += "\n// Patched by gen: input is read one rune per byte into a reused buffer."
	s = strings.Join(lines, "\n")
	const from = "p.buffer = []rune(p.Buffer)"
	const to = "p.buffer = appendBytes(p.buffer[:0], p.Buffer)"
	if strings.Count(s, from) != 1 {
		if strings.Count(s, to) == 1 {
			return nil // already patched
		}
		return fmt.Errorf("%s: expected one %q", path, from)
	}
	s = strings.Replace(s, from, to, 1)
	return writeGo(path, []byte(s))
}
