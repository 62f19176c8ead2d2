package main

import (
	"errors"
	"flag"
	"fmt"
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
		streams: readsLines | writesResults,
		summary: "escape strings for a component (section 2.4)",
		usage:   "escape --component RULE [STRING ...]",
		about: `Escapes each STRING (or each line of standard input, without its "\n";
a carriage return is data and is escaped) by RFC 2396 section 2.4 so that
the result matches RULE and unescapes back to the input. Exit status 1 if a
string cannot be escaped for RULE (e.g. an empty reg_name; reported on
standard error), 2 on a usage, read or write error.`,
		setup: func(fs *flag.FlagSet) func(*invocation) int {
			component := fs.String("component", "", "the Appendix A `rule` the result must match: "+escapeRuleNames())
			return func(inv *invocation) int { return runEscape(inv, *component) }
		},
	}
}

func runEscape(inv *invocation, component string) int {
	stderr := inv.stderr
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
	out := inv.output()
	b := rawBatch(inv)
	b.each(func(s string) bool {
		e, err := parser.Escape(s, rule)
		if err != nil {
			inv.warnf("%s: %v", shortDisplay(s), err)
			return false
		}
		out.WriteString(e)
		out.WriteByte('\n')
		return true
	})
	b.finish()
	return b.status()
}

func unescapeCommand() *command {
	return &command{
		name:    "unescape",
		streams: readsLines | writesResults,
		summary: "decode the escapes of strings (section 2.4.1)",
		usage:   "unescape [STRING ...]",
		about: `Decodes every "%" hex hex escape (RFC 2396 section 2.4.1) of each STRING (or
each line of standard input, without its "\n") and writes the resulting
bytes as they are, one result a line: they may be any bytes, including NUL,
line breaks and invalid UTF-8, so a result containing a line break spans
lines. On a terminal, control bytes and bytes that are not UTF-8 are shown
as \xNN instead, unless --raw is given. A malformed escape ("%", "%4",
"%zz") is reported on standard error with its offset, and the exit status
is 1; it is 2 on a read or write error.`,
		setup: func(fs *flag.FlagSet) func(*invocation) int {
			return runUnescape
		},
	}
}

func runUnescape(inv *invocation) int {
	out := inv.output()
	b := rawBatch(inv)
	b.each(func(s string) bool {
		u, err := parser.Unescape(s)
		if err != nil {
			inv.warnf("%s: %v", shortDisplay(s), err)
			var uerr *parser.UnescapeError
			if errors.As(err, &uerr) {
				writeCaret(inv.errOut, s, uerr.Offset)
			}
			return false
		}
		out.WriteString(u)
		out.WriteByte('\n')
		return true
	})
	b.finish()
	return b.status()
}

// rawBatch returns the batch of escape and unescape: each argument as it
// is ("-" too), or with none each line of standard input without its
// "\n". A carriage return is kept: escape and unescape work on bytes, and
// every byte is data.
func rawBatch(inv *invocation) *batch {
	b := newBatch(inv, inv.args, nil)
	b.keepCR, b.dashData = true, true
	return b
}
