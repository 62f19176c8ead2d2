// Package refpath holds the path arithmetic of relativization that RFC
// 2396 and RFC 3986 share: both resolve a relative path by merging it with
// the base's directory (RFC 2396 section 5.2 step 6, RFC 3986 section
// 5.2.3) and read "." and ".." alike, so the relative paths from one
// directory to a target path are the same under both.
package refpath

import (
	"slices"
	"strings"
)

// RelativeSegments returns relative paths that resolution may merge
// with basePath into targetPath (RFC 3986 section 5.2.3), both without their leading "/" if they
// had one: the shortest climbs from the base's directory with "../" to the
// longest directory the two share, then goes down. A final "./" or "../"
// is also offered without its "/" ("." and ".." name the same directory,
// section 5.2.4), and a "./" is put in front of a first segment that is
// empty (".//x") or has a ":" ("./g:h", section 4.2).
func RelativeSegments(basePath, targetPath string) []string {
	dir := strings.Split(basePath, "/")
	dir = dir[:len(dir)-1] // the base's last segment is not part of its directory
	target := strings.Split(targetPath, "/")
	common := 0
	for common < len(dir) && common < len(target)-1 && dir[common] == target[common] {
		common++
	}
	up := strings.Repeat("../", len(dir)-common)
	rest := strings.Join(target[common:], "/")
	first, _, _ := strings.Cut(rest, "/")
	switch {
	case up == "" && rest == "":
		return []string{".", "./"}
	case rest == "":
		return []string{up[:len(up)-1], up}
	case up == "" && (first == "" || strings.Contains(first, ":")):
		return []string{"./" + rest}
	}
	return []string{up + rest}
}

// Candidates collects the references that may resolve against a base to a
// target, shortest kinds first, for relativization under either RFC: the
// caller sorts them by length, keeping that order among equals, and takes
// the first that resolves back to the target.
type Candidates struct {
	// List holds the candidates so far.
	List []string
	// Suffix is what every candidate ends in: "?" query if the target
	// has one, "#" fragment if it has one.
	Suffix string
}

// NewCandidates starts the candidates for a target with the given query
// and fragment with those that keep the base's path and query: the
// fragment alone ("" if there is none), and the suffix if the target has a
// query.
func NewCandidates(query string, hasQuery bool, fragment string, hasFragment bool) Candidates {
	var c Candidates
	if hasFragment {
		fragment = "#" + fragment
	}
	if hasQuery {
		c.Suffix = "?" + query
	}
	c.Suffix += fragment
	c.List = []string{fragment}
	if hasQuery {
		c.List = append(c.List, c.Suffix)
	}
	return c
}

// AddRelativePaths adds the relative paths from basePath's directory to
// targetPath (see [RelativeSegments]), with the suffix, if both paths are
// absolute or both are rootless.
func (c *Candidates) AddRelativePaths(basePath, targetPath string) {
	if strings.HasPrefix(basePath, "/") != strings.HasPrefix(targetPath, "/") {
		return
	}
	for _, rel := range RelativeSegments(strings.TrimPrefix(basePath, "/"), strings.TrimPrefix(targetPath, "/")) {
		c.List = append(c.List, rel+c.Suffix)
	}
}

// AddAbsolute adds the target's path as an absolute-path reference, if it
// is one that does not read as a network-path ("//x"), and, if the target
// has an authority, the network-path reference "//" authority path.
func (c *Candidates) AddAbsolute(targetPath, authority string, hasAuthority bool) {
	if strings.HasPrefix(targetPath, "/") && !strings.HasPrefix(targetPath, "//") {
		c.List = append(c.List, targetPath+c.Suffix)
	}
	if hasAuthority {
		c.List = append(c.List, "//"+authority+targetPath+c.Suffix)
	}
}

// ReduceSegments removes the dot segments of a path's segments in one
// pass, as a stack (RFC 2396 section 5.2 steps 6c to 6f, RFC 3986 section
// 5.2.4 read as a pair of segment stacks): a "." is removed, and a ".."
// removes itself and the segment before it when that segment is not ".."
// and more than keep segments that are not ".." stand before the "..". A
// final "." or ".." that is removed leaves an empty last segment (the "/"
// before it stays). It reuses segs' array.
func ReduceSegments(segs []string, keep int) []string {
	out := segs[:0] // never longer than the segments read
	real := 0       // how many segments of out are not ".."
	for i, s := range segs {
		last := i == len(segs)-1
		switch {
		case s == ".":
			if last {
				out = append(out, "")
				real++
			}
		case s == ".." && real > keep && out[len(out)-1] != "..":
			out = out[:len(out)-1]
			real--
			if last {
				out = append(out, "")
				real++
			}
		default:
			out = append(out, s)
			if s != ".." {
				real++
			}
		}
	}
	return out
}

// Reachable drops the candidates that cannot resolve against a base to
// target, without resolving them: a reference with no scheme takes the
// base's, and one that does not start with "//" the base's authority (RFC
// 2396 section 5.2 steps 3, 4 and 7; RFC 3986 section 5.2.2). So when the
// target's scheme differs from the base's (sameScheme false) only the
// target itself can reach it, and when its authority does (sameAuthority
// false) only a network path or the target itself. Over real input most
// targets are on another site: each candidate would otherwise be parsed
// and resolved in vain. It reuses the candidates' array.
func Reachable(candidates []string, target string, sameScheme, sameAuthority bool) []string {
	switch {
	case !sameScheme:
		return slices.DeleteFunc(candidates, func(c string) bool { return c != target })
	case !sameAuthority:
		return slices.DeleteFunc(candidates, func(c string) bool { return c != target && !isNetworkPath(c) })
	}
	return candidates
}

// isNetworkPath reports whether a candidate starts with "//".
func isNetworkPath(c string) bool { return len(c) >= 2 && c[0] == '/' && c[1] == '/' }
