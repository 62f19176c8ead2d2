package main

import (
	"bytes"
	"errors"
	"fmt"
	"io/fs"
	"strconv"
	"strings"
)

// What gen standard does for a standard it meets for the first time, so
// that adding a grammar (docs/adding-a-grammar.md) takes a PEG file, a
// manifest and the lines of generate.go, and nothing else by hand: the
// grammar file's header, a first table of explained errors, and the
// lines of generate.go the standard needs, printed when the file lacks
// them.

// abnfHeader is the header of m's grammar file when gen writes it for the
// first time: what it is and where its rule lines come from. Its ";"
// lines are kept as they are edited afterwards (abnfText).
func abnfHeader(m *manifest) string {
	return strings.Join([]string{
		"; " + m.grammarName() + ",",
		"; in the ABNF of RFC 5234, one rule a line. gen standard writes the rule",
		"; lines from the ABNF line above each rule of " + m.Grammar + ": edit",
		"; them there. These \";\" lines are kept: say here where the rules are",
		"; taken from and what was joined or left out.",
		"",
	}, "\n")
}

// explainTable is the path of the table of explained errors of m's
// grammar package, which its TestExplainTable rewrites with
// -update-explain.
func explainTable(m *manifest) string {
	return m.Dir + "/grammar/testdata/explain.txt"
}

// seedExplainTable writes a first table of explained errors for m when
// there is none: the header of the table's format and a row of the start
// rule, whose input (a NUL byte, in no rule of a text grammar) the
// contributor replaces by inputs chosen by hand. Its other fields are
// left for TestExplainTable -update-explain to fill from the automata.
func seedExplainTable(m *manifest) error {
	path := explainTable(m)
	if _, err := statInput(path); err == nil || !errors.Is(err, fs.ErrNotExist) {
		return err
	}
	var b bytes.Buffer
	fmt.Fprintf(&b, "# Errors as the automata explain them (%s).\n", m.Spec)
	b.WriteString("# Fields (tab-separated): rule, input (Go-quoted), offset, path (rules from\n")
	b.WriteString("# the start rule down, first alternative where readings part), alternative\n")
	b.WriteString("# path (last alternative), expected. The rule and the input are chosen by\n")
	b.WriteString("# hand; go generate writes the other fields (TestExplainTable).\n")
	fmt.Fprintf(&b, "%s\t%s\t\t\t\t\n", m.Start, strconv.Quote("\x00"))
	return writeFile(path, b.Bytes())
}

// generateLines are the go:generate lines of generate.go that build m's
// packages: gen standard, peg over the grammar file (or the file gen
// writes with the imported rules), gen patch of peg's output, and the
// test that rewrites its table of explained errors.
func generateLines(m *manifest) []string {
	pegSource := m.Grammar
	if len(m.Imports) > 0 {
		pegSource = m.Dir + "/grammar/reference.peg"
	}
	pegOut := referencePEGOutput(m)
	return []string{
		"//go:generate go run -trimpath ./gen standard " + m.File(),
		"//go:generate go tool peg -output " + pegOut + " " + pegSource,
		"//go:generate go run -trimpath ./gen patch " + pegOut,
		"//go:generate go run -trimpath ./gen update ./" + m.Dir + "/grammar -run TestExplainTable -update-explain",
	}
}

// referencePEGOutput is the file peg writes the parser of m's grammar
// file into, in its grammar package.
func referencePEGOutput(m *manifest) string { return m.Dir + "/grammar/reference.peg.go" }

// reportGenerateLines says on standard error which of m's go:generate
// lines the file generate.go (in the directory gen runs in) lacks, and
// whether peg has compiled the grammar yet; it says nothing when
// generate.go has them all, or there is no generate.go.
func reportGenerateLines(m *manifest) {
	src, err := readInput("generate.go")
	if err != nil {
		return
	}
	have := map[string]bool{}
	for _, l := range strings.Split(string(src), "\n") {
		have[strings.TrimSpace(l)] = true
	}
	lines := generateLines(m)
	var missing []string
	for _, l := range lines {
		if !have[l] {
			missing = append(missing, l)
		}
	}
	if len(missing) == 0 {
		return
	}
	notef("gen: generate.go lacks %d go:generate lines of %s; add the first three after the other grammars' (gen standard, peg, gen patch), the gen update line with the other lines that rewrite tables of explained errors:\n", len(missing), m.File())
	for _, l := range lines {
		notef("\t%s\n", l)
	}
	if _, err := statInput(referencePEGOutput(m)); err != nil {
		notef("gen: %s is not there yet: run the peg and gen patch lines (without //go:generate), then the gen update line\n", referencePEGOutput(m))
	}
	notef("gen: then the package's doc.go and tests and the explain table's rows, and, to offer %s in the command line, the site and the conformance suite, the lines docs/adding-a-grammar.md lists under \"Into the tools\"\n", m.Spec)
}
