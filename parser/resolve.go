package parser

import (
	"strings"

	"github.com/rfc2396/rfc2396/grammar"
	"github.com/rfc2396/rfc2396/internal/syntax"
)

// DotDotPolicy says what resolution does with ".." segments left at the
// start of a merged path (section 5.2, step 6g: "If the resulting buffer
// string still begins with one or more complete path segments of "..",
// then the reference is considered to be in error. Implementations may
// handle this error by retaining these components in the resolved path, by
// removing them from the resolved path, or by avoiding traversal of the
// reference.").
type DotDotPolicy int

const (
	// KeepDotDot retains them, as Appendix C does: "../../../g" against
	// "http://a/b/c/d;p?q" is "http://a/../g". The result carries a
	// WarnDotDotAboveRoot warning.
	KeepDotDot DotDotPolicy = iota
	// RemoveDotDot removes them: "http://a/g".
	RemoveDotDot
	// RefuseDotDot refuses the reference with a *ResolveError.
	RefuseDotDot
)

// Code returns a short, stable name for p: "keep", "remove" or "refuse".
func (p DotDotPolicy) Code() string {
	switch p {
	case KeepDotDot:
		return "keep"
	case RemoveDotDot:
		return "remove"
	case RefuseDotDot:
		return "refuse"
	}
	return "unknown"
}

// String describes p for people, in the words of section 5.2 step 6g.
func (p DotDotPolicy) String() string {
	switch p {
	case KeepDotDot:
		return `retain ".." segments above the root in the resolved path`
	case RemoveDotDot:
		return `remove ".." segments above the root from the resolved path`
	case RefuseDotDot:
		return `refuse a reference whose ".." segments climb above the root`
	}
	return "unknown policy"
}

// ResolveOption changes how Resolve reads the RFC where it leaves a choice.
type ResolveOption func(*resolveConfig)

type resolveConfig struct {
	compatScheme bool
	dotDot       DotDotPolicy
}

// BackwardsCompatibleScheme implements the other reading of section 5.2,
// step 3: "If the scheme component is defined, indicating that the
// reference starts with a scheme name, then the reference is interpreted as
// an absolute URI and we are done. Otherwise, the reference URI's scheme is
// inherited from the base URI's scheme component. [...] some parsers allow
// the scheme name to be present in a relative URI if it is the same as the
// base URI scheme" (and Appendix C: "http:g" is "http:g" for validating
// parsers, "http://a/b/c/g" for backwards compatibility). With this option,
// a reference whose scheme equals the base's (ignoring case), against a
// hierarchical base, has its scheme dropped and the rest is resolved as a
// relative reference, with a WarnSchemeDropped warning.
func BackwardsCompatibleScheme() ResolveOption {
	return func(c *resolveConfig) { c.compatScheme = true }
}

// DotDotAboveRoot sets what resolution does with ".." segments that would
// climb above the root of the path (section 5.2, step 6g); the default is
// KeepDotDot.
func DotDotAboveRoot(p DotDotPolicy) ResolveOption {
	return func(c *resolveConfig) { c.dotDot = p }
}

// Warning is something a resolution had to decide where RFC 2396 is
// silent, self-contradictory or says "should": the result is still
// returned, and the warning says what it relied on.
type Warning int

const (
	// WarnEmptyRelativePath: the reference has a query and no path ("?y").
	// It is not a URI-reference under Appendix A (relativeURI has no empty
	// path), but Appendix C resolves "?y" to "http://a/b/c/?y", and so does
	// Resolve: the reference relies on a known gap of RFC 2396.
	WarnEmptyRelativePath Warning = iota + 1
	// WarnDotDotAboveRoot: ".." segments were left at the start of the
	// merged path and kept (section 5.2, step 6g; Appendix C).
	WarnDotDotAboveRoot
	// WarnRepeatedScheme: the reference repeats the base's scheme before
	// what would otherwise be a relative reference ("http:g", "http:/g"),
	// against a hierarchical base. A validating parser reads it as
	// absolute (section 5.2 step 3, Appendix C); BackwardsCompatibleScheme
	// gives the other reading. A reference with an authority
	// ("http://x/y"), which both readings resolve alike, gets none.
	WarnRepeatedScheme
	// WarnSchemeDropped: with BackwardsCompatibleScheme, the reference's
	// scheme, equal to the base's, was dropped and the rest resolved as a
	// relative reference.
	WarnSchemeDropped
	// WarnEmptyBasePath: the base has an authority and an empty path
	// ("http://a") and the reference has a non-empty relative path. Read
	// literally,
	// section 5.2 step 6 makes "http://a" and "g" into authority "a" and
	// path "g", which recompose to "http://ag", a different authority.
	// Resolve puts a "/" before the merged path, as RFC 3986 section 5.2.3
	// later specified: "http://a/g".
	WarnEmptyBasePath
)

// Code returns a short name for w, e.g. "dotdot-above-root".
func (w Warning) Code() string {
	switch w {
	case WarnEmptyRelativePath:
		return "empty-relative-path"
	case WarnDotDotAboveRoot:
		return "dotdot-above-root"
	case WarnRepeatedScheme:
		return "repeated-scheme"
	case WarnSchemeDropped:
		return "scheme-dropped"
	case WarnEmptyBasePath:
		return "empty-base-path"
	}
	return "unknown"
}

// String describes w and the part of the RFC it concerns.
func (w Warning) String() string {
	switch w {
	case WarnEmptyRelativePath:
		return `the reference has a query and no path ("?y"): not a URI-reference under Appendix A (relativeURI has no empty path), resolved as Appendix C does; this relies on a known gap of RFC 2396`
	case WarnDotDotAboveRoot:
		return `".." segments climb above the root of the path and were kept, as Appendix C does (section 5.2 step 6g: the reference is in error)`
	case WarnRepeatedScheme:
		return `the reference repeats the base's scheme: read as an absolute URI, as a validating parser must (section 5.2 step 3, Appendix C); the backwards-compatible reading would resolve it as relative`
	case WarnSchemeDropped:
		return `the reference's scheme equals the base's and was dropped for backwards compatibility (section 5.2 step 3, Appendix C); a validating parser reads it as absolute`
	case WarnEmptyBasePath:
		return `the base has an authority and an empty path: section 5.2 step 6 read literally would join them without "/" (giving another authority); a "/" was put before the merged path, as RFC 3986 section 5.2.3 specifies`
	}
	return "unknown warning"
}

// RFC 2396's own reasons of a [ResolveReason], after those both packages
// have.
const (
	// OpaqueBase: a relative reference against an opaque base ("mailto:x");
	// section 5: "relative URI cannot be used within a document that has an
	// unsuitable base URI". Same-document references ("", "#f") are fine.
	OpaqueBase ResolveReason = ownResolveReasons + iota
	// DotDotRefused: ".." segments climb above the root and [RefuseDotDot]
	// was given (section 5.2 step 6g).
	DotDotRefused
	// Unrepresentable: the resolved components do not recompose into a
	// reference that reads back as them (a path starting with "//" and no
	// authority), or into one the grammar in force accepts (after an edit
	// that takes empty segments away, "." against "http://a/b" gives
	// "http://a/"); Err is the *ComposeError.
	Unrepresentable
	// NilURI: a nil *URI was given.
	NilURI
)

// resolveReasons names the reasons, those package rfc3986 has too as it
// does.
var resolveReasons = syntax.Reasons(InvalidBase, RelativeBase, InvalidReference, RelativeTarget, map[ResolveReason]syntax.EnumName{
	OpaqueBase:      {Code: "opaque-base", Text: "the base is opaque"},
	DotDotRefused:   {Code: "dotdot-above-root", Text: `the reference climbs above the root with ".."`},
	Unrepresentable: {Code: "unrepresentable", Text: "the result does not recompose into a reference"},
	NilURI:          {Code: "nil-uri", Text: "a nil *URI was given"},
})

func (e *ResolveError) Error() string {
	if e == nil {
		return "rfc2396: <nil *ResolveError>"
	}
	var msg string
	what := "reference"
	if e.Op == "relativize" {
		what = "target"
	}
	switch e.Reason {
	case InvalidBase:
		msg = "invalid base: " + errorMessage(e.Err)
	case RelativeBase:
		msg = "the base " + quoteRef(e.Base) + " is not an absolute URI (section 5.2 resolves against an absolute base)"
	case InvalidReference:
		msg = "invalid " + what + ": " + errorMessage(e.Err)
	case OpaqueBase:
		msg = "the base " + quoteRef(e.Base) + " is opaque: a relative reference cannot be resolved against it (section 5)"
	case DotDotRefused:
		msg = `the reference ` + quoteRef(e.Ref) + ` climbs above the root of the base's path with ".." (section 5.2 step 6g: the reference is in error)`
	case RelativeTarget:
		msg = "the target " + quoteRef(e.Ref) + " is not an absolute URI (a resolution always gives one, section 5.2)"
	case Unrepresentable:
		ce, isCompose := e.Err.(*ComposeError)
		switch {
		case isCompose && ce.Err != nil:
			msg = "resolving " + quoteRef(e.Ref) + " gives " + quoteRef(ce.Ref) + ", which the grammar in force rejects: " + errorMessage(ce.Err)
		case isCompose || e.Err == nil:
			msg = "resolving " + quoteRef(e.Ref) + ` gives a path that starts with "//" and no authority, which does not recompose into a reference (step 7 would read the path as an authority)`
		default:
			// A result longer than Parse reads, say.
			msg = "resolving " + quoteRef(e.Ref) + " gives a reference that cannot be read back: " + errorMessage(e.Err)
		}
	default:
		msg = e.Reason.String()
	}
	op := e.Op
	if op == "" {
		op = "resolve"
	}
	return "rfc2396: " + op + ": " + msg
}

// errorMessage is err's message without the "rfc2396: " prefix of this
// package's errors, for an error that wraps it.
func errorMessage(err error) string {
	switch e := err.(type) {
	case nil:
		return "(no detail)"
	case *Error:
		return e.message()
	}
	return strings.TrimPrefix(err.Error(), "rfc2396: ")
}

// warnings is []Warning, spelled so in [Resolve]'s results: go doc takes
// a function that returns a type of the package (or a slice of one) for
// a constructor of that type and lists it there, and Resolve is no
// constructor of [Warning]. Being an alias, it is []Warning to callers.
type warnings = []Warning

// Resolve resolves the reference ref against the absolute URI base by the
// algorithm of section 5.2 and returns the result as a string, with the
// warnings of the resolution (a []Warning; see [Warning]). Appendix C, normal and
// abnormal examples, gives exactly the RFC's results.
func Resolve(base, ref string, opts ...ResolveOption) (string, warnings, error) {
	return strict.Resolve(base, ref, opts...)
}

// Resolve is [Resolve] under p: the base and the reference are read under
// p's grammar, and so is the result.
func (p *Profile) Resolve(base, ref string, opts ...ResolveOption) (string, []Warning, error) {
	p = p.orStrict()
	b, err := p.Parse(base)
	if err != nil {
		return "", nil, &ResolveError{Op: "resolve", Reason: InvalidBase, Base: base, Ref: ref, Err: err}
	}
	u, warnings, err := b.Resolve(ref, opts...)
	if err != nil {
		return "", warnings, err
	}
	return u.String(), warnings, nil
}

// Resolve resolves the reference ref against u, which must be an absolute
// URI (section 5.2). ref is a URI-reference, or a query-only reference such
// as "?y", which Appendix C resolves although Appendix A does not derive it
// (the result then carries WarnEmptyRelativePath).
func (u *URI) Resolve(ref string, opts ...ResolveOption) (*URI, []Warning, error) {
	if u == nil {
		return nil, nil, &ResolveError{Op: "resolve", Reason: NilURI, Ref: ref}
	}
	var warnings []Warning
	r, err := u.Profile().Parse(ref)
	if err != nil {
		r, err = u.Profile().parseQueryOnly(ref, err)
		if err != nil {
			return nil, nil, &ResolveError{Op: "resolve", Reason: InvalidReference, Base: u.ref, Ref: ref, Err: err}
		}
		warnings = append(warnings, WarnEmptyRelativePath)
	}
	res, more, err := u.ResolveReference(r, opts...)
	return res, append(warnings, more...), err
}

// parseQueryOnly reads a reference that Parse rejected at offset 0 because
// it starts with "?": the gap of RFC 2396 that Appendix C's "?y" relies on.
// The query and fragment must still be valid.
func (p *Profile) parseQueryOnly(ref string, perr error) (*URI, error) {
	e, ok := syntax.ErrorAs[*Error](perr)
	if !ok || e.Gap != GapEmptyRelativePath {
		return nil, perr
	}
	query, fragment, hasFragment := strings.Cut(ref[1:], "#")
	if err := p.Match(grammar.RuleQuery, query); err != nil {
		return nil, shiftError(err, ref, 1)
	}
	u := &URI{ref: ref, profile: p}
	// The path is empty, before the "?": the zero spans' path.
	u.spans.define(syntax.Path)
	u.spans.define(syntax.Query)
	if hasFragment {
		if err := p.Match(grammar.RuleFragment, fragment); err != nil {
			return nil, shiftError(err, ref, 2+len(query))
		}
		u.spans.fragBegin = int32(2 + len(query))
		u.spans.define(syntax.Fragment)
	}
	return u, nil
}

// shiftError makes an error about a part of ref that starts at off into an
// error about ref.
func shiftError(err error, ref string, off int) error {
	e, ok := syntax.ErrorAs[*Error](err)
	if !ok {
		return err
	}
	shifted := *e
	shifted.Input = ref
	shifted.Offset += off
	return &shifted
}

// ResolveReference resolves the parsed reference ref against u (section
// 5.2); see Resolve.
func (u *URI) ResolveReference(ref *URI, opts ...ResolveOption) (*URI, []Warning, error) {
	res, warnings, err := u.resolveComponents(ref, opts)
	if err != nil || res.uri != nil {
		return res.uri, warnings, err
	}
	return res.compose(u, warnings)
}

// ResolveReferenceString is [URI.ResolveReference] with the result as a
// string: what [Resolve] returns for the strings of u and ref. Step 7's
// check that the result reads back as its components is made as in
// ResolveReference; the result's *URI is not kept.
func (u *URI) ResolveReferenceString(ref *URI, opts ...ResolveOption) (string, []Warning, error) {
	res, warnings, err := u.resolveComponents(ref, opts)
	if err != nil {
		return "", warnings, err
	}
	if res.uri != nil {
		return res.uri.ref, warnings, nil
	}
	var t URI
	if err := res.composeInto(&t, u); err != nil {
		return "", warnings, err
	}
	return t.ref, warnings, nil
}

// AppendResolveReference is [URI.ResolveReferenceString] with the result
// appended to dst, which it returns (dst unchanged on error), as package
// rfc3986's method of the same name. Unlike RFC 3986's, it makes step 7's
// check that the result reads back as its components, so the recomposed
// reference is still built as a string before it is appended.
func (u *URI) AppendResolveReference(dst []byte, ref *URI, opts ...ResolveOption) ([]byte, []Warning, error) {
	s, warnings, err := u.ResolveReferenceString(ref, opts...)
	if err != nil {
		return dst, warnings, err
	}
	return append(dst, s...), warnings, nil
}

// resolution is what steps 1 to 6 of section 5.2 make of a reference: the
// reference itself (step 3), or the components step 7 recomposes.
type resolution struct {
	uri *URI // the result as it is, or nil
	// The components of the result when uri is nil. The path is Dir
	// followed by Path: a merged path with no dot segment is kept in its
	// two pieces, and joined only in the result.
	syntax.Target
	ref *URI // the reference resolved (after BackwardsCompatibleScheme drops a scheme), for errors
}

// resolveComponents is steps 1 to 6 of section 5.2: the resolution of ref
// against u, before step 7 recomposes it.
func (u *URI) resolveComponents(ref *URI, opts []ResolveOption) (resolution, []Warning, error) {
	if u == nil || ref == nil {
		return resolution{}, nil, &ResolveError{Op: "resolve", Reason: NilURI, Base: u.String(), Ref: ref.String()}
	}
	return u.resolveWith(ref, configOf(opts))
}

// configOf applies opts to a resolveConfig; with none it allocates
// nothing.
func configOf(opts []ResolveOption) resolveConfig { return syntax.ApplyOptions(opts) }

// resolveWith is resolveComponents under cfg, for u and ref not nil.
func (u *URI) resolveWith(ref *URI, cfg resolveConfig) (resolution, []Warning, error) {
	var warnings []Warning
	fail := func(reason ResolveReason) (resolution, []Warning, error) {
		return resolution{}, warnings, &ResolveError{Op: "resolve", Reason: reason, Base: u.ref, Ref: ref.ref}
	}
	if !u.IsAbsolute() {
		return fail(RelativeBase)
	}
	// Step 3 (before step 2, which a reference with a scheme never
	// meets, so that the other components are not read for it): a
	// reference with a scheme is absolute, unless the backwards-compatible
	// reading drops a scheme equal to the base's.
	//
	// The loophole step 3 describes is a scheme equal to the base's
	// before what would otherwise be a relative reference ("http:g"),
	// which a validating parser reads as absolute and an older one as
	// relative: only there do the two readings differ, and only there
	// is a warning due. A reference with an authority ("http://x/y")
	// resolves to itself either way (step 4 would take the authority,
	// path and query from it, and the scheme it repeats), and the
	// workaround is for a scheme "known to always use the <hier_part>
	// syntax", which an opaque base's is not: both read as absolute
	// with nothing to warn of.
	scheme := ref.Scheme()
	same := scheme.Defined && strings.EqualFold(scheme.Value, u.Scheme().Value)
	readsAlike := ref.Authority().Defined || u.IsOpaque()
	if scheme.Defined && (!same || !cfg.compatScheme || readsAlike) {
		if same && !readsAlike {
			warnings = append(warnings, WarnRepeatedScheme)
		}
		return resolution{uri: ref, ref: ref}, warnings, nil
	}
	// Step 3, the backwards-compatible reading: the scheme, equal to the
	// base's, is dropped.
	if scheme.Defined {
		rest, err := u.Profile().Parse(ref.ref[len(scheme.Value)+1:])
		if err != nil {
			// "http:" followed by something that is no relative
			// reference: it can only be read as absolute.
			return resolution{uri: ref, ref: ref}, append(warnings, WarnRepeatedScheme), nil
		}
		warnings = append(warnings, WarnSchemeDropped)
		ref = rest
	}
	// Steps 2 and 4 to 6b, the skeleton both RFCs share, under RFC 2396's
	// rules: only a reference with nothing but a fragment is one to the
	// current document (step 2), and a query-only reference ("?y") merges
	// its empty path (Appendix C). After a scheme was dropped, what
	// follows it is resolved as a relative reference, even where it reads
	// with a scheme of its own ("http:http:g" reads "http:g" after it).
	res := resolution{ref: ref}
	t := &res.Target
	base, rel := u.spans.wide(u.ref), ref.spans.wide(ref.ref)
	t.Resolve(u.ref, &base, ref.ref, &rel, scheme.Defined, syntax.ResolveRules{QueryOnlyMerges: true})
	if t.Kind != syntax.SameDocument && u.IsOpaque() {
		return fail(OpaqueBase)
	}
	// Steps 4 and 5 keep the reference's path as it is; step 6 merges a
	// relative one with the base's directory.
	if t.Kind != syntax.RelativePath {
		return res, warnings, nil
	}
	if t.EmptyBasePath {
		warnings = append(warnings, WarnEmptyBasePath)
	}
	if !t.Dotted {
		// Steps 6c to 6g leave the merged path as it is.
		return res, warnings, nil
	}
	merged, aboveRoot := removeDotSegments(t.Dir + t.Path)
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
	t.Dir, t.Path = "", merged
	return res, warnings, nil
}

// joined reports whether s is a followed by b, without joining them.
func joined(s, a, b string) bool {
	return len(s) == len(a)+len(b) && strings.HasPrefix(s, a) && s[len(a):] == b
}

// compose is step 7: the result recomposed and read back under base's
// profile.
func (r *resolution) compose(base *URI, warnings []Warning) (*URI, []Warning, error) {
	res := new(URI)
	if err := r.composeInto(res, base); err != nil {
		return nil, warnings, err
	}
	return res, warnings, nil
}

// composeInto is compose into a URI the caller provides.
func (r *resolution) composeInto(res *URI, base *URI) error {
	if err := base.Profile().composeInto(res, Component(r.Scheme), Component(r.Authority), r.Dir, r.Path, Component(r.Query), Component(r.Fragment)); err != nil {
		return &ResolveError{Op: "resolve", Reason: Unrepresentable, Base: base.ref, Ref: r.ref.ref, Err: err}
	}
	return nil
}

// is reports whether the resolution is exactly target, which was parsed
// under base's profile: whether step 7 would succeed and give target's
// string. target was read from that string under that profile, so step
// 7's reading back would give target's components: there is nothing to
// parse again.
func (r *resolution) is(target *URI) bool {
	if r.uri != nil {
		return r.uri.ref == target.ref
	}
	return Component(r.Scheme) == target.Scheme() && Component(r.Authority) == target.Authority() && joined(target.Path(), r.Dir, r.Path) &&
		Component(r.Query) == target.Query() && Component(r.Fragment) == target.Fragment() && syntax.RecomposesTo(target.ref, r.Scheme, r.Authority, r.Dir, r.Path, r.Query, r.Fragment)
}

// removeDotSegments applies steps 6c to 6f of section 5.2 to a merged path,
// and reports how many complete ".." segments are left at its start (step
// 6g). A leading "/" is not followed by a segment of its own: the segments
// are those of path_segments, after it.
//
// The steps are written as string rewriting, repeated until nothing
// changes; this is the "pair of segment stacks" the RFC allows instead, in
// one pass and linear time. It gives the same result: 6c and 6d only ever
// remove "." segments; the rewriting of 6e ("<segment>/../" to nothing,
// segment not ".."), repeated leftmost first, ends in the same string
// whatever the order, and the stack applies it as soon as a ".." meets the
// segment before it; 6f then applies once, to a final "..". The tests
// check this against a literal string-rewriting reading of the steps.
func removeDotSegments(path string) (string, int) {
	if !syntax.HasDotSegment(path) {
		return path, 0 // nothing for the steps to remove
	}
	lead := 0
	if strings.HasPrefix(path, "/") {
		lead = 1
	}
	var stack [32]syntax.PathSpan
	kept, above := syntax.ReduceSpans(path, lead, 0, stack[:0])
	// With nothing kept above it (keep 0), every ".." left is at the
	// start.
	return syntax.Join(path, path[:lead], kept), above
}

// dropLeadingDotDot removes the first n ".." segments of a path that
// removeDotSegments returned.
func dropLeadingDotDot(path string, n int) string {
	lead := ""
	if strings.HasPrefix(path, "/") {
		lead, path = "/", path[1:]
	}
	for ; n > 0; n-- {
		i := strings.IndexByte(path, '/')
		if i < 0 {
			return lead // the last segment dropped: an empty one stays
		}
		path = path[i+1:]
	}
	return lead + path
}

func quoteRef(s string) string {
	var b strings.Builder
	b.WriteByte('"')
	for i := 0; i < len(s); i++ {
		c := s[i]
		if c >= 0x20 && c < 0x7f && c != '"' && c != '\\' {
			b.WriteByte(c)
			continue
		}
		b.WriteString(`\x`)
		b.WriteByte("0123456789abcdef"[c>>4])
		b.WriteByte("0123456789abcdef"[c&15])
	}
	b.WriteByte('"')
	return b.String()
}

// composeInto is [Profile.compose] into a URI the caller provides, the
// path being dir followed by path: u is set even when the components read
// back as others.
func (p *Profile) composeInto(u *URI, scheme, authority Component, dir, path string, query, fragment Component) error {
	s := recomposeJoined(scheme, authority, dir, path, query, fragment)
	if err := p.ParseInto(u, s); err != nil {
		if _, ok := err.(*Error); ok {
			return &ComposeError{Ref: s, Err: err}
		}
		return err
	}
	if u.Scheme() != scheme || u.Authority() != authority || !joined(u.Path(), dir, path) || u.Query() != query || u.Fragment() != fragment {
		return &ComposeError{Ref: u.ref}
	}
	return nil
}

// recomposeJoined is [syntax.RecomposeJoined] over this package's components.
func recomposeJoined(scheme, authority Component, dir, path string, query, fragment Component) string {
	return syntax.RecomposeJoined(syntax.Component(scheme), syntax.Component(authority), dir, path, syntax.Component(query), syntax.Component(fragment))
}
