package rfc3986

// MarshalText implements [encoding.TextMarshaler]: the reference, as
// String returns it. Its receiver is a value, so that a URI held by value
// (a struct field of type URI, not *URI) marshals as its reference too:
// encoding/json writes a nil *URI as null without calling it, and the
// zero URI as "" (the empty reference).
func (u URI) MarshalText() ([]byte, error) {
	return []byte(u.ref), nil
}

// UnmarshalText implements [encoding.TextUnmarshaler], strictly: it parses
// text as [Parse] does and returns its *[Error] if text is not a
// URI-reference.
func (u *URI) UnmarshalText(text []byte) error {
	if u == nil {
		return errNilURI
	}
	return ParseInto(u, string(text))
}
