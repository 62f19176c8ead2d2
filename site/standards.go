package site

import (
	"strings"

	"github.com/rfc2396/rfc2396/internal/safeout"
	"github.com/rfc2396/rfc2396/internal/syntax"
	"github.com/rfc2396/rfc2396/parser"
	"github.com/rfc2396/rfc2396/report"
	"github.com/rfc2396/rfc2396/uri"
)

// standard2396 is RFC 2396's name in the query string (standard=rfc2396),
// the standard the playground reads by when none is named.
const standard2396 = "rfc2396"

// standardOf returns the standard of the RFC 3986 family named name
// (report.Standards), ok false for RFC 2396 (whose reading takes a
// profile) and for a name that is none.
func standardOf(name string) (report.Standard, bool) {
	st, err := report.LookupStandard(name)
	return st, err == nil && !st.ParserProfiles()
}

// Verdict is what one standard, or one of its profiles, says of a
// reference: valid, or the error.
type Verdict struct {
	Standard string `json:"standard"`          // the standard's document: "RFC 2396", "RFC 3986", "RFC 3987"
	Profile  string `json:"profile,omitempty"` // the profile, e.g. "java", "rfc6874"; "" for the standard itself (strict)
	Valid    bool   `json:"valid"`
	Error    string `json:"error,omitempty"`
	// Current marks the standard and profile the page reads the
	// reference under.
	Current bool `json:"current,omitempty"`
}

// Label names the verdict's standard and profile for people: "RFC 3986",
// "RFC 2396 (profile java)".
func (v Verdict) Label() string {
	if v.Profile == "" {
		return v.Standard
	}
	return v.Standard + " (profile " + v.Profile + ")"
}

// ValidUnderText says in a sentence under which standards and which of
// their profiles the reference is valid, a standard by the standard itself
// when it accepts the reference (its profiles then go unnamed; the table
// lists them) and by its profiles otherwise, then those that refuse it:
// "Valid under RFC 2396 with the profile java and under RFC 3986 with the
// profile rfc6874; not under RFC 2396 itself, RFC 3986 itself or RFC
// 3987."
func (a *Analysis) ValidUnderText() string {
	type standard struct {
		spec     string
		itself   bool
		profiles []string
	}
	var all []*standard
	for _, v := range a.Verdicts {
		if len(all) == 0 || all[len(all)-1].spec != v.Standard {
			all = append(all, &standard{spec: v.Standard})
		}
		s := all[len(all)-1]
		switch {
		case !v.Valid:
		case v.Profile == "":
			s.itself = true
		default:
			s.profiles = append(s.profiles, v.Profile)
		}
	}
	var valid, not []string
	for _, s := range all {
		switch {
		case s.itself:
			valid = append(valid, s.spec)
		case len(s.profiles) > 0:
			valid = append(valid, withProfiles(s.spec, s.profiles))
			not = append(not, s.spec+" itself")
		default:
			not = append(not, s.spec)
		}
	}
	if len(valid) == 0 {
		return "Valid under no standard or profile here."
	}
	for i := 1; i < len(valid); i++ {
		valid[i] = "under " + valid[i] // a list of profiles has its own "and"
	}
	text := "Valid under " + joinWords(valid, "and")
	if len(not) == 0 {
		return text + "."
	}
	return text + "; not under " + joinWords(not, "or") + "."
}

// joinWords joins words as a sentence lists them: "a", "a and b", "a, b
// and c", with conj ("and", "or") before the last.
func joinWords(words []string, conj string) string {
	out := ""
	for i, w := range words {
		switch {
		case i == 0:
		case i == len(words)-1:
			out += " " + conj + " "
		default:
			out += ", "
		}
		out += w
	}
	return out
}

// withProfiles names profiles of spec in words: "RFC 2396 with the
// profiles rfc2732 and java"; "" for none.
func withProfiles(spec string, profiles []string) string {
	switch len(profiles) {
	case 0:
		return ""
	case 1:
		return spec + " with the profile " + profiles[0]
	}
	return spec + " with the profiles " + joinWords(profiles, "and")
}

// HasKinds reports whether the answer's string is a URI reference, whose
// authority and host have kinds (not a request-target read by its form, a
// URN or a template, whose components are their standard's own).
func (a *Analysis) HasKinds() bool {
	for _, c := range a.Components {
		if c.Name == "authority" {
			return true
		}
	}
	return false
}

// AuthorityText says what kind of authority a valid reference has, for
// the page: "server-based" or "registry-based" under RFC 2396 (section
// 3.2), "host and port" under a standard that reads authorities as RFC
// 3986 does (RFC 3986, RFC 3987, RFC 9112), which has no registry-based
// authority, and "none" when the reference has no authority.
func (a *Analysis) AuthorityText() string {
	switch a.AuthorityKind {
	case "server":
		return "server-based"
	case "registry":
		return "registry-based"
	}
	for _, c := range a.Components {
		if c.Name == "authority" && c.Defined {
			if st, ok := standardOf(a.Standard); ok {
				return "host and port (" + st.Spec + " reads every authority as one; it has no registry-based kind)"
			}
			return "present"
		}
	}
	return "none"
}

// verdicts reads ref under every standard of URI references
// ([report.Standard.References]: RFC 2396, RFC 3986, RFC 3987) and each of
// its profiles, in the registry's order, as rfc2396 compare sets them
// side by side. The one the page reads by, standard under profile, is
// marked current.
func verdicts(ref, standard, profile string) []Verdict {
	var out []Verdict
	for _, st := range report.Standards() {
		if !st.References() {
			continue
		}
		for _, p := range st.ProfileList() {
			label := p.Name
			if label == uri.StrictProfile {
				label = "" // the standard itself
			}
			out = append(out, verdictOf(st.Spec, label, readWhole(st, p.Name, ref), st.Name == standard && p.Name == profile))
		}
	}
	return out
}

// readWhole reads ref by the start rule of st under the named profile, and
// returns the error, nil when ref is valid.
func readWhole(st report.Standard, profile, ref string) error {
	rd, err := st.ReaderUnder(profile, "")
	if err != nil {
		return err
	}
	rule, err := rd.LookupRule(rd.StartRule())
	if err != nil {
		return err
	}
	return rd.Read(rule, ref, false).Err
}

func verdictOf(standard, profile string, err error, current bool) Verdict {
	v := Verdict{Standard: standard, Profile: profile, Valid: err == nil, Current: current}
	if err != nil {
		v.Error = err.Error()
	}
	return v
}

// validUnder lists the labels of the verdicts that accept the reference.
func validUnder(vs []Verdict) []string {
	var out []string
	for _, v := range vs {
		if v.Valid {
			out = append(out, v.Label())
		}
	}
	return out
}

// analyze checks input against the rule called rule of any standard's
// grammar (report.Standards: RFC 2396 under its profiles, RFC 3986, RFC
// 3987, RFC 9112, RFC 8141, RFC 6570), through rd, its reader under the
// profile and the edits the form chose, whatever its rule type. A valid
// string of a rule whose strings are whole references gets their
// components (RFC 2396's scheme-specific part and authority kind where
// its reader gives them), and one of the start rule the fields the
// standard's own package adds (RFC 9112's form, RFC 8141's NID).
// allRules keeps character-level rules (alpha, pchar, ...) in the tree.
func analyze(st report.Standard, rd report.Reader, rule, input string, allRules bool) *Analysis {
	a := &Analysis{Input: input, Rule: rule, Standard: st.Name, Profile: rd.Profile()}
	r, err := rd.LookupRule(rule)
	if err != nil {
		a.Error = &ErrorView{Message: err.Error()}
		return a
	}
	reading := rd.Read(r, input, false)
	if reading.Err != nil {
		a.Error = familyErrorView(reading.Err)
		return a
	}
	root, err := rd.Tree(r, input)
	if err != nil {
		// Read and Tree run the grammar's two generated parsers, which
		// the tests hold to the same language; say so if they differ.
		a.Error = familyErrorView(err)
		a.Error.Message = "the two " + st.Spec + " parsers disagree (please report): " + a.Error.Message
		return a
	}
	a.Valid = true
	a.Tree = familyTree(root, allRules)
	if v := reading.View; v != nil {
		c := func(name string, v parser.Component) Component {
			return Component{Name: name, Value: v.Value, Defined: v.Defined}
		}
		a.Components = []Component{c("scheme", v.Scheme)}
		if v.SchemeSpecificPart != nil {
			a.Components = append(a.Components, Component{Name: "scheme-specific-part", Value: *v.SchemeSpecificPart, Defined: true})
		}
		a.Components = append(a.Components,
			c("authority", v.Authority), c("userinfo", v.UserInfo),
			c("host", v.Host), c("port", v.Port),
			Component{Name: "path", Value: v.Path, Defined: true},
			c("query", v.Query), c("fragment", v.Fragment))
		a.Kind = v.KindWord
		if v.Opaque != nil && v.KindWord != "relative" {
			// RFC 2396's absolute URIs are hierarchical or opaque.
			a.Kind = "absolute, " + v.KindWord
		}
		a.AuthorityKind = v.AuthorityKind.Code
		// The host's rule: the kind's name, without the note of the RFC
		// that adds the rule ("IPv6reference (RFC 2732)").
		a.HostKind, _, _ = strings.Cut(v.HostKind.Name, " (")
	}
	for _, f := range reading.Fields {
		if f.Optional && !f.Value.Defined {
			continue
		}
		a.Components = append(a.Components, Component{Name: f.Name, Value: f.Value.Value, Defined: f.Value.Defined})
	}
	return a
}

// familyErrorView is the view of an error of any standard's grammar (a
// *parser.Error, a *uri.Error of any rule type, or the error of a
// standard's own prose, such as RFC 8141's): what report.SyntaxOf reads
// of it, and the rules being read, where the error names them.
func familyErrorView(err error) *ErrorView {
	syn, ok := report.SyntaxOf(err)
	if !ok {
		return &ErrorView{Message: err.Error()}
	}
	v := &ErrorView{Offset: syn.Offset, Message: err.Error(), Rule: syn.Rule, Expected: syn.Expected,
		Char: safeout.CharOrEnd(syn.Input, syn.Offset, syn.Hint), AtEnd: safeout.AtEnd(syn.Input, syn.Offset), Gap: syn.Gap}
	// syntax.ErrorAs rather than errors.As, whose reflection would be the
	// module's only use of internal/reflectlite's values (57 KB).
	if path, ok := syntax.ErrorAs[interface {
		error
		RulePath() []string
	}](err); ok {
		v.Path = path.RulePath()
	}
	return v
}

// familyTree copies a parse tree read through a report.Reader, leaving
// out character-level rules unless all is set (their children, if any,
// move up to the parent).
func familyTree(n *report.TreeNode, all bool) *TreeNode {
	t := &TreeNode{Rule: n.Rule, Begin: n.Begin, End: n.End}
	var add func(children []*report.TreeNode)
	add = func(children []*report.TreeNode) {
		for _, c := range children {
			if !all && c.CharLevel {
				add(c.Children)
				continue
			}
			t.Children = append(t.Children, familyTree(c, all))
		}
	}
	add(n.Children)
	return t
}
