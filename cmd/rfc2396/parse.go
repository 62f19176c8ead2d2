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

	"github.com/rfc2396/rfc2396/grammar"
	"github.com/rfc2396/rfc2396/parser"
)

func runParse(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("parse", flag.ContinueOnError)
	fs.SetOutput(stderr)
	ruleName := fs.String("rule", "URI-reference", "check against this Appendix A `rule` (e.g. hostname, absoluteURI, IPv4address)")
	asJSON := fs.Bool("json", false, "print one JSON object per input")
	fs.Usage = func() {
		fmt.Fprintln(stderr, "usage: rfc2396 parse [--rule NAME] [--json] [REF ...]\n\nChecks each REF (or each line of standard input) against RFC 2396 Appendix A.")
		fs.PrintDefaults()
	}
	if err := fs.Parse(args); err != nil {
		return 2
	}
	rule, ok := grammar.Lookup(*ruleName)
	if !ok {
		fmt.Fprintf(stderr, "rfc2396 parse: no rule named %q in Appendix A; the rules are: %s\n", *ruleName, strings.Join(grammar.Names(), " "))
		return 2
	}
	out := bufio.NewWriter(stdout)
	defer out.Flush()
	status := 0
	err := eachInput(fs.Args(), stdin, func(in string) error {
		r := check(rule, in)
		if !r.Valid {
			status = 1
		}
		if *asJSON {
			return writeJSON(out, r)
		}
		writeHuman(out, r)
		return nil
	})
	if err != nil {
		fmt.Fprintln(stderr, "rfc2396 parse:", err)
		return 2
	}
	return status
}

// eachInput calls f for each argument, or, when there are none, for each line
// of r, without its line ending ("\n" or "\r\n").
func eachInput(args []string, r io.Reader, f func(string) error) error {
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
			line = strings.TrimSuffix(line, "\n")
			line = strings.TrimSuffix(line, "\r")
			if ferr := f(line); ferr != nil {
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

// result is what parse reports for one input; as JSON, components that are
// undefined, or belong to an invalid input, are null.
type result struct {
	Input              string       `json:"input"`
	Valid              bool         `json:"valid"`
	Rule               string       `json:"rule"`
	Error              *errorReport `json:"error"`
	Scheme             *string      `json:"scheme"`
	SchemeSpecificPart *string      `json:"scheme_specific_part"`
	Authority          *string      `json:"authority"`
	UserInfo           *string      `json:"userinfo"`
	Host               *string      `json:"host"`
	Port               *string      `json:"port"`
	Path               *string      `json:"path"`
	Query              *string      `json:"query"`
	Fragment           *string      `json:"fragment"`
	Opaque             *bool        `json:"opaque"`
	AuthorityKind      *string      `json:"authority_kind"`
	HostKind           *string      `json:"host_kind"`

	err *parser.Error
	uri *parser.URI
}

type errorReport struct {
	Offset  int    `json:"offset"`
	Message string `json:"message"`
	Rule    string `json:"rule"`
	Gap     string `json:"gap,omitempty"`
}

// check checks in against rule. Components are reported for the rules whose
// strings are whole URI references: URI-reference, absoluteURI and
// relativeURI.
func check(rule grammar.Rule, in string) *result {
	r := &result{Input: in, Rule: rule.String()}
	err := parser.Match(rule, in)
	if err == nil && (rule == grammar.RuleURIReference || rule == grammar.RuleAbsoluteURI || rule == grammar.RuleRelativeURI) {
		r.uri, err = parser.Parse(in)
	}
	if err != nil {
		var perr *parser.Error
		if !errors.As(err, &perr) {
			r.Error = &errorReport{Message: err.Error()}
			return r
		}
		r.err = perr
		r.Error = &errorReport{Offset: perr.Offset, Message: perr.Error(), Rule: perr.Rule.String()}
		if perr.Gap != parser.NoGap {
			r.Error.Gap = perr.Gap.String()
		}
		return r
	}
	r.Valid = true
	if u := r.uri; u != nil {
		opt := func(c parser.Component) *string {
			if !c.Defined {
				return nil
			}
			return &c.Value
		}
		ssp, path := u.SchemeSpecificPart(), u.Path()
		r.Scheme, r.SchemeSpecificPart, r.Authority = opt(u.Scheme()), &ssp, opt(u.Authority())
		r.UserInfo, r.Host, r.Port = opt(u.UserInfo()), opt(u.Host()), opt(u.Port())
		r.Path, r.Query, r.Fragment = &path, opt(u.Query()), opt(u.Fragment())
		opaque := u.IsOpaque()
		r.Opaque = &opaque
		if u.AuthorityKind() != parser.NoAuthority {
			k := u.AuthorityKind().String()
			r.AuthorityKind = &k
		}
		if u.HostKind() != parser.NoHost {
			k := u.HostKind().String()
			r.HostKind = &k
		}
	}
	return r
}

func writeJSON(w io.Writer, r any) error {
	b, err := json.Marshal(r)
	if err != nil {
		return err
	}
	b = append(b, '\n')
	_, err = w.Write(b)
	return err
}

func writeHuman(w io.Writer, r *result) {
	shown, _ := display(r.Input, len(r.Input))
	if !r.Valid {
		fmt.Fprintf(w, "%s: invalid %s\n", shown, r.Rule)
		if r.err != nil {
			_, col := display(r.Input, r.err.Offset)
			fmt.Fprintf(w, "  %s\n  %s^\n", shown, strings.Repeat(" ", col))
		}
		fmt.Fprintf(w, "  %s\n", r.Error.Message)
		if r.err != nil {
			info := r.err.Rule.Info()
			fmt.Fprintf(w, "  %s  (RFC 2396 §%s)\n", info.ABNF, info.Section)
		}
		return
	}
	fmt.Fprintf(w, "%s: valid %s\n", shown, r.Rule)
	if r.uri == nil {
		return
	}
	kind := "hierarchical"
	if r.uri.IsOpaque() {
		kind = "opaque"
	}
	if !r.uri.IsAbsolute() {
		kind = "relative"
	}
	row := func(name string, v *string, note string) {
		val := "(undefined)"
		if v != nil {
			val, _ = display(*v, len(*v))
			val = strconv.Quote(val)
			val = val[1 : len(val)-1]
			if *v == "" {
				val = "(empty)"
			}
		}
		if note != "" && v != nil {
			val += "  [" + note + "]"
		}
		fmt.Fprintf(w, "  %-21s %s\n", name, val)
	}
	row("kind", &kind, "")
	row("scheme", r.Scheme, "")
	row("scheme-specific-part", r.SchemeSpecificPart, "")
	ak := ""
	if r.AuthorityKind != nil {
		ak = *r.AuthorityKind + "-based"
	}
	row("authority", r.Authority, ak)
	row("userinfo", r.UserInfo, "")
	hk := ""
	if r.HostKind != nil {
		hk = map[string]string{"hostname": "hostname", "ipv4": "IPv4address"}[*r.HostKind]
	}
	row("host", r.Host, hk)
	row("port", r.Port, "")
	row("path", r.Path, "")
	row("query", r.Query, "")
	row("fragment", r.Fragment, "")
}

// display returns s with every byte that is not printable ASCII written as
// \xNN, and the display column of byte offset off.
func display(s string, off int) (string, int) {
	var b strings.Builder
	col := -1
	for i := 0; i < len(s); i++ {
		if i == off {
			col = b.Len()
		}
		c := s[i]
		if c >= 0x20 && c < 0x7f {
			b.WriteByte(c)
		} else {
			fmt.Fprintf(&b, `\x%02x`, c)
		}
	}
	if col < 0 {
		col = b.Len()
	}
	return b.String(), col
}

func runTree(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("tree", flag.ContinueOnError)
	fs.SetOutput(stderr)
	ruleName := fs.String("rule", "URI-reference", "parse as this Appendix A `rule`")
	all := fs.Bool("all", false, "also show character-level rules (alpha, digit, pchar, uric, ...)")
	fs.Usage = func() {
		fmt.Fprintln(stderr, "usage: rfc2396 tree [--all] [--rule NAME] REF\n\nPrints the parse tree: one node a line, indented, with its rule, byte span and text.")
		fs.PrintDefaults()
	}
	if err := fs.Parse(args); err != nil {
		return 2
	}
	if fs.NArg() != 1 {
		fs.Usage()
		return 2
	}
	rule, ok := grammar.Lookup(*ruleName)
	if !ok {
		fmt.Fprintf(stderr, "rfc2396 tree: no rule named %q in Appendix A\n", *ruleName)
		return 2
	}
	in := fs.Arg(0)
	root, err := parser.ParseTree(rule, in)
	if err != nil {
		writeHuman(stdout, check(rule, in))
		return 1
	}
	out := bufio.NewWriter(stdout)
	defer out.Flush()
	var walk func(n *parser.Node, depth int)
	walk = func(n *parser.Node, depth int) {
		if !*all && n.Rule.IsCharacterLevel() {
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
