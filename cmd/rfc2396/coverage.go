package main

import (
	"encoding/json"
	"flag"
	"fmt"
	"strconv"
	"strings"

	"github.com/rfc2396/rfc2396/conformance"
)

func coverageCommand() *command {
	return &command{
		name:    "coverage",
		streams: readsLines,
		summary: "which grammar alternatives references exercise",
		usage:   "coverage [--standard " + strings.Join(conformanceStandards(), "|") + "] [--profile NAME] [--rule NAME] [--json] [--missing] [-f FILE]... [REF ...]",
		about: `Matches each reference (from the arguments, each -f FILE, or standard input,
one a line) against --rule and counts which alternative of every
alternation and which boundary of every repetition (0, 1, several, the
maximum) its derivation uses, over the rules a derivation of --rule can use; of several derivations, the first in the
grammar's order counts (docs/conformance.md). Prints every item with its
count, then the total; --missing prints only the items never exercised.
References that do not match, and those over 4096 bytes (which are not
matched), are counted and listed on standard error.
Exit status 0, or 1 when some item is never exercised, 2 when an input
could not be read whole (a line over --max-line, an unreadable file) or a
write failed.`,
		setup: func(fs *flag.FlagSet) func(*invocation) int {
			standard := fs.String("standard", "rfc2396", "the standard: "+strings.Join(conformanceStandards(), ", "))
			profile := fs.String("profile", "", "the profile")
			rule := fs.String("rule", "", "the rule each line is matched against (default the standard's start rule, URI-reference or IRI-reference)")
			asJSON := fs.Bool("json", false, `print {"covered","total","strings","matched","items":[{"id","rule","what","kind","section","count"}]}`)
			missing := fs.Bool("missing", false, "list only the items never exercised")
			files := addFileFlag(fs)
			return func(inv *invocation) int {
				cov, err := conformance.NewCoverage(conformance.Standard(*standard), *profile)
				if err != nil {
					inv.warnf("%v", err)
					return 2
				}
				if *rule == "" {
					*rule = cov.Start()
				}
				if len(cov.Reachable(*rule)) == 0 {
					inv.warnf("no rule named %q in the grammar", *rule)
					return 2
				}
				unmatched := 0
				b := newBatch(inv, inv.args, *files)
				b.each(func(ref string) bool {
					if !cov.Add(*rule, ref) {
						unmatched++
						if unmatched > 20 {
							return true
						}
						if len(ref) > conformance.MaxCoverageInput {
							// Not matched at all: whether it matches is
							// not known, and is not said.
							b.warnf("%s: not matched: %d bytes, over the %d coverage matches: %s", b.position(), len(ref), conformance.MaxCoverageInput, strconv.Quote(truncateForMessage(ref)))
						} else {
							b.warnf("%s: does not match %s: %s", b.position(), *rule, strconv.Quote(truncateForMessage(ref)))
						}
					}
					return true
				})
				b.finish()
				if unmatched > 20 {
					inv.warnf("... and %d more not matched", unmatched-20)
				}
				counts, covered := cov.CountsFrom(*rule)
				total := len(counts)
				// A failed write is remembered by inv.out and reported
				// once, by run.
				w := inv.output()
				if *asJSON {
					items := counts[:0:0]
					for _, c := range counts {
						if !*missing || c.Count == 0 {
							items = append(items, c)
						}
					}
					json.NewEncoder(w).Encode(map[string]any{"covered": covered, "total": total, "strings": cov.Strings, "matched": cov.Matched, "items": items})
				} else {
					for _, c := range counts {
						if !*missing || c.Count == 0 {
							fmt.Fprintf(w, "%6d  %-28s  %s\n", c.Count, c.ID, c.What)
						}
					}
					fmt.Fprintf(w, "%d of %d alternatives and repetition boundaries exercised (%.1f%%) by %d of %d references\n",
						covered, total, 100*float64(covered)/float64(max(total, 1)), cov.Matched, cov.Strings)
				}
				if st := b.status(); st == 2 {
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

// truncateForMessage cuts a reference quoted in a message to
// shownInputBytes.
func truncateForMessage(s string) string {
	if len(s) <= shownInputBytes {
		return s
	}
	return s[:shownInputBytes] + "..."
}
