package main

import (
	"bytes"
	"fmt"
	"os"
	"slices"

	"github.com/rfc2396/rfc2396/grammar/bnf"
	"github.com/rfc2396/rfc2396/internal/automaton"
)

// rfc3986Keep lists the rules that stay rules (and so produce tokens) in
// RFC 3986's compact grammar: the start rule and the rules whose spans
// package rfc3986 reads to fill in a reference's components; and, so that
// they are not copied into every place that uses them, IPv6address, h16
// and ls32 (section 3.2.2's nine alternatives of groups), which took
// peg's parser of the compact grammar from 8,710 lines to 1,976, with no
// change measured in Parse (the corpus has few IPv6 hosts).
var rfc3986Keep = []string{
	"URI_reference", "scheme", "authority", "userinfo", "IP_literal", "IPv4address",
	"reg_name", "port", "query", "fragment", "IPv6address", "h16", "ls32",
}

// rfc3986Described are the character-level rules that an RFC 3986 error's
// "expected" list is written with, largest first (ALPHA before HEXDIG
// before DIGIT, so that letters and digits read "ALPHA, DIGIT" and hex
// digits "HEXDIG"); what no whole rule covers is listed character by
// character.
var rfc3986Described = []string{"pchar", "unreserved", "sub-delims", "ALPHA", "HEXDIG", "DIGIT"}

// rfc3986Catalogue is the import path of RFC 3986's rule catalogue.
const rfc3986Catalogue = "github.com/rfc2396/rfc2396/rfc3986/grammar"

// generateRFC3986 is "gen rfc3986": for RFC 3986 it does what
// generateGrammar does for RFC 2396. It checks that rfc3986.peg transcribes
// grammar/rfc3986.abnf and writes the rule catalogue (package
// rfc3986/grammar, which also holds the ABNF text: go:embed cannot reach
// grammar/rfc3986.abnf from there), the compact grammar and the adapter
// tables of the two parsers.
func generateRFC3986() error {
	src, err := os.ReadFile("rfc3986.peg")
	if err != nil {
		return err
	}
	ref, err := parsePEGFile(string(src), "rfc3986.peg", true)
	if err != nil {
		return err
	}
	if err := syncEntryPoints("rfc3986.peg", ref); err != nil {
		return err
	}
	abnf, err := writeABNF("grammar/rfc3986.abnf", appendixA(ref), "rfc3986.peg")
	if err != nil {
		return err
	}
	defs, err := bnf.ParseABNF(abnf)
	if err != nil {
		return fmt.Errorf("rfc3986.peg: the ABNF lines: %v", err)
	}
	sections, err := checkTranscriptionOf(defs, &pegFile{header: ref.header, rules: appendixA(ref)}, "grammar/rfc3986.abnf", "rfc3986.peg")
	if err != nil {
		return err
	}
	if err := checkGrammarLanguages(defs, ref, "rfc3986.peg"); err != nil {
		return err
	}
	// Rule numbers follow the RFC's order but for URI-reference, the start
	// rule, which comes first: the zero Rule is then URI-reference, as in
	// package grammar for RFC 2396 (whose Appendix A starts with it).
	// The site shows the rules in the RFC's order.
	rfcDefs, rfcSections := defs, sections
	defs, sections = startRuleFirst(defs, sections, "URI-reference")
	// Which rules are at the character level (pchar, unreserved, ...) is
	// worked out from their languages, as for RFC 2396, and so are the
	// automata that decide every rule and explain its errors.
	g, err := automaton.NewGrammar(bnf.WithCore(defs), nil, rfc3986Described)
	if err != nil {
		return err
	}
	if err := explainTables("rfc3986/internal/explain", g, len(defs), "grammar/rfc3986.abnf", rfc3986Catalogue); err != nil {
		return err
	}
	esc, err := escape3986(g)
	if err != nil {
		return err
	}
	if err := writeGo("rfc3986/escape_gen.go", esc); err != nil {
		return err
	}
	charLevel := make([]bool, len(defs))
	for i := range defs {
		charLevel[i] = g.CharacterLevel(i)
	}
	if err := writeGo("rfc3986/grammar/rules_gen.go", catalogue3986(defs, sections, charLevel, abnf, rfcDefs)); err != nil {
		return err
	}
	if err := writeGo("rfc3986/grammar/definitions_gen.go", definitions3986(bnf.WithCore(defs))); err != nil {
		return err
	}
	acc, err := deriveCompact(ref, rfc3986Keep, compactTarget{
		source:   "rfc3986.peg",
		pkg:      "compact",
		pegPath:  "rfc3986/internal/compact/compact.peg",
		goPath:   "rfc3986/internal/compact/parser_gen.go",
		typeName: "Compact",
		what:     "The compact grammar that rfc3986.Parse runs: rfc3986.peg",
	})
	if err != nil {
		return err
	}
	ra := adapterFor("reference", "Reference", "rfc3986.peg", rfc3986Catalogue, "grammar.NumRules", appendixA(ref), nil)
	if err := writeGo("rfc3986/internal/reference/adapter_gen.go", ra); err != nil {
		return err
	}
	var kept []*pegRule
	for _, r := range ref.rules {
		if slices.Contains(rfc3986Keep, r.name) {
			kept = append(kept, r)
		}
	}
	ca := adapterFor("compact", "Compact", "rfc3986/internal/compact/compact.peg", rfc3986Catalogue, "grammar.NumRules", kept, acc)
	if err := writeGo("rfc3986/internal/compact/adapter_gen.go", ca); err != nil {
		return err
	}
	// The site's pages for RFC 3986 (/g/rfc3986/): a page and a diagram
	// per rule, the core rules of RFC 5234 included.
	return writeSite(rfc3986Site, bnf.WithCore(rfcDefs), string(src), rfcSections)
}

// rfc3986Site is how the site presents RFC 3986's grammar.
var rfc3986Site = siteGrammar{
	Name:     "rfc3986",
	Title:    "RFC 3986 Appendix A: Collected ABNF for URI",
	Spec:     "RFC 3986",
	SpecURL:  "https://www.rfc-editor.org/rfc/rfc3986",
	Notation: "ABNF (RFC 5234): / alternation, [ ] option, n*m repetition, ( ) grouping, quoted literals case-insensitive, %x byte values and ranges",
	ABNF:     "grammar/rfc3986.abnf",
	PEG:      "rfc3986.peg",
	Grouping: "Appendix A lists its rules without headings; here they are grouped by the section of RFC 3986 that defines each, as the § comment above each rule of rfc3986.peg names it. ALPHA, DIGIT and HEXDIG are RFC 5234's core rules.",
	Sections: map[string]string{
		"":      "Core rules (RFC 5234 Appendix B.1)",
		"2.1":   "Percent-Encoding",
		"2.2":   "Reserved Characters",
		"2.3":   "Unreserved Characters",
		"3":     "Syntax Components",
		"3.1":   "Scheme",
		"3.2":   "Authority",
		"3.2.1": "User Information",
		"3.2.2": "Host",
		"3.2.3": "Port",
		"3.3":   "Path",
		"3.4":   "Query",
		"3.5":   "Fragment",
		"4.1":   "URI Reference",
		"4.2":   "Relative Reference",
		"4.3":   "Absolute URI",
	},
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

// catalogue3986 writes RFC 3986's rule catalogue.
func catalogue3986(defs []bnf.Definition, sections []string, charLevel []bool, abnf string, rfcDefs []bnf.Definition) []byte {
	var b bytes.Buffer
	b.WriteString("// Code generated by gen from grammar/rfc3986.abnf and rfc3986.peg. DO NOT EDIT.\n\n")
	b.WriteString("package grammar\n\n")
	b.WriteString("// The rules of RFC 3986 Appendix A: URI-reference, the start rule and\n// the zero Rule, then the others in the RFC's order.\nconst (\n")
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
	b.WriteString("// rfcOrder is the rules in the order Appendix A lists them.\nvar rfcOrder = [NumRules]Rule{")
	for i, d := range rfcDefs {
		if i > 0 {
			b.WriteString(", ")
		}
		fmt.Fprintf(&b, "Rule%s", goName(d.Name))
	}
	b.WriteString("}\n\n")
	b.WriteString("var catalogue = [NumRules]Info{\n")
	for i, d := range defs {
		fmt.Fprintf(&b, "\tRule%s: {Name: %q, PEGName: %q, ABNF: %q, Section: %q, CharacterLevel: %t, Uses: []Rule{", goName(d.Name), d.Name, pegName(d.Name), d.Line, sections[i], charLevel[i])
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
	fmt.Fprintf(&b, "\n// ABNF is the text of grammar/rfc3986.abnf: RFC 3986 Appendix A, one rule a line,\n// exactly as the RFC writes it. Package grammar/bnf reads it.\nconst ABNF = %q\n", abnf)
	return b.Bytes()
}
