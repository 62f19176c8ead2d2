package main

import (
	"bufio"
	"errors"
	"flag"
	"fmt"
	"io"
	"strings"

	"github.com/rfc2396/rfc2396/parser"
)

// resolution is what resolve reports for one reference.
type resolution struct {
	Base     string          `json:"base"`
	Ref      string          `json:"ref"`
	Result   *string         `json:"result"`
	Error    *resolveReport  `json:"error"`
	Warnings []warningReport `json:"warnings"`
}

type resolveReport struct {
	Reason  string `json:"reason"`
	Offset  *int   `json:"offset,omitempty"`
	Message string `json:"message"`
}

type warningReport struct {
	Code    string `json:"code"`
	Message string `json:"message"`
}

var resolveReasons = map[parser.ResolveReason]string{
	parser.InvalidBase:      "invalid-base",
	parser.RelativeBase:     "relative-base",
	parser.InvalidReference: "invalid-reference",
	parser.OpaqueBase:       "opaque-base",
	parser.DotDotRefused:    "dotdot-above-root",
	parser.Unrepresentable:  "unrepresentable",
}

func runResolve(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("resolve", flag.ContinueOnError)
	fs.SetOutput(stderr)
	asJSON := fs.Bool("json", false, "print one JSON object per reference")
	compat := fs.Bool("compat-scheme", false, `read a reference that repeats the base's scheme ("http:g") as relative (section 5.2 step 3, backwards compatibility)`)
	dotdot := fs.String("dotdot", "keep", `what to do with ".." above the root (section 5.2 step 6g): keep, remove or error`)
	fs.Usage = func() {
		fmt.Fprintln(stderr, "usage: rfc2396 resolve [--json] [--compat-scheme] [--dotdot keep|remove|error] BASE [REF ...]\n\nResolves each REF (or each line of standard input) against BASE by RFC 2396 section 5.2.")
		fs.PrintDefaults()
	}
	if err := fs.Parse(args); err != nil {
		return 2
	}
	if fs.NArg() < 1 {
		fs.Usage()
		return 2
	}
	var opts []parser.ResolveOption
	if *compat {
		opts = append(opts, parser.BackwardsCompatibleScheme())
	}
	switch *dotdot {
	case "keep":
	case "remove":
		opts = append(opts, parser.DotDotAboveRoot(parser.RemoveDotDot))
	case "error":
		opts = append(opts, parser.DotDotAboveRoot(parser.RefuseDotDot))
	default:
		fmt.Fprintf(stderr, "rfc2396 resolve: --dotdot must be keep, remove or error, not %q\n", *dotdot)
		return 2
	}
	base := fs.Arg(0)
	out := bufio.NewWriter(stdout)
	defer out.Flush()
	status := 0
	err := eachInput(fs.Args()[1:], stdin, func(ref string) error {
		r := resolution{Base: base, Ref: ref, Warnings: []warningReport{}}
		result, warnings, err := parser.Resolve(base, ref, opts...)
		for _, w := range warnings {
			r.Warnings = append(r.Warnings, warningReport{Code: w.Code(), Message: w.String()})
		}
		if err != nil {
			status = 1
			r.Error = &resolveReport{Message: err.Error()}
			var rerr *parser.ResolveError
			if errors.As(err, &rerr) {
				r.Error.Reason = resolveReasons[rerr.Reason]
			}
			var perr *parser.Error
			if errors.As(err, &perr) {
				r.Error.Offset = &perr.Offset
			}
		} else {
			r.Result = &result
		}
		if *asJSON {
			return writeJSON(out, r)
		}
		shownRef, _ := display(ref, 0)
		if r.Result != nil {
			fmt.Fprintf(out, "%s -> %s\n", shownRef, *r.Result)
		} else {
			fmt.Fprintf(out, "%s: %s\n", shownRef, r.Error.Message)
		}
		for _, w := range r.Warnings {
			fmt.Fprintf(out, "  warning: %s\n", w.Message)
		}
		return nil
	})
	if err != nil {
		fmt.Fprintln(stderr, "rfc2396 resolve:", err)
		return 2
	}
	return status
}

func runNormalize(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("normalize", flag.ContinueOnError)
	fs.SetOutput(stderr)
	asJSON := fs.Bool("json", false, `print one JSON object per reference: {"input","result","error"}`)
	fs.Usage = func() {
		fmt.Fprintln(stderr, "usage: rfc2396 normalize [--json] [REF ...]\n\nPrints the canonical form (RFC 2396 section 6) of each REF or line of standard input.")
		fs.PrintDefaults()
	}
	if err := fs.Parse(args); err != nil {
		return 2
	}
	out := bufio.NewWriter(stdout)
	defer out.Flush()
	status := 0
	err := eachInput(fs.Args(), stdin, func(ref string) error {
		type report struct {
			Input  string  `json:"input"`
			Result *string `json:"result"`
			Error  *string `json:"error"`
		}
		r := report{Input: ref}
		n, err := parser.Normalize(ref)
		if err != nil {
			status = 1
			msg := err.Error()
			r.Error = &msg
		} else {
			r.Result = &n
		}
		if *asJSON {
			return writeJSON(out, r)
		}
		if err != nil {
			shown, _ := display(ref, 0)
			fmt.Fprintf(out, "%s: %v\n", shown, err)
		} else {
			fmt.Fprintln(out, n)
		}
		return nil
	})
	if err != nil {
		fmt.Fprintln(stderr, "rfc2396 normalize:", err)
		return 2
	}
	return status
}

func runRelativize(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("relativize", flag.ContinueOnError)
	fs.SetOutput(stderr)
	fs.Usage = func() {
		fmt.Fprintln(stderr, "usage: rfc2396 relativize BASE TARGET...\n\nPrints, for each TARGET, the shortest reference that resolves against BASE to it.")
		fs.PrintDefaults()
	}
	if err := fs.Parse(args); err != nil {
		return 2
	}
	if fs.NArg() < 2 {
		fs.Usage()
		return 2
	}
	status := 0
	for _, target := range fs.Args()[1:] {
		rel, err := parser.Relativize(fs.Arg(0), target)
		if err != nil {
			status = 1
			fmt.Fprintf(stdout, "%s: %v\n", strings.TrimSpace(target), err)
			continue
		}
		fmt.Fprintln(stdout, rel)
	}
	return status
}
