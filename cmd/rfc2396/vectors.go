package main

import (
	"flag"
	"fmt"
	"strings"

	"github.com/rfc2396/rfc2396/conformance"
)

func vectorsCommand() *command {
	return &command{
		name:    "vectors",
		summary: "write the conformance suite generated from the grammar",
		usage:   "vectors [--standard " + strings.Join(conformanceStandards(), "|") + "] [--profile NAME] [--seed N] --out DIR",
		about: `Generates the conformance suite for the standard (and profile) from its
grammar and writes it to DIR: suite.json (its JSON Schema beside it, in
suite.schema.json), validity.tsv, components.tsv and resolve.tsv. The suite
is deterministic for a seed. Every case is checked against the project's
parser and against the independent oracle (regular expressions generated
from the same grammar); a case on which they disagree is left out and
reported on standard error, with exit status 1. docs/conformance.md
describes the layout.`,
		setup: func(fs *flag.FlagSet) func(*invocation) int {
			standard := fs.String("standard", "rfc2396", "the standard: "+strings.Join(conformanceStandards(), ", "))
			profile := fs.String("profile", "", "the profile (rfc2396: strict, rfc2732, java, ...)")
			seed := fs.Uint64("seed", conformance.DefaultSeed, "the generator's seed")
			out := fs.String("out", "", "the directory to write (required)")
			return func(inv *invocation) int {
				if *out == "" || len(inv.args) > 0 {
					inv.warnf("need --out DIR and no arguments")
					return 2
				}
				s, rep, err := conformance.Generate(conformance.Options{Standard: conformance.Standard(*standard), Profile: *profile, Seed: *seed})
				if err != nil {
					inv.warnf("%v", err)
					return 2
				}
				if err := conformance.WriteDir(*out, s); err != nil {
					inv.warnf("%v", err)
					return 2
				}
				fmt.Fprintf(inv.stderr, "rfc2396 vectors: %s (%s): %d validity, %d components, %d resolve, %d normalize, %d equivalence cases; %d of %d alternatives and repetition boundaries covered\n",
					s.Standard, s.Profile, len(s.Validity), len(s.Components), len(s.Resolve), len(s.Normalize), len(s.Equivalence), rep.Covered, rep.Items)
				for _, m := range rep.Missing {
					fmt.Fprintf(inv.stderr, "  not covered: %s\n", m)
				}
				for _, r := range rep.RulesWithout {
					fmt.Fprintf(inv.stderr, "  rule without a case of its own: %s\n", r)
				}
				if n := len(rep.ProseRefused); n > 0 {
					fmt.Fprintf(inv.stderr, "  %d derivations left out that the RFC's prose refuses where its ABNF derives them (the parser follows the prose, the oracle the ABNF)\n", n)
				}
				for _, d := range rep.Disagreements {
					fmt.Fprintf(inv.stderr, "  parser and oracle disagree (left out): %s\n", d)
				}
				if len(rep.Disagreements) > 0 {
					return 1
				}
				return 0
			}
		},
	}
}
