package main

import (
	"bufio"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"io"
	"strconv"
	"strings"

	"github.com/rfc2396/rfc2396/parser"
)

func parseCommand() *command {
	return &command{
		name:    "parse",
		streams: readsLines | writesResults,
		summary: "check references against Appendix A; show components or where and why not",
		usage:   "parse [--standard rfc2396|rfc3986] [--rule NAME] [--profile NAME] [--allow EDIT,...] [--explain] [--json] [-f FILE]... [REF ...]",
		about: `Checks each REF (with none, each line of standard input; "-" reads standard
input there) against RFC 2396 Appendix A: URI-reference, or the rule given by
--rule, by its RFC name (hostname, absoluteURI, IPv4address, ...). A valid
reference is shown with its components; an invalid one with a caret under
the first byte no valid reference can have there, the rule being matched
and what was expected. --profile and --allow read it under edits of the
grammar (RFC 2732, java.net.URI's deviations, ...); --explain lists, for an
invalid reference, the edits and profiles under which it would be valid.
--standard rfc3986 checks against RFC 3986 Appendix A instead, with its rule
names for --rule (URI-reference, absolute-URI, relative-ref, IPv6address,
...). Exit status: 0 all valid, 1 some invalid, 2 on a usage, read or write
error (see docs/cli.md).`,
		setup: func(fs *flag.FlagSet) func(*invocation) int {
			ruleName := fs.String("rule", "URI-reference", "check against this Appendix A `rule` (e.g. hostname, absoluteURI, IPv4address; under rfc3986 absolute-URI, relative-ref, IPv6address)")
			asJSON := fs.Bool("json", false, "print one JSON object per reference")
			explainWhich := fs.Bool("explain", false, "for an invalid reference, list the edits and profiles under which it is valid")
			files := addFileFlag(fs)
			sf := addStandardFlags(fs)
			return func(inv *invocation) int {
				rd, err := sf.reader()
				if err == nil && rd.standard() == standardRFC3986 && *explainWhich {
					err = fmt.Errorf("--explain lists RFC 2396 profiles and edits; it does not apply with --standard rfc3986 (see the compare command)")
				}
				var rule rule
				if err == nil {
					rule, err = rd.lookupRule(*ruleName)
				}
				if err != nil {
					fmt.Fprintln(inv.stderr, "rfc2396 parse:", err)
					return 2
				}
				return runParse(inv, parseOptions{reader: rd, rule: rule, json: *asJSON, explain: *explainWhich}, *files)
			}
		},
	}
}

// parseOptions are the settings of one parse command.
type parseOptions struct {
	reader  reader
	rule    rule
	json    bool
	explain bool
}

// runParse checks each input under the reader of opt, whichever the
// standard.
func runParse(inv *invocation, opt parseOptions, files []string) int {
	return runBatch(inv, inv.args, files, "invalid", func(out *bufio.Writer, in string) bool {
		r := parseResult{opt: &opt, in: in, reading: opt.reader.read(opt.rule, in, opt.explain)}
		if opt.json {
			writeParseJSON(out, &r)
		} else {
			writeParseHuman(out, &r)
		}
		return r.err == nil
	})
}

// parseResult is what parse reports for one input.
type parseResult struct {
	opt *parseOptions
	in  string
	reading
}

// writeParseJSON writes one line, the same members under both standards:
//
//	{"input","valid","standard","rule","profile","edits_needed","error",
//	 "scheme","scheme_specific_part","authority","userinfo","host","port",
//	 "path","query","fragment","opaque","authority_kind","host_kind"}
//
// with "valid_under" after "error" when --explain is given. Components are
// null when undefined, and all of them are null for an invalid input or for
// a rule that is not a whole reference; under RFC 3986 "profile",
// "scheme_specific_part", "opaque" and "authority_kind", which it has no
// counterpart for, are null and "edits_needed" is empty. A valid relative
// reference whose first segment reads as a host name also gets
// "appendix_f_note" (see extract.LooksAbbreviated).
func writeParseJSON(w *bufio.Writer, r *parseResult) {
	rd := r.opt.reader
	o := beginObject(w)
	o.str("input", r.in)
	o.boolean("valid", r.err == nil)
	o.str("standard", rd.standard())
	o.str("rule", r.opt.rule.String())
	o.strOrNull("profile", rd.profile(), rd.profile() == "")
	o.key("edits_needed")
	writeEditList(w, r.needs)
	writeJSONError(&o, r.err, "input")
	if r.opt.explain {
		o.key("valid_under")
		w.WriteByte('[')
		for i, a := range r.validUnder {
			if i > 0 {
				w.WriteByte(',')
			}
			ao := beginObject(w)
			ao.str("profile", a.Profile.Name())
			ao.key("edits")
			writeEditList(w, a.Edits)
			ao.key("documents")
			w.WriteByte('[')
			for k, d := range a.Documents() {
				if k > 0 {
					w.WriteByte(',')
				}
				writeJSONString(w, d)
			}
			w.WriteByte(']')
			ao.end(false)
		}
		w.WriteByte(']')
	}
	v := r.view
	if v == nil {
		for _, k := range [...]string{"scheme", "scheme_specific_part", "authority", "userinfo", "host", "port", "path", "query", "fragment", "opaque", "authority_kind", "host_kind"} {
			o.null(k)
		}
		o.end(true)
		return
	}
	o.component("scheme", v.scheme)
	if v.schemeSpecificPart != nil {
		o.str("scheme_specific_part", *v.schemeSpecificPart)
	} else {
		o.null("scheme_specific_part")
	}
	o.component("authority", v.authority)
	o.component("userinfo", v.userinfo)
	o.component("host", v.host)
	o.component("port", v.port)
	o.str("path", v.path)
	o.component("query", v.query)
	o.component("fragment", v.fragment)
	if v.opaque != nil {
		o.boolean("opaque", *v.opaque)
	} else {
		o.null("opaque")
	}
	o.strOrNull("authority_kind", v.authorityKind.code, v.authorityKind.code == "")
	o.strOrNull("host_kind", v.hostKind.code, v.hostKind.code == "")
	if v.appendixF != nil {
		o.str("appendix_f_note", v.appendixF.Note()) // only for a host-like first segment
	}
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

// displayCol is display with the display column of byte offset off.
func displayCol(s string, off int) (string, int) {
	var b strings.Builder
	col := -1
	for i := 0; i < len(s); i++ {
		if i == off {
			col = b.Len()
		}
		b.WriteString(display(s[i : i+1]))
	}
	if col < 0 {
		col = b.Len()
	}
	return b.String(), col
}

// writeJSON writes v, marshalled by encoding/json, and a newline.
func writeJSON(w io.Writer, v any) error {
	b, err := json.Marshal(v)
	if err != nil {
		return err
	}
	_, err = w.Write(append(b, '\n'))
	return err
}

// writeParseHuman writes a heading line, then the components of a valid
// reference or the error with its caret.
func writeParseHuman(w *bufio.Writer, r *parseResult) {
	in, rule, v := r.in, r.opt.rule, r.view
	under := headingSuffix(r.opt.reader)
	if r.err != nil {
		fmt.Fprintf(w, "%s: invalid %s%s\n", shortDisplay(in), rule, under)
		writeErrorDetail(w, r.err)
		if r.opt.explain {
			if len(r.validUnder) == 0 {
				fmt.Fprintln(w, "  valid under no profile or edit this tool knows")
			}
			for _, a := range r.validUnder {
				fmt.Fprintf(w, "  valid under %s: needs %s (%s)\n", a.Profile.Name(), editNames(a.Edits), strings.Join(a.Documents(), "; "))
			}
		}
		return
	}
	w.WriteString(shortDisplay(in))
	w.WriteString(": valid ")
	w.WriteString(rule.String())
	w.WriteString(under)
	if len(r.needs) > 0 {
		fmt.Fprintf(w, " (needs %s)", editNames(r.needs))
	}
	w.WriteByte('\n')
	if v == nil {
		return
	}
	writeComponentRow(w, "kind", parser.Some(v.kindWord), "")
	writeComponentRow(w, "scheme", v.scheme, "")
	if v.schemeSpecificPart != nil {
		writeComponentRow(w, "scheme-specific-part", parser.Some(*v.schemeSpecificPart), "")
	}
	writeComponentRow(w, "authority", v.authority, v.authorityKind.name)
	writeComponentRow(w, "userinfo", v.userinfo, "")
	writeComponentRow(w, "host", v.host, v.hostKind.name)
	writeComponentRow(w, "port", v.port, "")
	writeComponentRow(w, "path", parser.Some(v.path), "")
	writeComponentRow(w, "query", v.query, "")
	writeComponentRow(w, "fragment", v.fragment, "")
	if v.appendixF != nil {
		fmt.Fprintf(w, "  note: %s\n", v.appendixF.Note())
	}
}

// writeComponentRow writes one row of a reference's components: the
// component's name, then its value, "(undefined)" or "(empty)", and note
// in brackets when the component is defined and note is not empty.
func writeComponentRow(w *bufio.Writer, name string, c parser.Component, note string) {
	// Written piece by piece, not with fmt: a long batch writes eleven
	// rows a reference, and formatting was most of parse's time.
	const nameWidth = 21
	w.WriteString("  ")
	w.WriteString(name)
	for i := len(name); i < nameWidth; i++ {
		w.WriteByte(' ')
	}
	w.WriteByte(' ')
	w.WriteString(componentText(c))
	if note != "" && c.Defined {
		w.WriteString("  [")
		w.WriteString(note)
		w.WriteByte(']')
	}
	w.WriteByte('\n')
}

// componentText shows a component's value for people: "(undefined)",
// "(empty)", or the value with bytes that are not printable ASCII as \xNN.
func componentText(c parser.Component) string {
	switch {
	case !c.Defined:
		return "(undefined)"
	case c.Value == "":
		return "(empty)"
	}
	return display(c.Value)
}

// writeTree writes the parse tree under root, one node a line, indented by
// depth, with its rule, byte span and text of in; node gives a node's
// rule, span, children and whether it is at the character level, which
// is left out (with its subtree) unless all. It serves both RFCs' trees.
func writeTree[N any](w *bufio.Writer, in string, root N, all bool, node func(N) (rule string, begin, end int, charLevel bool, children []N)) {
	var walk func(n N, depth int)
	walk = func(n N, depth int) {
		rule, begin, end, charLevel, children := node(n)
		if !all && charLevel {
			return
		}
		fmt.Fprintf(w, "%s%s [%d,%d) %s\n", strings.Repeat("  ", depth), rule, begin, end, strconv.Quote(in[begin:end]))
		for _, c := range children {
			walk(c, depth+1)
		}
	}
	walk(root, 0)
}

// writeErrorDetail writes an error indented under its heading: a syntax
// error with the input around it and a caret, as parser.Error and
// rfc3986.Error render it;
// any other error as its message.
func writeErrorDetail(w *bufio.Writer, err error) {
	var perr interface {
		error
		ErrorWithPosition() string
	}
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
		streams: writesResults,
		summary: "show which Appendix A rule took which bytes",
		usage:   "tree [--standard rfc2396|rfc3986] [--all] [--rule NAME] [--profile NAME] [--allow EDIT,...] REF",
		about: `Parses REF with the parser generated from rfc2396.peg and prints the parse
tree: one node a line, indented, with its rule, byte span and text.
--standard rfc3986 uses the parser generated from rfc3986.peg.`,
		setup: func(fs *flag.FlagSet) func(*invocation) int {
			ruleName := fs.String("rule", "URI-reference", "parse as this Appendix A `rule`")
			all := fs.Bool("all", false, "also show character-level rules (alpha, digit, pchar, uric, ...)")
			sf := addStandardFlags(fs)
			return func(inv *invocation) int {
				if len(inv.args) != 1 {
					inv.flags.Usage()
					return 2
				}
				rd, err := sf.reader()
				var rule rule
				if err == nil {
					rule, err = rd.lookupRule(*ruleName)
				}
				if err != nil {
					fmt.Fprintln(inv.stderr, "rfc2396 tree:", err)
					return 2
				}
				return runTree(inv, rd, rule, *all)
			}
		},
	}
}

// runTree prints the parse tree of the input under the reader.
func runTree(inv *invocation, rd reader, rule rule, all bool) int {
	in := inv.args[0]
	out := inv.output()
	root, err := rd.tree(rule, in)
	if err != nil {
		fmt.Fprintf(out, "%s: invalid %s%s\n", shortDisplay(in), rule, treeSuffix(rd))
		writeErrorDetail(out, err)
		return 1
	}
	writeTree(out, in, root, all, func(n *treeNode) (string, int, int, bool, []*treeNode) {
		return n.rule, n.begin, n.end, n.charLevel, n.children
	})
	return 0
}

// treeSuffix is what follows "invalid RULE" in tree's output: the
// standard under RFC 3986 (tree names no profile).
func treeSuffix(rd reader) string {
	if rd.standard() == standardRFC3986 {
		return " (RFC 3986)"
	}
	return ""
}
