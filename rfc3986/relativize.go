package rfc3986

import (
	"github.com/rfc2396/rfc2396/internal/refpath"
	"slices"
)

// Relativize returns the shortest reference that [Resolve], with no
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
func Relativize(base, target string) (string, error) {
	var b, t URI
	if err := ParseInto(&b, base); err != nil {
		return "", &ResolveError{Op: "relativize", Reason: InvalidBase, Base: base, Ref: target, Err: err}
	}
	if !b.Scheme().Defined {
		return "", &ResolveError{Op: "relativize", Reason: RelativeBase, Base: base, Ref: target}
	}
	if err := ParseInto(&t, target); err != nil {
		return "", &ResolveError{Op: "relativize", Reason: InvalidReference, Base: base, Ref: target, Err: err}
	}
	if !t.Scheme().Defined {
		return "", &ResolveError{Op: "relativize", Reason: RelativeTarget, Base: base, Ref: target}
	}
	var candidates []string
	if b.Scheme() != t.Scheme() {
		candidates = []string{target} // see refpath.Reachable
	} else {
		candidates = refpath.Reachable(relativeCandidates(&b, &t), t.ref, b.Scheme() == t.Scheme(), b.Authority() == t.Authority())
	}
	slices.SortStableFunc(candidates, func(a, b string) int { return len(a) - len(b) })
	var r URI
	for _, c := range candidates {
		if !Valid(c) || ParseInto(&r, c) != nil { // Valid: without the cost of explaining why
			continue
		}
		if got, warnings := resolveParsed(&b, &r, resolveConfig{}); got == target && len(warnings) == 0 {
			return c, nil
		}
	}
	return "", &ResolveError{Op: "relativize", Reason: UnreachableTarget, Base: base, Ref: target}
}

// relativeCandidates lists the references that may resolve against base
// to target, shortest kinds first; the caller sorts them by length, keeping
// that order among equals, and takes the first that resolves back.
func relativeCandidates(base, target *URI) []string {
	q, f := target.Query(), target.Fragment()
	c := refpath.NewCandidates(q.Value, q.Defined, f.Value, f.Defined)
	basePath := base.Path()
	if base.Authority().Defined && basePath == "" {
		basePath = "/" // section 5.2.3
	}
	// The base's directory as written, and as resolution sees it once its
	// own dot segments are gone ("a/./b" is in "a/"): "x" stands for the
	// reference's path while they are removed.
	c.AddRelativePaths(basePath, target.Path())
	c.AddRelativePaths(RemoveDotSegments(merge(base, "x")), target.Path())
	a := target.Authority()
	c.AddAbsolute(target.Path(), a.Value, a.Defined)
	return append(c.List, target.ref)
}
