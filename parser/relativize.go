package parser

import (
	"github.com/rfc2396/rfc2396/internal/refpath"
	"slices"
	"strings"
)

// Relativize returns the shortest reference that Resolve, with no options,
// resolves against base to exactly target, without a warning: section 5.2
// read backwards. It tries, in order of length, a fragment alone ("#f"),
// the empty reference, a query alone (where the profile accepts one), a
// relative path ("g", "../g", "./g:h", ".//x"), an absolute path
// ("/x/y"), a network path ("//b/x"), and returns the first shortest of
// those that resolves back, or target itself when none does (a target
// with a scheme resolves to itself). So
//
//	Resolve(base, Relativize(base, target)) == target
//
// for every pair it accepts. Both must be URI-references; base and target
// must be absolute URIs. Anything else is a *[ResolveError] with Op
// "relativize" and Reason InvalidBase, RelativeBase, InvalidReference or
// RelativeTarget.
func Relativize(base, target string) (string, error) {
	return strict.Relativize(base, target)
}

// Relativize is [Relativize] under p: base, target and the candidates are
// read under p's grammar.
func (p *Profile) Relativize(base, target string) (string, error) {
	p = p.orStrict()
	b, err := p.Parse(base)
	if err != nil {
		return "", &ResolveError{Op: "relativize", Reason: InvalidBase, Base: base, Ref: target, Err: err}
	}
	t, err := p.Parse(target)
	if err != nil {
		return "", &ResolveError{Op: "relativize", Reason: InvalidReference, Base: base, Ref: target, Err: err}
	}
	r, err := b.Relativize(t)
	if err != nil {
		return "", err
	}
	return r.String(), nil
}

// Relativize returns the shortest reference that resolves against u to
// target, read under u's profile; see the function [Relativize].
func (u *URI) Relativize(target *URI) (*URI, error) {
	if u == nil || target == nil {
		return nil, &ResolveError{Op: "relativize", Reason: NilURI, Base: u.String(), Ref: target.String()}
	}
	if !u.IsAbsolute() {
		return nil, &ResolveError{Op: "relativize", Reason: RelativeBase, Base: u.ref, Ref: target.ref}
	}
	if !target.IsAbsolute() {
		return nil, &ResolveError{Op: "relativize", Reason: RelativeTarget, Base: u.ref, Ref: target.ref}
	}
	if u.Scheme() != target.Scheme() {
		return target, nil // see refpath.Reachable
	}
	candidates := refpath.Reachable(relativeCandidates(u, target), target.ref, u.Scheme() == target.Scheme(), u.Authority() == target.Authority())
	slices.SortStableFunc(candidates, func(a, b string) int { return len(a) - len(b) })
	for _, c := range candidates {
		if len(c) >= len(target.ref) {
			break
		}
		if !u.Profile().Valid(c) {
			continue // without the cost of explaining why
		}
		r, err := u.Profile().Parse(c)
		if err != nil {
			continue
		}
		res, warnings, err := u.ResolveReference(r)
		if err == nil && len(warnings) == 0 && res.ref == target.ref {
			return r, nil
		}
	}
	return target, nil
}

// relativeCandidates lists the references that may resolve against base
// to target, shortest kinds first; the caller sorts them by length, keeping
// that order among equals, and takes the first that resolves back.
func relativeCandidates(base, target *URI) []string {
	q, f := target.Query(), target.Fragment()
	c := refpath.NewCandidates(q.Value, q.Defined, f.Value, f.Defined)
	if base.IsOpaque() || target.IsOpaque() {
		return c.List
	}
	// The base's directory as written, and as resolution sees it once its
	// own dot segments are gone ("/a/./b" is in "/a/"): "x" stands for
	// the reference's path while they are removed. Section 5.2 step 6
	// merges only with an abs_path.
	effective, _ := removeDotSegments(base.Path()[:strings.LastIndexByte(base.Path(), '/')+1] + "x")
	for _, basePath := range []string{base.Path(), effective} {
		if strings.HasPrefix(basePath, "/") && strings.HasPrefix(target.Path(), "/") {
			c.AddRelativePaths(basePath, target.Path())
		}
	}
	a := target.Authority()
	c.AddAbsolute(target.Path(), a.Value, a.Defined)
	return c.List
}
