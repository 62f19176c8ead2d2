package main

import (
	"flag"
	"fmt"
	"os"
	"slices"
	"strconv"
	"strings"

	"github.com/rfc2396/rfc2396/grammar"
	"github.com/rfc2396/rfc2396/internal/oracle"
)

// runDiff runs the diff subcommand on its arguments (flags, A and B),
// printing the report to standard output, and returns the exit status: 2
// for arguments it cannot read.
func runDiff(args []string) int {
	flags := flag.NewFlagSet("diff", flag.ExitOnError)
	n := flags.Int("n", 3, "examples per rule and direction")
	tries := flags.Int("tries", 4000, "derivations per rule and grammar")
	only := flags.String("rules", "", "only these `rules`, comma-separated (default all)")
	flags.Usage = func() {
		fmt.Fprintln(os.Stderr, "usage: go run ./gen/examples diff [-n 3] [-tries 4000] [-rules NAME,...] A B\n\nPrints, per rule, short strings one grammar accepts and the other rejects.\nA and B: strict, rfc2732, rfc2732-intent, java, or NAME+EDIT,EDIT...;\nB may be rfc3986 (RFC 2396 under A against RFC 3986, rule by counterpart).")
		flags.PrintDefaults()
	}
	// ExitOnError: a flag it does not know exits with status 2, and -h
	// with 0, after the usage.
	_ = flags.Parse(args)
	if flags.NArg() != 2 {
		flags.Usage()
		return 2
	}
	var rules []string
	if *only != "" {
		rules = strings.Split(*only, ",")
	}
	if flags.Arg(1) == "rfc3986" {
		a, err := editSet(flags.Arg(0))
		if err != nil {
			fmt.Fprintln(os.Stderr, "examples diff:", err)
			return 2
		}
		fmt.Print(diff3986(flags.Arg(0), a, *n, *tries, rules))
		return 0
	}
	a, err := editSet(flags.Arg(0))
	if err == nil {
		var b grammar.EditSet
		b, err = editSet(flags.Arg(1))
		if err == nil {
			fmt.Print(diff(flags.Arg(0), a, flags.Arg(1), b, *n, *tries, rules))
			return 0
		}
	}
	fmt.Fprintln(os.Stderr, "examples diff:", err)
	return 2
}

// editSet reads a profile: a named profile, optionally followed by "+" and
// edits; the edits they require are added.
func editSet(spec string) (grammar.EditSet, error) {
	name, extra, _ := strings.Cut(spec, "+")
	p, ok := grammar.LookupProfile(name)
	if !ok {
		return 0, fmt.Errorf("no profile %q", name)
	}
	set := p.Edits
	if extra != "" {
		for _, e := range strings.Split(extra, ",") {
			edit, ok := grammar.LookupEdit(e)
			if !ok {
				return 0, fmt.Errorf("no edit %q", e)
			}
			set = set.With(edit)
		}
	}
	for m := set.Missing(); m != 0; m = set.Missing() {
		set |= m
	}
	return set, nil
}

// diff returns the report: for every rule of either grammar, up to n of
// the shortest strings each accepts and the other rejects.
func diff(nameA string, a grammar.EditSet, nameB string, b grammar.EditSet, n, tries int, rules []string) string {
	oa, ob := oracle.NewFor(a), oracle.NewFor(b)
	ga, gb := oracle.NewGeneratorFor(a, 2396), oracle.NewGeneratorFor(b, 2732)
	var out strings.Builder
	fmt.Fprintf(&out, "%s (%s) and %s (%s)\n", nameA, a, nameB, b)
	same := true
	for r := grammar.Rule(0); r < grammar.NumAllRules; r++ {
		_, inA := r.Definition(a)
		_, inB := r.Definition(b)
		if !inA && !inB || rules != nil && !slices.Contains(rules, r.String()) {
			continue
		}
		defA, _ := r.Definition(a)
		defB, _ := r.Definition(b)
		lineA, lineB := defA.Line, defB.Line
		onlyA, onlyB := differing(tries,
			func(s string) bool { return inA && oa.Match(r, s) },
			func(s string) bool { return inB && ob.Match(r, s) },
			source{ga, r.String()}, source{gb, r.String()})
		if len(onlyA) == 0 && len(onlyB) == 0 && lineA == lineB {
			continue
		}
		same = false
		fmt.Fprintf(&out, "\n%s\n", r)
		if lineA != lineB {
			fmt.Fprintf(&out, "  %s: %s\n  %s: %s\n", nameA, orNone(lineA), nameB, orNone(lineB))
		}
		fmt.Fprintf(&out, "  only %s: %s\n", nameA, shortest(onlyA, n))
		fmt.Fprintf(&out, "  only %s: %s\n", nameB, shortest(onlyB, n))
	}
	if same {
		out.WriteString("\nno rule differs on the strings tried\n")
	}
	return out.String()
}

// source is where test strings come from: derivations of rule by a
// generator, and their mutations.
type source struct {
	g    *oracle.Generator
	rule string
}

// differing returns the strings among tries derivations from each source
// (and a mutation of each), and every string of at most one ASCII byte,
// that only inA accepts and that only inB accepts, each string tried once.
func differing(tries int, inA, inB func(string) bool, sources ...source) (onlyA, onlyB []string) {
	seen := map[string]bool{}
	consider := func(s string) {
		if seen[s] {
			return
		}
		seen[s] = true
		va, vb := inA(s), inB(s)
		switch {
		case va && !vb:
			onlyA = append(onlyA, s)
		case vb && !va:
			onlyB = append(onlyB, s)
		}
	}
	// Every string of at most one ASCII byte is tried first, so that the
	// shortest strings one side alone accepts are found whatever the
	// derivations happen to give.
	consider("")
	for c := 0; c < 0x80; c++ {
		consider(string(rune(c)))
	}
	for i := 0; i < tries; i++ {
		for _, src := range sources {
			s := src.g.DeriveName(src.rule)
			consider(s)
			consider(src.g.Mutate(s))
		}
	}
	return onlyA, onlyB
}

func orNone(line string) string {
	if line == "" {
		return "(no such rule)"
	}
	return line
}

// shortest returns the n shortest strings, shortest first (ties in byte
// order), Go-quoted, or "none found".
func shortest(ss []string, n int) string {
	if len(ss) == 0 {
		return "none found"
	}
	slices.SortFunc(ss, func(x, y string) int {
		if len(x) != len(y) {
			return len(x) - len(y)
		}
		return strings.Compare(x, y)
	})
	var q []string
	for _, s := range ss[:min(n, len(ss))] {
		q = append(q, strconv.Quote(s))
	}
	return strings.Join(q, " ")
}
