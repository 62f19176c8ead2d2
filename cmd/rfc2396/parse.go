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

	"github.com/rfc2396/rfc2396/extract"
	"github.com/rfc2396/rfc2396/grammar"
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
			pf := sf.pf
			return func(inv *invocation) int {
				is3986, err := sf.rfc3986()
				if err == nil && is3986 && *explainWhich {
					err = fmt.Errorf("--explain lists RFC 2396 profiles and edits; it does not apply with --standard rfc3986 (see the compare command)")
				}
				if err != nil {
					fmt.Fprintln(inv.stderr, "rfc2396 parse:", err)
					return 2
				}
				if is3986 {
					rule, err := lookupRule3986(*ruleName)
					if err != nil {
						fmt.Fprintln(inv.stderr, "rfc2396 parse:", err)
						return 2
					}
					return runParse3986(inv, rule, *asJSON, *files)
				}
				p, err := pf.get()
				if err != nil {
					fmt.Fprintln(inv.stderr, "rfc2396 parse:", err)
					return 2
				}
				rule, ok := grammar.Lookup(*ruleName)
				if !ok || !p.Has(rule) {
					fmt.Fprintf(inv.stderr, "rfc2396 parse: no rule named %q in the grammar of profile %s; Appendix A's rules are: %s\n", *ruleName, p, strings.Join(grammar.Names(), " "))
					return 2
				}
				return runParse(inv, parseOptions{rule: rule, profile: p, json: *asJSON, explain: *explainWhich}, *files)
			}
		},
	}
}

// wholeReference reports the rules whose strings are whole references, for
// which parse shows components.
func wholeReference(r grammar.Rule) bool {
	return r == grammar.RuleURIReference || r == grammar.RuleAbsoluteURI || r == grammar.RuleRelativeURI
}

// parseOptions are the settings of one parse command.
type parseOptions struct {
	rule    grammar.Rule
	profile *parser.Profile
	json    bool
	explain bool
}

func runParse(inv *invocation, opt parseOptions, files []string) int {
	var u parser.URI
	rule, p := opt.rule, opt.profile
	return runBatch(inv, inv.args, files, "invalid", func(out *bufio.Writer, in string) bool {
		var err error
		if rule == grammar.RuleURIReference {
			err = p.ParseInto(&u, in)
		} else if err = p.Match(rule, in); err == nil && wholeReference(rule) {
			err = p.ParseInto(&u, in)
		}
		var shown *parser.URI
		if err == nil && wholeReference(rule) {
			shown = &u
		}
		r := parseResult{opt: &opt, in: in, uri: shown, err: err}
		if err == nil {
			r.needs = p.Needs(rule, in)
		} else if opt.explain {
			r.validUnder = p.ValidUnder(rule, in)
		}
		if opt.json {
			writeParseJSON(out, &r)
		} else {
			writeParseHuman(out, &r)
		}
		return err == nil
	})
}

// parseResult is what parse reports for one input.
type parseResult struct {
	opt        *parseOptions
	in         string
	uri        *parser.URI // for a valid whole reference
	err        error
	needs      []grammar.Edit // the profile's edits a valid input needs
	validUnder []parser.Alternative
}

// writeParseJSON writes one line:
//
//	{"input","valid","rule","profile","edits_needed","error",
//	 "scheme","scheme_specific_part","authority","userinfo","host","port",
//	 "path","query","fragment","opaque","authority_kind","host_kind"}
//
// with "valid_under" after "error" when --explain is given. Components are
// null when undefined, and all of them are null for an invalid input or for
// a rule that is not a whole reference. A valid relative reference whose
// first segment reads as a host name also gets "appendix_f_note" (see
// extract.LooksAbbreviated).
func writeParseJSON(w *bufio.Writer, r *parseResult) {
	o := beginObject(w)
	o.str("input", r.in)
	o.boolean("valid", r.err == nil)
	o.str("rule", r.opt.rule.String())
	o.str("profile", r.opt.profile.Name())
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
	u := r.uri
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
	if a, ok := extract.LooksAbbreviated(r.in); ok && !u.IsAbsolute() {
		o.str("appendix_f_note", a.Note()) // only for a host-like first segment
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
	in, rule, u := r.in, r.opt.rule, r.uri
	under := ""
	if r.opt.profile != parser.Strict {
		under = " under " + r.opt.profile.Name()
	}
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
	fmt.Fprintf(w, "%s: valid %s%s", shortDisplay(in), rule, under)
	if len(r.needs) > 0 {
		fmt.Fprintf(w, " (needs %s)", editNames(r.needs))
	}
	w.WriteByte('\n')
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
	writeComponentRow(w, "kind", parser.Some(kind), "")
	writeComponentRow(w, "scheme", u.Scheme(), "")
	writeComponentRow(w, "scheme-specific-part", parser.Some(u.SchemeSpecificPart()), "")
	ak := ""
	if u.AuthorityKind() != parser.NoAuthority {
		ak = u.AuthorityKind().String()
	}
	writeComponentRow(w, "authority", u.Authority(), ak)
	writeComponentRow(w, "userinfo", u.UserInfo(), "")
	hk := ""
	if u.HostKind() != parser.NoHost {
		hk = u.HostKind().String()
	}
	writeComponentRow(w, "host", u.Host(), hk)
	writeComponentRow(w, "port", u.Port(), "")
	writeComponentRow(w, "path", parser.Some(u.Path()), "")
	writeComponentRow(w, "query", u.Query(), "")
	writeComponentRow(w, "fragment", u.Fragment(), "")
	if a, ok := extract.LooksAbbreviated(in); ok && !u.IsAbsolute() {
		fmt.Fprintf(w, "  note: %s\n", a.Note())
	}
}

// writeComponentRow writes one row of a reference's components: the
// component's name, then its value, "(undefined)" or "(empty)", and note
// in brackets when the component is defined and note is not empty.
func writeComponentRow(w *bufio.Writer, name string, c parser.Component, note string) {
	val := componentText(c)
	if note != "" && c.Defined {
		val += "  [" + note + "]"
	}
	fmt.Fprintf(w, "  %-21s %s\n", name, val)
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
func writeTree[N any](w *bufio.Writer, in string, root N, all bool, node func(N) (rule fmt.Stringer, begin, end int, charLevel bool, children []N)) {
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
			pf := sf.pf
			return func(inv *invocation) int {
				if len(inv.args) != 1 {
					inv.flags.Usage()
					return 2
				}
				is3986, err := sf.rfc3986()
				if err != nil {
					fmt.Fprintln(inv.stderr, "rfc2396 tree:", err)
					return 2
				}
				if is3986 {
					rule, err := lookupRule3986(*ruleName)
					if err != nil {
						fmt.Fprintln(inv.stderr, "rfc2396 tree:", err)
						return 2
					}
					return runTree3986(inv, rule, *all)
				}
				p, err := pf.get()
				if err != nil {
					fmt.Fprintln(inv.stderr, "rfc2396 tree:", err)
					return 2
				}
				rule, ok := grammar.Lookup(*ruleName)
				if !ok || !p.Has(rule) {
					fmt.Fprintf(inv.stderr, "rfc2396 tree: no rule named %q in the grammar of profile %s\n", *ruleName, p)
					return 2
				}
				return runTree(inv, p, rule, *all)
			}
		},
	}
}

func runTree(inv *invocation, p *parser.Profile, rule grammar.Rule, all bool) int {
	in := inv.args[0]
	out := inv.output()
	root, err := p.ParseTree(rule, in)
	if err != nil {
		fmt.Fprintf(out, "%s: invalid %s\n", shortDisplay(in), rule)
		writeErrorDetail(out, err)
		return 1
	}
	writeTree(out, in, root, all, func(n *parser.Node) (fmt.Stringer, int, int, bool, []*parser.Node) {
		return n.Rule, n.Begin, n.End, n.Rule.IsCharacterLevel(), n.Children
	})
	return 0
}
