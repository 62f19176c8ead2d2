package site

import (
	"github.com/rfc2396/rfc2396/grammar"
	"github.com/rfc2396/rfc2396/internal/errtype"
	"github.com/rfc2396/rfc2396/parser"
	"github.com/rfc2396/rfc2396/rfc3986"
	rules3986 "github.com/rfc2396/rfc2396/rfc3986/grammar"
)

// The standards the playground reads a reference under, by their value
// in the query string (standard=rfc3986).
const (
	standard2396 = "rfc2396"
	standard3986 = "rfc3986"
)

// spec3986Rules is where the playground links an RFC 3986 rule when the
// site has no pages for that grammar.
const spec3986Rules = "https://www.rfc-editor.org/rfc/rfc3986#appendix-A"

// Verdict is what one standard, or one profile of RFC 2396, says of a
// reference: valid, or the error.
type Verdict struct {
	Standard string `json:"standard"`          // "RFC 2396" or "RFC 3986"
	Profile  string `json:"profile,omitempty"` // the RFC 2396 profile, e.g. "java"
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
// profiles of RFC 2396 the reference is valid, naming each as what it is:
// "Valid under the standard RFC 3986, and under RFC 2396 with the
// profiles rfc2732 and java."
func (a *Analysis) ValidUnderText() string {
	var in3986 bool
	var profiles []string
	for _, v := range a.Verdicts {
		switch {
		case !v.Valid:
		case v.Profile == "":
			in3986 = true
		default:
			profiles = append(profiles, v.Profile)
		}
	}
	var p string
	if len(profiles) > 0 {
		p = "RFC 2396 with the profile "
		if len(profiles) > 1 {
			p = "RFC 2396 with the profiles "
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
	}
	switch {
	case in3986 && p != "":
		return "Valid under the standard RFC 3986, and under " + p + "."
	case in3986:
		return "Valid under the standard RFC 3986, and under no profile of RFC 2396."
	case p != "":
		return "Valid under " + p + "; not under the standard RFC 3986."
	}
	return "Valid under no standard or profile here."
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

// verdicts reads ref under RFC 3986 and under every profile of RFC 2396,
// as rfc2396 compare does.
func verdicts(ref string, standard string, profile *parser.Profile) []Verdict {
	var out []Verdict
	_, err := rfc3986.Parse(ref)
	out = append(out, verdictOf("RFC 3986", "", err, standard == standard3986))
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

// editNames are the names of the edits a profile can be given, for
// allow=.
func editNames() []string {
	var names []string
	for _, e := range grammar.Edits() {
		names = append(names, e.String())
	}
	return names
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

// analyze3986 checks input against RFC 3986's URI-reference and reads its
// components: the same view as analyze, under the other standard.
func analyze3986(input string, allRules bool) *Analysis {
	a := &Analysis{Input: input, Rule: "URI-reference", Standard: standard3986}
	root, err := rfc3986.ParseTree(rules3986.RuleURIReference, input)
	if err != nil {
		a.Error = errorView3986(err)
		return a
	}
	u, err := rfc3986.Parse(input)
	if err != nil {
		a.Error = errorView3986(err)
		a.Error.Message = "the two RFC 3986 parsers disagree (please report): " + a.Error.Message
		return a
	}
	a.Valid = true
	a.Tree = treeView3986(root, allRules)
	c := func(name string, v rfc3986.Component) Component {
		return Component{Name: name, Value: v.Value, Defined: v.Defined}
	}
	a.Components = []Component{
		c("scheme", u.Scheme()), c("authority", u.Authority()), c("userinfo", u.UserInfo()),
		c("host", u.Host()), c("port", u.Port()),
		{Name: "path", Value: u.Path(), Defined: true},
		c("query", u.Query()), c("fragment", u.Fragment()),
	}
	if u.IsAbsolute() {
		a.Kind = "absolute"
	} else {
		a.Kind = "relative"
	}
	if u.HostKind() != rfc3986.NoHost {
		a.HostKind = u.HostKind().String()
	}
	return a
}

func errorView3986(err error) *ErrorView {
	e, ok := errtype.As[*rfc3986.Error](err)
	if !ok {
		return &ErrorView{Message: err.Error()}
	}
	v := &ErrorView{Offset: e.Offset, Message: e.Error(), Rule: e.Rule.String(), Expected: e.Expected, Char: e.Char(), AtEnd: e.AtEnd()}
	for _, r := range e.Path {
		v.Path = append(v.Path, r.String())
	}
	return v
}

// treeView3986 is treeView for RFC 3986's tree.
func treeView3986(n *rfc3986.Node, all bool) *TreeNode {
	t := &TreeNode{Rule: n.Rule.String(), Begin: n.Begin, End: n.End}
	var add func(children []*rfc3986.Node)
	add = func(children []*rfc3986.Node) {
		for _, c := range children {
			if !all && c.Rule.IsCharacterLevel() {
				add(c.Children)
				continue
			}
			t.Children = append(t.Children, treeView3986(c, all))
		}
	}
	add(n.Children)
	return t
}
