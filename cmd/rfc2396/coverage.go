package main

import (
	"bufio"
	"encoding/json"
	"flag"
	"fmt"
	"io"
	"os"
	"strings"

	"github.com/rfc2396/rfc2396/conformance"
)

// coverageFiles is the repeatable -f flag of coverage.
type coverageFiles []string

func (f *coverageFiles) String() string { return strings.Join(*f, ",") }
func (f *coverageFiles) Set(s string) error {
	*f = append(*f, s)
	return nil
}

func coverageCommand() *command {
	return &command{
		name:    "coverage",
		summary: "which grammar alternatives references exercise",
		usage:   "coverage [--standard rfc2396|rfc3986] [--profile NAME] [--rule NAME] [--json] [--missing] [-f FILE]... [REF ...]",
		about: `Matches each reference (from the arguments, each -f FILE, or standard input,
one a line) against --rule and counts which alternative of every
alternation and which boundary of every repetition (0, 1, several, the
maximum) its derivation uses, over the rules a derivation of --rule can use; of several derivations, the first in the
grammar's order counts (docs/conformance.md). Prints every item with its
count, then the total; --missing prints only the items never exercised.
References that do not match are counted and listed on standard error.
Exit status 0, or 1 when some item is never exercised.`,
		setup: func(fs *flag.FlagSet) func(*invocation) int {
			standard := fs.String("standard", "rfc2396", "the standard: rfc2396 or rfc3986")
			profile := fs.String("profile", "", "the profile")
			rule := fs.String("rule", "URI-reference", "the rule each line is matched against")
			asJSON := fs.Bool("json", false, `print {"covered","total","strings","matched","items":[{"id","rule","what","kind","section","count"}]}`)
			missing := fs.Bool("missing", false, "list only the items never exercised")
			var files coverageFiles
			fs.Var(&files, "f", "read references from FILE, one a line (repeatable)")
			return func(inv *invocation) int {
				cov, err := conformance.NewCoverage(conformance.Standard(*standard), *profile)
				if err != nil {
					fmt.Fprintf(inv.stderr, "rfc2396 coverage: %v\n", err)
					return 2
				}
				unmatched := 0
				add := func(where, ref string) {
					if !cov.Add(*rule, ref) {
						unmatched++
						if unmatched <= 20 {
							fmt.Fprintf(inv.stderr, "%s: does not match %s: %q\n", where, *rule, ref)
						}
					}
				}
				for i, a := range inv.args {
					add(fmt.Sprintf("argument %d", i+1), a)
				}
				readLines := func(name string, r io.Reader) error {
					sc := bufio.NewScanner(r)
					sc.Buffer(make([]byte, 64<<10), 1<<20)
					for n := 1; sc.Scan(); n++ {
						add(fmt.Sprintf("%s:%d", name, n), strings.TrimSuffix(sc.Text(), "\r"))
					}
					return sc.Err()
				}
				for _, name := range files {
					f, err := os.Open(name)
					if err == nil {
						err = readLines(name, f)
						f.Close()
					}
					if err != nil {
						fmt.Fprintf(inv.stderr, "rfc2396 coverage: %v\n", err)
						return 2
					}
				}
				if len(inv.args) == 0 && len(files) == 0 {
					if err := readLines("stdin", inv.stdin); err != nil {
						fmt.Fprintf(inv.stderr, "rfc2396 coverage: %v\n", err)
						return 2
					}
				}
				if unmatched > 20 {
					fmt.Fprintf(inv.stderr, "... and %d more that do not match\n", unmatched-20)
				}
				counts, covered := cov.CountsFrom(*rule)
				total := len(counts)
				w := bufio.NewWriter(inv.stdout)
				if *asJSON {
					items := counts[:0:0]
					for _, c := range counts {
						if !*missing || c.Count == 0 {
							items = append(items, c)
						}
					}
					enc := json.NewEncoder(w)
					if err := enc.Encode(map[string]any{"covered": covered, "total": total, "strings": cov.Strings, "matched": cov.Matched, "items": items}); err != nil {
						fmt.Fprintf(inv.stderr, "rfc2396 coverage: %v\n", err)
						return 2
					}
				} else {
					for _, c := range counts {
						if !*missing || c.Count == 0 {
							fmt.Fprintf(w, "%6d  %-28s  %s\n", c.Count, c.ID, c.What)
						}
					}
					fmt.Fprintf(w, "%d of %d alternatives and repetition boundaries exercised (%.1f%%) by %d of %d references\n",
						covered, total, 100*float64(covered)/float64(total), cov.Matched, cov.Strings)
				}
				if err := w.Flush(); err != nil {
					fmt.Fprintf(inv.stderr, "rfc2396 coverage: %v\n", err)
					return 2
				}
				if covered < total {
					return 1
				}
				return 0
			}
		},
	}
}
