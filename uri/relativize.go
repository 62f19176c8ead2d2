package uri

import (
	"github.com/rfc2396/rfc2396/internal/syntax"
)

// Relativize returns the shortest reference that [Grammar.Resolve], with no
// options, resolves against base to exactly target, without a [Warning]:
// section 5.2 read backwards. It tries, in order of length, a fragment
// alone ("#f"), the empty reference, a query alone ("?y"), a relative
// path ("g", "../g", "./g:h", ".//x"), an absolute path ("/x/y"), a
// network path ("//b/x") and target itself, and returns the first
// shortest of those that resolves back. So
//
//	Resolve(base, Relativize(base, target)) == target
//
// for every pair it accepts. base must be an absolute URI, and target an
// absolute URI that some reference resolves to against base, or the error
// is a *[ResolveError] with Op "relativize" and its Reason: section 5.2.2
// removes the dot segments of every path it does not take from the base,
// so "http://a/b/../c" is the result of no resolution
// ([UnreachableTarget]).
func (g *Grammar[R]) Relativize(base, target string) (string, error) {
	var b, t URI[R]
	if err := g.ParseInto(&b, base); err != nil {
		return "", &ResolveError{prefix: g.d.Name, Op: "relativize", Reason: InvalidBase, Base: base, Ref: target, Err: err}
	}
	if !b.Scheme().Defined {
		return "", &ResolveError{prefix: g.d.Name, Op: "relativize", Reason: RelativeBase, Base: base, Ref: target}
	}
	if err := g.ParseInto(&t, target); err != nil {
		return "", &ResolveError{prefix: g.d.Name, Op: "relativize", Reason: InvalidReference, Base: base, Ref: target, Err: err}
	}
	if !t.Scheme().Defined {
		return "", &ResolveError{prefix: g.d.Name, Op: "relativize", Reason: RelativeTarget, Base: base, Ref: target}
	}
	var r URI[R]
	if err := relativize(&b, &t, &r); err != nil {
		return "", err
	}
	return r.ref, nil
}

// relativize is [Grammar.Relativize] of the absolute URIs b and t: on success, r
// holds the reference it returns, as parsed.
func relativize[R Rule](b, t, r *URI[R]) error {
	g := b.g
	if b.Scheme() != t.Scheme() {
		// Only the target itself can reach it (see syntax.Candidates):
		// it resolves to itself when it has no dot segments.
		if resolvesTo(b, t, t.ref) {
			*r = *t
			return nil
		}
		return &ResolveError{prefix: g.d.Name, Op: "relativize", Reason: UnreachableTarget, Base: b.ref, Ref: t.ref}
	}
	c := relativeCandidates(b, t, false)
	c.Sort()
	for _, cand := range c.List {
		if !mayResolveTo(b, cand, t) {
			continue
		}
		if cand.Kind == syntax.QueryOnly && !g.Valid(cand.Ref) {
			continue // without the cost of explaining why; the other kinds are rarely invalid
		}
		if g.ParseInto(r, cand.Ref) != nil {
			continue
		}
		if resolvesTo(b, r, t.ref) {
			return nil
		}
	}
	*r = URI[R]{}
	return &ResolveError{prefix: g.d.Name, Op: "relativize", Reason: UnreachableTarget, Base: b.ref, Ref: t.ref}
}

// mayResolveTo reports whether the candidate cand may resolve against
// base to target, without parsing cand: it is false only where the path
// section 5.2.2 gives cand differs from target's, and then the result,
// recomposed by section 5.3, is not target's string either. A candidate
// has no scheme (a relative path whose first segment has a ":" is written
// "./g:h"), and its authority and the target's are the same or it has its
// own; a path has no "?" or "#", so the recomposed strings are equal only
// if the paths are. A candidate that the grammar rejects is ruled out
// either way.
func mayResolveTo[R Rule](base *URI[R], cand syntax.Candidate, target *URI[R]) bool {
	switch cand.Kind {
	case syntax.SameDocument:
		return base.Path() == target.Path() && base.Query() == target.Query()
	case syntax.QueryOnly:
		return base.Path() == target.Path()
	case syntax.RelativePath:
		return RemoveDotSegments(merge(base, cand.Path)) == target.Path()
	case syntax.AbsolutePath, syntax.NetworkPath:
		return RemoveDotSegments(cand.Path) == target.Path()
	}
	return true
}

// relativeCandidates lists the references that may resolve against base
// to target, shortest kinds first, and target itself; the caller sorts them
// by length, keeping that order among equals, and takes the first that
// resolves back. Unless all is set, a target on another authority has only
// its network path and itself (see syntax.Candidates).
func relativeCandidates[R Rule](base, target *URI[R], all bool) syntax.Candidates {
	q, f, a := target.Query(), target.Fragment(), target.Authority()
	c := syntax.NewCandidates(target.ref, q.Value, q.Defined, f.Value, f.Defined)
	if all || base.Authority() == a {
		c.AddSameDocument()
		basePath := base.Path()
		if base.Authority().Defined && basePath == "" {
			basePath = "/" // section 5.2.3
		}
		// The base's directory as written, and as resolution sees it once
		// its own dot segments are gone ("a/./b" is in "a/"): "x" stands
		// for the reference's path while they are removed.
		c.AddRelativePaths(basePath, target.Path())
		c.AddRelativePaths(RemoveDotSegments(merge(base, "x")), target.Path())
		c.AddAbsolutePath(target.Path())
	}
	c.AddNetworkPath(target.Path(), a.Value, a.Defined)
	c.AddWhole(target.ref)
	return c
}
