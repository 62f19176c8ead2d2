package syntax

import "strings"

// SplitAppendixB returns the components of ref as the regular expression
// of RFC 3986 Appendix B reads a reference,
//
//	^(([^:/?#]+):)?(//([^/?#]*))?([^?#]*)(\?([^#]*))?(#(.*))?
//
// with the authority divided further: the userinfo is what comes before
// its first "@", the host what follows, up to its first ":" (a reg-name
// and an IPv4 address have none) or, for one that starts with "[" (an
// IP-literal), up to and with its first "]", and the port what follows
// that ":". The path is always defined, maybe empty. The reading is exact
// for a valid reference of RFC 3986 or RFC 3987 and takes any string: it
// is for what reads a reference without parsing it (RFC 3987's bidi
// warnings).
func SplitAppendixB(ref string) (s ComponentSpans) {
	at := 0
	if i := strings.IndexAny(ref, ":/?#"); i > 0 && ref[i] == ':' {
		s.Set(Scheme, 0, i)
		at = i + 1
	}
	end := func(stops string) int {
		if i := strings.IndexAny(ref[at:], stops); i >= 0 {
			return at + i
		}
		return len(ref)
	}
	if strings.HasPrefix(ref[at:], "//") {
		at += 2
		authEnd := end("/?#")
		s.Set(Authority, at, authEnd)
		if i := strings.IndexByte(ref[at:authEnd], '@'); i >= 0 {
			s.Set(UserInfo, at, at+i)
			at += i + 1
		}
		hostEnd := authEnd
		if strings.HasPrefix(ref[at:authEnd], "[") {
			if i := strings.IndexByte(ref[at:authEnd], ']'); i >= 0 {
				hostEnd = at + i + 1
			}
		} else if i := strings.IndexByte(ref[at:authEnd], ':'); i >= 0 {
			hostEnd = at + i
		}
		s.Set(Host, at, hostEnd)
		if hostEnd < authEnd && ref[hostEnd] == ':' {
			s.Set(Port, hostEnd+1, authEnd)
		}
		at = authEnd
	}
	pathEnd := end("?#")
	s.Set(Path, at, pathEnd)
	at = pathEnd
	if strings.HasPrefix(ref[at:], "?") {
		queryEnd := end("#")
		s.Set(Query, at+1, queryEnd)
		at = queryEnd
	}
	if strings.HasPrefix(ref[at:], "#") {
		s.Set(Fragment, at+1, len(ref))
	}
	return s
}

// Range returns the byte range of component p in the reference s was
// filled from, and whether it is defined.
func (s *ComponentSpans) Range(p Part) (begin, end int, ok bool) {
	return int(s.spans[p].begin), int(s.spans[p].end), s.Has(p)
}
