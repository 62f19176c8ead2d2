package main

import (
	"bufio"
	"context"
	"encoding/json"
	"flag"
	"fmt"
	"strconv"
	"strings"
	"time"

	"github.com/rfc2396/rfc2396/conformance"
)

func gradeCommand() *command {
	return &command{
		name:    "grade",
		summary: "grade a URI parser against the conformance suite",
		usage:   "grade [--standard " + strings.Join(conformanceStandards(), "|") + "] [--profile NAME] [--suite DIR] [--json] [--timeout D] [--show N] [--run PATTERN] [--skip PATTERN] -- COMMAND [ARG ...]",
		about: `Runs COMMAND over the conformance suite through the grading protocol of
docs/conformance.md: once a mode (the environment variable
RFC2396_CONFORMANCE_MODE is parse, resolve or normalize), one input a line on
its standard input, one JSON object a line on its standard output. Prints
agreed/total for validity (and by rule), components, resolution,
normalization and equivalence, then what COMMAND wrote to standard error
(escaped, the first 4 KiB a mode), then every disagreement with the suite's
explanation, grouped by likely cause, the largest group first (--show N
examples a group, 0 for all). --run and --skip select cases by name,
CATEGORY/KEY/ID, KEY being the rule a validity or components case was made
for, rfc or generated for resolve: each a comma-separated list of
alternatives of up to three regular expressions separated by "/", each
matching a whole element ("validity,resolve/rfc", "/host.*",
"components/port").
The suite is read from --suite DIR, or generated in memory for --standard and
--profile with the default seed. Each run is bounded by --timeout (positive)
and 64 MiB of output, and runs in a process group of its own, killed when
the run ends; a command that answers every line but does not end within a
second is ended, and graded with a warning. Exit status 0 only on full
agreement, 1 on any disagreement, 2 when the grading itself fails.`,
		setup: func(fs *flag.FlagSet) func(*invocation) int {
			standard := fs.String("standard", "rfc2396", "the standard: "+strings.Join(conformanceStandards(), ", "))
			profile := fs.String("profile", "", "the profile")
			suiteDir := fs.String("suite", "", "read the suite from DIR (written by vectors)")
			asJSON := fs.Bool("json", false, "print the grade as one JSON object")
			timeout := fs.Duration("timeout", 60*time.Second, "bound on each run of COMMAND")
			show := fs.Int("show", 3, "examples printed a group of disagreements (0: all)")
			runPattern := fs.String("run", "", "grade only the cases whose CATEGORY/KEY/ID this pattern matches")
			skipPattern := fs.String("skip", "", "do not grade the cases whose CATEGORY/KEY/ID this pattern matches")
			return func(inv *invocation) int {
				if len(inv.args) == 0 {
					inv.warnf("need -- COMMAND [ARG ...]")
					return 2
				}
				if *timeout <= 0 {
					inv.warnf("--timeout must be positive (such as 30s or 2m), not %v", *timeout)
					return 2
				}
				if _, err := conformance.NewSelection(*runPattern, *skipPattern); err != nil {
					inv.warnf("%v", err)
					return 2
				}
				var s *conformance.Suite
				var err error
				if *suiteDir != "" {
					s, err = conformance.ReadDir(*suiteDir)
				} else {
					s, _, err = conformance.Generate(conformance.Options{Standard: conformance.Standard(*standard), Profile: *profile, Seed: conformance.DefaultSeed})
				}
				if err != nil {
					inv.warnf("%v", err)
					return 2
				}
				opts := conformance.DefaultGradeOptions(inv.args)
				opts.Timeout = *timeout
				opts.Run, opts.Skip = *runPattern, *skipPattern
				g, err := conformance.RunGrade(context.Background(), s, opts)
				if err != nil {
					inv.warnf("%v", err)
					return 2
				}
				for _, w := range g.Warnings {
					inv.warnf("warning: %s", w)
				}
				// A failed write is remembered by inv.out and reported
				// once, by run.
				w := inv.output()
				if *asJSON {
					json.NewEncoder(w).Encode(g)
				} else {
					writeGrade(w, g, *show)
				}
				if !g.Full() {
					return 1
				}
				return 0
			}
		},
	}
}

// writeGrade prints a grade for people.
func writeGrade(w *bufio.Writer, g *conformance.Grade, show int) {
	fmt.Fprintf(w, "%s (%s), graded: %q\n", g.Standard, g.Profile, g.Command)
	if g.Run != "" || g.Skip != "" {
		fmt.Fprintf(w, "selected: --run %q --skip %q\n", g.Run, g.Skip)
	}
	for _, c := range g.Categories {
		if c.Unsupported {
			fmt.Fprintf(w, "  %-12s not supported (%d cases): %s\n", c.Name, c.Total, c.Note)
			continue
		}
		groups := ""
		if n := len(c.Groups()); n > 0 {
			groups = fmt.Sprintf(" (%d disagreement(s) in %d group(s) by cause)", c.Total-c.Agreed, n)
		}
		fmt.Fprintf(w, "  %-12s %d/%d agreed%s\n", c.Name, c.Agreed, c.Total, groups)
	}
	if len(g.ByRule) > 0 {
		fmt.Fprintln(w, "validity by rule exercised:")
		for _, r := range g.ByRule {
			mark := ""
			if r.Agreed != r.Total {
				mark = "  <-"
			}
			fmt.Fprintf(w, "  %-16s %d/%d%s\n", r.Rule, r.Agreed, r.Total, mark)
		}
	}
	for _, r := range g.Runs {
		fmt.Fprintf(w, "\n%s mode: the command exited with status %d", r.Mode, r.ExitStatus)
		if r.StderrBytes == 0 {
			fmt.Fprintln(w, " and wrote nothing to standard error")
			continue
		}
		fmt.Fprintf(w, " and wrote %d byte(s) to standard error:\n", r.StderrBytes)
		for _, line := range strings.Split(strings.TrimSuffix(r.Stderr, "\n"), "\n") {
			fmt.Fprintf(w, "  | %s\n", line)
		}
		if int64(len(r.Stderr)) < r.StderrBytes && r.StderrBytes > conformance.MaxStderr {
			fmt.Fprintf(w, "  | ... (the first %d bytes shown)\n", conformance.MaxStderr)
		}
	}
	for _, c := range g.Categories {
		for _, group := range c.Groups() {
			fmt.Fprintf(w, "\n%s: %d disagreement(s): %s\n", c.Name, len(group), group[0].Cause)
			for i, d := range group {
				if show > 0 && i == show {
					fmt.Fprintf(w, "  ... %d more (--show 0 or --json lists them all)\n", len(group)-show)
					break
				}
				fmt.Fprintf(w, "  %s %q: expected %s, got %s\n    %s\n", d.Case, d.Input, showValue(d.Expected), showValue(d.Got), d.Explanation)
			}
		}
	}
}

// showValue writes an expected or a received answer of a disagreement.
func showValue(v any) string {
	switch v := v.(type) {
	case nil:
		return "null"
	case *string:
		if v == nil {
			return "null"
		}
		return strconv.Quote(*v)
	case string:
		return strconv.Quote(v)
	case bool:
		return strconv.FormatBool(v)
	}
	b, err := json.Marshal(v)
	if err != nil {
		return fmt.Sprint(v)
	}
	return string(b)
}
