package uri

// Some returns a defined component with the given value.
func Some(value string) Component { return Component{Value: value, Defined: true} }

// Equal reports whether a and b are the same reference, byte for byte
// (section 6.2.1, simple string comparison). Two nil URIs are equal.
func Equal[R Rule](a, b *URI[R]) bool { return (a == nil) == (b == nil) && a.String() == b.String() }

// Equivalent reports whether a and b are equivalent by the comparison
// ladder of section 6.2 as far as [Grammar.Normalize] climbs it: equal once both
// are normalized. It reports false if either is nil.
func Equivalent[R Rule](a, b *URI[R], opts ...NormalizeOption) bool {
	if a == nil || b == nil {
		return false
	}
	return normalizeParsed(a, opts) == normalizeParsed(b, opts)
}

// Normalize returns the normal form of u; see [Grammar.Normalize]. A nil u is an
// error.
func (u *URI[R]) Normalize(opts ...NormalizeOption) (*URI[R], error) {
	if u == nil {
		return nil, errNilURI
	}
	n := normalizeParsed(u, opts)
	v, err := u.grammar().Parse(n)
	if e, ok := err.(*Error[R]); ok {
		return nil, &ComposeError{prefix: u.g.name(), Ref: n, Err: e}
	}
	return v, err
}

// ResolveReference resolves ref against u by section 5.2, as [Grammar.Resolve]
// does for strings. u must be an absolute URI; a nil u or ref is an error.
func (u *URI[R]) ResolveReference(ref *URI[R], opts ...ResolveOption) (*URI[R], []Warning, error) {
	if u == nil || ref == nil {
		return nil, nil, errNilURI
	}
	if !u.Scheme().Defined {
		return nil, nil, &ResolveError{prefix: u.g.name(), Op: "resolve", Reason: RelativeBase, Base: u.ref, Ref: ref.ref}
	}
	var cfg resolveConfig
	for _, o := range opts {
		if o != nil {
			o(&cfg)
		}
	}
	target, warnings := resolveParsed(u, ref, cfg)
	t, err := u.grammar().Parse(target)
	if e, ok := err.(*Error[R]); ok {
		// The algorithm of section 5 wrote a string that does not read
		// back ("a://:x/g"): WarnPathReadsAsAuthority says so.
		return nil, warnings, &ResolveError{prefix: u.g.name(), Op: "resolve", Reason: Unrepresentable, Base: u.ref, Ref: ref.ref, Err: &ComposeError{prefix: u.g.name(), Ref: target, Err: e}}
	}
	return t, warnings, err
}

// Resolve resolves the reference ref, given as a string, against u; see
// [URI.ResolveReference].
func (u *URI[R]) Resolve(ref string, opts ...ResolveOption) (*URI[R], []Warning, error) {
	if u == nil {
		return nil, nil, errNilURI
	}
	var r URI[R]
	if err := u.grammar().ParseInto(&r, ref); err != nil {
		return nil, nil, &ResolveError{prefix: u.g.name(), Op: "resolve", Reason: InvalidReference, Base: u.ref, Ref: ref, Err: err}
	}
	return u.ResolveReference(&r, opts...)
}

// Relativize returns the shortest reference that resolves against u to
// target; see [Grammar.Relativize]. A nil u or target is an error.
func (u *URI[R]) Relativize(target *URI[R]) (*URI[R], error) {
	if u == nil || target == nil {
		return nil, errNilURI
	}
	switch {
	case !u.Scheme().Defined:
		return nil, &ResolveError{prefix: u.g.name(), Op: "relativize", Reason: RelativeBase, Base: u.ref, Ref: target.ref}
	case !target.Scheme().Defined:
		return nil, &ResolveError{prefix: u.g.name(), Op: "relativize", Reason: RelativeTarget, Base: u.ref, Ref: target.ref}
	}
	r := new(URI[R])
	if err := relativize(u, target, r); err != nil {
		return nil, err
	}
	return r, nil
}
