package main

import (
	"errors"
	"flag"
	"fmt"
	"strings"

	"github.com/rfc2396/rfc2396/grammar"
	"github.com/rfc2396/rfc2396/parser"
	"github.com/rfc2396/rfc2396/report"
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
		streams: readsLines | writesResults | runsJobs,
		summary: "escape strings for a component (section 2.4)",
		usage:   "escape --component RULE [--json] [STRING ...]",
		about: `Escapes each STRING (or each line of standard input, without its "\n";
a carriage return is data and is escaped) by RFC 2396 section 2.4 so that
the result matches RULE and unescapes back to the input. Exit status 1 if a
string cannot be escaped for RULE (e.g. an empty reg_name; reported on
standard error), 2 on a usage, read or write error.`,
		setup: func(fs *flag.FlagSet) func(*invocation) int {
			component := fs.String("component", "", "the Appendix A `rule` the result must match: "+escapeRuleNames())
			asJSON := fs.Bool("json", false, `print one JSON object per string: {"input","component","result","error"}`)
			return func(inv *invocation) int { return runEscape(inv, *component, *asJSON) }
		},
	}
}

func runEscape(inv *invocation, component string, asJSON bool) int {
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
	b := rawBatch(inv)
	b.run(func() refFunc {
		var jb report.Buffer
		return func(sk *sink, s string) bool {
			out := sk.out
			e, err := parser.Escape(s, rule)
			if asJSON {
				jb.Reset()
				o := report.BeginObject(&jb)
				o.Str("input", s)
				o.Str("component", rule.String())
				o.StrOrNull("result", e, err != nil)
				if eerr := (*parser.EscapeError)(nil); errors.As(err, &eerr) {
					writeJSONError(&o, eerr.Reason.Code(), err.Error(), "input", -1, rule.String())
				} else {
					report.WriteError(&o, err, "input")
				}
				o.End(true)
				sk.write(jb.B)
				return err == nil
			}
			if err != nil {
				sk.warnf("%s: %s: %v", sk.position(), shortDisplay(s), err)
				return false
			}
			out.WriteString(e)
			out.WriteByte('\n')
			return true
		}
	})
	b.finish()
	return b.status()
}

func unescapeCommand() *command {
	return &command{
		name:    "unescape",
		streams: readsLines | writesResults | runsJobs,
		summary: "decode the escapes of strings (section 2.4.1)",
		usage:   "unescape [--json] [STRING ...]",
		about: `Decodes every "%" hex hex escape (RFC 2396 section 2.4.1) of each STRING (or
each line of standard input, without its "\n") and writes the resulting
bytes as they are, one result a line: they may be any bytes, including NUL,
line breaks and invalid UTF-8, so a result containing a line break spans
lines. On a terminal, control bytes and bytes that are not UTF-8 are shown
as \xNN instead, unless --raw is given. A malformed escape ("%", "%4",
"%zz") is reported on standard error with its offset, and the exit status
is 1; it is 2 on a read or write error. Without -j it works on one core
whatever its input: decoding a line costs less than handing it to another
core.`,
		setup: func(fs *flag.FlagSet) func(*invocation) int {
			asJSON := fs.Bool("json", false, `print one JSON object per string: {"input","result","error"}`)
			return func(inv *invocation) int { return runUnescape(inv, *asJSON) }
		},
	}
}

func runUnescape(inv *invocation, asJSON bool) int {
	b := rawBatch(inv)
	b.light = true
	b.run(func() refFunc {
		var jb report.Buffer
		return func(sk *sink, s string) bool {
			out := sk.out
			u, err := parser.Unescape(s)
			if asJSON {
				jb.Reset()
				o := report.BeginObject(&jb)
				o.Str("input", s)
				o.StrOrNull("result", u, err != nil)
				if uerr := (*parser.UnescapeError)(nil); errors.As(err, &uerr) {
					writeJSONError(&o, "malformed-escape", err.Error(), "input", uerr.Offset, "escaped")
				} else {
					report.WriteError(&o, err, "input")
				}
				o.End(true)
				sk.write(jb.B)
				return err == nil
			}
			if err != nil {
				errw := sk.stderr()
				errw.Write(inv.warning("%s: %s: %v", sk.position(), shortDisplay(s), err))
				var uerr *parser.UnescapeError
				if errors.As(err, &uerr) {
					writeCaret(errw, s, uerr.Offset)
				}
				return false
			}
			out.WriteString(u)
			out.WriteByte('\n')
			return true
		}
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

// writeJSONError writes the "error" member of o in the shape every
// command's JSON gives an error (see report.WriteError), for the errors
// report does not know: code, message, in (the member of the record the
// error is about), offset (null when < 0), rule (null when ""), and
// expected and gap null.
func writeJSONError(o *report.Object, code, msg, in string, offset int, rule string) {
	o.Key("error")
	e := report.BeginObject(o.W)
	e.Str("code", code)
	e.Str("message", msg)
	e.Str("in", in)
	if offset >= 0 {
		e.Integer("offset", offset)
	} else {
		e.Null("offset")
	}
	e.StrOrNull("rule", rule, rule == "")
	e.Null("expected")
	e.Null("gap")
	e.End(false)
}
