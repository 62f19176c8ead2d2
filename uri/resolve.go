package uri

import (
	"bytes"
	"strings"

	"github.com/rfc2396/rfc2396/internal/safeout"
	"github.com/rfc2396/rfc2396/internal/syntax"
)

// ResolveOption changes how [Grammar.Resolve] reads a reference.
type ResolveOption func(*resolveConfig)

type resolveConfig struct {
	nonStrict bool
}

// BackwardsCompatibleScheme is the "non-strict" reading of section 5.2.2,
// kept "for backward compatibility": a reference whose scheme is the
// base's ("http:g" against an http base) is read as if it had no scheme
// ("g"), as some parsers before RFC 3986 did. Section 5.2.2 calls this a
// loophole whose use "should be avoided"; by default Resolve is strict and
// "http:g" stays "http:g". Schemes compare ignoring case (section 3.1).
// Package parser has the option of the same name for RFC 2396's section
// 5.2, step 3.
func BackwardsCompatibleScheme() ResolveOption {
	return func(c *resolveConfig) { c.nonStrict = true }
}

// UnreachableTarget, a [ResolveReason] of RFC 3986's own: [Grammar.Relativize]
// found no reference that resolves against the base to exactly its target,
// the target included: the target's path has dot segments section 5.2.4
// would take out ("http://a/b/../c"), or the target reads back
// differently.
const UnreachableTarget = ownResolveReasons

// Unrepresentable, a [ResolveReason] that package parser has too, with its
// own meaning there: [URI.ResolveReference] found that the target the
// algorithm wrote does not read back as a URI-reference ("a://:x/g", see
// [WarnPathReadsAsAuthority]); Err is the *[ComposeError], whose Err is
// the *[Error] the grammar gives the target. [Grammar.Resolve], which returns the
// string as written, does not read it back and never reports this.
const Unrepresentable = ownResolveReasons + 1

// resolveReasons holds the codes and texts: the four reasons shared with
// package parser come from internal/syntax.Reasons, the others are this
// package's.
var resolveReasons = syntax.Reasons(InvalidBase, RelativeBase, InvalidReference, RelativeTarget, map[ResolveReason]syntax.EnumName{
	UnreachableTarget: {Code: "unreachable-target", Text: "no reference resolves to the target against the base"},
	Unrepresentable:   {Code: "unrepresentable", Text: "the result does not recompose into a reference"},
})

func (e *ResolveError) Error() string {
	if e == nil {
		return "uri: <nil *ResolveError>"
	}
	p := e.prefix
	if p == "" {
		// A ResolveError a caller built: the grammar of the error it
		// wraps, if that says.
		if n, ok := e.Err.(interface{ grammarName() string }); ok {
			p = n.grammarName()
		}
	}
	p = prefixOr(p)
	switch e.Reason {
	case InvalidBase:
		return p + ": invalid base URI: " + message(p, e.Err)
	case RelativeBase:
		return p + ": base URI " + quoteSafe(e.Base) + " has no scheme; section 5.1 requires an absolute base URI"
	case InvalidReference:
		if e.Op == "relativize" {
			return p + ": invalid target: " + message(p, e.Err)
		}
		return p + ": invalid reference: " + message(p, e.Err)
	case RelativeTarget:
		return p + ": target " + quoteSafe(e.Ref) + " has no scheme; a resolution always gives an absolute URI (section 5.2.2)"
	case UnreachableTarget:
		return p + ": no reference resolves against " + quoteSafe(e.Base) + " to " + quoteSafe(e.Ref) + " (section 5.2.2 removes dot segments from every path it does not take from the base)"
	case Unrepresentable:
		if ce, ok := e.Err.(*ComposeError); ok && ce.Err != nil {
			return p + ": resolving " + quoteSafe(e.Ref) + " against " + quoteSafe(e.Base) + " gives " + quoteSafe(ce.Ref) + ", which does not read back: " + message(p, ce.Err)
		}
	}
	return p + ": " + e.Reason.String()
}

// message is err's message without its prefix ("rfc3986: "), for an error
// that wraps err and has the prefix itself: every message has one.
func message(prefix string, err error) string {
	if err == nil {
		return "no error given"
	}
	return strings.TrimPrefix(err.Error(), prefix+": ")
}

// quoteSafe quotes s for a message, escaping what is not printable.
func quoteSafe(s string) string {
	const max = 200
	if len(s) > max {
		return strings.TrimSuffix(safeout.Quote(s[:max]), `"`) + `..."`
	}
	return safeout.Quote(s)
}

// warnings is []Warning, spelled so in [Grammar.Resolve]'s results: go doc takes
// a function that returns a type of the package (or a slice of one) for
// a constructor of that type and lists it there, and Resolve is no
// constructor of [Warning]. Being an alias, it is []Warning to callers.
type warnings = []Warning

// Resolve resolves the reference ref against the base URI base by section
// 5.2 and returns the target URI, recomposed by section 5.3. Both must be
// valid URI-references (an error is a *[ResolveError] whose Reason says
// which, wrapping the *[Error] that says where); base must have a scheme
// (section 5.1). A fragment of the base is
// ignored, as section 5.1 strips it before use. Dot segments are removed
// by section 5.2.4, so "../../../g" against "http://a/b/c/d;p?q" is
// "http://a/g" (RFC 2396 kept "http://a/../g"). Where the result relies on
// a place where RFC 3986 contradicts itself, a [Warning] says so (see
// [WarnPathReadsAsAuthority]); the warnings are a []Warning.
func (g *Grammar[R]) Resolve(base, ref string, opts ...ResolveOption) (string, warnings, error) {
	cfg := configOf(opts)
	var b, r URI[R]
	if err := g.ParseInto(&b, base); err != nil {
		return "", nil, &ResolveError{prefix: g.d.Name, Op: "resolve", Reason: InvalidBase, Base: base, Ref: ref, Err: err}
	}
	if !b.Scheme().Defined {
		return "", nil, &ResolveError{prefix: g.d.Name, Op: "resolve", Reason: RelativeBase, Base: base, Ref: ref}
	}
	if err := g.ParseInto(&r, ref); err != nil {
		return "", nil, &ResolveError{prefix: g.d.Name, Op: "resolve", Reason: InvalidReference, Base: base, Ref: ref, Err: err}
	}
	target, warnings := resolveParsed(&b, &r, cfg)
	return target, warnings, nil
}

// ResolveReferenceString resolves ref against u by section 5.2 and returns
// the target recomposed by section 5.3, as [Grammar.Resolve] does for strings:
// unlike [URI.ResolveReference], it does not read the result back, so a
// result that does not read back ([WarnPathReadsAsAuthority]) is returned
// as the algorithm writes it, and nothing is parsed. u must be an absolute
// URI; a nil u or ref is an error.
func (u *URI[R]) ResolveReferenceString(ref *URI[R], opts ...ResolveOption) (string, []Warning, error) {
	if u == nil || ref == nil {
		return "", nil, errNilURI
	}
	if !u.Scheme().Defined {
		return "", nil, &ResolveError{prefix: u.g.name(), Op: "resolve", Reason: RelativeBase, Base: u.ref, Ref: ref.ref}
	}
	target, warnings := resolveParsed(u, ref, configOf(opts))
	return target, warnings, nil
}

// configOf applies opts to a resolveConfig; with none it allocates
// nothing.
func configOf(opts []ResolveOption) resolveConfig { return syntax.ApplyOptions(opts) }

// Warning is something a resolution relied on where RFC 3986 contradicts
// itself: the result is still returned, as the algorithm of section 5
// computes it, and the warning says what it relied on.
type Warning int

const (
	// WarnPathReadsAsAuthority: the target has no authority and its path
	// starts with "//" ("f:/a" and ".//g" give the path "//g" after
	// section 5.2.4). Section 5.3 recomposes it as "f://g", which Resolve
	// returns, as the algorithm says; but sections 3 and 3.3 say that
	// without an authority a path cannot begin with "//", and "f://g"
	// reads back with the authority "g" and an empty path: a different
	// URI ("a:/.//:x/" and "g" give "a://:x/g", which does not read back
	// at all). RFC 3986 does not say which of the two wins.
	WarnPathReadsAsAuthority Warning = iota + 1
	// WarnRootlessPathMadeAbsolute: the path that section 5.2.4 removes
	// dot segments from is rootless and the result starts with "/" ("../c"
	// against "foo:a/b" merges to "a/../c", and steps 2E, 2C and 2E
	// leave "/c"). Resolve returns "foo:/c", as the steps say; the path
	// is absolute although neither the base's nor the reference's was,
	// and some implementations (4Suite's tests, uriparser) keep it
	// rootless ("foo:c"), which the steps do not.
	WarnRootlessPathMadeAbsolute
)

// Code returns a short name for w, e.g. "path-reads-as-authority".
func (w Warning) Code() string {
	switch w {
	case WarnPathReadsAsAuthority:
		return "path-reads-as-authority"
	case WarnRootlessPathMadeAbsolute:
		return "rootless-path-made-absolute"
	}
	return "unknown"
}

// String describes w and the parts of the RFC it concerns.
func (w Warning) String() string {
	switch w {
	case WarnPathReadsAsAuthority:
		return `the target has no authority and a path that starts with "//": section 5.3 writes it after "scheme:" as it is, as returned here, but sections 3 and 3.3 say such a path cannot occur without an authority, and the result reads back with one (or not at all); RFC 3986 contradicts itself here`
	case WarnRootlessPathMadeAbsolute:
		return `a ".." removed the first segment of a rootless path, and section 5.2.4's steps leave the result with a leading "/", as returned here: the path is absolute although the base's and the reference's were not (some implementations keep it rootless, which the steps do not)`
	}
	return "unknown warning"
}

// AppendResolveReference is [URI.ResolveReferenceString] with the target
// appended to dst, which it returns: a batch that resolves many
// references and writes each result out reuses one buffer instead of
// allocating a string a reference. Nothing is parsed, and with a dst
// large enough nothing is allocated but the warnings, if any.
func (u *URI[R]) AppendResolveReference(dst []byte, ref *URI[R], opts ...ResolveOption) ([]byte, []Warning, error) {
	if u == nil || ref == nil {
		return dst, nil, errNilURI
	}
	if !u.Scheme().Defined {
		return dst, nil, &ResolveError{prefix: u.g.name(), Op: "resolve", Reason: RelativeBase, Base: u.ref, Ref: ref.ref}
	}
	dst, warnings := appendResolved(dst, u, ref, configOf(opts))
	return dst, warnings, nil
}

// sameScheme reports whether r has a scheme and it is base's, ignoring
// case (section 3.1): whether the non-strict reading of section 5.2.2
// ([BackwardsCompatibleScheme]) drops it. Each resolution below calls
// [syntax.Target.Resolve], the skeleton both RFCs share, itself, under
// RFC 3986's rules (the zero [syntax.ResolveRules]) and with
// cfg.nonStrict && sameScheme(base, r): the strict reading, the default,
// makes no call for the scheme, and a wrapper would be one call more
// than the resolution of a parsed reference can afford (about 5% against
// net/url).
func sameScheme[R Rule](base, r *URI[R]) bool {
	return r.spans.Has(syntax.Scheme) && strings.EqualFold(r.Scheme().Value, base.Scheme().Value)
}

// startsWithTwoSlashes reports whether dir followed by path starts with
// "//", without joining them.
func startsWithTwoSlashes(dir, path string) bool {
	switch len(dir) {
	case 0:
		return strings.HasPrefix(path, "//")
	case 1:
		return dir == "/" && strings.HasPrefix(path, "/")
	}
	return strings.HasPrefix(dir, "//")
}

// resolveParsed is section 5.2.2's algorithm on parsed components.
func resolveParsed[R Rule](base, r *URI[R], cfg resolveConfig) (string, []Warning) {
	var t syntax.Target
	t.Resolve(base.ref, &base.spans, r.ref, &r.spans, cfg.nonStrict && sameScheme(base, r), syntax.ResolveRules{})
	if !t.Dotted && (t.Authority.Defined || !startsWithTwoSlashes(t.Dir, t.Path)) {
		// The most common target, with no call for the path.
		return syntax.RecomposeJoined(t.Scheme, t.Authority, t.Dir, t.Path, t.Query, t.Fragment), nil
	}
	dir, path, warnings := removeTargetDots(&t)
	return syntax.RecomposeJoined(t.Scheme, t.Authority, dir, path, t.Query, t.Fragment), warnings
}

// removeTargetDots is section 5.2.4 on the path of t, with the warnings
// the result carries: the path is dir followed by path, kept in t's two
// pieces when there is nothing to remove, so that the result can be
// written in one piece without the merged path on its own.
func removeTargetDots(t *syntax.Target) (dir, path string, warnings []Warning) {
	if !t.Dotted {
		// Section 5.2.4 leaves the path as it is, so the path stays
		// rooted or rootless.
		if !t.Authority.Defined && startsWithTwoSlashes(t.Dir, t.Path) {
			warnings = append(warnings, WarnPathReadsAsAuthority)
		}
		return t.Dir, t.Path, warnings
	}
	dotted := t.Dir + t.Path
	path = RemoveDotSegments(dotted)
	if !strings.HasPrefix(dotted, "/") && strings.HasPrefix(path, "/") {
		warnings = append(warnings, WarnRootlessPathMadeAbsolute)
	}
	if !t.Authority.Defined && strings.HasPrefix(path, "//") {
		warnings = append(warnings, WarnPathReadsAsAuthority)
	}
	return "", path, warnings
}

// resolvesTo reports whether r resolves against base, with no options and
// without a warning, to target's string, without writing the result out
// (see [syntax.RecomposesTo]).
func resolvesTo[R Rule](base, r *URI[R], target string) bool {
	var t syntax.Target
	t.Resolve(base.ref, &base.spans, r.ref, &r.spans, false, syntax.ResolveRules{})
	dir, path, warnings := removeTargetDots(&t)
	return len(warnings) == 0 && syntax.RecomposesTo(target, t.Scheme, t.Authority, dir, path, t.Query, t.Fragment)
}

// appendResolved is resolveParsed with the target appended to dst: the
// path is copied into dst and its dot segments are removed there.
func appendResolved[R Rule](dst []byte, base, r *URI[R], cfg resolveConfig) ([]byte, []Warning) {
	var t syntax.Target
	t.Resolve(base.ref, &base.spans, r.ref, &r.spans, cfg.nonStrict && sameScheme(base, r), syntax.ResolveRules{})
	if t.Scheme.Defined {
		dst = append(dst, t.Scheme.Value...)
		dst = append(dst, ':')
	}
	if t.Authority.Defined {
		dst = append(dst, "//"...)
		dst = append(dst, t.Authority.Value...)
	}
	start := len(dst)
	dst = append(dst, t.Dir...)
	dst = append(dst, t.Path...)
	var warnings []Warning
	if t.Dotted {
		rooted := len(dst) > start && dst[start] == '/'
		dst = dst[:start+len(removeDotSegmentsInPlace(dst[start:]))]
		if !rooted && len(dst) > start && dst[start] == '/' {
			warnings = append(warnings, WarnRootlessPathMadeAbsolute)
		}
	}
	if !t.Authority.Defined && len(dst) >= start+2 && dst[start] == '/' && dst[start+1] == '/' {
		warnings = append(warnings, WarnPathReadsAsAuthority)
	}
	if t.Query.Defined {
		dst = append(dst, '?')
		dst = append(dst, t.Query.Value...)
	}
	if t.Fragment.Defined {
		dst = append(dst, '#')
		dst = append(dst, t.Fragment.Value...)
	}
	return dst, warnings
}

// merge is section 5.2.3: the reference's path appended to the base's up
// to and including its last "/", or to "/" when the base has an authority
// and an empty path.
func merge[R Rule](base *URI[R], path string) string {
	return mergeDir(base) + path
}

// mergeDir is what merge puts before the reference's path: the base's path
// up to and including its last "/", or "/" when the base has an authority
// and an empty path.
func mergeDir[R Rule](base *URI[R]) string {
	dir, _ := syntax.MergeDir(base.Path(), base.Authority().Defined)
	return dir
}

// RemoveDotSegments is section 5.2.4: it removes the "." and ".." segments
// of path, as resolution does. It runs in time linear in len(path): every
// byte is copied to the output at most once, and a ".." removes bytes from
// the end of the output, each at most once.
func RemoveDotSegments(path string) string {
	if !syntax.HasDotSegment(path) {
		return path // only step E applies: the path moves to the output whole
	}
	return string(removeDotSegmentsInPlace([]byte(path)))
}

// removeDotSegmentsInPlace is section 5.2.4 on the bytes of path, written
// over them: it returns the result, a prefix of path's memory.
// Each step writes no further than it has read (the output is never
// longer than the input consumed), so the input ahead is never
// overwritten; a step that replaces the input's "/." or "/.." at its end
// by "/" writes that "/" over the input's last byte.
func removeDotSegmentsInPlace(path []byte) []byte {
	out := path[:0]
	r := 0 // the input is path[r:]
	for r < len(path) {
		in := path[r:]
		switch {
		// A: a prefix "../" or "./" is removed.
		case hasPrefix(in, "../"):
			r += 3
		case hasPrefix(in, "./"):
			r += 2
		// B: a prefix "/./" or a whole "/." becomes "/".
		case hasPrefix(in, "/./"):
			r += 2
		case string(in) == "/.":
			r++
			path[r] = '/'
		// C: a prefix "/../" or a whole "/.." becomes "/", and the last
		// segment of the output goes.
		case hasPrefix(in, "/../"):
			r += 3
			out = popSegment(out)
		case string(in) == "/..":
			r += 2
			path[r] = '/'
			out = popSegment(out)
		// D: a whole "." or ".." is removed.
		case string(in) == "." || string(in) == "..":
			r = len(path)
		// E: the first segment, with its leading "/" if any, moves to the
		// output.
		default:
			end := 0
			if in[0] == '/' {
				end = 1
			}
			if j := bytes.IndexByte(in[end:], '/'); j >= 0 {
				end += j
			} else {
				end = len(in)
			}
			out = append(out, in[:end]...) // len(out) <= r: a copy down or in place
			r += end
		}
	}
	return out
}

// hasPrefix reports whether b starts with s.
func hasPrefix(b []byte, s string) bool {
	return len(b) >= len(s) && string(b[:len(s)]) == s
}

// popSegment removes the last segment of out and the "/" before it, if
// any.
func popSegment(out []byte) []byte {
	i := bytes.LastIndexByte(out, '/')
	if i < 0 {
		i = 0
	}
	return out[:i]
}
