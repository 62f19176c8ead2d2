package rfc3986

import (
	"strings"
)

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
//   - path segments (6.2.2.3): dot segments are removed (section 5.2.4)
//     from a path that starts with "/"; in a relative-path reference ("../a")
//     they still mean something, and in a rootless path ("a:b/../c")
//     section 5.2.4 would make the path absolute ("a:/c"), so both are kept;
//     so is a path that would start with "//" without an authority;
//   - scheme-based (6.2.3): an empty port is dropped, so is the scheme's
//     default port (http 80, https 443, ftp 21, ws 80, wss 443), and an
//     empty path with an authority becomes "/" for http, https, ws and wss.
//
// Normalize never decodes a reserved character or changes anything else:
// two references that Normalize maps to the same string are equivalent by
// section 6.2.2, but not every equivalent pair is found. An invalid ref is
// an [*Error].
func Normalize(ref string) (string, error) {
	var u URI
	if err := ParseInto(&u, ref); err != nil {
		return "", err
	}
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
			writeNormalized(&b, u.UserInfo().Value, false)
			b.WriteByte('@')
		}
		writeNormalized(&b, u.Host().Value, true)
		if u.Port().Defined && u.Port().Value != "" && u.Port().Value != defaultPorts[scheme] {
			b.WriteByte(':')
			b.WriteString(u.Port().Value)
		}
	}
	path := u.Path()
	if strings.HasPrefix(path, "/") {
		path = RemoveDotSegments(normalizeEncoding(path))
		if !u.Authority().Defined && strings.HasPrefix(path, "//") {
			path = u.Path() // "/.//a" would read back with an authority
		}
	}
	if path == "" && u.Authority().Defined {
		switch scheme {
		case "http", "https", "ws", "wss":
			path = "/"
		}
	}
	writeNormalized(&b, path, false)
	if u.Query().Defined {
		b.WriteByte('?')
		writeNormalized(&b, u.Query().Value, false)
	}
	if u.Fragment().Defined {
		b.WriteByte('#')
		writeNormalized(&b, u.Fragment().Value, false)
	}
	return b.String(), nil
}

// normalizeEncoding applies writeNormalized to s (so that an encoded "." is
// decoded before dot segments are looked for, section 6.2.2.3's order).
func normalizeEncoding(s string) string {
	if !strings.Contains(s, "%") {
		return s
	}
	var b strings.Builder
	writeNormalized(&b, s, false)
	return b.String()
}

// writeNormalized writes s with percent-encodings normalized (hex digits
// upper-cased, unreserved characters decoded) and, with lower, the other
// letters lower-cased (a host: section 3.2.2 makes it case-insensitive).
func writeNormalized(b *strings.Builder, s string, lower bool) {
	for i := 0; i < len(s); i++ {
		c := s[i]
		if c == '%' && i+2 < len(s) {
			d := unhex(s[i+1])<<4 | unhex(s[i+2])
			if isUnreserved(d) {
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

func unhex(c byte) byte {
	switch {
	case c >= '0' && c <= '9':
		return c - '0'
	case c >= 'a' && c <= 'f':
		return c - 'a' + 10
	}
	return c - 'A' + 10
}

func upperHex(c byte) byte {
	if c >= 'a' && c <= 'f' {
		return c - 'a' + 'A'
	}
	return c
}

func isUnreserved(c byte) bool {
	return c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9' || c == '-' || c == '.' || c == '_' || c == '~'
}
