package rfc8089

import (
	"errors"
	"strings"
)

// Parse parses s as a file-URI (section 2). A string that is not one is an
// [*Error] that says where and why; see [uri.Grammar.Parse].
func Parse(s string) (*URI, error) { return theGrammar.Parse(s) }

// Valid reports whether s is a file-URI, without allocating.
func Valid(s string) bool { return theGrammar.Valid(s) }

// IsLocal reports whether u names a file of the machine that interprets
// it: u has no file-auth ("file:/p", "file:///p") or its file-auth is
// "localhost", which section 2 reads as if it were absent. Any other host
// names the system on which the path is accessible.
func IsLocal(u *URI) bool {
	h := u.Host()
	return !h.Defined || h.Value == "" || strings.EqualFold(h.Value, "localhost")
}

// ErrPathSegment is what [FilePath] returns for a path segment that no
// file name can be: one whose percent-encoding decodes to "/" or NUL.
var ErrPathSegment = errors.New("rfc8089: a path segment decodes to \"/\" or NUL")

// FilePath returns u's path with each segment percent-decoded (section
// 4: the octets of a file name, UTF-8 when the system's names are
// characters), joined by "/": "file:///a%20b/c" gives "/a b/c". A segment
// that decodes to hold "/" or NUL is refused, with [ErrPathSegment]: it
// would change which file the path names.
func FilePath(u *URI) (string, error) {
	var b strings.Builder
	for _, seg := range u.PathSegments() {
		if strings.ContainsAny(seg, "/\x00") {
			return "", ErrPathSegment
		}
		b.WriteString("/")
		b.WriteString(seg)
	}
	return b.String(), nil
}
