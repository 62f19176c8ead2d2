package parser

import (
	"strings"

	"github.com/rfc2396/rfc2396/internal/syntax"
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
		return target, nil // see syntax.Candidates
	}
	c := relativeCandidates(u, target, false)
	c.Sort()
	// A target read under u's profile is what step 7 would read back from
	// its string: a resolution is it exactly when it has its components
	// and recomposes to its string (resolution.is), which a few string
	// comparisons tell, and which rules most candidates out before they
	// are parsed (mayResolveTo).
	sameProfile := target.Profile() == u.Profile()
	var r *URI
	for _, cand := range c.List {
		if len(cand.Ref) >= len(target.ref) {
			break
		}
		if sameProfile && !u.mayResolveTo(cand, target) {
			continue
		}
		if (cand.Kind == syntax.QueryOnly || !sameProfile) && !u.Profile().Valid(cand.Ref) {
			continue // without the cost of explaining why; a candidate left by mayResolveTo is rarely invalid
		}
		if r == nil {
			r = new(URI)
		}
		if u.Profile().ParseInto(r, cand.Ref) != nil {
			continue
		}
		res, warnings, err := u.resolveWith(r, resolveConfig{})
		if err != nil || len(warnings) > 0 {
			continue
		}
		if sameProfile {
			if res.is(target) {
				return r, nil
			}
		} else if out, _, err := res.compose(u, nil); err == nil && out.ref == target.ref {
			return r, nil
		}
	}
	return target, nil
}

// mayResolveTo reports whether the candidate cand may resolve against u
// to target, which was read under u's profile, without parsing cand: it is
// false only where the components that steps 1 to 6 of section 5.2 give
// cand differ from target's, so that resolution.is would be false. A
// candidate has no scheme (a relative path whose first segment has a ":"
// is written "./g:h") and its path has no "?" or "#", so its components
// are those its kind says; one that a profile rejects is ruled out either
// way.
func (u *URI) mayResolveTo(cand syntax.Candidate, target *URI) bool {
	switch cand.Kind {
	case syntax.SameDocument:
		// Step 2: the base's path and query.
		return u.Path() == target.Path() && u.Query() == target.Query()
	case syntax.RelativePath:
		// Step 6; ".." left above the root or an empty base path
		// would give a warning.
		dir, emptyBase := syntax.MergeDir(u.Path(), u.Authority().Defined && cand.Path != "")
		if emptyBase {
			return false
		}
		if !syntax.HasDotSegment(dir) && !syntax.HasDotSegment(cand.Path) {
			return joined(target.Path(), dir, cand.Path) // nothing to remove (resolveWith)
		}
		merged, aboveRoot := removeDotSegments(dir + cand.Path)
		return aboveRoot == 0 && merged == target.Path()
	}
	return true
}

// relativeCandidates lists the references that may resolve against base
// to target, shortest kinds first; the caller sorts them by length, keeping
// that order among equals, and takes the first that resolves back. Unless
// all is set, a target on another authority has only its network path
// (see syntax.Candidates).
func relativeCandidates(base, target *URI, all bool) syntax.Candidates {
	q, f, a := target.Query(), target.Fragment(), target.Authority()
	c := syntax.NewCandidates(target.ref, q.Value, q.Defined, f.Value, f.Defined)
	sameSite := all || base.Authority() == a
	if sameSite {
		c.AddSameDocument()
	}
	if base.IsOpaque() || target.IsOpaque() {
		return c
	}
	if sameSite {
		// The base's directory as written, and as resolution sees it
		// once its own dot segments are gone ("/a/./b" is in "/a/"): "x"
		// stands for the reference's path while they are removed.
		// Section 5.2 step 6 merges only with an abs_path.
		effective, _ := removeDotSegments(base.Path()[:strings.LastIndexByte(base.Path(), '/')+1] + "x")
		for _, basePath := range []string{base.Path(), effective} {
			if strings.HasPrefix(basePath, "/") && strings.HasPrefix(target.Path(), "/") {
				c.AddRelativePaths(basePath, target.Path())
			}
		}
		c.AddAbsolutePath(target.Path())
	}
	c.AddNetworkPath(target.Path(), a.Value, a.Defined)
	return c
}
