package parser

import "github.com/rfc2396/rfc2396/internal/syntax"

// uriSpans holds where each component of a [URI] lies in its reference, in
// 33 bytes where [syntax.ComponentSpans] takes 66, so that a URI is a
// 64-byte object rather than a 96-byte one: Parse allocates one a
// reference, and the allocation and its collection were the largest part
// of what Parse costs beyond ParseInto. It keeps only the boundaries that
// the others do not follow from, by the order of a reference's parts,
//
//	[ scheme ":" ] [ "//" [ userinfo "@" ] host [ ":" port ] ] path [ "?" query ] [ "#" fragment ]
//
// which every grammar of the package keeps (its edits change what a part
// may hold, not where it stands): the scheme starts the reference; the
// userinfo starts the authority; the host follows the userinfo's "@", or
// starts the authority; the port follows the host's ":" and ends the
// authority; the query follows the path's "?" and ends before the
// fragment's "#"; the fragment ends the reference. The path's begin is
// kept, since under the edit empty-authority a "//" may stand before it
// that belongs to no component. TestSpansLayout holds it to the
// components [syntax.SpansFiller] finds, under every named profile.
//
// The zero uriSpans has no component defined and an empty path.
type uriSpans struct {
	schemeEnd int32
	authBegin int32
	authEnd   int32
	userEnd   int32
	hostEnd   int32 // and one before the port's begin
	pathBegin int32
	pathEnd   int32 // and one before the query's begin
	fragBegin int32 // and one after the query's end
	defined   uint8 // bit p: part p is defined
}

// has reports whether component p is defined.
func (s *uriSpans) has(p syntax.Part) bool { return s.defined&(1<<p) != 0 }

// define marks component p as defined.
func (s *uriSpans) define(p syntax.Part) { s.defined |= 1 << p }

// bounds returns the byte range of component p in ref, the reference s
// was set from, whether or not p is defined.
func (s *uriSpans) bounds(ref string, p syntax.Part) (begin, end int) {
	switch p {
	case syntax.Scheme:
		return 0, int(s.schemeEnd)
	case syntax.Authority:
		return int(s.authBegin), int(s.authEnd)
	case syntax.UserInfo:
		return int(s.authBegin), int(s.userEnd)
	case syntax.Host:
		if s.has(syntax.UserInfo) {
			return int(s.userEnd) + 1, int(s.hostEnd)
		}
		return int(s.authBegin), int(s.hostEnd)
	case syntax.Port:
		return int(s.hostEnd) + 1, int(s.authEnd)
	case syntax.Path:
		return int(s.pathBegin), int(s.pathEnd)
	case syntax.Query:
		if s.has(syntax.Fragment) {
			return int(s.pathEnd) + 1, int(s.fragBegin) - 1
		}
		return int(s.pathEnd) + 1, len(ref)
	}
	return int(s.fragBegin), len(ref)
}

// get returns component p of ref, the reference s was set from, and
// whether it is defined.
func (s *uriSpans) get(ref string, p syntax.Part) (string, bool) {
	if !s.has(p) {
		return "", false
	}
	begin, end := s.bounds(ref, p)
	return ref[begin:end], true
}

// wide returns s as a [syntax.ComponentSpans], for the functions of
// package syntax that read one (resolution).
func (s *uriSpans) wide(ref string) syntax.ComponentSpans {
	var w syntax.ComponentSpans
	for p := syntax.Scheme; p <= syntax.Fragment; p++ {
		if s.has(p) {
			begin, end := s.bounds(ref, p)
			w.Set(p, begin, end)
		}
	}
	return w
}

// schemeSpecificPart returns what lies between the scheme's ":" and the
// fragment's "#" of ref (see [URI.SchemeSpecificPart]).
func (s *uriSpans) schemeSpecificPart(ref string) string {
	begin, end := 0, len(ref)
	if s.has(syntax.Scheme) {
		begin = int(s.schemeEnd) + 1
	}
	if s.has(syntax.Fragment) {
		end = int(s.fragBegin) - 1
	}
	return ref[begin:end]
}
