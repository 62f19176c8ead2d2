package uri

import (
	"maps"
	"strings"

	"github.com/rfc2396/rfc2396/internal/syntax"
)

// DefaultPorts returns a new map from lower-case scheme to the port that
// section 6.2.3's scheme-based normalization drops, for the schemes whose
// specifications define one. Normalize and Equivalent use it unless given
// a table of their own, so it can be extended:
//
//	ports := rfc3986.DefaultPorts()
//	ports["svn"] = "3690"
//	rfc3986.Normalize(ref, rfc3986.WithDefaultPorts(ports))
func DefaultPorts() map[string]string { return maps.Clone(defaultPorts) }

// NormalizeOption changes how Normalize and Equivalent work.
type NormalizeOption func(*normalizeConfig)

type normalizeConfig struct {
	ports map[string]string
}

// WithDefaultPorts makes Normalize and Equivalent use ports (lower-case
// scheme to port) instead of DefaultPorts().
func WithDefaultPorts(ports map[string]string) NormalizeOption {
	return func(c *normalizeConfig) { c.ports = ports }
}

// defaultPorts are the ports section 6.2.3's scheme-based normalization
// drops, for the schemes whose specifications define them.
var defaultPorts = map[string]string{
	"http":  "80",
	"https": "443",
	"ftp":   "21",
	"ws":    "80",
	"wss":   "443",
}

// Normalize returns ref in the normal form of section 6.2.2 (syntax-based)
// and, where it is cheap and the scheme is known, 6.2.3 (scheme-based):
//
//   - case (6.2.2.1): the scheme and the host are lower-cased, and the hex
//     digits of every percent-encoding are upper-cased;
//   - percent-encoding (6.2.2.2): an encoded unreserved character (ALPHA,
//     DIGIT, "-", ".", "_", "~") is decoded; every other encoding is kept;
//   - path segments (6.2.2.3): dot segments are removed by section 5.2.4
//     from a path that starts with "/" ("/a/./b/../c" is "/a/c"), and from
//     the rootless path of a URI where the result stays rootless
//     ("foo:a/b/../c" is "foo:a/c"); where section 5.2.4 would make it
//     absolute ("foo:a/../c" would be "foo:/c", another path), and in a
//     relative-path reference ("a/../b"), only the dot segments that
//     cannot reach above the path's first segment are removed
//     ("foo:a/../b/./c" is "foo:a/../b/c", "a/b/../c" is "a/c", "../a"
//     stays), so that the reference resolves to the same URI against every
//     base; a path that would start with "//" without an authority, or a
//     relative path whose first segment would be empty or contain ":",
//     gets "/." or "./" in front; a percent-encoded dot segment ("%2E%2E"),
//     which resolution does not remove, is decoded and removed only where
//     the path stays the kind of path resolution gives ("foo:a/%2E%2E/b"
//     stays), and never in a relative-path reference
//     (docs/normalization.md gives the rule);
//   - scheme-based (6.2.3): an empty port is dropped, so is the scheme's
//     default port (http 80, https 443, ftp 21, ws 80, wss 443, or the
//     table given with [WithDefaultPorts]), and an empty path with an
//     authority becomes "/" for http, https, ws and wss.
//
// Normalize never decodes a reserved character or changes anything else:
// two references that Normalize maps to the same string are equivalent by
// section 6.2.2, but not every equivalent pair is found. An invalid ref is
// an [*Error].
//
// Under RFC 3986 as published every URI-reference has a normal form.
// After a grammar edit the form these rules write may be one the grammar
// in force rejects: Normalize then returns a *[ComposeError] holding that
// form and the grammar's *[Error] for it.
func (g *Grammar[R]) Normalize(ref string, opts ...NormalizeOption) (string, error) {
	var u URI[R]
	if err := g.ParseInto(&u, ref); err != nil {
		return "", err
	}
	n := normalizeParsed(&u, opts)
	if n == ref {
		return ref, nil // already normal: the input, which g accepted
	}
	if !g.Valid(n) {
		return "", &ComposeError{prefix: g.d.Name, Ref: n, Err: g.Match(g.d.Start, n)}
	}
	return n, nil
}

// normalizeParsed is Normalize of a parsed reference.
func normalizeParsed[R Rule](u *URI[R], opts []NormalizeOption) string {
	nz := normalizer{unreserved: new(syntax.ByteSet)}
	g := u.grammar()
	if g != nil {
		nz.unreserved = &g.d.Unreserved
	}
	cfg := normalizeConfig{ports: defaultPorts}
	for _, o := range opts {
		if o != nil {
			o(&cfg)
		}
	}
	ref := u.ref
	scheme := strings.ToLower(u.Scheme().Value)
	var b strings.Builder
	b.Grow(len(ref) + 1)
	if u.Scheme().Defined {
		b.WriteString(scheme)
		b.WriteByte(':')
	}
	if u.Authority().Defined {
		b.WriteString("//")
		if u.UserInfo().Defined {
			nz.writeNormalized(&b, u.UserInfo().Value, false)
			b.WriteByte('@')
		}
		host := u.Host().Value
		if addr, zone, ok := strings.Cut(host, "%25"); ok && strings.HasPrefix(host, "[") {
			// An IP-literal with RFC 6874's zone ID (under the edit
			// zone-id): the address is case-insensitive, the zone is
			// not known to be (RFC 6874 leaves it to the system; Linux's
			// interface names tell case apart), so only its
			// percent-encodings are normalized.
			nz.writeNormalized(&b, addr, true)
			b.WriteString("%25")
			nz.writeNormalized(&b, zone, false)
		} else {
			nz.writeNormalized(&b, host, true)
		}
		if u.Port().Defined && u.Port().Value != "" && u.Port().Value != cfg.ports[scheme] {
			b.WriteByte(':')
			b.WriteString(u.Port().Value)
		}
	}
	path := nz.normalizePath(u.Path(), u.Scheme().Defined, u.Authority().Defined)
	if path == "" && u.Authority().Defined {
		switch scheme {
		case "http", "https", "ws", "wss":
			path = "/"
		}
	}
	b.WriteString(path) // normalized already
	if u.Query().Defined {
		b.WriteByte('?')
		nz.writeNormalized(&b, u.Query().Value, false)
	}
	if u.Fragment().Defined {
		b.WriteByte('#')
		nz.writeNormalized(&b, u.Fragment().Value, false)
	}
	if g != nil && g.d.NormalizeText != nil {
		return g.d.NormalizeText(g, b.String())
	}
	return b.String()
}

// normalizePath normalizes the percent-encodings and removes the dot
// segments of path as the documentation of [Grammar.Normalize] says: path is the
// path of a reference that has a scheme if hasScheme, an authority if
// hasAuthority.
//
// Resolution (section 5.2.4) recognises only literal dot segments: it
// leaves "%2E%2E" alone. What a path resolves to is therefore r0, the
// path with its literal dot segments removed and its encoded ones kept.
// Decoding those ("%2E%2E" is ".." by section 6.2.2.2) and removing them
// too is done only where the result is still the same kind of path as r0:
// rootless where r0 is rootless, not starting with "//" where an authority
// would then be read. Otherwise the encoded dot segments stay (hex digits
// upper-cased): "foo:a/%2E%2E/b" resolves to itself, "foo:a/../b" to
// "foo:/b".
func (nz normalizer) normalizePath(path string, hasScheme, hasAuthority bool) string {
	if path == "" {
		return ""
	}
	kept := nz.normalizeEncodingKeepDots(path)
	if strings.HasPrefix(path, "/") {
		r0 := RemoveDotSegments(kept)
		if !hasAuthority && strings.HasPrefix(r0, "//") {
			// "/a/..//b" must not become "//b", an authority.
			return "/." + r0
		}
		if d := RemoveDotSegments(nz.normalizeEncoding(r0)); hasAuthority || !strings.HasPrefix(d, "//") {
			return d
		}
		return r0
	}
	if hasScheme {
		if r0 := RemoveDotSegments(kept); !strings.HasPrefix(r0, "/") {
			if d := RemoveDotSegments(nz.normalizeEncoding(r0)); !strings.HasPrefix(d, "/") {
				return d
			}
			return r0
		}
		// Section 5.2.4 would make the path absolute ("a/../c" is "/c").
	}
	return syntax.KeepRelative(reduceRootless(kept), hasScheme)
}

// normalizeEncodingKeepDots is normalizeEncoding, except that a segment
// that is "." or ".." only once decoded ("%2E", ".%2e") keeps its
// encodings, with upper-case hex digits.
func (nz normalizer) normalizeEncodingKeepDots(path string) string {
	if !strings.Contains(path, "%") {
		return path
	}
	var b strings.Builder
	for i, seg := range strings.Split(path, "/") {
		if i > 0 {
			b.WriteByte('/')
		}
		if d := nz.normalizeEncoding(seg); (d == "." || d == "..") && seg != d {
			for j := 0; j < len(seg); j++ {
				b.WriteByte(upperHex(seg[j]))
			}
			continue
		}
		nz.writeNormalized(&b, seg, false)
	}
	return b.String()
}

// reduceRootless removes the dot segments of a rootless path that cannot
// reach above its first segment, whatever directory it is appended to:
// "." segments, and "<segment>/.." where another segment that is not ".."
// comes before <segment>. Section 5.2.4 on a rootless path that starts
// with "a/.." leaves a "/" ("a/../b" gives "/b"), so a first segment is
// never removed, nor are ".." segments that come before it.
func reduceRootless(path string) string {
	return syntax.Reduce(path, 1)
}

// normalizeEncoding applies writeNormalized to s (so that an encoded "." is
// decoded before dot segments are looked for, section 6.2.2.3's order).
func (nz normalizer) normalizeEncoding(s string) string {
	if !strings.Contains(s, "%") {
		return s
	}
	var b strings.Builder
	nz.writeNormalized(&b, s, false)
	return b.String()
}

// writeNormalized writes s with percent-encodings normalized (hex digits
// upper-cased, unreserved characters decoded) and, with lower, the other
// letters lower-cased (a host: section 3.2.2 makes it case-insensitive).
func (nz normalizer) writeNormalized(b *strings.Builder, s string, lower bool) {
	// Most components have nothing to change: what comes before the
	// first byte that may change is written whole.
	i := 0
	if lower {
		for i < len(s) && s[i] != '%' && (s[i] < 'A' || s[i] > 'Z') {
			i++
		}
	} else if i = strings.IndexByte(s, '%'); i < 0 {
		i = len(s)
	}
	b.WriteString(s[:i])
	for ; i < len(s); i++ {
		c := s[i]
		if c == '%' && i+2 < len(s) {
			d := syntax.HexValue(s[i+1])<<4 | syntax.HexValue(s[i+2])
			if nz.isUnreserved(d) {
				if lower && d >= 'A' && d <= 'Z' {
					d += 'a' - 'A'
				}
				b.WriteByte(d)
			} else {
				b.WriteByte('%')
				b.WriteByte(upperHex(s[i+1]))
				b.WriteByte(upperHex(s[i+2]))
			}
			i += 2
			continue
		}
		if lower && c >= 'A' && c <= 'Z' {
			c += 'a' - 'A'
		}
		b.WriteByte(c)
	}
}

func upperHex(c byte) byte {
	if c >= 'a' && c <= 'f' {
		return c - 'a' + 'A'
	}
	return c
}

// isUnreserved reports whether c is unreserved (section 2.3) in the
// grammar in force: the set gen writes from its unreserved rule
// (escape_gen.go), so that an edit of that rule changes what
// normalization decodes with it.
func (nz normalizer) isUnreserved(c byte) bool { return nz.unreserved.Has(c) }

// normalizer is the grammar's unreserved characters, which the steps
// of normalization decode.
type normalizer struct{ unreserved *syntax.ByteSet }
