// Command examples writes the examples of the reference site
// (site/data/rfc2396/examples.json): for each Appendix A rule, a few strings
// of its language and a few that are not, made by the test oracle's
// generator (package internal/oracle: random derivations of the rule from
// grammar/rfc2396.abnf, and mutations of them) and checked, each one, against
// both the parser (parser.Match) and the oracle's regular expressions. A
// disagreement stops the generation: it would be a bug in one of them.
//
// It runs from the repository root, after the parsers are generated (see
// generate.go); it is not part of gen because it imports the parser, which
// gen grammar must be able to run without.
package main

import (
	"bytes"
	"encoding/json"
	"fmt"
	"os"
	"slices"
	"strings"

	"github.com/rfc2396/rfc2396/grammar"
	"github.com/rfc2396/rfc2396/internal/oracle"
	"github.com/rfc2396/rfc2396/parser"
)

const (
	out       = "site/data/rfc2396/examples.json"
	seed      = 2396
	tries     = 400 // derivations per rule
	perKind   = 4   // examples of each kind per rule
	maxLength = 40  // longer strings do not read well as examples
)

// file is examples.json.
type file struct {
	Generated string         `json:"generated"`
	Generator string         `json:"generator"`
	Rules     []ruleExamples `json:"rules"`
}

type ruleExamples struct {
	Rule    string   `json:"rule"`
	Valid   []string `json:"valid"`
	Invalid []string `json:"invalid"`
}

func main() {
	if err := run(); err != nil {
		fmt.Fprintln(os.Stderr, "examples:", err)
		os.Exit(1)
	}
}

func run() error {
	o := oracle.New()
	f := file{Generated: "by go run ./gen/examples. DO NOT EDIT.", Generator: fmt.Sprintf("internal/oracle Generator, seed %d + rule index, %d derivations per rule and one mutation of each; every string checked with parser.Match and the oracle", seed, tries)}
	for r := grammar.Rule(0); r < grammar.NumRules; r++ {
		g := oracle.NewGenerator(seed + uint64(r))
		g.MaxRepeat = 3
		var valid, invalid []string
		for range tries {
			s := g.Derive(r)
			if err := check(o, r, s, true); err != nil {
				return err
			}
			if len(s) <= maxLength && !slices.Contains(valid, s) {
				valid = append(valid, s)
			}
			m := g.Mutate(s)
			inLanguage := o.Match(r, m)
			if err := check(o, r, m, inLanguage); err != nil {
				return err
			}
			if !inLanguage && len(m) <= maxLength && printable(m) && !slices.Contains(invalid, m) {
				invalid = append(invalid, m)
			}
		}
		f.Rules = append(f.Rules, ruleExamples{Rule: r.String(), Valid: spread(valid), Invalid: spread(invalid)})
	}
	var b bytes.Buffer
	enc := json.NewEncoder(&b)
	enc.SetEscapeHTML(false)
	enc.SetIndent("", "\t")
	if err := enc.Encode(f); err != nil {
		return err
	}
	return os.WriteFile(out, b.Bytes(), 0o644)
}

// check makes sure the parser agrees with the oracle that s is (or is not)
// in the language of r.
func check(o *oracle.Oracle, r grammar.Rule, s string, want bool) error {
	if o.Match(r, s) != want {
		return fmt.Errorf("rule %s: the oracle says %q is %s its language, the generator says otherwise", r, s, inOut(!want))
	}
	if got := parser.Match(r, s) == nil; got != want {
		return fmt.Errorf("rule %s: parser.Match says %q is %s its language, the oracle says otherwise", r, s, inOut(got))
	}
	return nil
}

func inOut(in bool) string {
	if in {
		return "in"
	}
	return "not in"
}

// printable reports whether s is printable ASCII, so that it reads as it is
// on a page.
func printable(s string) bool {
	for i := 0; i < len(s); i++ {
		if s[i] < 0x20 || s[i] > 0x7e {
			return false
		}
	}
	return true
}

// spread picks perKind strings from candidates, from the shortest to the
// longest, evenly spaced, so that the examples show both the simplest and
// the more involved strings of the language.
func spread(candidates []string) []string {
	slices.SortFunc(candidates, func(a, b string) int {
		if len(a) != len(b) {
			return len(a) - len(b)
		}
		return strings.Compare(a, b)
	})
	if len(candidates) <= perKind {
		return append([]string{}, candidates...)
	}
	picked := make([]string, 0, perKind)
	for i := range perKind {
		picked = append(picked, candidates[i*(len(candidates)-1)/(perKind-1)])
	}
	return picked
}
