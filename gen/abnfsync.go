package main

import (
	"bytes"
	"fmt"
	"os"
	"slices"
	"strings"
)

// A rule's ABNF line is written once, in the grammar file: the first
// comment line above its PEG body. The grammar text files that gen and the
// tests read (grammar/rfc2396.abnf for rfc2396.peg, grammar/rfc3986.abnf
// for rfc3986.peg, edits/NAME.abnf for edits/NAME.peg) are rewritten from
// those lines by writeABNF before anything reads them: their rule lines are
// generated, their ";" comment lines (the edits' "; key: value" lines and
// explanations, rfc3986.abnf's header) are kept.

// abnfLine returns the ABNF line written above r and the rule name it
// defines.
func abnfLine(r *pegRule, pegFileName string) (line, name string, err error) {
	if len(r.comment) == 0 {
		return "", "", fmt.Errorf("%s: rule %s must be preceded by its ABNF line, as a comment (\"# %s = ...\"), and its section (\"# §...\")%s", pegFileName, r.name, rfcName(r.name), notRFCRule)
	}
	line = strings.TrimSpace(r.comment[0])
	name, _, ok := strings.Cut(line, "=")
	name = strings.TrimSpace(name)
	if !ok || name == "" || pegName(name) != r.name && !strings.EqualFold(pegName(name), r.name) {
		return "", "", fmt.Errorf("%s: rule %s must be preceded by its ABNF line, as a comment (\"# %s = ...\"), and its section (\"# §...\"); the first comment line is %q%s", pegFileName, r.name, rfcName(r.name), r.comment[0], notRFCRule)
	}
	return line, name, nil
}

// rfcName is the ABNF spelling of the PEG rule name pegName: "-" where the
// PEG file has "_" (ABNF rule names have no "_").
func rfcName(pegName string) string { return strings.ReplaceAll(pegName, "_", "-") }

// notRFCRule ends the message about a rule without its ABNF line: a rule
// the RFC lacks, which a PEG body needs, is written so.
const notRFCRule = "; a rule that is no rule of the RFC (one several PEG bodies share) is named " + helperPrefix + "..., has no ABNF line, and is checked through the rules that use it"

// abnfText returns the text of the grammar file old with its rule lines
// replaced by the ABNF lines of rules, in their order. Comment lines (";")
// and blank lines stay where they are. A rule line of old whose rule rules
// lack is dropped; a rule old lacks is written before the next rule that
// old has, or at the end.
func abnfText(old string, rules []*pegRule, pegFileName string) (string, error) {
	type entry struct{ name, line string }
	var want []entry
	for _, r := range rules {
		line, name, err := abnfLine(r, pegFileName)
		if err != nil {
			return "", err
		}
		if slices.ContainsFunc(want, func(e entry) bool { return e.name == name }) {
			return "", fmt.Errorf("%s: rule %s is defined twice", pegFileName, name)
		}
		want = append(want, entry{name, line})
	}
	index := func(name string) int {
		return slices.IndexFunc(want, func(e entry) bool { return e.name == name })
	}
	inOld := map[string]bool{}
	lines := strings.Split(old, "\n")
	if len(lines) > 0 && lines[len(lines)-1] == "" {
		lines = lines[:len(lines)-1]
	}
	for _, l := range lines {
		if name, ok := abnfRuleName(l); ok {
			inOld[name] = true
		}
	}
	var out []string
	done := make([]bool, len(want))
	// emitNew writes the rules before want[upto] that old lacks.
	emitNew := func(upto int) {
		for i := 0; i < upto; i++ {
			if !done[i] && !inOld[want[i].name] {
				out = append(out, want[i].line)
				done[i] = true
			}
		}
	}
	for _, l := range lines {
		name, ok := abnfRuleName(l)
		if !ok {
			out = append(out, l)
			continue
		}
		i := index(name)
		if i < 0 || done[i] {
			continue
		}
		emitNew(i)
		out = append(out, want[i].line)
		done[i] = true
	}
	emitNew(len(want))
	return strings.Join(out, "\n") + "\n", nil
}

// abnfRuleName returns the name a rule line of a grammar file defines; ok
// is false for a comment or blank line.
func abnfRuleName(line string) (string, bool) {
	t := strings.TrimSpace(line)
	if t == "" || strings.HasPrefix(t, ";") {
		return "", false
	}
	name, _, _ := strings.Cut(t, "=")
	return strings.TrimSpace(name), true
}

// writeABNF rewrites the grammar file path from the ABNF lines of rules,
// read from pegFileName, and returns its new text. It says on standard
// error which lines it changed, old and new, so that a line edited in
// path rather than in pegFileName is not lost unseen; a file that had no
// rule lines yet gets one line saying how many it was given. A file that
// does not exist yet starts with header (";" lines, or nothing).
func writeABNF(path string, rules []*pegRule, pegFileName, header string) (string, error) {
	old, err := readInput(path)
	if err != nil && !os.IsNotExist(err) {
		return "", err
	}
	start := string(old)
	if err != nil {
		start = header
	}
	text, err := abnfText(start, rules, pegFileName)
	if err != nil {
		return "", err
	}
	if bytes.Equal(old, []byte(text)) {
		return text, nil
	}
	oldLines := strings.Split(string(old), "\n")
	newLines := strings.Split(text, "\n")
	if !slices.ContainsFunc(oldLines, func(l string) bool { _, ok := abnfRuleName(l); return ok }) {
		what := ""
		if len(old) == 0 && header != "" {
			what = ", under a header to complete (its \";\" lines: where the rules come from, what was joined or left out)"
		}
		notef("gen: %s: wrote %d rule lines from %s%s\n", path, len(rules), pegFileName, what)
	} else {
		for _, l := range oldLines {
			if _, ok := abnfRuleName(l); ok && !slices.Contains(newLines, l) {
				notef("gen: %s: replaced %q (the ABNF lines are written in %s)\n", path, l, pegFileName)
			}
		}
		for _, l := range newLines {
			if _, ok := abnfRuleName(l); ok && !slices.Contains(oldLines, l) {
				notef("gen: %s: wrote %q from %s\n", path, l, pegFileName)
			}
		}
	}
	if err := writeFile(path, []byte(text)); err != nil {
		return "", err
	}
	return text, nil
}
