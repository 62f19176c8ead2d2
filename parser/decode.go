package parser

// The decoded accessors that RFC 3986 has too (UserInfoFields,
// QueryFields, DecodedQuery, DecodedFragment) are in face_gen.go; these
// are RFC 2396's own: path segments with parameters, and the registry-based
// authority.

import (
	"strings"

	"github.com/rfc2396/rfc2396/grammar"
	"github.com/rfc2396/rfc2396/internal/syntax"
)

// Segment is one path segment (section 3.3), decoded: the text before its
// first raw ";" and the parameters after each raw ";".
type Segment struct {
	Name   string
	Params []string
}

// PathSegments returns the segments of a hierarchical or relative path,
// split on raw "/" and then on raw ";" before decoding (section 3.3). The
// "/" that starts an absolute path starts the first segment: "/a/b" has
// segments "a" and "b", "/" one empty segment, "" none. An opaque URI has
// no path segments (nil).
func (u *URI) PathSegments() []Segment {
	if u.IsOpaque() {
		return nil
	}
	var segs []Segment
	for seg := range syntax.Segments(u.Path()) {
		var s Segment
		for i, part := range strings.Split(seg, ";") {
			if i == 0 {
				s.Name = decode(part)
			} else {
				s.Params = append(s.Params, decode(part))
			}
		}
		segs = append(segs, s)
	}
	return segs
}

// RegNameFields returns a registry-based authority (section 3.2.1) split on
// the raw characters section 3.2 reserves within an authority that reg_name
// allows (";", ":" and "@"), each piece decoded; ok is false when the
// authority is not registry-based.
func (u *URI) RegNameFields() (fields []Field, ok bool) {
	if u.AuthorityKind() != RegistryAuthority {
		return nil, false
	}
	return fieldsOf(u.Authority(), grammar.RuleRegName)
}

// DecodedHost returns the host of a server-based authority. Appendix A
// allows no escapes in hostname or IPv4address, so it is the raw host; ok
// is false when there is none.
func (u *URI) DecodedHost() (host string, ok bool) {
	h := u.Host()
	return h.Value, h.Defined
}
