package syntax

import "strings"

// Target is what resolving a reference against a base makes of it before
// the removal of dot segments, which each RFC does its own way (RFC 2396
// section 5.2 steps 6c to 6g, RFC 3986 section 5.2.4). The target's path
// is Dir followed by Path: Dir is the base's directory that a relative
// path is merged with (empty for every other kind of target), and a merged
// path with no dot segment is written out in its two pieces, never
// joined.
type Target struct {
	Scheme, Authority, Query, Fragment Component
	Dir, Path                          string
	// Kind is the branch of the algorithm that made the target, by the
	// form of the reference, which both RFCs name alike: [Whole] for a
	// reference with a scheme (RFC 2396 step 3, RFC 3986 "if
	// defined(R.scheme)"), [NetworkPath] (step 4), [AbsolutePath] (step
	// 5), [RelativePath] (step 6) and [SameDocument] (step 2), or
	// [QueryOnly] for a query with an empty path under RFC 3986 ("if
	// (R.path == "")").
	Kind Kind
	// Dotted reports whether Dir followed by Path has a "." or ".."
	// segment; it is false for [SameDocument] and [QueryOnly], whose path
	// is the base's as it is. Dir is empty or ends in "/", so no segment
	// runs from Dir into Path.
	Dotted bool
	// EmptyBasePath reports that Dir is "/" because the base has an
	// authority and an empty path, and the reference a non-empty
	// relative path (RFC 3986 section 5.2.3; RFC 2396 step 6 read
	// literally would join them without one).
	EmptyBasePath bool
}

// ResolveRules are where the two RFCs' algorithms differ before dot
// segments are removed; the zero ResolveRules is RFC 3986's.
type ResolveRules struct {
	// QueryOnlyMerges: a reference with an empty path and a query ("?y")
	// is no reference to the current document, and its empty path is
	// merged with the base's directory: RFC 2396 section 5.2 step 2 takes
	// only a reference with nothing but a fragment for the current
	// document, and Appendix C resolves "?y" against "http://a/b/c/d;p?q"
	// to "http://a/b/c/?y". Without it, as in RFC 3986 section 5.2.2, the
	// target keeps the base's path and takes the reference's query
	// ("http://a/b/c/d;p?y").
	QueryOnlyMerges bool
}

// Resolve sets t to the target of the reference ref (whose spans are rs)
// against the base base (whose spans are bs): the part of the resolution
// algorithm that both RFCs share, before dot segments are removed. The
// base must have a scheme. With dropScheme, the reference's scheme is read
// as absent: the backwards-compatible reading of a scheme equal to the
// base's (RFC 2396 step 3, RFC 3986 section 5.2.2's "non-strict" parser),
// which the caller decides. It writes t in place, field by field, rather
// than return a Target: copied on its way out through a caller, one cost
// package uri's resolution of a parsed reference 15% of its time against
// net/url.
func (t *Target) Resolve(base string, bs *ComponentSpans, ref string, rs *ComponentSpans, dropScheme bool, rules ResolveRules) {
	authority, path := get(ref, rs, Authority), get(ref, rs, Path).Value
	t.Query, t.Fragment = get(ref, rs, Query), get(ref, rs, Fragment)
	t.Path, t.Dir, t.EmptyBasePath = path, "", false
	switch {
	case rs.Has(Scheme) && !dropScheme:
		t.Kind, t.Scheme, t.Authority = Whole, get(ref, rs, Scheme), authority
	case authority.Defined:
		t.Kind, t.Scheme, t.Authority = NetworkPath, get(base, bs, Scheme), authority
	case path == "" && !(t.Query.Defined && rules.QueryOnlyMerges):
		// The base's path, as it is: no dot segment is removed.
		t.Kind, t.Scheme, t.Authority, t.Path, t.Dotted = SameDocument, get(base, bs, Scheme), get(base, bs, Authority), get(base, bs, Path).Value, false
		if t.Query.Defined {
			t.Kind = QueryOnly
		} else {
			t.Query = get(base, bs, Query)
		}
		return
	case path != "" && path[0] == '/':
		t.Kind, t.Scheme, t.Authority = AbsolutePath, get(base, bs, Scheme), get(base, bs, Authority)
	default:
		t.Kind, t.Scheme, t.Authority = RelativePath, get(base, bs, Scheme), get(base, bs, Authority)
		// An empty relative path is RFC 2396's query-only reference,
		// which Appendix C merges with the base's directory as it is.
		t.Dir, t.EmptyBasePath = MergeDir(get(base, bs, Path).Value, t.Authority.Defined && path != "")
	}
	t.Dotted = HasDotSegment(t.Dir) || HasDotSegment(t.Path)
}

// MergeDir is what the merge of a relative path with the base's path puts
// before it (RFC 2396 section 5.2 steps 6a and 6b, RFC 3986 section
// 5.2.3): the base's path up to and including its last "/", empty if it
// has none, or "/" for an empty path when the base has an authority
// (rootEmpty); emptyBase reports that last case.
func MergeDir(basePath string, rootEmpty bool) (dir string, emptyBase bool) {
	if basePath == "" && rootEmpty {
		return "/", true
	}
	return basePath[:strings.LastIndexByte(basePath, '/')+1], false
}

// get returns component p of ref, whose spans are s.
func get(ref string, s *ComponentSpans, p Part) Component {
	v, ok := s.Get(ref, p)
	return Component{Value: v, Defined: ok}
}
