package parser

import (
	"strings"

	"github.com/rfc2396/rfc2396/grammar"
)

// The decoded accessors split a component on its raw delimiters first and
// unescape each piece afterwards, so a decoded reserved character ("%2F"
// in a segment, "%26" in a query) is never merged with a delimiter written
// raw: it stays inside its piece. The delimiters are those the generated
// escape tables record (escape_gen.go): the separators of the rule and the
// characters the RFC reserves within the component. Escapes in a valid URI
// are always well formed (escaped = "%" hex hex), so decoding cannot fail.

// Segment is one path segment (section 3.3), decoded: the text before its
// first raw ";" and the parameters after each raw ";".
type Segment struct {
	Name   string
	Params []string
}

// Field is a piece of a component between two of its raw delimiters,
// decoded, and the raw delimiter that ends it (0 for the last piece).
type Field struct {
	Value string
	Delim byte
}

// decode unescapes s, which comes from a valid URI.
func decode(s string) string {
	d, err := Unescape(s)
	if err != nil {
		return s // unreachable: a valid URI has only well-formed escapes
	}
	return d
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
	p := u.Path()
	if p == "" {
		return nil
	}
	if p[0] == '/' {
		p = p[1:]
	}
	var segs []Segment
	for {
		seg := p
		slash := strings.IndexByte(p, '/')
		if slash >= 0 {
			seg = p[:slash]
		}
		var s Segment
		for i, part := range strings.Split(seg, ";") {
			if i == 0 {
				s.Name = decode(part)
			} else {
				s.Params = append(s.Params, decode(part))
			}
		}
		segs = append(segs, s)
		if slash < 0 {
			return segs
		}
		p = p[slash+1:]
	}
}

// UserInfoFields returns the userinfo split on the raw characters section
// 3.2.2 reserves within it that its grammar allows (";" and ":"), each
// piece decoded; ok is false when the userinfo is undefined.
func (u *URI) UserInfoFields() (fields []Field, ok bool) {
	return fieldsOf(u.UserInfo(), grammar.RuleUserinfo)
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

// QueryFields returns the query split on the raw characters section 3.4
// reserves within it (";", "/", "?", ":", "@", "&", "=", "+", ",", "$"),
// each piece decoded: "a=1&b=%26" gives {a '='} {1 '&'} {b '='} {& 0}. ok
// is false when the query is undefined.
func (u *URI) QueryFields() (fields []Field, ok bool) {
	return fieldsOf(u.Query(), grammar.RuleQuery)
}

// DecodedQuery returns the whole query decoded, ok false when it is
// undefined. A decoded reserved character can no longer be told from one
// written raw; use QueryFields to keep them apart.
func (u *URI) DecodedQuery() (query string, ok bool) {
	q := u.Query()
	return decode(q.Value), q.Defined
}

// DecodedFragment returns the fragment decoded (section 4.1 reserves no
// character within it), ok false when it is undefined.
func (u *URI) DecodedFragment() (fragment string, ok bool) {
	f := u.Fragment()
	return decode(f.Value), f.Defined
}

// DecodedHost returns the host of a server-based authority. Appendix A
// allows no escapes in hostname or IPv4address, so it is the raw host; ok
// is false when there is none.
func (u *URI) DecodedHost() (host string, ok bool) {
	h := u.Host()
	return h.Value, h.Defined
}

func fieldsOf(c Component, rule grammar.Rule) ([]Field, bool) {
	if !c.Defined {
		return nil, false
	}
	delims := &escapeTables[rule].Delims
	var fields []Field
	start := 0
	for i := 0; i < len(c.Value); i++ {
		if delims.Has(c.Value[i]) {
			fields = append(fields, Field{Value: decode(c.Value[start:i]), Delim: c.Value[i]})
			start = i + 1
		}
	}
	return append(fields, Field{Value: decode(c.Value[start:])}), true
}
