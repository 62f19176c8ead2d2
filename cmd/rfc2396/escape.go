package main

import (
	"bufio"
	"errors"
	"flag"
	"fmt"
	"io"
	"strings"

	"github.com/rfc2396/rfc2396/grammar"
	"github.com/rfc2396/rfc2396/parser"
)

func escapeRuleNames() string {
	var names []string
	for _, r := range parser.EscapeRules() {
		names = append(names, r.String())
	}
	return strings.Join(names, ", ")
}

func escapeCommand() *command {
	return &command{
		name:    "escape",
		summary: "escape strings for a component (section 2.4)",
		usage:   "escape --component RULE [STRING ...]",
		about: `Escapes each STRING (or each line of standard input, without its "\n";
a carriage return is data and is escaped) by RFC 2396 section 2.4 so that
the result matches RULE and unescapes back to the input. Exit status 1 if a
string cannot be escaped for RULE (e.g. an empty reg_name), 2 on a usage
error.`,
		setup: func(fs *flag.FlagSet) func(*invocation) int {
			component := fs.String("component", "", "the Appendix A `rule` the result must match: "+escapeRuleNames())
			return func(inv *invocation) int { return runEscape(inv, *component) }
		},
	}
}

func runEscape(inv *invocation, component string) int {
	stdin, stdout, stderr := inv.stdin, inv.stdout, inv.stderr
	inputs := inv.args
	var err error
	if component == "" {
		fmt.Fprintln(stderr, "rfc2396 escape: --component is required; one of:", escapeRuleNames())
		return 2
	}
	rule, ok := grammar.Lookup(component)
	if !ok {
		fmt.Fprintf(stderr, "rfc2396 escape: no rule named %q in Appendix A; escape supports: %s\n", component, escapeRuleNames())
		return 2
	}
	if _, err := parser.Escape("a", rule); err != nil {
		var eerr *parser.EscapeError
		if errors.As(err, &eerr) && eerr.Reason == parser.EscapeUnsupportedRule {
			fmt.Fprintf(stderr, "rfc2396 escape: %v; escape supports: %s\n", err, escapeRuleNames())
			return 2
		}
	}
	out := bufio.NewWriter(stdout)
	defer out.Flush()
	status := 0
	err = eachRawInput(inputs, stdin, func(s string) error {
		e, err := parser.Escape(s, rule)
		if err != nil {
			status = 1
			shown := display(s)
			fmt.Fprintf(out, "%s: %v\n", shown, err)
			return nil
		}
		fmt.Fprintln(out, e)
		return nil
	})
	if err != nil {
		fmt.Fprintln(stderr, "rfc2396 escape:", err)
		return 2
	}
	return status
}

func unescapeCommand() *command {
	return &command{
		name:    "unescape",
		summary: "decode the escapes of strings (section 2.4.1)",
		usage:   "unescape [STRING ...]",
		about: `Decodes every "%" hex hex escape (RFC 2396 section 2.4.1) of each STRING (or
each line of standard input, without its "\n") and writes the resulting
bytes raw, one result a line: they may be any bytes, including NUL, line
breaks and invalid UTF-8, so a result containing a line break spans lines.
A malformed escape ("%", "%4", "%zz") is reported on standard error with
its offset, and the exit status is 1.`,
		setup: func(fs *flag.FlagSet) func(*invocation) int {
			return runUnescape
		},
	}
}

func runUnescape(inv *invocation) int {
	stdin, stdout, stderr := inv.stdin, inv.stdout, inv.stderr
	inputs := inv.args
	var err error
	out := bufio.NewWriter(stdout)
	defer out.Flush()
	status := 0
	err = eachRawInput(inputs, stdin, func(s string) error {
		u, err := parser.Unescape(s)
		if err != nil {
			status = 1
			out.Flush()
			shown := display(s)
			fmt.Fprintf(stderr, "%s: %v\n", shown, err)
			var uerr *parser.UnescapeError
			if errors.As(err, &uerr) {
				writeCaret(stderr, s, uerr.Offset)
			}
			return nil
		}
		out.WriteString(u)
		return out.WriteByte('\n')
	})
	if err != nil {
		fmt.Fprintln(stderr, "rfc2396 unescape:", err)
		return 2
	}
	return status
}

// eachRawInput calls f for each argument, or, when there are none, for
// each line of r without its "\n". Unlike eachInput it keeps a carriage
// return: escape and unescape work on bytes, and every byte is data.
func eachRawInput(args []string, r io.Reader, f func(string) error) error {
	if len(args) > 0 {
		for _, a := range args {
			if err := f(a); err != nil {
				return err
			}
		}
		return nil
	}
	br := bufio.NewReaderSize(r, 64<<10)
	for {
		line, err := br.ReadString('\n')
		if len(line) > 0 || err == nil {
			if ferr := f(strings.TrimSuffix(line, "\n")); ferr != nil {
				return ferr
			}
		}
		if err == io.EOF {
			return nil
		}
		if err != nil {
			return err
		}
	}
}
