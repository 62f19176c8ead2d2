package rfc3986

// Some returns a defined component with the given value.
func Some(value string) Component { return Component{Value: value, Defined: true} }

// Equal reports whether a and b are the same reference, byte for byte
// (section 6.2.1, simple string comparison). Two nil URIs are equal.
func Equal(a, b *URI) bool { return (a == nil) == (b == nil) && a.String() == b.String() }

// Equivalent reports whether a and b are equivalent by the comparison
// ladder of section 6.2 as far as [Normalize] climbs it: equal once both
// are normalized. It reports false if either is nil.
func Equivalent(a, b *URI, opts ...NormalizeOption) bool {
	if a == nil || b == nil {
		return false
	}
	return normalizeParsed(a, opts) == normalizeParsed(b, opts)
}

// Normalize returns the normal form of u; see [Normalize]. A nil u is an
// error.
func (u *URI) Normalize(opts ...NormalizeOption) (*URI, error) {
	if u == nil {
		return nil, errNilURI
	}
	n := normalizeParsed(u, opts)
	v, err := Parse(n)
	if e, ok := err.(*Error); ok {
		return nil, &ComposeError{Ref: n, Err: e}
	}
	return v, err
}

// ResolveReference resolves ref against u by section 5.2, as [Resolve]
// does for strings. u must be an absolute URI; a nil u or ref is an error.
func (u *URI) ResolveReference(ref *URI, opts ...ResolveOption) (*URI, []Warning, error) {
	if u == nil || ref == nil {
		return nil, nil, errNilURI
	}
	if !u.Scheme().Defined {
		return nil, nil, &ResolveError{Op: "resolve", Reason: RelativeBase, Base: u.ref, Ref: ref.ref}
	}
	var cfg resolveConfig
	for _, o := range opts {
		if o != nil {
			o(&cfg)
		}
	}
	target, warnings := resolveParsed(u, ref, cfg)
	t, err := Parse(target)
	if e, ok := err.(*Error); ok {
		// The algorithm of section 5 wrote a string that does not read
		// back ("a://:x/g"): WarnPathReadsAsAuthority says so.
		return nil, warnings, &ResolveError{Op: "resolve", Reason: Unrepresentable, Base: u.ref, Ref: ref.ref, Err: &ComposeError{Ref: target, Err: e}}
	}
	return t, warnings, err
}

// Resolve resolves the reference ref, given as a string, against u; see
// [URI.ResolveReference].
func (u *URI) Resolve(ref string, opts ...ResolveOption) (*URI, []Warning, error) {
	if u == nil {
		return nil, nil, errNilURI
	}
	var r URI
	if err := ParseInto(&r, ref); err != nil {
		return nil, nil, &ResolveError{Op: "resolve", Reason: InvalidReference, Base: u.ref, Ref: ref, Err: err}
	}
	return u.ResolveReference(&r, opts...)
}

// Relativize returns the shortest reference that resolves against u to
// target; see [Relativize]. A nil u or target is an error.
func (u *URI) Relativize(target *URI) (*URI, error) {
	if u == nil || target == nil {
		return nil, errNilURI
	}
	switch {
	case !u.Scheme().Defined:
		return nil, &ResolveError{Op: "relativize", Reason: RelativeBase, Base: u.ref, Ref: target.ref}
	case !target.Scheme().Defined:
		return nil, &ResolveError{Op: "relativize", Reason: RelativeTarget, Base: u.ref, Ref: target.ref}
	}
	r := new(URI)
	if err := relativize(u, target, r); err != nil {
		return nil, err
	}
	return r, nil
}
