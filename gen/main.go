// Command gen is the project's own generator, run by go generate from the
// repository root (see generate.go).
//
//	go run ./gen grammar
//
// checks that rfc2396.peg transcribes grammar/rfc2396.abnf rule for rule
// (same names, same order, each rule preceded by its Appendix A line and its
// section), then writes the rule catalogue grammar/rules_gen.go, the compact
// grammar parser/internal/compact/compact.peg, the oracle's regular
// expressions internal/oracle/oracle_gen.go, and the reference site's
// railroad diagrams and rule data (site/data, see site.go).
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
	if err := writeSite(rfc2396Site, defs, string(src), sections); err != nil {
		return err
	}
	compact, classes, err := derive(ref)
	if err != nil {
		return err
	}
	if err := os.WriteFile("parser/internal/compact/compact.peg", []byte(compact), 0o644); err != nil {
		return err
	}
	if err := writeGo("parser/internal/reference/adapter_gen.go", adapter("reference", "Reference", "rfc2396.peg", appendixA(ref), nil)); err != nil {
		return err
	}
	var kept []*pegRule
	for _, r := range ref.rules {
		if slices.Contains(compactKeep, r.name) {
			kept = append(kept, r)
		}
	}
	if err := writeGo("parser/internal/compact/adapter_gen.go", adapter("compact", "Compact", "parser/internal/compact/compact.peg", kept, classes)); err != nil {
		return err
	}
	return writeGo("internal/oracle/oracle_gen.go", oracle(defs))
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
	var problems []string
	ref = &pegFile{header: ref.header, rules: appendixA(ref)}
	if len(defs) != len(ref.rules) {
		problems = append(problems, fmt.Sprintf("grammar/rfc2396.abnf has %d rules, rfc2396.peg has %d", len(defs), len(ref.rules)))
	}
	sections := make([]string, len(defs))
	for i, d := range defs {
		if i >= len(ref.rules) {
			problems = append(problems, fmt.Sprintf("rule %s is missing from rfc2396.peg", d.Name))
			continue
		}
		r := ref.rules[i]
		if r.name != pegName(d.Name) {
			problems = append(problems, fmt.Sprintf("rule %d is %s in grammar/rfc2396.abnf but %s in rfc2396.peg", i+1, d.Name, r.name))
			continue
		}
		if len(r.comment) < 2 || r.comment[0] != d.Line || !strings.HasPrefix(r.comment[1], "§") {
			problems = append(problems, fmt.Sprintf("rule %s in rfc2396.peg must be preceded by the comment lines %q and \"# §<section>\"", r.name, "# "+d.Line))
			continue
		}
		sections[i] = strings.TrimPrefix(r.comment[1], "§")
	}
	for _, r := range ref.rules[min(len(defs), len(ref.rules)):] {
		problems = append(problems, fmt.Sprintf("rule %s of rfc2396.peg is not in grammar/rfc2396.abnf", r.name))
	}
	if len(problems) > 0 {
		return nil, fmt.Errorf("rfc2396.peg does not transcribe grammar/rfc2396.abnf:\n\t%s", strings.Join(problems, "\n\t"))
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
	var b bytes.Buffer
	b.WriteString("// Code generated by gen from grammar/rfc2396.abnf and rfc2396.peg. DO NOT EDIT.\n\n")
	b.WriteString("package grammar\n\n")
	b.WriteString("// The rules of RFC 2396 Appendix A, in the RFC's order.\nconst (\n")
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
