// This file stores the components of a parsed URI reference as byte
// ranges of the reference (it was package internal/uriparts), the way
// both parser (RFC 2396) and uri (the RFC 3986 family) keep them: a URI
// is then the reference, a small array of offsets and a bit set of which
// components are defined, and every component is a substring of the
// reference, not a copy.
//
// The two RFCs name the same eight components (RFC 2396 section 3 and
// 5.2 step 7, RFC 3986 section 3 and 5.3), so one [ComponentSpans] serves
// both; what differs between them (the kinds of host, RFC 2396's
// opaque_part and its server or registry authority) stays in each public
// package.

package syntax

import (
	"strconv"
	"strings"
)

// Part names a component of a URI reference by its index in [ComponentSpans].
type Part uint8

// The components, in the order they stand in a reference.
const (
	Scheme Part = iota
	Authority
	UserInfo
	Host
	Port
	Path
	Query
	Fragment
	numParts
)

// span is the byte range of a component in the reference.
type span struct{ begin, end int32 }

// ComponentSpans holds, for a reference kept elsewhere, the byte range of each of
// its components and whether it is defined. The zero ComponentSpans has no
// component defined, and an empty path.
type ComponentSpans struct {
	spans   [numParts]span
	defined uint16 // bit p: part p is defined
}

// Set defines component p as ref[begin:end].
func (s *ComponentSpans) Set(p Part, begin, end int) {
	s.spans[p] = span{int32(begin), int32(end)}
	s.defined |= 1 << p
}

// CopyFrom sets s to t, span by span: t was just written span by span
// (by a token parser), and a copy in wider moves, as the compiler makes of
// an assignment, would read each pair of spans while their stores are
// still in flight, which the processor cannot forward.
func (s *ComponentSpans) CopyFrom(t *ComponentSpans) {
	for i := range s.spans {
		s.spans[i] = t.spans[i]
	}
	s.defined = t.defined
}

// Clear makes component p undefined.
func (s *ComponentSpans) Clear(p Part) {
	s.spans[p] = span{}
	s.defined &^= 1 << p
}

// Has reports whether component p is defined.
func (s *ComponentSpans) Has(p Part) bool { return s.defined&(1<<p) != 0 }

// SchemeSpecificPart returns what lies between the scheme's ":" and the
// "#" of the fragment, or for a relative reference everything before the
// "#": java.net.URI's [scheme:]scheme-specific-part[#fragment].
func (s *ComponentSpans) SchemeSpecificPart(ref string) string {
	begin, end := 0, len(ref)
	if s.Has(Scheme) {
		begin = int(s.spans[Scheme].end) + 1
	}
	if s.Has(Fragment) {
		end = int(s.spans[Fragment].begin) - 1
	}
	return ref[begin:end]
}

// SpansFiller sets [ComponentSpans] from the tokens of a successful parse, which come
// children first and in the order of the input. Each component's token
// gives its range; the path has no token of its own in every reading, so
// the SpansFiller finds it between what precedes it (the authority, "scheme:"
// or nothing) and what follows it ("?" query, "#" fragment or the end).
// The zero SpansFiller is ready to read the tokens of a reference into an empty
// [ComponentSpans]. Its methods are small enough to be inlined into a parser's loop
// over its tokens.
type SpansFiller struct {
	begin, end int  // the path as read so far
	hasEnd     bool // end is set; else the path runs to the end
	opaque     bool
}

// Scheme records the scheme's token: the path starts after its ":".
func (f *SpansFiller) Scheme(s *ComponentSpans, begin, end int) {
	s.Set(Scheme, begin, end)
	f.begin = end + 1
}

// Authority records the authority's token: the path starts after it.
func (f *SpansFiller) Authority(s *ComponentSpans, begin, end int) {
	s.Set(Authority, begin, end)
	f.begin = end
}

// Query records the query's token: the path ends before its "?".
func (f *SpansFiller) Query(s *ComponentSpans, begin, end int) {
	s.Set(Query, begin, end)
	f.end, f.hasEnd = begin-1, true
}

// Fragment records the fragment's token: the path ends before its "#",
// unless a query or an opaque part ended it.
func (f *SpansFiller) Fragment(s *ComponentSpans, begin, end int) {
	s.Set(Fragment, begin, end)
	if !f.hasEnd {
		f.end, f.hasEnd = begin-1, true
	}
}

// Opaque records that ref[begin:end] is an opaque part (RFC 2396's
// opaque_part): the path is all of it, a "?" in it included, and a
// fragment after it does not end it.
func (f *SpansFiller) Opaque(begin, end int) {
	f.opaque = true
	f.begin, f.end, f.hasEnd = begin, end, true
}

// Path returns the range of the path as read so far in a reference of n
// bytes.
func (f *SpansFiller) Path(n int) (begin, end int) {
	if f.hasEnd {
		return f.begin, f.end
	}
	return f.begin, n
}

// Finish sets the path in s, for a reference of n bytes.
func (f *SpansFiller) Finish(s *ComponentSpans, n int) {
	begin, end := f.Path(n)
	s.Set(Path, begin, end)
}

// Component is a component's text and whether it is defined, as the
// public packages' Component types hold it (they convert to and from it).
type Component struct {
	Value   string
	Defined bool
}

// Recompose returns the reference that RFC 2396 section 5.2 step 7, and
// RFC 3986 section 5.3, make of five components: scheme ":" if defined,
// "//" authority if defined, the path, "?" query if defined, "#" fragment
// if defined. It does not check the result.
func Recompose(scheme, authority Component, path string, query, fragment Component) string {
	return RecomposeJoined(scheme, authority, "", path, query, fragment)
}

// RecomposeJoined is [Recompose] with the path given in two pieces, dir
// then path (a merged path, section 5.2 step 6), written with the rest in
// one allocation.
func RecomposeJoined(scheme, authority Component, dir, path string, query, fragment Component) string {
	var b strings.Builder // one allocation, and no copy for the string
	b.Grow(len(dir) + RecomposedLen(scheme, authority, path, query, fragment))
	if scheme.Defined {
		b.WriteString(scheme.Value)
		b.WriteByte(':')
	}
	if authority.Defined {
		b.WriteString("//")
		b.WriteString(authority.Value)
	}
	b.WriteString(dir)
	b.WriteString(path)
	if query.Defined {
		b.WriteByte('?')
		b.WriteString(query.Value)
	}
	if fragment.Defined {
		b.WriteByte('#')
		b.WriteString(fragment.Value)
	}
	return b.String()
}

// RecomposesTo reports whether [RecomposeJoined] gives s for the
// components, the path being dir followed by path, without building the
// string: whether a resolution's target is a reference already parsed.
func RecomposesTo(s string, scheme, authority Component, dir, path string, query, fragment Component) bool {
	if scheme.Defined {
		if !strings.HasPrefix(s, scheme.Value) || len(s) == len(scheme.Value) || s[len(scheme.Value)] != ':' {
			return false
		}
		s = s[len(scheme.Value)+1:]
	}
	if authority.Defined {
		if !strings.HasPrefix(s, "//") || !strings.HasPrefix(s[2:], authority.Value) {
			return false
		}
		s = s[2+len(authority.Value):]
	}
	if !strings.HasPrefix(s, dir) {
		return false
	}
	s = s[len(dir):]
	if !strings.HasPrefix(s, path) {
		return false
	}
	s = s[len(path):]
	if query.Defined {
		if !strings.HasPrefix(s, "?") || !strings.HasPrefix(s[1:], query.Value) {
			return false
		}
		s = s[1+len(query.Value):]
	}
	if fragment.Defined {
		if !strings.HasPrefix(s, "#") || !strings.HasPrefix(s[1:], fragment.Value) {
			return false
		}
		s = s[1+len(fragment.Value):]
	}
	return s == ""
}

// RecomposedLen is the length of the reference [Recompose] makes of the
// components, computed without making it.
func RecomposedLen(scheme, authority Component, path string, query, fragment Component) int {
	n := len(path)
	for _, c := range [...]Component{scheme, query, fragment} {
		if c.Defined {
			n += 1 + len(c.Value) // ":", "?", "#"
		}
	}
	if authority.Defined {
		n += 2 + len(authority.Value) // "//"
	}
	return n
}

// MaxRefLen is the longest reference the parsers take: offsets are kept as
// int32.
const MaxRefLen = 1<<31 - 1

// TooLongMessage returns the message of a TooLongError for a reference of n
// bytes, after the package's prefix ("rfc2396").
func TooLongMessage(prefix string, n int) string {
	return prefix + ": reference of " + strconv.Itoa(n) + " bytes is longer than the 2 GiB this parser takes"
}

// ColonAhead reports whether s, the rest of a reference from inside its
// first segment, has a ":" before its first "/", "?" or "#": whether what
// is read as a scheme could still end as one (both RFCs' error messages
// read "my file.html" as a relative path with a space, not as a scheme
// with one).
func ColonAhead(s string) bool {
	i := strings.IndexAny(s, ":/?#")
	return i >= 0 && s[i] == ':'
}
