package main

import (
	"bufio"
	"errors"
	"flag"
	"fmt"
	"strconv"
	"strings"

	"github.com/rfc2396/rfc2396/grammar"
	"github.com/rfc2396/rfc2396/parser"
)

func parseCommand() *command {
	return &command{
		name:    "parse",
		summary: "check references against Appendix A; show components or where and why not",
		usage:   "parse [--rule NAME] [--json] [-f FILE]... [REF ...]",
		about: `Checks each REF (with none, each line of standard input; "-" reads standard
input there) against RFC 2396 Appendix A: URI-reference, or the rule given by
--rule, by its RFC name (hostname, absoluteURI, IPv4address, ...). A valid
reference is shown with its components; an invalid one with a caret under
the first byte no valid reference can have there, the rule being matched
and what was expected. Exit status: 0 all valid, 1 some invalid, 2 usage.`,
		setup: func(fs *flag.FlagSet) func(*invocation) int {
			ruleName := fs.String("rule", "URI-reference", "check against this Appendix A `rule` (e.g. hostname, absoluteURI, IPv4address)")
			asJSON := fs.Bool("json", false, "print one JSON object per reference")
			files := addFileFlag(fs)
			return func(inv *invocation) int {
				rule, ok := grammar.Lookup(*ruleName)
				if !ok {
					fmt.Fprintf(inv.stderr, "rfc2396 parse: no rule named %q in Appendix A; the rules are: %s\n", *ruleName, strings.Join(grammar.Names(), " "))
					return 2
				}
				return runParse(inv, rule, *asJSON, *files)
			}
		},
	}
}

// wholeReference reports the rules whose strings are whole references, for
// which parse shows components.
func wholeReference(r grammar.Rule) bool {
	return r == grammar.RuleURIReference || r == grammar.RuleAbsoluteURI || r == grammar.RuleRelativeURI
}

func runParse(inv *invocation, rule grammar.Rule, asJSON bool, files []string) int {
	out := bufio.NewWriterSize(inv.stdout, 64<<10)
	defer out.Flush()
	b := &batch{inv: inv, args: inv.args, files: files}
	var u parser.URI
	err := b.each(func(in string) (bool, error) {
		var err error
		if rule == grammar.RuleURIReference {
			err = parser.ParseInto(&u, in)
		} else if err = parser.Match(rule, in); err == nil && wholeReference(rule) {
			err = parser.ParseInto(&u, in)
		}
		var shown *parser.URI
		if err == nil && wholeReference(rule) {
			shown = &u
		}
		if asJSON {
			writeParseJSON(out, rule, in, shown, err)
		} else {
			writeParseHuman(out, rule, in, shown, err)
		}
		return err == nil, nil
	})
	out.Flush()
	b.summarize("invalid")
	if err != nil {
		fmt.Fprintln(inv.stderr, "rfc2396 parse:", err)
		return 2
	}
	if b.failed > 0 {
		return 1
	}
	return 0
}

// writeParseJSON writes one line:
//
//	{"input","valid","rule","error",
//	 "scheme","scheme_specific_part","authority","userinfo","host","port",
//	 "path","query","fragment","opaque","authority_kind","host_kind"}
//
// Components are null when undefined, and all of them are null for an
// invalid input or for a rule that is not a whole reference.
func writeParseJSON(w *bufio.Writer, rule grammar.Rule, in string, u *parser.URI, err error) {
	o := beginObject(w)
	o.str("input", in)
	o.boolean("valid", err == nil)
	o.str("rule", rule.String())
	writeJSONError(&o, err, "input")
	if u == nil {
		for _, k := range [...]string{"scheme", "scheme_specific_part", "authority", "userinfo", "host", "port", "path", "query", "fragment", "opaque", "authority_kind", "host_kind"} {
			o.null(k)
		}
		o.end(true)
		return
	}
	o.component("scheme", u.Scheme())
	o.str("scheme_specific_part", u.SchemeSpecificPart())
	o.component("authority", u.Authority())
	o.component("userinfo", u.UserInfo())
	o.component("host", u.Host())
	o.component("port", u.Port())
	o.str("path", u.Path())
	o.component("query", u.Query())
	o.component("fragment", u.Fragment())
	o.boolean("opaque", u.IsOpaque())
	o.strOrNull("authority_kind", u.AuthorityKind().Code(), u.AuthorityKind() == parser.NoAuthority)
	o.strOrNull("host_kind", u.HostKind().Code(), u.HostKind() == parser.NoHost)
	o.end(true)
}

// shownInputBytes is how much of an input the first line of human output
// shows; a longer input is cut, with its length.
const shownInputBytes = 200

// shortDisplay returns s for a heading: bytes that are not printable ASCII
// as \xNN, and at most shownInputBytes of it; the empty string as "".
func shortDisplay(s string) string {
	if s == "" {
		return `""`
	}
	if len(s) <= shownInputBytes {
		return display(s)
	}
	return display(s[:shownInputBytes]) + "... (" + strconv.Itoa(len(s)) + " bytes)"
}

// display returns s with every byte that is not printable ASCII written as
// \xNN.
func display(s string) string {
	safe := true
	for i := 0; i < len(s); i++ {
		if s[i] < 0x20 || s[i] >= 0x7f {
			safe = false
			break
		}
	}
	if safe {
		return s
	}
	var b strings.Builder
	for i := 0; i < len(s); i++ {
		if c := s[i]; c >= 0x20 && c < 0x7f {
			b.WriteByte(c)
		} else {
			fmt.Fprintf(&b, `\x%02x`, c)
		}
	}
	return b.String()
}

// writeParseHuman writes a heading line, then the components of a valid
// reference or the error with its caret.
func writeParseHuman(w *bufio.Writer, rule grammar.Rule, in string, u *parser.URI, err error) {
	if err != nil {
		fmt.Fprintf(w, "%s: invalid %s\n", shortDisplay(in), rule)
		writeErrorDetail(w, err)
		return
	}
	fmt.Fprintf(w, "%s: valid %s\n", shortDisplay(in), rule)
	if u == nil {
		return
	}
	kind := "hierarchical"
	switch {
	case !u.IsAbsolute():
		kind = "relative"
	case u.IsOpaque():
		kind = "opaque"
	}
	row := func(name string, c parser.Component, note string) {
		val := "(undefined)"
		switch {
		case c.Defined && c.Value == "":
			val = "(empty)"
		case c.Defined:
			val = display(c.Value)
		}
		if note != "" && c.Defined {
			val += "  [" + note + "]"
		}
		fmt.Fprintf(w, "  %-21s %s\n", name, val)
	}
	row("kind", parser.Some(kind), "")
	row("scheme", u.Scheme(), "")
	row("scheme-specific-part", parser.Some(u.SchemeSpecificPart()), "")
	ak := ""
	if u.AuthorityKind() != parser.NoAuthority {
		ak = u.AuthorityKind().String()
	}
	row("authority", u.Authority(), ak)
	row("userinfo", u.UserInfo(), "")
	hk := ""
	if u.HostKind() != parser.NoHost {
		hk = u.HostKind().String()
	}
	row("host", u.Host(), hk)
	row("port", u.Port(), "")
	row("path", parser.Some(u.Path()), "")
	row("query", u.Query(), "")
	row("fragment", u.Fragment(), "")
}

// writeErrorDetail writes an error indented under its heading: a syntax
// error with the input around it and a caret, as parser.Error renders it;
// any other error as its message.
func writeErrorDetail(w *bufio.Writer, err error) {
	var perr *parser.Error
	if errors.As(err, &perr) {
		lines := strings.Split(perr.ErrorWithPosition(), "\n")
		// An error that wraps the syntax error (resolve's "invalid
		// reference: ...") says more in its first line.
		lines[0] = err.Error()
		for _, line := range lines {
			fmt.Fprintf(w, "  %s\n", line)
		}
		return
	}
	fmt.Fprintf(w, "  %s\n", err)
}

func treeCommand() *command {
	return &command{
		name:    "tree",
		summary: "show which Appendix A rule took which bytes",
		usage:   "tree [--all] [--rule NAME] REF",
		about: `Parses REF with the parser generated from rfc2396.peg and prints the parse
tree: one node a line, indented, with its rule, byte span and text.`,
		setup: func(fs *flag.FlagSet) func(*invocation) int {
			ruleName := fs.String("rule", "URI-reference", "parse as this Appendix A `rule`")
			all := fs.Bool("all", false, "also show character-level rules (alpha, digit, pchar, uric, ...)")
			return func(inv *invocation) int {
				if len(inv.args) != 1 {
					inv.flags.Usage()
					return 2
				}
				rule, ok := grammar.Lookup(*ruleName)
				if !ok {
					fmt.Fprintf(inv.stderr, "rfc2396 tree: no rule named %q in Appendix A\n", *ruleName)
					return 2
				}
				return runTree(inv, rule, *all)
			}
		},
	}
}

func runTree(inv *invocation, rule grammar.Rule, all bool) int {
	in := inv.args[0]
	out := bufio.NewWriter(inv.stdout)
	defer out.Flush()
	root, err := parser.ParseTree(rule, in)
	if err != nil {
		fmt.Fprintf(out, "%s: invalid %s\n", shortDisplay(in), rule)
		writeErrorDetail(out, err)
		return 1
	}
	var walk func(n *parser.Node, depth int)
	walk = func(n *parser.Node, depth int) {
		if !all && n.Rule.IsCharacterLevel() {
			return
		}
		fmt.Fprintf(out, "%s%s [%d,%d) %s\n", strings.Repeat("  ", depth), n.Rule, n.Begin, n.End, strconv.Quote(in[n.Begin:n.End]))
		for _, c := range n.Children {
			walk(c, depth+1)
		}
	}
	walk(root, 0)
	return 0
}
