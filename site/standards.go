package site

import (
	"github.com/rfc2396/rfc2396/internal/safeout"
	"github.com/rfc2396/rfc2396/internal/syntax"
	"github.com/rfc2396/rfc2396/parser"
	"github.com/rfc2396/rfc2396/report"
	"github.com/rfc2396/rfc2396/rfc3986"
	"github.com/rfc2396/rfc2396/uri"
)

// The standards the playground reads a reference under, by their value
// in the query string (standard=rfc3986).
const (
	standard2396 = "rfc2396"
	standard3986 = "rfc3986"
)

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
	Standard string `json:"standard"`          // "RFC 2396" or "RFC 3986"
	Profile  string `json:"profile,omitempty"` // the profile, e.g. "java", "rfc6874"; "" for RFC 3986 itself
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

// ValidUnderText says in a sentence under which standard and which
// profiles the reference is valid, naming each as what it is: "Valid
// under the standard RFC 3986, and under RFC 2396 with the profiles
// rfc2732 and java." A profile of RFC 3986 (rfc6874) is named only when
// RFC 3986 itself refuses the reference.
func (a *Analysis) ValidUnderText() string {
	var in3986 bool
	var profiles3986, profiles2396 []string
	for _, v := range a.Verdicts {
		switch {
		case !v.Valid:
		case v.Standard == "RFC 3986" && v.Profile == "":
			in3986 = true
		case v.Standard == "RFC 3986":
			profiles3986 = append(profiles3986, v.Profile)
		default:
			profiles2396 = append(profiles2396, v.Profile)
		}
	}
	p := withProfiles("RFC 2396", profiles2396)
	switch {
	case in3986 && p != "":
		return "Valid under the standard RFC 3986, and under " + p + "."
	case in3986:
		return "Valid under the standard RFC 3986, and under no profile of RFC 2396."
	case len(profiles3986) > 0 && p != "":
		return "Valid under " + withProfiles("RFC 3986", profiles3986) + " and under " + p + "; not under the standard RFC 3986 itself."
	case len(profiles3986) > 0:
		return "Valid under " + withProfiles("RFC 3986", profiles3986) + "; not under the standard RFC 3986 itself, nor under any profile of RFC 2396."
	case p != "":
		return "Valid under " + p + "; not under the standard RFC 3986."
	}
	return "Valid under no standard or profile here."
}

// withProfiles names profiles of spec in words: "RFC 2396 with the
// profiles rfc2732 and java"; "" for none.
func withProfiles(spec string, profiles []string) string {
	if len(profiles) == 0 {
		return ""
	}
	p := spec + " with the profile "
	if len(profiles) > 1 {
		p = spec + " with the profiles "
	}
	for i, name := range profiles {
		switch {
		case i == 0:
		case i == len(profiles)-1:
			p += " and "
		default:
			p += ", "
		}
		p += name
	}
	return p
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
// 3.2), "host and port" under RFC 3986, which has no registry-based
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
			if a.Standard == standard3986 {
				return "host and port (RFC 3986 reads every authority as one; it has no registry-based kind)"
			}
			return "present"
		}
	}
	return "none"
}

// verdicts reads ref under RFC 3986 and its profiles, and under every
// profile of RFC 2396, as rfc2396 compare does; the one the page reads by
// is standard's profile, a *parser.Profile for RFC 2396, the name of one
// of RFC 3986's (family) for RFC 3986.
func verdicts(ref string, standard string, profile *parser.Profile, family string) []Verdict {
	var out []Verdict
	_, err := rfc3986.Parse(ref)
	out = append(out, verdictOf("RFC 3986", "", err, standard == standard3986 && family == uri.StrictProfile))
	for _, p := range rfc3986.Grammar().Profiles()[1:] {
		g, err := rfc3986.Grammar().Profile(p.Name)
		if err == nil {
			_, err = g.Parse(ref)
		}
		out = append(out, verdictOf("RFC 3986", p.Name, err, standard == standard3986 && family == p.Name))
	}
	for _, p := range parser.Profiles() {
		_, err := p.Parse(ref)
		out = append(out, verdictOf("RFC 2396", p.Name(), err, standard == standard2396 && p == profile))
	}
	return out
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

// analyzeFamily checks input against the rule called rule of a grammar of
// the RFC 3986 family (report.Standards: RFC 3986, RFC 3987, RFC 9112,
// RFC 8141, RFC 6570), through rd, its reader under the profile and the
// edits the form chose, whatever its rule type: the same view as analyze. A valid string of a rule whose strings are whole
// references gets their components, and one of the start rule the fields
// the standard's own package adds (RFC 9112's form, RFC 8141's NID).
func analyzeFamily(st report.Standard, rd report.Reader, rule, input string, allRules bool) *Analysis {
	a := &Analysis{Input: input, Rule: rule, Standard: st.Name}
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
		a.Components = []Component{
			c("scheme", v.Scheme), c("authority", v.Authority), c("userinfo", v.UserInfo),
			c("host", v.Host), c("port", v.Port),
			{Name: "path", Value: v.Path, Defined: true},
			c("query", v.Query), c("fragment", v.Fragment),
		}
		a.Kind = v.KindWord
		a.HostKind = v.HostKind.Name
	}
	for _, f := range reading.Fields {
		if f.Optional && !f.Value.Defined {
			continue
		}
		a.Components = append(a.Components, Component{Name: f.Name, Value: f.Value.Value, Defined: f.Value.Defined})
	}
	return a
}

// familyErrorView is errorView for an error of any grammar of the RFC
// 3986 family (a *uri.Error of any rule type, or the error of a
// standard's own prose, such as RFC 8141's): what report.SyntaxOf reads
// of it, and the rules being read, where the error names them.
func familyErrorView(err error) *ErrorView {
	syn, ok := report.SyntaxOf(err)
	if !ok {
		return &ErrorView{Message: err.Error()}
	}
	v := &ErrorView{Offset: syn.Offset, Message: err.Error(), Rule: syn.Rule, Expected: syn.Expected,
		Char: safeout.CharOrEnd(syn.Input, syn.Offset, syn.Hint), AtEnd: safeout.AtEnd(syn.Input, syn.Offset)}
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

// familyTree is treeView for a tree read through a report.Reader.
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
