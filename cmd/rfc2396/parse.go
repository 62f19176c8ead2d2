package main

import (
	"bufio"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"io"
	"slices"
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/rfc2396/rfc2396/internal/safeout"
	"github.com/rfc2396/rfc2396/parser"
	"github.com/rfc2396/rfc2396/report"
)

func parseCommand() *command {
	return &command{
		name:    "parse",
		streams: readsLines | writesResults | runsJobs,
		summary: "check references against Appendix A; show components or where and why not",
		usage:   "parse [--standard " + standardChoices(report.JobRead) + "] [--host H [--scheme S]] [--rule NAME] [--profile NAME] [--allow EDIT,...] [--explain] [--idna] [--json | -q [--summary] | --get TEMPLATE] [-f FILE]... [REF ...]",
		about: `Checks each REF (with none, each line of standard input; "-" reads standard
input there) against RFC 2396 Appendix A: URI-reference, or the rule given by
--rule, by its RFC name (hostname, absoluteURI, IPv4address, ...). A valid
reference is shown with its components; an invalid one with a caret under
the first byte no valid reference can have there, the rule being matched
and what was expected. --profile and --allow read it under edits of the
grammar (RFC 2732, java.net.URI's deviations, ...); --explain lists, for an
invalid reference, the edits and profiles under which it would be valid.
-q prints only the problems, one FILE:LINE:COL: message line each (standard
input is <stdin>, the arguments <args>); --get prints chosen components,
as '{scheme} {host}'.
--standard rfc3986 checks against RFC 3986 Appendix A instead, with its rule
names for --rule (URI-reference, absolute-URI, relative-ref, IPv6address,
...). --standard rfc3987 checks IRIs against RFC 3987 section 2.2
(IRI-reference, ipath, ireg-name, ...) and adds the URI each maps to
(section 3.1; --idna converts an ireg-name host with ToASCII there) and
warnings for components that break section 4.2's bidi restrictions.
--standard rfc9112 checks HTTP request-targets (RFC 9112 section 3.2) and
adds the form; with --host (and --scheme, default http) the target URI of
section 3.3. --standard rfc8141 checks URNs (RFC 8141 section 2, and the
prose its errors cite) and adds the NID, NSS and r-, q- and f-components.
Exit status: 0 all valid, 1 some invalid (or, with --idna, a host ToASCII
refuses), 2 on a usage, read or write error (see docs/cli.md).`,
		setup: func(fs *flag.FlagSet) func(*invocation) int {
			ruleName := fs.String("rule", "", "check against this Appendix A `rule` (e.g. hostname, absoluteURI, IPv4address; under rfc3986 absolute-URI, relative-ref, IPv6address); by default the standard's start rule, URI-reference (IRI-reference under rfc3987)")
			asJSON := fs.Bool("json", false, "print one JSON object per reference")
			explainWhich := fs.Bool("explain", false, "for an invalid reference, list the edits and profiles under which it is valid")
			get := fs.String("get", "", "print only the components `TEMPLATE` names, e.g. '{scheme} {host}' (see docs/cli.md)")
			idna := fs.Bool("idna", false, "under rfc3987, convert an ireg-name host with ToASCII (RFC 3987 section 3.1) in the URI the IRI maps to")
			host := fs.String("host", "", "under rfc9112, rebuild each request-target's target URI with this `Host` field value (RFC 9112 section 3.3)")
			scheme := fs.String("scheme", "", "under rfc9112, the `scheme` of the target URI (default http)")
			files := addFileFlag(fs)
			sf := addStandardFlags(fs, report.JobRead)
			quiet := addQuietFlags(fs)
			return func(inv *invocation) int {
				inv.quiet = quiet
				ctx := report.Context{Host: *host, Scheme: *scheme}
				rd, err := sf.reader()
				if err == nil {
					err = report.SetContext(rd, ctx)
				}
				if err == nil && *idna && !report.MapsToURI(rd) {
					err = fmt.Errorf("--idna converts the host of an IRI; it applies only with --standard %s", report.StandardRFC3987)
				}
				var toASCII func(host string) (string, error)
				if err == nil && *idna {
					toASCII, err = hostToASCII()
				}
				if err == nil {
					err = exclusive(inv.flags, []string{"json"}, []string{"q", "quiet"}, []string{"get"})
				}
				var tmpl getTemplate
				if err == nil && *get != "" {
					tmpl, err = parseGetTemplate(*get)
				}
				var rule report.Rule
				if err == nil {
					rule, err = lookupRule(rd, *ruleName)
				}
				if err != nil {
					inv.warnf("%v", err)
					return 2
				}
				newReader := func() report.Reader {
					rd, _ := sf.reader()
					report.SetContext(rd, ctx) // accepted for the first reader: no error
					return rd
				}
				return runParse(inv, parseOptions{reader: rd, newReader: newReader, rule: rule, json: *asJSON, explain: *explainWhich, quiet: quiet.quiet, get: tmpl, hostToASCII: toASCII}, *files)
			}
		},
	}
}

// parseOptions are the settings of one parse command.
type parseOptions struct {
	reader  report.Reader
	rule    report.Rule
	json    bool
	explain bool
	quiet   bool        // -q: a quiet line for an invalid reference, nothing for a valid one
	get     getTemplate // --get: the template's components, an invalid reference as a quiet line on standard error
	// hostToASCII is rfc3987.HostToASCII with --idna (an IRI's ireg-name
	// converted by ToASCII in its URI), nil without.
	hostToASCII func(host string) (string, error)
	// newReader makes another reader like reader, for another worker.
	newReader func() report.Reader
	// heading is headingSuffix(reader), the same for every reference:
	// runParse works it out once.
	heading string
}

// runParse checks each input under the reader of opt, whichever the
// standard.
func runParse(inv *invocation, opt parseOptions, files []string) int {
	opt.heading = headingSuffix(opt.reader)
	if opt.json {
		inv.tooLongRecord = tooLongJSON(nil, "input", func(o *report.Object) {
			o.Boolean("valid", false)
			o.Str("standard", opt.reader.Standard())
			o.Str("rule", opt.rule.String())
			o.StrOrNull("profile", opt.reader.Profile(), opt.reader.Profile() == "")
		})
	}
	records := report.NewParseWriter(opt.reader, opt.rule, opt.explain)
	first := true
	return runBatch(inv, inv.args, files, "invalid", func() refFunc {
		o := opt
		if !first {
			// A reader keeps its last reading: one a worker.
			o.reader = opt.newReader()
		}
		first = false
		var jb report.Buffer // one JSON line, written whole (a long string as it goes)
		return func(s *sink, in string) bool {
			out := s.out
			r := parseResult{opt: &o, in: in, Reading: o.reader.Read(o.rule, in, o.explain && !o.quiet && o.get == nil)}
			report.ReadIRI(o.reader, &r.Reading, in, o.hostToASCII)
			// An IRI whose host ToASCII refuses (--idna) maps to no URI:
			// it fails, though the grammar admits it.
			var hostErr error
			if r.IRI != nil {
				hostErr = r.IRI.HostErr
			}
			switch {
			case o.quiet:
				if r.Err != nil {
					s.problem(out, in, r.Err)
				} else if hostErr != nil {
					s.problem(out, in, hostErr)
				}
			case o.get != nil:
				if r.Err != nil {
					s.problem(s.stderr(), in, r.Err)
				} else if hostErr != nil {
					s.problem(s.stderr(), in, hostErr)
				} else {
					o.get.write(out, in, r.View)
				}
			case o.json:
				jb.Out = out
				jb.Reset()
				records.Write(&jb, in, &r.Reading)
				s.write(jb.B)
			default:
				writeParseHuman(out, &r)
			}
			return r.Err == nil && hostErr == nil
		}
	})
}

// parseResult is what parse reports for one input.
type parseResult struct {
	opt *parseOptions
	in  string
	report.Reading
}

// shownInputBytes is how much of an input the first line of human output
// shows; a longer input is cut, with its length.
const shownInputBytes = 200

// shortDisplay returns s for a heading: at most shownInputBytes of it (cut
// on a character's boundary), the empty string as "". Its bytes are left
// as they are: standard output escapes what a terminal would act on, and
// only on a terminal (see checkedWriter).
func shortDisplay(s string) string {
	if s == "" {
		return `""`
	}
	if len(s) <= shownInputBytes {
		return s
	}
	n := shownInputBytes
	for k := 0; k < utf8.UTFMax-1 && n > 0 && !utf8.RuneStart(s[n]); k++ {
		n--
	}
	return s[:n] + "... (" + strconv.Itoa(len(s)) + " bytes)"
}

// display returns s as a line of text output shows it: as it is. It is
// where that choice is made: standard output escapes what a terminal
// would act on, and only on a terminal (see checkedWriter).
func display(s string) string { return s }

// displayCol is display with the column of byte offset off in it, in the
// terminal cells the line takes on a terminal (safeout.Cells), for a
// caret under it.
func displayCol(s string, off int) (string, int) {
	return display(s), safeout.Cells(s[:min(max(off, 0), len(s))])
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
	in, rule, v := r.in, r.opt.rule, r.View
	under := r.opt.heading
	if r.Err != nil {
		fmt.Fprintf(w, "%s: invalid %s%s\n", shortDisplay(in), rule, under)
		writeErrorDetail(w, r.Err)
		if r.opt.explain {
			if len(r.ValidUnder) == 0 {
				fmt.Fprintln(w, "  valid under no profile or edit this tool knows")
			}
			for _, a := range r.ValidUnder {
				fmt.Fprintf(w, "  valid under %s: needs %s (%s)\n", a.Profile, strings.Join(a.Edits, ","), strings.Join(a.Documents, "; "))
			}
		}
		return
	}
	w.WriteString(shortDisplay(in))
	w.WriteString(": valid ")
	w.WriteString(rule.String())
	w.WriteString(under)
	if len(r.Needs) > 0 {
		fmt.Fprintf(w, " (needs %s)", editNames(r.Needs))
	}
	if len(r.EditsNeeded) > 0 {
		fmt.Fprintf(w, " (needs %s)", strings.Join(r.EditsNeeded, ","))
	}
	w.WriteByte('\n')
	for _, f := range r.Fields {
		if f.Optional && !f.Value.Defined {
			continue
		}
		writeComponentRow(w, strings.ReplaceAll(f.Name, "_", "-"), f.Value, "")
	}
	if v == nil {
		writeIRIRows(w, r.IRI)
		return
	}
	writeComponentRow(w, "kind", parser.Some(v.KindWord), "")
	writeComponentRow(w, "scheme", v.Scheme, "")
	if v.SchemeSpecificPart != nil {
		writeComponentRow(w, "scheme-specific-part", parser.Some(*v.SchemeSpecificPart), "")
	}
	writeComponentRow(w, "authority", v.Authority, v.AuthorityKind.Name)
	writeComponentRow(w, "userinfo", v.UserInfo, "")
	writeComponentRow(w, "host", v.Host, v.HostKind.Name)
	writeComponentRow(w, "port", v.Port, "")
	writeComponentRow(w, "path", parser.Some(v.Path), "")
	writeComponentRow(w, "query", v.Query, "")
	writeComponentRow(w, "fragment", v.Fragment, "")
	if v.AppendixF != nil {
		fmt.Fprintf(w, "  note: %s\n", v.AppendixF.Note())
	}
	writeIRIRows(w, r.IRI)
}

// writeIRIRows writes what parse adds for an IRI under RFC 3987: the
// "uri" row (section 3.1), or why --idna's conversion of the host failed,
// and a line for each warning of section 4.2.
func writeIRIRows(w *bufio.Writer, x *report.IRI) {
	if x == nil {
		return
	}
	if x.HostErr != nil {
		writeComponentRow(w, "uri", parser.Component{}, "")
		fmt.Fprintf(w, "  error: %s (ToASCII, RFC 3987 section 3.1)\n", report.TrimStandard(x.HostErr.Error()))
	} else {
		writeComponentRow(w, "uri", parser.Some(x.URI), "")
	}
	for _, bw := range x.Warnings {
		fmt.Fprintf(w, "  warning: %s\n", report.TrimStandard(bw.String()))
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
		// An error that wraps the syntax error (resolve's "invalid
		// reference: ...") says more in its first line.
		// Line by line, without the slice of strings.Split.
		_, rest, more := strings.Cut(perr.ErrorWithPosition(), "\n")
		line := err.Error()
		for {
			w.WriteString("  ")
			w.WriteString(line)
			w.WriteByte('\n')
			if !more {
				return
			}
			line, rest, more = strings.Cut(rest, "\n")
		}
	}
	w.WriteString("  ")
	w.WriteString(err.Error())
	w.WriteByte('\n')
}

func treeCommand() *command {
	return &command{
		name:    "tree",
		streams: writesResults,
		summary: "show which Appendix A rule took which bytes",
		usage:   "tree [--standard " + standardChoices(report.JobRead) + "] [--all] [--json] [--rule NAME] [--profile NAME] [--allow EDIT,...] REF",
		about: `Parses REF with the parser generated from rfc2396.peg and prints the parse
tree: one node a line, indented, with its rule, byte span and text.
--standard rfc3986 uses the parser generated from rfc3986.peg.`,
		setup: func(fs *flag.FlagSet) func(*invocation) int {
			ruleName := fs.String("rule", "", "parse as this Appendix A `rule`; by default the standard's start rule, URI-reference (IRI-reference under rfc3987)")
			all := fs.Bool("all", false, "also show character-level rules (alpha, digit, pchar, uric, ...)")
			asJSON := fs.Bool("json", false, `print one JSON object: {"input","valid","standard","rule","profile","error","tree"}, a node as {"rule","begin","end","text","children"}`)
			sf := addStandardFlags(fs, report.JobRead)
			return func(inv *invocation) int {
				if len(inv.args) != 1 {
					inv.flags.Usage()
					return 2
				}
				rd, err := sf.reader()
				var rule report.Rule
				if err == nil {
					rule, err = lookupRule(rd, *ruleName)
				}
				if err != nil {
					inv.warnf("%v", err)
					return 2
				}
				if *asJSON {
					return runTreeJSON(inv, rd, rule, *all)
				}
				return runTree(inv, rd, rule, *all)
			}
		},
	}
}

// runTree prints the parse tree of the input under the reader.
func runTree(inv *invocation, rd report.Reader, rule report.Rule, all bool) int {
	in := inv.args[0]
	out := inv.output()
	root, err := rd.Tree(rule, in)
	if err != nil {
		fmt.Fprintf(out, "%s: invalid %s%s\n", shortDisplay(in), rule, treeSuffix(rd))
		writeErrorDetail(out, err)
		return 1
	}
	writeTree(out, in, root, all, func(n *report.TreeNode) (string, int, int, bool, []*report.TreeNode) {
		return n.Rule, n.Begin, n.End, n.CharLevel, n.Children
	})
	return 0
}

// runTreeJSON prints the parse tree of the input under the reader as one
// JSON object, in the members and shape of parse --json's record where
// they are the same.
func runTreeJSON(inv *invocation, rd report.Reader, rule report.Rule, all bool) int {
	in := inv.args[0]
	root, err := rd.Tree(rule, in)
	var jb report.Buffer
	o := report.BeginObject(&jb)
	o.Str("input", in)
	o.Boolean("valid", err == nil)
	o.Str("standard", rd.Standard())
	o.Str("rule", rule.String())
	o.StrOrNull("profile", rd.Profile(), rd.Profile() == "")
	report.WriteError(&o, err, "input")
	o.Key("tree")
	if err != nil {
		jb.WriteString("null")
	} else {
		var node func(n *report.TreeNode)
		node = func(n *report.TreeNode) {
			no := report.BeginObject(&jb)
			no.Str("rule", n.Rule)
			no.Integer("begin", n.Begin)
			no.Integer("end", n.End)
			no.Str("text", in[n.Begin:n.End])
			no.Key("children")
			jb.WriteByte('[')
			first := true
			for _, c := range n.Children {
				if !all && c.CharLevel {
					continue
				}
				if !first {
					jb.WriteByte(',')
				}
				first = false
				node(c)
			}
			jb.WriteByte(']')
			no.End(false)
		}
		node(root)
	}
	o.End(true)
	inv.output().Write(jb.B)
	if err != nil {
		return 1
	}
	return 0
}

// treeSuffix is what follows "invalid RULE" in tree's output: the
// standard under RFC 3986 (tree names no profile).
func treeSuffix(rd report.Reader) string {
	if report.RFC3986Family(rd) {
		return " (" + familyHeading(rd) + ")"
	}
	return ""
}

// headingSuffix is what follows "valid RULE" and "invalid RULE" in human
// output: the profile when it is not strict, or the standard when it is
// RFC 3986.
func headingSuffix(rd report.Reader) string {
	switch {
	case report.RFC3986Family(rd):
		return " (" + familyHeading(rd) + ")"
	case rd.Profile() != "strict":
		return " under " + rd.Profile()
	}
	return ""
}

// familyHeading names the grammar a reader of the RFC 3986 family reads
// by: "RFC 3986", "RFC 3986 with zone-id" under edits, "RFC 3986 under
// rfc6874" under a profile.
func familyHeading(rd report.Reader) string {
	p := rd.Profile()
	if p == "" {
		return report.SpecOf(rd)
	}
	name, _, _ := strings.Cut(p, "+")
	if s, err := report.LookupStandard(rd.Standard()); err == nil && slices.Contains(s.ProfileNames(), name) {
		return report.SpecOf(rd) + " under " + p
	}
	return report.SpecOf(rd) + " with " + p
}
