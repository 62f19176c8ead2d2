package uri

import (
	"strings"

	"github.com/rfc2396/rfc2396/internal/syntax"
)

// The decoded accessors that package parser has too (UserInfoFields,
// QueryFields, DecodedQuery, DecodedFragment) are in face_gen.go; these
// are the ones whose answer RFC 3986 shapes differently: its segments have
// no parameters, and its reg-name is a host that may hold
// percent-encodings.

// PathSegments returns the segments of the path, split on raw "/" and each
// decoded (section 3.3). The "/" that starts an absolute path starts the
// first segment: "/a/b" has segments "a" and "b", "/" one empty segment,
// "" none. Unlike RFC 2396, RFC 3986 gives a segment no parameters: a ";"
// in it is a sub-delim like any other, and stays in the segment.
func (u *URI[R]) PathSegments() []string {
	p := u.Path()
	if p == "" {
		return nil
	}
	segs := make([]string, 0, strings.Count(strings.TrimPrefix(p, "/"), "/")+1)
	for seg := range syntax.Segments(p) {
		segs = append(segs, decode(seg))
	}
	return segs
}

// RegNameFields returns the host, when it is a reg-name (section 3.2.2),
// split on the raw reserved characters its grammar allows (sub-delims),
// each piece decoded; ok is false when the host is not a reg-name.
func (u *URI[R]) RegNameFields() (fields []Field, ok bool) {
	if u.HostKind() != RegName {
		return nil, false
	}
	return fieldsOf(u.grammar(), u.Host(), u.grammar().d.RegName)
}

// DecodedHost returns the host decoded: a reg-name may hold
// percent-encodings (section 3.2.2, where they stand for UTF-8 octets of a
// registered name); an IP literal or IPv4 address has none, and comes back
// as written. ok is false when there is no authority.
func (u *URI[R]) DecodedHost() (host string, ok bool) {
	h := u.Host()
	return decode(h.Value), h.Defined
}
