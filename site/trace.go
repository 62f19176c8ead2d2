package site

import (
	"fmt"
	"slices"
	"strings"

	"github.com/rfc2396/rfc2396/grammar"
	"github.com/rfc2396/rfc2396/internal/syntax"
	"github.com/rfc2396/rfc2396/parser"
)

// Trace is section 5.2's resolution of a reference against a base, step by
// step, as the playground shows it. It is computed here, from the
// components package parser reads, and compared with parser.Resolve, which
// is the library's answer (Agrees).
type Trace struct {
	Base  string `json:"base"`
	Ref   string `json:"ref"`
	Steps []Step `json:"steps"`
	// Result is the resolved reference, or Error why there is none.
	Result   string   `json:"result,omitempty"`
	Error    string   `json:"error,omitempty"`
	Warnings []string `json:"warnings,omitempty"`
	// WarningNotes are the library's warnings, each with what it means.
	WarningNotes []WarningNote `json:"warning_notes,omitempty"`
	// Note says how the resolution was made when it is not traced.
	Note string `json:"note,omitempty"`
	// Library is parser.Resolve's result (or LibraryError), and Agrees
	// reports whether it is the trace's.
	Library      string `json:"library,omitempty"`
	LibraryError string `json:"library_error,omitempty"`
	Agrees       bool   `json:"agrees"`
	// By names the library function the trace is checked against, for
	// the page: "parser.Resolve", "rfc3986.Resolve".
	By string `json:"-"`

	// profile is the RFC 2396 profile a section 5.2 trace reads under.
	profile *parser.Profile
}

// WarningNote is a warning of a resolution: its code for machines and
// what it means for people.
type WarningNote struct {
	Code string `json:"code"`
	Text string `json:"text"`
}

// Step is one step of section 5.2: its number ("1" to "7", "6a" to "6h"),
// what it did, and for the steps of 6 the buffer after it.
type Step struct {
	Number string `json:"step"`
	Text   string `json:"text"`
	Buffer string `json:"buffer,omitempty"`
	// HasBuffer tells an empty buffer from a step without one.
	HasBuffer bool `json:"has_buffer,omitempty"`
}

// refParts is a reference's five components (section 5.2 step 1).
type refParts struct {
	scheme, authority parser.Component
	path              string
	query, fragment   parser.Component
}

func partsOf(u *parser.URI) refParts {
	return refParts{u.Scheme(), u.Authority(), u.Path(), u.Query(), u.Fragment()}
}

// traceResolve resolves ref against base by section 5.2 under the profile
// p (nil is strict: Appendix A exactly), with the library's default
// reading of each choice the RFC leaves open (an ".." above the root is
// kept; "http:g" is absolute). The base, the reference and the result are
// read under p's grammar, as [parser.Profile.Resolve] reads them, and the
// trace is compared with that.
func traceResolve(p *parser.Profile, base, ref string) *Trace {
	if p == nil {
		p, _ = parser.LookupProfile("strict")
	}
	t := &Trace{Base: base, Ref: ref, Steps: []Step{}, profile: p, By: "parser.Resolve"}
	if p.Edits() != 0 {
		t.By = "The " + p.Name() + " profile's Resolve"
	}
	t.resolve()
	lib, warnings, err := p.Resolve(base, ref)
	if err != nil {
		t.LibraryError = err.Error()
		t.Agrees = t.Error != ""
	} else {
		t.Library = lib
		codes := make([]string, len(warnings))
		for i, w := range warnings {
			codes[i] = w.Code()
		}
		t.Agrees = t.Error == "" && t.Result == lib && slices.Equal(codes, t.Warnings)
	}
	if p.Edits() != 0 {
		t.Note = fmt.Sprintf("Section 5.2 under the %s profile: the base, the reference and the result are read under its grammar (edits: %s).", p.Name(), p.Edits())
	}
	return t
}

// warn records a warning of the resolution: its code, and what it means.
func (t *Trace) warn(w parser.Warning) {
	t.Warnings = append(t.Warnings, w.Code())
	t.WarningNotes = append(t.WarningNotes, WarningNote{w.Code(), w.String()})
}

// step and buffer record a step of the trace, without and with the
// buffer after it. They are not inlined: inlined at each of their 41
// calls they made the traces several KB larger in the playground's
// WebAssembly module (docs/design-notes.md).
//
//go:noinline
func (t *Trace) step(number, text string) {
	t.Steps = append(t.Steps, Step{Number: number, Text: text})
}

//go:noinline
func (t *Trace) buffer(number, text, buf string) {
	t.Steps = append(t.Steps, Step{Number: number, Text: text, Buffer: buf, HasBuffer: true})
}

func (t *Trace) resolve() {
	b, err := t.profile.Parse(t.Base)
	if err != nil {
		t.Error = "the base is not a URI-reference: " + err.Error()
		return
	}
	if !b.IsAbsolute() {
		t.Error = "the base has no scheme: section 5.2 resolves against an absolute URI"
		return
	}
	base := partsOf(b)
	r, err := t.parseRef()
	if err != nil {
		t.Error = "the reference is not a URI-reference: " + err.Error()
		return
	}
	t.step("1", "The reference's components: "+describe(r)+". The base's: "+describe(base)+".")

	// Step 2.
	if r.path == "" && !r.scheme.Defined && !r.authority.Defined && !r.query.Defined {
		t.step("2", "Empty path, no scheme, authority or query: a reference to the current document. The result is the base with the reference's fragment.")
		t.recompose(base.scheme, base.authority, base.path, base.query, r.fragment)
		return
	}
	t.step("2", "Not a reference to the current document; the query and fragment are the reference's own.")

	// Step 3.
	if r.scheme.Defined {
		text := "The reference has a scheme: it is an absolute URI, and resolution is done."
		// Only where dropping the scheme would read otherwise: no
		// authority, and a hierarchical base (as the library warns).
		if strings.EqualFold(r.scheme.Value, base.scheme.Value) && !r.authority.Defined && !b.IsOpaque() {
			text += " It repeats the base's scheme; a validating parser reads it as absolute (Appendix C: \"http:g\" is \"http:g\"); some older parsers drop the scheme instead."
			t.warn(parser.WarnRepeatedScheme)
		}
		t.step("3", text)
		t.Result = t.Ref
		return
	}
	if b.IsOpaque() {
		t.step("3", "No scheme: the base's would be inherited, but the base is opaque.")
		t.Error = "a relative reference cannot be resolved against the opaque base " + quote(t.Base) + " (section 5: the base must be hierarchical)"
		return
	}
	t.step("3", "No scheme: the base's scheme "+quote(base.scheme.Value)+" is inherited.")

	// Step 4.
	if r.authority.Defined {
		t.step("4", "The reference has an authority: a network-path reference; on to step 7.")
		t.recompose(base.scheme, r.authority, r.path, r.query, r.fragment)
		return
	}
	t.step("4", "No authority: the base's authority "+componentText(base.authority)+" is inherited.")

	// Step 5.
	if strings.HasPrefix(r.path, "/") {
		t.step("5", "The path starts with \"/\": an absolute-path reference; on to step 7.")
		t.recompose(base.scheme, base.authority, r.path, r.query, r.fragment)
		return
	}
	t.step("5", "The path is relative: it is merged with the base's path.")

	// Step 6.
	basePath := base.path
	text := "All but the last segment of the base path: everything up to and including its last \"/\"."
	if basePath == "" && base.authority.Defined && r.path != "" {
		basePath = "/"
		text += " The base path is empty; read literally, the merged path would be joined to the authority without a \"/\" (\"http://a\" and \"g\" would make \"http://ag\"), so \"/\" is used, as RFC 3986 section 5.2.3 later specified."
		t.warn(parser.WarnEmptyBasePath)
	}
	buf := basePath[:strings.LastIndexByte(basePath, '/')+1]
	t.buffer("6a", text, buf)
	buf += r.path
	t.buffer("6b", "The reference's path is appended.", buf)

	lead := ""
	rest := buf
	if strings.HasPrefix(rest, "/") {
		lead, rest = "/", rest[1:]
	}
	segs := strings.Split(rest, "/")
	join := func() string { return lead + strings.Join(segs, "/") }

	// 6c: every "." segment followed by "/" goes.
	kept := segs[:0:0]
	for i, s := range segs {
		if s == "." && i < len(segs)-1 {
			continue
		}
		kept = append(kept, s)
	}
	segs = kept
	t.buffer("6c", "Every \"./\" whose \".\" is a complete segment is removed.", join())

	// 6d: a final "." segment goes, leaving the "/" before it.
	if segs[len(segs)-1] == "." {
		segs[len(segs)-1] = ""
	}
	t.buffer("6d", "A final \".\" segment is removed.", join())

	// 6e: "<segment>/../" pairs go, leftmost first, until none is left.
	// Removing them leftmost first until none is left gives the same
	// buffer as cancelling each ".." against the segment before it, as a
	// stack does, in one pass. A final ".." is not followed by "/": it is
	// step 6f's.
	stack := segs[:0:0]
	for i, s := range segs {
		if s == ".." && i < len(segs)-1 && len(stack) > 0 && stack[len(stack)-1] != ".." {
			stack = stack[:len(stack)-1]
			continue
		}
		stack = append(stack, s)
	}
	segs = stack
	t.buffer("6e", "Every \"<segment>/../\" (segment other than \"..\") is removed, leftmost first, until none is left.", join())

	// 6f: a final "<segment>/.." goes, leaving the "/" before it.
	if n := len(segs); n >= 2 && segs[n-1] == ".." && segs[n-2] != ".." {
		segs = append(segs[:n-2], "")
	}
	t.buffer("6f", "A final \"<segment>/..\" is removed.", join())

	// 6g: ".." segments left at the start.
	above := 0
	for above < len(segs) && segs[above] == ".." {
		above++
	}
	if above > 0 {
		t.buffer("6g", "The buffer still starts with \"..\": the reference is in error. As Appendix C does, the \"..\" segments are kept.", join())
		t.warn(parser.WarnDotDotAboveRoot)
	} else {
		t.buffer("6g", "No \"..\" segment is left at the start.", join())
	}
	path := join()
	t.buffer("6h", "The buffer is the new path.", path)
	t.recompose(base.scheme, base.authority, path, r.query, r.fragment)
}

// parseRef reads the reference, including the query-only form ("?y")
// that Appendix C resolves although Appendix A does not derive it.
func (t *Trace) parseRef() (refParts, error) {
	u, err := t.profile.Parse(t.Ref)
	if err == nil {
		return partsOf(u), nil
	}
	perr, ok := syntax.ErrorAs[*parser.Error](err)
	if !ok || perr.Gap != parser.GapEmptyRelativePath {
		return refParts{}, err
	}
	query, fragment, hasFragment := strings.Cut(t.Ref[1:], "#")
	if t.profile.Match(grammar.RuleQuery, query) != nil || hasFragment && t.profile.Match(grammar.RuleFragment, fragment) != nil {
		return refParts{}, err
	}
	t.step("1", "\""+t.Ref[:1]+"\" starts a query with no path before it: not a URI-reference under Appendix A (relativeURI has no empty path), but Appendix C resolves \"?y\", and so does this trace (a known gap of RFC 2396).")
	t.warn(parser.WarnEmptyRelativePath)
	r := refParts{query: parser.Some(query)}
	if hasFragment {
		r.fragment = parser.Some(fragment)
	}
	return r, nil
}

// recompose is step 7: the components are written out, and the result
// must read back, under the trace's profile, as the same components.
func (t *Trace) recompose(scheme, authority parser.Component, path string, query, fragment parser.Component) {
	s := parser.Recompose(scheme, authority, path, query, fragment)
	u, err := t.profile.Parse(s)
	if err == nil && (u.Scheme() != scheme || u.Authority() != authority || u.Path() != path || u.Query() != query || u.Fragment() != fragment) {
		err = fmt.Errorf("they recompose to %s, which reads as other components", quote(s))
	}
	if err != nil {
		t.step("7", "The components do not recompose into a reference that reads back as them: "+err.Error())
		t.Error = "the resolved components cannot be written as a reference"
		return
	}
	t.Result = s
	t.step("7", "Recomposed: scheme \":\" if defined, \"//\" authority if defined, the path, \"?\" query if defined, \"#\" fragment if defined.")
}

func describe(r refParts) string {
	return "scheme " + componentText(r.scheme) + ", authority " + componentText(r.authority) +
		", path " + quote(r.path) + ", query " + componentText(r.query) + ", fragment " + componentText(r.fragment)
}

func componentText(c parser.Component) string {
	if !c.Defined {
		return "undefined"
	}
	return quote(c.Value)
}

func quote(s string) string { return "\u201c" + s + "\u201d" }
