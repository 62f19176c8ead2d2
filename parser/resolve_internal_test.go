package parser

import (
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/rfc2396/rfc2396/internal/uritest"
)

// The resolution as section 5.2 writes it, step by step, before it was cut
// into resolveWith and step 7 (which keeps a merged path with no dot
// segment in two pieces): resolveAsWritten and recomposeAsWritten hold the
// pieces to it.

// resolveAsWritten is ResolveReference as it was written (section
// 5.2); see Resolve.
func (u *URI) resolveAsWritten(ref *URI, opts ...ResolveOption) (*URI, []Warning, error) {
	if u == nil || ref == nil {
		return nil, nil, &ResolveError{Op: "resolve", Reason: NilURI, Base: u.String(), Ref: ref.String()}
	}
	var cfg resolveConfig
	for _, o := range opts {
		if o != nil {
			o(&cfg)
		}
	}
	var warnings []Warning
	fail := func(reason ResolveReason) (*URI, []Warning, error) {
		return nil, warnings, &ResolveError{Op: "resolve", Reason: reason, Base: u.ref, Ref: ref.ref}
	}
	if !u.IsAbsolute() {
		return fail(RelativeBase)
	}
	scheme, authority, path := ref.Scheme(), ref.Authority(), ref.Path()
	query, fragment := ref.Query(), ref.Fragment()

	// Step 2: a reference to the current document.
	if path == "" && !scheme.Defined && !authority.Defined && !query.Defined {
		return recomposeAsWritten(u.Scheme(), u.Authority(), u.Path(), u.Query(), fragment, u, ref, warnings)
	}
	// Step 3: a reference with a scheme is absolute, unless the
	// backwards-compatible reading drops a scheme equal to the base's,
	// which it does only for a scheme "known to always use the
	// <hier_part> syntax" (not under an opaque base) and which matters
	// only for what would be a relative reference without the scheme
	// (not one with an authority, which resolves to itself either way).
	if scheme.Defined {
		same := strings.EqualFold(scheme.Value, u.Scheme().Value)
		alike := authority.Defined || u.IsOpaque()
		if !same || !cfg.compatScheme || alike {
			if same && !alike {
				warnings = append(warnings, WarnRepeatedScheme)
			}
			return ref, warnings, nil
		}
		rest, err := u.Profile().Parse(ref.ref[len(scheme.Value)+1:])
		if err != nil {
			// "http:" followed by something that is no relative
			// reference: it can only be read as absolute.
			return ref, append(warnings, WarnRepeatedScheme), nil
		}
		warnings = append(warnings, WarnSchemeDropped)
		ref = rest
		scheme, authority, path = ref.Scheme(), ref.Authority(), ref.Path()
		query, fragment = ref.Query(), ref.Fragment()
		if path == "" && !authority.Defined && !query.Defined {
			return recomposeAsWritten(u.Scheme(), u.Authority(), u.Path(), u.Query(), fragment, u, ref, warnings)
		}
	}
	if u.IsOpaque() {
		return fail(OpaqueBase)
	}
	scheme = u.Scheme()
	// Step 4: a network-path reference keeps its own authority and path.
	if authority.Defined {
		return recomposeAsWritten(scheme, authority, path, query, fragment, u, ref, warnings)
	}
	authority = u.Authority()
	// Step 5: an absolute-path reference keeps its path as it is.
	if strings.HasPrefix(path, "/") {
		return recomposeAsWritten(scheme, authority, path, query, fragment, u, ref, warnings)
	}
	// Step 6: merge with the base path.
	basePath := u.Path()
	if basePath == "" && authority.Defined && path != "" {
		warnings = append(warnings, WarnEmptyBasePath)
		basePath = "/"
	}
	merged := basePath[:strings.LastIndexByte(basePath, '/')+1] + path
	merged, aboveRoot := removeDotSegments(merged)
	if aboveRoot > 0 {
		switch cfg.dotDot {
		case KeepDotDot:
			warnings = append(warnings, WarnDotDotAboveRoot)
		case RemoveDotDot:
			merged = dropLeadingDotDot(merged, aboveRoot)
		case RefuseDotDot:
			return fail(DotDotRefused)
		}
	}
	return recomposeAsWritten(scheme, authority, merged, query, fragment, u, ref, warnings)
}

// recomposeAsWritten is step 7.
func recomposeAsWritten(scheme, authority Component, path string, query, fragment Component, base, ref *URI, warnings []Warning) (*URI, []Warning, error) {
	res, err := base.Profile().compose(scheme, authority, path, query, fragment)
	if e, ok := err.(*Error); ok {
		// The grammar in force rejects the result (after an edit).
		err = &ComposeError{Ref: e.Input, Err: err}
	}
	if err != nil {
		return nil, warnings, &ResolveError{Op: "resolve", Reason: Unrepresentable, Base: base.ref, Ref: ref.ref, Err: err}
	}
	return res, warnings, nil
}

// checkResolveAsWritten fails t if ResolveReference and resolveAsWritten
// differ on base and ref read under p, with opts.
func checkResolveAsWritten(t *testing.T, p *Profile, base, ref string, opts ...ResolveOption) {
	t.Helper()
	b, err := p.Parse(base)
	if err != nil {
		return
	}
	r, err := p.Parse(ref)
	if err != nil {
		return
	}
	got, gotWarnings, gotErr := b.ResolveReference(r, opts...)
	want, wantWarnings, wantErr := b.resolveAsWritten(r, opts...)
	if got.String() != want.String() || (gotErr == nil) != (wantErr == nil) || gotErr != nil && gotErr.Error() != wantErr.Error() {
		t.Fatalf("%s: %q against %q: %q, %v; as written %q, %v", p, ref, base, got, gotErr, want, wantErr)
	}
	if got != nil && (got.Path() != want.Path() || got.Query() != want.Query() || got.Fragment() != want.Fragment() || got.Authority() != want.Authority()) {
		t.Fatalf("%s: %q against %q: components differ from as written", p, ref, base)
	}
	if diff := cmp.Diff(wantWarnings, gotWarnings); diff != "" {
		t.Fatalf("%s: %q against %q: warnings (-as written +got):\n%s", p, ref, base, diff)
	}
}

// resolveOptionSets are the options checkResolveAsWritten is run with.
var resolveOptionSets = [][]ResolveOption{nil, {DotDotAboveRoot(RemoveDotDot)}, {DotDotAboveRoot(RefuseDotDot), BackwardsCompatibleScheme()}}

// TestResolveAsWritten holds ResolveReference to resolveAsWritten for the
// corpus sample against bases of each kind, under each profile.
func TestResolveAsWritten(t *testing.T) {
	refs := uritest.Sample(t, "../testdata/bench-sample.txt")
	refs = append(refs, "g", "./g:h", "../g", "..//g", ".//g", "g/./h", "?y", "#s", "", "a/b/..", "../../../g", "http:g", "http:/g", "//x/y")
	for _, p := range Profiles() {
		for _, base := range []string{"http://a/b/c/d;p?q", "http://a", "http://a//b/c", "foo:/a/b", "mailto:x@y", "http://a/b/../c/./d", "file:///x/y", "http://[::1]/a/"} {
			for _, opts := range resolveOptionSets {
				for _, ref := range refs {
					checkResolveAsWritten(t, p, base, ref, opts...)
				}
			}
		}
	}
}

// FuzzResolveAsWritten holds ResolveReference to resolveAsWritten for any
// base and reference, under strict and java.
func FuzzResolveAsWritten(f *testing.F) {
	for _, s := range [][2]string{{"http://a/b/c/d;p?q", "g"}, {"foo:/a/b", "..//g"}, {"http://a", "g?y#s"}, {"http://a/b/", "./g/../../../h"}} {
		f.Add(s[0], s[1])
	}
	f.Fuzz(func(t *testing.T, base, ref string) {
		for _, p := range []*Profile{Strict, Java} {
			for _, opts := range resolveOptionSets {
				checkResolveAsWritten(t, p, base, ref, opts...)
			}
		}
	})
}
