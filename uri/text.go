package uri

// MarshalText implements [encoding.TextMarshaler]: the reference, as
// String returns it. Its receiver is a value, so that a URI held by value
// (a struct field of type URI, not *URI[R]) marshals as its reference too:
// encoding/json writes a nil *URI[R] as null without calling it, and the
// zero URI as "" (the empty reference).
func (u URI[R]) MarshalText() ([]byte, error) {
	return []byte(u.ref), nil
}

// UnmarshalText implements [encoding.TextUnmarshaler], strictly: it parses
// text as [Grammar.Parse] does and returns its *[Error] if text is not a
// URI-reference.
func (u *URI[R]) UnmarshalText(text []byte) error {
	if u == nil {
		return errNilURI
	}
	g := u.grammar()
	if g == nil {
		return errNoGrammar
	}
	return g.ParseInto(u, string(text))
}
