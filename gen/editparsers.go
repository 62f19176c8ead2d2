package main

import (
	"bytes"
	"fmt"
	"slices"
	"strings"
)

// editCompactKeep lists the rules that stay rules in the edit parsers'
// compact grammar: those of compactKeep; ipv6reference, whose span is an
// IPv6 host; and, so that they are not copied into every place that uses
// them, IPv6address, h16 (RFC 3986's groups, written out in nine
// alternatives), other (the UTF-8 sequences of edit non-ascii), hexseq and
// hex4 (RFC 2373's groups) and octet (edit ipv4-octets's part of an IPv4
// address, written out four times in each of its definitions). Keeping
// these three took peg's parser of it from 8,745 lines to 6,269 with no
// change measured in Parse, strict or java: the corpus has few IPv6 or
// IPv4 hosts.
var editCompactKeep = append(slices.Clone(compactKeep), "ipv6reference", "IPv6address", "h16", "other", "hexseq", "hex4", "octet")

// editReferencePEG is the union grammar as written, which peg compiles
// into package parser (edit_reference.peg.go; see generate.go).
const editReferencePEG = "parser/edit_reference.peg"

// The names of the parsers and automata gen writes into package parser
// itself, each under a prefix of its own (names.go): the union grammar as
// written (the one parser of the package that peg generates, whose own
// identifiers, pegRule and token32, need no prefix), its compact form,
// the compact form of Appendix A alone, and the strict automata's tables.
var (
	editReferenceNames  = parserNames{prefix: "editReference"}
	editCompactNames    = parserNames{prefix: "editCompact"}
	strictCompactNames  = parserNames{prefix: "strictCompact"}
	strictAutomataNames = parserNames{prefix: "strict"}
)

// generateEditParsers writes, into package parser, the grammars of the
// parsers that run under edits, each with its adapter: the union of
// rfc2396.peg and every edit's transcription as written (edit_reference.peg,
// a token per rule, for ParseTree; go generate then compiles it with peg
// into edit_reference.peg.go) and its compact form (for Parse:
// edit_compact.peg, compiled by gen into edit_compact_gen.go, compile.go).
func generateEditParsers(ref *pegFile, c *composition) error {
	union, slots := unionPEG(ref, c, "parser", editReferenceNames.id("PEG"))
	if err := writeFile(editReferencePEG, []byte(printPEG(union))); err != nil {
		return err
	}
	var all []*pegRule
	for _, r := range union.rules {
		if r.name != "helper_entry_points" {
			all = append(all, r)
		}
	}
	refType := editReferenceNames.id("parser")
	src := adapterFor(adapterSpec{pkg: "parser", pegType: editReferenceNames.id("PEG"), source: editReferencePEG,
		catalogue: "github.com/rfc2396/rfc2396/grammar", doc: "Appendix A", size: "grammar.NumAllRules", rules: all,
		tables: editReferenceNames, typeName: refType, newName: "new" + strings.ToUpper(refType[:1]) + refType[1:], edits: true})
	if err := writeGo("parser/edit_reference_adapter_gen.go", append(src, pickTable(c, slots, refType, editReferenceNames)...)); err != nil {
		return err
	}
	vm, err := vmParserFor(vmSpec{pkg: "parser", source: editReferencePEG, goFile: "parser/edit_reference.peg.go",
		catalogue: "github.com/rfc2396/rfc2396/grammar", cat: "grammar.", rules: union.rules, tables: editReferenceNames,
		typeName: "editReferenceVM", newName: "newEditReferenceVM", edits: true})
	if err != nil {
		return err
	}
	if err := writeGo("parser/edit_reference_vm_gen.go", vm); err != nil {
		return err
	}
	// The zero value of the compact grammar's Parser has no edit in
	// force (adapter.go.tmpl): every pick is 0, so Appendix A's
	// definition must come first wherever a rule has one.
	for k, s := range slots {
		if i := slices.Index(s, -1); i > 0 {
			return fmt.Errorf("pick slot %d has Appendix A's definition at %d, not first", k, i)
		}
	}
	compiled := editCompactNames.id("compiled")
	compactUnion, _ := unionPEG(ref, c, "parser", compiled)
	acc, err := deriveCompact(compactUnion, editCompactKeep, compactTarget{
		source:    editReferencePEG,
		pkg:       "parser",
		pegPath:   "parser/edit_compact.peg",
		goPath:    "parser/edit_compact_gen.go",
		typeName:  compiled,
		names:     editCompactNames,
		fields:    fmt.Sprintf("pick [%d]uint8", max(1, len(slots))),
		what:      "The compact grammar that Parse runs under edits: edit_reference.peg",
		notes:     []string{"A rule that several definitions define chooses by the parser's pick array."},
		slotSizes: slotSizes(slots),
		// hex4 and h16, kept, repeat within an IPv6 address, which RFC
		// 2732's hexseq lets be of any length.
		tokenLimit: true,
	})
	if err != nil {
		return err
	}
	var kept []*pegRule
	for _, r := range union.rules {
		if slices.Contains(editCompactKeep, r.name) {
			kept = append(kept, r)
		}
	}
	typeName := editCompactNames.id("parser")
	src = adapterFor(adapterSpec{pkg: "parser", pegType: compiled, source: "parser/edit_compact.peg",
		catalogue: "github.com/rfc2396/rfc2396/grammar", doc: "Appendix A", size: "grammar.NumAllRules", rules: kept, acc: acc,
		parser: editCompactNames, tables: editCompactNames, typeName: typeName, edits: true, tokenLimit: true})
	if err := writeGo("parser/edit_compact_adapter_gen.go", append(src, pickTable(c, slots, typeName, editCompactNames)...)); err != nil {
		return err
	}
	return generateStrictCompact(ref)
}

// generateStrictCompact writes, in package parser, the compact form of
// rfc2396.peg alone, Appendix A with no edit, which strict Parse runs
// (strict_compact.peg, strict_compact_gen.go). The
// union's parser with no edit in force reads the same language, but tests
// a pick at each rule that an edit redefines and reads runs through a
// table chosen by a pick; this one has neither.
func generateStrictCompact(ref *pegFile) error {
	compiled := strictCompactNames.id("compiled")
	acc, err := deriveCompact(ref, compactKeep, compactTarget{
		source:   "rfc2396.peg",
		pkg:      "parser",
		pegPath:  "parser/strict_compact.peg",
		goPath:   "parser/strict_compact_gen.go",
		typeName: compiled,
		names:    strictCompactNames,
		what:     "The compact grammar that strict Parse runs: rfc2396.peg",
	})
	if err != nil {
		return err
	}
	var kept []*pegRule
	for _, r := range ref.rules {
		if slices.Contains(compactKeep, r.name) {
			kept = append(kept, r)
		}
	}
	return writeGo("parser/strict_compact_adapter_gen.go", adapterFor(adapterSpec{pkg: "parser", pegType: compiled,
		source: "parser/strict_compact.peg", catalogue: "github.com/rfc2396/rfc2396/grammar", doc: "Appendix A",
		size: "grammar.NumRules", rules: kept, acc: acc, parser: strictCompactNames, tables: strictCompactNames,
		typeName: strictCompactNames.id("parser")}))
}

// pickTable writes, for each pick slot of the union grammar, the edit of
// each of its alternatives, from which the parser, of type typeName, sets
// the slot; names names the table.
func pickTable(c *composition, slots [][]int, typeName string, names parserNames) []byte {
	var b bytes.Buffer
	// The edit methods of the parser (adapter.go.tmpl), after the tables.
	execute(&b, "edits", adapterData{Type: typeName, Cat: "grammar.", T: names})
	fmt.Fprintf(&b, "\n// %s holds, for each rule that several definitions define, the\n", names.PickEdits())
	b.WriteString("// edit of each definition (NoEdit for Appendix A's): the parser picks\n")
	b.WriteString("// the last one in force.\n")
	fmt.Fprintf(&b, "var %s = [%d][]grammar.Edit{\n", names.PickEdits(), max(1, len(slots)))
	for _, s := range slots {
		b.WriteString("\t{")
		for i, e := range s {
			if i > 0 {
				b.WriteString(", ")
			}
			if e < 0 {
				b.WriteString("grammar.NoEdit")
			} else {
				fmt.Fprintf(&b, "grammar.Edit%s", editGoName(c.edits[e].name))
			}
		}
		b.WriteString("},\n")
	}
	b.WriteString("}\n")
	return b.Bytes()
}

// slotSizes returns the number of definitions of each pick slot.
func slotSizes(slots [][]int) []int {
	var sizes []int
	for _, s := range slots {
		sizes = append(sizes, len(s))
	}
	return sizes
}
