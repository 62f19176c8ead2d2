package rfc3986

// MarshalText implements [encoding.TextMarshaler]: the reference, as
// String returns it.
func (u *URI) MarshalText() ([]byte, error) {
	if u == nil {
		return nil, errNilURI
	}
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
