package main

import (
	"bufio"
	"flag"
	"fmt"

	"github.com/rfc2396/rfc2396/internal/report"
	"github.com/rfc2396/rfc2396/parser"
	"github.com/rfc2396/rfc2396/rfc3986"
)

func compareCommand() *command {
	return &command{
		name:    "compare",
		streams: readsLines | writesResults,
		summary: "what RFC 2396 (each profile) and RFC 3986 say of each reference",
		usage:   "compare [--json] [--base BASE] [-f FILE]... [REF ...]",
		about: `Reads each REF (with none, each line of standard input; "-" reads standard
input there) under RFC 3986 and under every RFC 2396 profile, and prints the
verdict of each, the components on which RFC 3986 and RFC 2396 differ (RFC
2396 read under the first profile, strict first, that accepts the
reference), and with --base the resolution of REF against BASE under each.
Exit status: 0 when RFC 3986 and strict RFC 2396 agree on every reference
(verdict, components and resolution), 1 when they differ on some, 2 on a
usage, read or write error.`,
		setup: func(fs *flag.FlagSet) func(*invocation) int {
			asJSON := fs.Bool("json", false, `print one JSON object per reference: {"input","base","agree","verdicts","compared_profile","differences","resolutions"}`)
			base := fs.String("base", "", "also resolve each reference against this absolute `URI` under each standard and profile")
			files := addFileFlag(fs)
			return func(inv *invocation) int {
				baseSet := false
				inv.flags.Visit(func(f *flag.Flag) { baseSet = baseSet || f.Name == "base" })
				jb := report.Buffer{Out: inv.output()} // one JSON line, written whole (a long string as it goes)
				var cm comparer
				return runBatch(inv, inv.args, *files, "differing", func(out *bufio.Writer, ref string) bool {
					c := cm.compare(ref, *base, baseSet)
					if *asJSON {
						jb.Reset()
						writeCompareJSON(&jb, c)
						out.Write(jb.B)
					} else {
						writeCompareHuman(out, c)
					}
					return c.agree
				})
			}
		},
	}
}

// verdict is what one standard, or one RFC 2396 profile, says of a
// reference, or of its resolution.
type verdict struct {
	standard string
	profile  *parser.Profile // nil for RFC 3986
	err      error
	result   string // the resolution, for a resolution
	// validJSON is where the JSON of this standard's or profile's valid
	// verdict is kept once written ("" until then), nil for none.
	validJSON *string
}

// difference is a component on which the two standards read a reference
// differently.
type difference struct {
	component        string
	rfc2396, rfc3986 parser.Component
}

// comparison is the result of compare for one reference.
type comparison struct {
	ref, base   string
	hasBase     bool
	verdicts    []verdict // RFC 3986 first, then each RFC 2396 profile
	compared    *parser.Profile
	differences []difference
	resolutions []verdict
	agree       bool
}

// comparer compares references one after another, reusing what it
// allocates: the comparison it returns, and the URIs each standard reads
// into, are valid until the next call.
type comparer struct {
	c        comparison
	u2, tmp  parser.URI
	u3       rfc3986.URI
	profiles []*parser.Profile // parser.Profiles(), which allocates a list a call
	// validJSON holds the JSON of a valid verdict, by the verdict's place.
	validJSON []string
	bases     []report.BaseCache // the base parsed under each profile
}

// compare reads ref under RFC 3986 and every RFC 2396 profile, and with
// hasBase resolves it against base under each. Each profile's verdict is
// its automaton's (Valid): only an invalid reference is parsed, for the
// error, and only the first profile to accept it, strict first, reads
// its components.
func (cm *comparer) compare(ref, base string, hasBase bool) *comparison {
	c := &cm.c
	*c = comparison{ref: ref, base: base, hasBase: hasBase, verdicts: c.verdicts[:0], differences: c.differences[:0], resolutions: c.resolutions[:0]}
	err3 := rfc3986.ParseInto(&cm.u3, ref)
	if cm.profiles == nil {
		cm.profiles = parser.Profiles()
		cm.validJSON = make([]string, 1+len(cm.profiles))
		cm.bases = make([]report.BaseCache, len(cm.profiles))
	}
	c.verdicts = append(c.verdicts, verdict{standard: report.StandardRFC3986, err: err3, validJSON: &cm.validJSON[0]})
	var u2 *parser.URI
	for i, p := range cm.profiles {
		var err error
		switch {
		case u2 == nil:
			if err = p.ParseInto(&cm.u2, ref); err == nil {
				u2, c.compared = &cm.u2, p
			}
		case !p.Valid(ref):
			err = p.ParseInto(&cm.tmp, ref) // the error, explained
		}
		c.verdicts = append(c.verdicts, verdict{standard: report.StandardRFC2396, profile: p, err: err, validJSON: &cm.validJSON[1+i]})
	}
	strictValid := c.verdicts[1].err == nil
	c.agree = (err3 == nil) == strictValid
	if err3 == nil && u2 != nil {
		c.differences = componentDifferences(c.differences, u2, &cm.u3)
		if c.compared != nil && c.compared.Edits() == 0 && len(c.differences) > 0 {
			c.agree = false
		}
	}
	if hasBase {
		r3, _, err := rfc3986.Resolve(base, ref)
		c.resolutions = append(c.resolutions, verdict{standard: report.StandardRFC3986, err: err, result: r3})
		for i, p := range cm.profiles {
			r2, _, err := cm.bases[i].Resolve(p, base, ref)
			c.resolutions = append(c.resolutions, verdict{standard: report.StandardRFC2396, profile: p, err: err, result: r2})
		}
		a, b := c.resolutions[0], c.resolutions[1]
		if (a.err == nil) != (b.err == nil) || a.result != b.result {
			c.agree = false
		}
	}
	return c
}

// componentDifferences appends to ds the components u2 (RFC 2396) and u3
// (RFC 3986) read differently, and the host's kind when one reads an IPv4
// address or an IP literal where the other does not.
func componentDifferences(ds []difference, u2 *parser.URI, u3 *rfc3986.URI) []difference {
	add := func(name string, a parser.Component, b rfc3986.Component) {
		if a != parser.Component(b) {
			ds = append(ds, difference{name, a, parser.Component(b)})
		}
	}
	add("scheme", u2.Scheme(), u3.Scheme())
	add("authority", u2.Authority(), u3.Authority())
	add("userinfo", u2.UserInfo(), u3.UserInfo())
	add("host", u2.Host(), u3.Host())
	add("port", u2.Port(), u3.Port())
	add("path", parser.Some(u2.Path()), rfc3986.Component{Value: u3.Path(), Defined: true})
	add("query", u2.Query(), u3.Query())
	add("fragment", u2.Fragment(), u3.Fragment())
	k2, k3 := u2.HostKind(), u3.HostKind()
	if (k2 == parser.IPv4) != (k3 == rfc3986.IPv4) || (k2 == parser.IPv6) != (k3 == rfc3986.IPLiteral) {
		ds = append(ds, difference{"host_kind", parser.Component{Value: k2.Code(), Defined: k2 != parser.NoHost}, parser.Component{Value: k3.Code(), Defined: k3 != rfc3986.NoHost}})
	}
	return ds
}

func writeCompareHuman(w *bufio.Writer, c *comparison) {
	// Written piece by piece, not with fmt: a batch writes five verdict
	// lines a reference.
	w.WriteString(shortDisplay(c.ref))
	if c.agree {
		w.WriteString(": RFC 2396 and RFC 3986 agree\n")
	} else {
		w.WriteString(": RFC 2396 and RFC 3986 differ\n")
	}
	for i := range c.verdicts {
		v := &c.verdicts[i]
		w.WriteString("  ")
		writePadded(w, v, 24)
		if v.err == nil {
			w.WriteString(" valid\n")
		} else {
			w.WriteString(" invalid: ")
			w.WriteString(v.err.Error())
			w.WriteByte('\n')
		}
	}
	if len(c.differences) > 0 {
		fmt.Fprintf(w, "  components (rfc2396 %s | rfc3986):\n", c.compared.Name())
		for _, d := range c.differences {
			fmt.Fprintf(w, "    %-22s %s | %s\n", d.component, componentText(d.rfc2396), componentText(d.rfc3986))
		}
	}
	if c.hasBase {
		fmt.Fprintf(w, "  resolved against %s:\n", shortDisplay(c.base))
		for i := range c.resolutions {
			v := &c.resolutions[i]
			w.WriteString("    ")
			writePadded(w, v, 22)
			if v.err == nil {
				w.WriteByte(' ')
				w.WriteString(display(v.result))
			} else {
				w.WriteString(" not resolved: ")
				w.WriteString(v.err.Error())
			}
			w.WriteByte('\n')
		}
	}
}

// writePadded writes the verdict's standard and profile for people
// ("rfc2396 java"), padded with spaces to width bytes.
func writePadded(w *bufio.Writer, v *verdict, width int) {
	n, _ := w.WriteString(v.standard)
	if v.profile != nil {
		w.WriteByte(' ')
		m, _ := w.WriteString(v.profile.Name())
		n += 1 + m
	}
	if n < width {
		w.WriteString(spaces[:width-n])
	}
}

// spaces pads labels.
const spaces = "                        "

// writeCompareJSON writes one line:
//
//	{"input","base","agree",
//	 "verdicts":[{"standard","profile","valid","error"}],
//	 "compared_profile","differences":[{"component","rfc2396","rfc3986"}],
//	 "resolutions":[{"standard","profile","result","error"}]}
//
// "profile" is null for RFC 3986; "base" and "resolutions" are null
// without --base; "compared_profile" is the RFC 2396 profile the
// differences are taken under, null when no differences could be taken.
func writeCompareJSON(w *report.Buffer, c *comparison) {
	o := report.BeginObject(w)
	o.Str("input", c.ref)
	o.StrOrNull("base", c.base, !c.hasBase)
	o.Boolean("agree", c.agree)
	o.Key("verdicts")
	w.WriteByte('[')
	for i, v := range c.verdicts {
		if i > 0 {
			w.WriteByte(',')
		}
		writeVerdictJSON(w, &v)
	}
	w.WriteByte(']')
	if c.compared != nil && c.verdicts[0].err == nil {
		o.Str("compared_profile", c.compared.Name())
	} else {
		o.Null("compared_profile")
	}
	o.Key("differences")
	w.WriteByte('[')
	for i, d := range c.differences {
		if i > 0 {
			w.WriteByte(',')
		}
		do := report.BeginObject(w)
		do.Str("component", d.component)
		do.Component("rfc2396", d.rfc2396)
		do.Component("rfc3986", d.rfc3986)
		do.End(false)
	}
	w.WriteByte(']')
	if !c.hasBase {
		o.Null("resolutions")
		o.End(true)
		return
	}
	o.Key("resolutions")
	w.WriteByte('[')
	for i, v := range c.resolutions {
		if i > 0 {
			w.WriteByte(',')
		}
		ro := report.BeginObject(w)
		ro.Str("standard", v.standard)
		writeProfileName(&ro, v.profile)
		ro.StrOrNull("result", v.result, v.err != nil)
		report.WriteError(&ro, v.err, "ref")
		ro.End(false)
	}
	w.WriteByte(']')
	o.End(true)
}

// writeVerdictJSON writes {"standard","profile","valid","error"}. A valid
// verdict's object is the same for every reference: it is written once per
// standard and profile and kept (most verdicts are valid ones).
func writeVerdictJSON(w *report.Buffer, v *verdict) {
	if v.err != nil || v.validJSON == nil {
		writeVerdictObject(w, v)
		return
	}
	if *v.validJSON == "" {
		var b report.Buffer
		writeVerdictObject(&b, v)
		*v.validJSON = string(b.B)
	}
	w.WriteString(*v.validJSON)
}

func writeVerdictObject(w *report.Buffer, v *verdict) {
	vo := report.BeginObject(w)
	vo.Str("standard", v.standard)
	writeProfileName(&vo, v.profile)
	vo.Boolean("valid", v.err == nil)
	report.WriteError(&vo, v.err, "input")
	vo.End(false)
}

// writeProfileName writes "profile": the name of p, or null for none.
func writeProfileName(o *report.Object, p *parser.Profile) {
	if p == nil {
		o.Null("profile")
		return
	}
	o.Str("profile", p.Name())
}
