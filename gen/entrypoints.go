package main

import (
	"fmt"
	"regexp"
	"strings"
)

// helperRule is the first rule of rfc2396.peg and of each standard's PEG
// file (rfc3986.peg): not a rule
// of the RFC, but a choice that reaches every rule, because
// pointlander/peg generates code only for the rules some rule refers to
// (a rule no rule names gets no function, and running it would call a
// nil function).
const helperRule = "helper_entry_points"

// syncEntryPoints makes the helper rule of the grammar file at path (read
// as ref) name start, the start rule (URI_reference), and then, in file order, each rule that no
// rule named so far reaches: Appendix A's path, and any rule an edit of
// the file leaves unreachable ("authority = server" leaves reg_name). It
// rewrites that line of the file if it names other rules, says so, and
// updates ref.
func syncEntryPoints(path string, ref *pegFile, start string) error {
	if len(ref.rules) == 0 || ref.rules[0].name != helperRule {
		return fmt.Errorf("%s: the first rule is not %s", path, helperRule)
	}
	byName := map[string]*pegRule{}
	for _, r := range ref.rules {
		byName[r.name] = r
	}
	reached := map[string]bool{}
	var reach func(name string)
	reach = func(name string) {
		if reached[name] || byName[name] == nil {
			return
		}
		reached[name] = true
		var walk func(e *expr)
		walk = func(e *expr) {
			if e.op == opRef {
				reach(e.text)
			}
			for _, k := range e.kids {
				walk(k)
			}
		}
		walk(byName[name].body)
	}
	// The start rule first, which reaches most of the others (in
	// rfc3986.peg URI_reference comes after URI, which it reaches).
	names := []string{start}
	if byName[start] == nil {
		return fmt.Errorf("%s: no rule %s", path, start)
	}
	reach(names[0])
	for _, r := range ref.rules[1:] {
		if !reached[r.name] {
			names = append(names, r.name)
			reach(r.name)
		}
	}
	var alts []*expr
	for _, n := range names {
		alts = append(alts, &expr{op: opRef, text: n})
	}
	body := alts[0]
	if len(alts) > 1 {
		body = &expr{op: opChoice, kids: alts}
	}
	if body.String() == ref.rules[0].body.String() {
		return nil
	}
	src, err := readInput(path)
	if err != nil {
		return err
	}
	line := regexp.MustCompile(`(?m)^` + helperRule + ` <- .*$`)
	if len(line.FindAllIndex(src, -1)) != 1 {
		return fmt.Errorf("%s: want one line %q", path, helperRule+" <- ...")
	}
	src = line.ReplaceAll(src, []byte(helperRule+" <- "+strings.Join(names, " / ")))
	if err := writeFile(path, src); err != nil {
		return err
	}
	notef("gen: %s: %s now reaches %s, so that every rule can be run as a start rule\n", path, helperRule, strings.Join(names, ", "))
	ref.rules[0].body = body
	return nil
}
