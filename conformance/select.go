package conformance

import (
	"fmt"
	"regexp"
	"strings"
)

// Selection picks cases of a suite by name. A case's name has three
// elements, separated by "/": its category (validity, components,
// resolve, normalize, equivalence), a key within the category, and its
// ID. The key is the rule the case was made for in validity and
// components ("hostname", "IPv6address"), its source in resolve ("rfc"
// for the RFC's own examples, "generated"), and what it checks in
// normalize and equivalence ("normal form", "escapes in lower case").
//
// A pattern is a comma-separated list of alternatives; an alternative is
// up to three regular expressions separated by "/", each matched against
// the whole of the element in its place (so "path" is not "abs_path"),
// an element missing or empty matching anything. "validity,resolve"
// picks two categories; "validity/host.*" the validity cases made for
// host, hostname and hostport; "/IPv6address" the cases of any category
// made for IPv6address; "resolve/rfc" the RFC's resolution examples.
type Selection struct {
	run, skip []alternative
}

// alternative is one alternative of a pattern: an expression an element
// (nil: any).
type alternative []*regexp.Regexp

// NewSelection compiles run and skip: the cases selected are those run
// matches ("" matches every case) and skip does not ("" matches none).
func NewSelection(run, skip string) (*Selection, error) {
	r, err := compilePattern("run", run)
	if err != nil {
		return nil, err
	}
	s, err := compilePattern("skip", skip)
	if err != nil {
		return nil, err
	}
	return &Selection{run: r, skip: s}, nil
}

func compilePattern(what, p string) ([]alternative, error) {
	if p == "" {
		return nil, nil
	}
	var out []alternative
	for _, alt := range strings.Split(p, ",") {
		elems := strings.Split(alt, "/")
		if len(elems) > 3 {
			return nil, fmt.Errorf("rfc2396/conformance: %s pattern %q: %q has %d elements; a case's name has three, category/key/ID", what, p, alt, len(elems))
		}
		a := make(alternative, len(elems))
		for i, e := range elems {
			if e == "" {
				continue
			}
			re, err := regexp.Compile("^(?:" + e + ")$")
			if err != nil {
				return nil, fmt.Errorf("rfc2396/conformance: %s pattern %q: %q is not a regular expression: %v", what, p, e, err)
			}
			a[i] = re
		}
		out = append(out, a)
	}
	return out, nil
}

func matchAny(alts []alternative, name [3]string) bool {
	for _, a := range alts {
		ok := true
		for i, re := range a {
			if re != nil && !re.MatchString(name[i]) {
				ok = false
				break
			}
		}
		if ok {
			return true
		}
	}
	return false
}

// Selects reports whether the case named category/key/id is selected.
func (sel *Selection) Selects(category, key, id string) bool {
	if sel == nil {
		return true
	}
	name := [3]string{category, key, id}
	return (sel.run == nil || matchAny(sel.run, name)) && !matchAny(sel.skip, name)
}

// Apply returns a suite with only the cases of s that sel selects; a nil
// selection selects every case, and returns s itself.
func (sel *Selection) Apply(s *Suite) *Suite {
	if s == nil || sel == nil || sel.run == nil && sel.skip == nil {
		return s
	}
	out := *s
	out.Validity, out.Components, out.Resolve, out.Normalize, out.Equivalence = nil, nil, nil, nil, nil
	for _, c := range s.Validity {
		if sel.Selects("validity", c.Covers.Rule, c.ID) {
			out.Validity = append(out.Validity, c)
		}
	}
	for _, c := range s.Components {
		if sel.Selects("components", c.Covers.Rule, c.ID) {
			out.Components = append(out.Components, c)
		}
	}
	for _, c := range s.Resolve {
		if sel.Selects("resolve", c.Source, c.ID) {
			out.Resolve = append(out.Resolve, c)
		}
	}
	for _, c := range s.Normalize {
		if sel.Selects("normalize", c.What, c.ID) {
			out.Normalize = append(out.Normalize, c)
		}
	}
	for _, c := range s.Equivalence {
		if sel.Selects("equivalence", c.What, c.ID) {
			out.Equivalence = append(out.Equivalence, c)
		}
	}
	return &out
}

// graded is the number of cases of s a grade counts: validity cases of
// whole references, and every case of the other categories.
func (s *Suite) graded(st *std) int {
	n := len(s.Components) + len(s.Resolve) + len(s.Normalize) + len(s.Equivalence)
	for _, v := range s.Validity {
		if v.Rule == st.start {
			n++
		}
	}
	return n
}
