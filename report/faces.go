//go:build !uri_iri_only

package report

import (
	"strings"

	"github.com/rfc2396/rfc2396/parser"
	"github.com/rfc2396/rfc2396/rfc8141"
	"github.com/rfc2396/rfc2396/rfc9112"
)

// rfc9112Face reads request-targets as package rfc9112 does: the form
// (section 3.2), the target URI in a context (section 3.3), and the
// TargetError's reason.
type rfc9112Face struct{}

func (rfc9112Face) Context() []string { return []string{"host", "scheme"} }

// Read adds "form" and, with a host or scheme in c, "target_uri" and
// "target_uri_error" (the scheme "http" when c has none).
func (rfc9112Face) Read(in string, c Context) ([]Field, error) {
	t, err := rfc9112.Parse(in)
	if err != nil {
		return nil, err
	}
	fields := []Field{{Name: "form", Value: parser.Some(t.Form.String())}}
	if c.Host == "" && c.Scheme == "" {
		return fields, nil
	}
	scheme := c.Scheme
	if scheme == "" {
		scheme = "http"
	}
	u, err := t.TargetURI(scheme, c.Host)
	var uf, ef parser.Component
	if err != nil {
		ef = parser.Some(TrimStandard(err.Error()))
	} else {
		uf = parser.Some(u)
	}
	return append(fields, Field{Name: "target_uri", Value: uf}, Field{Name: "target_uri_error", Value: ef, Optional: true}), nil
}

func (rfc9112Face) Normalize(string) (string, bool, error) { return "", false, nil }

// Compares is false: RFC 9112 defines no equivalence of request-targets.
func (rfc9112Face) Compares() bool { return false }

func (rfc9112Face) Equivalent(string, string) (Equivalence, bool, error) {
	return Equivalence{}, false, nil
}

// rfc8141Face reads URNs as package rfc8141 does: their components
// (section 2), the prose's reasons (sections 2.3.1, 5.1, 5.2, Appendix
// C), and URN-equivalence (section 3.1).
type rfc8141Face struct{}

func (rfc8141Face) Context() []string { return nil }

// Read adds "nid", "nss", "r_component", "q_component" and
// "f_component".
func (rfc8141Face) Read(in string, _ Context) ([]Field, error) {
	u, err := rfc8141.Parse(in)
	if err != nil {
		return nil, err
	}
	return []Field{
		{Name: "nid", Value: parser.Some(u.NID)},
		{Name: "nss", Value: parser.Some(u.NSS)},
		{Name: "r_component", Value: parser.Component(u.RComponent)},
		{Name: "q_component", Value: parser.Component(u.QComponent)},
		{Name: "f_component", Value: parser.Component(u.FComponent)},
	}, nil
}

// Normalize is section 3.1's case normalization of the assigned-name.
// Compares is true: RFC 8141 section 3 is URNs' equivalence.
func (rfc8141Face) Compares() bool { return true }

func (rfc8141Face) Normalize(in string) (string, bool, error) {
	n, err := rfc8141.Normalize(in)
	return n, true, err
}

// Equivalent is section 3.1's URN-equivalence, with the rung that decides:
// equal as strings; case normalization of "urn", the NID and the NSS's
// percent-encodings; or the r-, q- and f-components, which it ignores.
func (rfc8141Face) Equivalent(a, b string) (Equivalence, bool, error) {
	e := Equivalence{Section: "3.1"}
	ua, err := rfc8141.Parse(a)
	if err != nil {
		return e, true, err
	}
	ub, err := rfc8141.Parse(b)
	if err != nil {
		return e, true, err
	}
	e.NormalA, _ = rfc8141.Normalize(a)
	e.NormalB, _ = rfc8141.Normalize(b)
	e.Equivalent, _ = rfc8141.Equivalent(a, b)
	nameA, nameB := ua.AssignedName(), ub.AssignedName()
	normal := func(s string, n int) string { return s[:n] } // the assigned-name of a normal form
	if !e.Equivalent {
		na, nb := normal(e.NormalA, len(nameA)), normal(e.NormalB, len(nameB))
		_, nidA, nssA := splitName(na)
		_, nidB, nssB := splitName(nb)
		if nidA != nidB {
			e.Components = append(e.Components, "nid")
		}
		if nssA != nssB {
			e.Components = append(e.Components, "nss")
		}
		return e, true, nil
	}
	e.Step, e.StepName = "simple-string", "simple string comparison"
	if a == b {
		return e, true, nil
	}
	for _, c := range []struct {
		name string
		x, y rfc8141.Component
	}{{"r-component", ua.RComponent, ub.RComponent}, {"q-component", ua.QComponent, ub.QComponent}, {"f-component", ua.FComponent, ub.FComponent}} {
		if c.x != c.y {
			e.Components = append(e.Components, c.name)
		}
	}
	if e.Components != nil {
		e.Step, e.StepName = "components-ignored", "ignoring the r-, q- and f-components"
		return e, true, nil
	}
	e.Step, e.StepName = "case", "case normalization"
	schemeA, nidA, nssA := splitName(nameA)
	schemeB, nidB, nssB := splitName(nameB)
	for _, c := range []struct{ name, x, y string }{{"scheme", schemeA, schemeB}, {"nid", nidA, nidB}, {"nss", nssA, nssB}} {
		if c.x != c.y {
			e.Components = append(e.Components, c.name)
		}
	}
	return e, true, nil
}

// splitName splits an assigned-name into "urn", the NID and the NSS.
func splitName(name string) (scheme, nid, nss string) {
	scheme, rest, _ := strings.Cut(name, ":")
	nid, nss, _ = strings.Cut(rest, ":")
	return scheme, nid, nss
}
