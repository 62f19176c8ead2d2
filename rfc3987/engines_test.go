package rfc3987_test

import (
	"bufio"
	"os"
	"strconv"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/rfc2396/rfc2396/rfc3987/grammar"
)

// engineCase is a row of testdata/engines.txt.
type engineCase struct {
	line  int
	rule  grammar.Rule
	input string
	valid bool
}

// readEngineCases reads testdata/engines.txt.
func readEngineCases(t *testing.T) []engineCase {
	t.Helper()
	f, err := os.Open("testdata/engines.txt")
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	var cases []engineCase
	sc := bufio.NewScanner(f)
	for n := 1; sc.Scan(); n++ {
		line := sc.Text()
		if line == "" || strings.HasPrefix(line, "#") {
			continue
		}
		fields := strings.Split(line, "\t")
		if len(fields) != 4 {
			t.Fatalf("testdata/engines.txt:%d: want 4 tab-separated fields, got %d", n, len(fields))
		}
		rule, ok := grammar.Lookup(fields[0])
		if !ok {
			t.Fatalf("testdata/engines.txt:%d: no rule %q", n, fields[0])
		}
		input, err := strconv.Unquote(fields[1])
		if err != nil {
			t.Fatalf("testdata/engines.txt:%d: input: %v", n, err)
		}
		if fields[2] != "valid" && fields[2] != "invalid" {
			t.Fatalf("testdata/engines.txt:%d: verdict %q", n, fields[2])
		}
		cases = append(cases, engineCase{n, rule, input, fields[2] == "valid"})
	}
	if err := sc.Err(); err != nil {
		t.Fatal(err)
	}
	return cases
}

// engines runs the three engines of RFC 3987's grammar.
type engines struct {
	compact   *grammar.Parser
	reference *grammar.ReferenceParser
}

func newEngines() engines {
	return engines{new(grammar.Parser), grammar.NewReferenceParser()}
}

// check runs rule over input in every engine that has it and reports
// where they disagree with each other or with want (when known), and an
// explanation whose offset is out of the input or inside a character.
func (e engines) check(t *testing.T, where string, rule grammar.Rule, input string, want *bool) {
	t.Helper()
	auto := grammar.Match(rule, input)
	res := grammar.Explain(rule, input)
	if res.Matched != auto {
		t.Errorf("%s: %s %q: Explain says matched=%t, Match %t", where, rule, input, res.Matched, auto)
	}
	if want != nil && auto != *want {
		t.Errorf("%s: %s %q: the automaton says %t, want %t", where, rule, input, auto, *want)
	}
	if got := e.reference.Match(input, rule); got != auto {
		t.Errorf("%s: %s %q: the reference parser says %t, the automaton %t", where, rule, input, got, auto)
	}
	if e.compact.Has(rule) {
		if got := e.compact.Match(input, rule); got != auto {
			t.Errorf("%s: %s %q: the compact parser says %t, the automaton %t", where, rule, input, got, auto)
		}
	}
	if res.Offset < 0 || res.Offset > len(input) {
		t.Errorf("%s: %s %q: offset %d outside the input", where, rule, input, res.Offset)
	} else if !atCharacter(input, res.Offset) {
		t.Errorf("%s: %s %q: offset %d is inside a character", where, rule, input, res.Offset)
	}
}

// atCharacter reports whether offset is where a character of s begins
// (or its end): not after the first byte of a UTF-8 sequence that is
// complete and valid. A byte that is not part of valid UTF-8 is a
// character of its own.
func atCharacter(s string, offset int) bool {
	for i := 0; i < len(s); {
		_, n := utf8.DecodeRuneInString(s[i:])
		if offset > i && offset < i+n {
			return false
		}
		i += n
	}
	return true
}

// TestEngines checks the three engines against the verdicts of
// testdata/engines.txt, written from RFC 3987 section 2.2, and runs every
// rule of the catalogue over every input of the file, where the engines
// must agree with one another.
func TestEngines(t *testing.T) {
	e := newEngines()
	cases := readEngineCases(t)
	if len(cases) < 40 {
		t.Fatalf("%d cases", len(cases))
	}
	for _, c := range cases {
		where := "testdata/engines.txt:" + strconv.Itoa(c.line)
		e.check(t, where, c.rule, c.input, &c.valid)
		for r := grammar.Rule(0); r < grammar.NumRules; r++ {
			e.check(t, where, r, c.input, nil)
		}
	}
}

// TestEnginesRules checks that the compact parser has exactly the rules
// the manifest keeps and the reference parser every rule.
func TestEnginesRules(t *testing.T) {
	e := newEngines()
	var kept []string
	for r := grammar.Rule(0); r < grammar.NumRules; r++ {
		if !e.reference.Has(r) {
			t.Errorf("the reference parser has no rule %s", r)
		}
		if e.compact.Has(r) {
			kept = append(kept, r.String())
		}
	}
	if len(kept) < 2 || kept[0] != "IRI-reference" {
		t.Errorf("the compact parser has %q", kept)
	}
}

// FuzzEngines checks, for any input and rule, that the three engines
// agree and that an explanation's offset lies in the input, at a
// character.
func FuzzEngines(f *testing.F) {
	for _, s := range []string{"http://r\u00e9sum\u00e9.example.org", "a:/?\ue000", "a:/\ue000", "\ufffe", "\xe4b", "\xff", "[::1]", "%zz"} {
		f.Add(uint8(0), s)
		f.Add(uint8(grammar.RuleIquery), s)
	}
	e := newEngines()
	f.Fuzz(func(t *testing.T, rule uint8, input string) {
		e.check(t, "fuzz", grammar.Rule(int(rule)%grammar.NumRules), input, nil)
	})
}
