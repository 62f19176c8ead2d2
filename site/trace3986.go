package site

import (
	"fmt"
	"strings"

	"github.com/rfc2396/rfc2396/parser"
	"github.com/rfc2396/rfc2396/report"
)

// maxDotSteps is how many rounds of section 5.2.4's loop a trace shows,
// and maxDotBytes how many bytes of output buffer they show together; the
// rounds after are counted, not shown, so that a trace stays small
// whatever the reference.
const (
	maxDotSteps = 40
	maxDotBytes = 16 << 10
)

// traceFamily resolves ref against base by RFC 3986 section 5.2, step by
// step, under a standard of the RFC 3986 family whose strings are URI
// references (RFC 3986, RFC 3987: report.Standard.References), and
// compares the result with the library's Resolve for that standard, by
// rd, its reader under the form's profile and edits.
func traceFamily(st report.Standard, rd report.Reader, base, ref string) *Trace {
	t := &Trace{Base: base, Ref: ref, Steps: []Step{}, By: st.Name + ".Resolve"}
	lib, warnings, err := rd.Resolve(base, ref)
	for _, w := range warnings {
		t.Warnings = append(t.Warnings, w.Code())
		t.WarningNotes = append(t.WarningNotes, WarningNote{w.Code(), w.String()})
	}
	if err != nil {
		// The base is no absolute URI or the reference no URI-reference:
		// there is nothing to trace.
		t.LibraryError, t.Error, t.Agrees = err.Error(), err.Error(), true
		return t
	}
	t.Library = lib
	start, err := rd.LookupRule(rd.StartRule())
	if err != nil {
		t.Error, t.Agrees = err.Error(), false
		return t
	}
	b, r := readParts(rd, start, base), readParts(rd, start, ref)
	t.step("5.2.1", "The base's components: "+describe3986(b)+". The reference's: "+describe3986(r)+".")
	scheme, authority, query := b.scheme, b.authority, b.query
	var path string
	dots := true
	switch {
	case r.scheme.Defined:
		scheme, authority, path, query = r.scheme, r.authority, r.path, r.query
		t.step("5.2.2", "The reference has a scheme: the target takes its scheme, authority, path and query (a strict parser; a non-strict one would drop a scheme equal to the base's).")
	case r.authority.Defined:
		authority, path, query = r.authority, r.path, r.query
		t.step("5.2.2", "The reference has an authority: the target takes it, with the reference's path and query, and the base's scheme.")
	case r.path == "":
		path, dots = b.path, false
		if r.query.Defined {
			query = r.query
			t.step("5.2.2", "The reference's path is empty: the target takes the base's path, and the reference's query.")
		} else {
			t.step("5.2.2", "The reference's path is empty and it has no query: the target takes the base's path and query.")
		}
	case strings.HasPrefix(r.path, "/"):
		path, query = r.path, r.query
		t.step("5.2.2", "The reference's path is absolute: the target takes it and the reference's query, with the base's scheme and authority.")
	default:
		query = r.query
		if b.authority.Defined && b.path == "" {
			path = "/" + r.path
			t.buffer("5.2.3", "The base has an authority and an empty path: the merged path is \"/\" and the reference's path.", path)
		} else {
			i := strings.LastIndexByte(b.path, '/')
			path = b.path[:i+1] + r.path
			t.buffer("5.2.3", "The reference's path is appended to the base's path up to its last \"/\".", path)
		}
	}
	if dots {
		path = t.removeDotSegments(path)
	}
	t.Result = recompose3986(scheme, authority, path, query, r.fragment)
	t.step("5.3", "The components are put together: "+quote(t.Result)+".")
	t.Agrees = t.Result == lib
	return t
}

// removeDotSegments is section 5.2.4, one step of the trace per round of
// its loop (the first maxDotSteps of them).
func (t *Trace) removeDotSegments(in string) string {
	var out strings.Builder
	d := dotRounds{t: t, out: &out}
	for in != "" {
		switch {
		case strings.HasPrefix(in, "../"):
			in = in[3:]
			d.show("2A", `A leading "../" is removed.`)
		case strings.HasPrefix(in, "./"):
			in = in[2:]
			d.show("2A", `A leading "./" is removed.`)
		case strings.HasPrefix(in, "/./"):
			in = in[2:]
			d.show("2B", `A leading "/./" becomes "/".`)
		case in == "/.":
			in = "/"
			d.show("2B", `A final "/." becomes "/".`)
		case strings.HasPrefix(in, "/../") || in == "/..":
			if in == "/.." {
				in = "/"
			} else {
				in = in[3:]
			}
			s := out.String()
			i := strings.LastIndexByte(s, '/')
			out.Reset()
			if i > 0 {
				out.WriteString(s[:i])
			}
			d.show("2C", `A "/.." goes, with the last segment of the output.`)
		case in == "." || in == "..":
			in = ""
			d.show("2D", `A lone "." or ".." is removed.`)
		default:
			j := strings.IndexByte(in[1:], '/')
			seg := in
			if j >= 0 {
				seg = in[:j+1]
			}
			in = in[len(seg):]
			out.WriteString(seg)
			d.show("2E", "The first segment "+quote(seg)+" moves to the output.")
		}
	}
	if d.rounds > d.shown {
		t.buffer("5.2.4", fmt.Sprintf("… %d more rounds of the loop, not shown.", d.rounds-d.shown), out.String())
	}
	if d.rounds == 0 {
		t.buffer("5.2.4", "The path is empty: there are no dot segments to remove.", "")
	}
	return out.String()
}

// dotRounds counts the rounds of removeDotSegments's loop and shows the
// first of them, while they fit in maxDotSteps and maxDotBytes.
type dotRounds struct {
	t                         *Trace
	out                       *strings.Builder
	rounds, shown, shownBytes int
}

// show counts a round, and shows it as step rule of section 5.2.4 with the
// output so far if every round before it was shown and it fits. It is not
// inlined: at each of the loop's seven calls it weighed 600 bytes of the
// playground's WebAssembly module.
//
//go:noinline
func (d *dotRounds) show(rule, text string) {
	d.rounds++
	if d.shown == d.rounds-1 && d.shown < maxDotSteps && d.shownBytes+d.out.Len() <= maxDotBytes {
		d.t.buffer("5.2.4 "+rule, text, d.out.String())
		d.shown++
		d.shownBytes += d.out.Len()
	}
}

// parts3986 are the components of a reference that the trace reads.
type parts3986 struct {
	scheme, authority, query, fragment parser.Component
	path                               string
}

// readParts reads the components of s, a valid reference (Resolve has
// read it), once, through the standard's reader (which keeps its view
// only until its next reading).
func readParts(rd report.Reader, start report.Rule, s string) parts3986 {
	v := rd.Read(start, s, false).View
	if v == nil {
		return parts3986{}
	}
	return parts3986{scheme: v.Scheme, authority: v.Authority, path: v.Path, query: v.Query, fragment: v.Fragment}
}

func describe3986(u parts3986) string {
	c := componentText
	return "scheme " + c(u.scheme) + ", authority " + c(u.authority) + ", path " + quote(u.path) + ", query " + c(u.query) + ", fragment " + c(u.fragment)
}

// recompose3986 is section 5.3.
func recompose3986(scheme, authority parser.Component, path string, query, fragment parser.Component) string {
	var b strings.Builder
	if scheme.Defined {
		writeString(&b, scheme.Value+":")
	}
	if authority.Defined {
		writeString(&b, "//"+authority.Value)
	}
	writeString(&b, path)
	if query.Defined {
		writeString(&b, "?"+query.Value)
	}
	if fragment.Defined {
		writeString(&b, "#"+fragment.Value)
	}
	return b.String()
}
