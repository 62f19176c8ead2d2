// This file holds the path arithmetic of relativization that RFC
// 2396 and RFC 3986 share: both resolve a relative path by merging it with
// the base's directory (RFC 2396 section 5.2 step 6, RFC 3986 section
// 5.2.3) and read "." and ".." alike, so the relative paths from one
// directory to a target path are the same under both.

package syntax

import (
	"iter"
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
	// The segments of the base's directory (all of basePath's but its
	// last) that the target's shares, read in place: a path of a million
	// segments is not split into a million strings.
	b, t := 0, 0
	for {
		bs := strings.IndexByte(basePath[b:], '/')   // the directory goes on
		ts := strings.IndexByte(targetPath[t:], '/') // the segment is not the target's last
		if bs < 0 || ts < 0 || basePath[b:b+bs] != targetPath[t:t+ts] {
			break
		}
		b, t = b+bs+1, t+ts+1
	}
	return relativeFrom(strings.Repeat("../", strings.Count(basePath[b:], "/")), targetPath[t:])
}

// relativeFrom returns the relative paths that climb with up ("../" for
// each directory of the base the target does not share) and go down rest
// (the target's path from the first segment it does not share).
func relativeFrom(up, rest string) []string {
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

// Kind is the form of a candidate reference, which says what resolution
// does with it (RFC 2396 section 5.2, RFC 3986 section 5.2.2).
type Kind uint8

const (
	// SameDocument is the empty reference or a fragment alone ("#f"): the
	// result has the base's path and query.
	SameDocument Kind = iota + 1
	// QueryOnly is a query with no path ("?y", "?y#f").
	QueryOnly
	// RelativePath is a relative path ("g", "../g", "./g:h"), merged with
	// the base's directory.
	RelativePath
	// AbsolutePath is an absolute path ("/x/y").
	AbsolutePath
	// NetworkPath is "//" authority path.
	NetworkPath
	// Whole is the target itself, with its scheme.
	Whole
)

// Candidate is one reference that may resolve against a base to a target.
type Candidate struct {
	// Ref is the reference.
	Ref string
	// Kind is its form.
	Kind Kind
	// Path is its path as written: the relative path of a RelativePath,
	// the target's path of an AbsolutePath or a NetworkPath, "" otherwise.
	Path string
}

// Candidates collects the references that may resolve against a base to a
// target, shortest kinds first, for relativization under either RFC: the
// caller sorts them by length ([Candidates.Sort]) and takes the first that
// resolves back to the target.
//
// A candidate has no scheme, so it takes the base's, and one that is not a
// network path takes the base's authority too (RFC 2396 section 5.2 steps
// 3, 4 and 7; RFC 3986 section 5.2.2). So when the target's scheme
// differs from the base's only the target itself can reach it, and when
// its authority does, only a network path or the target itself: over real
// input most targets are on another site, and the caller adds only those
// ([Candidates.AddNetworkPath]) instead of parsing and resolving the others
// in vain.
type Candidates struct {
	// List holds the candidates so far.
	List []Candidate
	// Suffix is what every candidate ends in: "?" query if the target
	// has one, "#" fragment if it has one.
	Suffix string
	// fragment is "#" fragment if the target has one, "" if not.
	fragment string
	hasQuery bool
	target   string // as written
}

// NewCandidates starts an empty list of candidates for a target, as
// written, with the given query and fragment. The suffix and a network
// path, which end the target, are cut from it where they can be, instead
// of built.
func NewCandidates(target, query string, hasQuery bool, fragment string, hasFragment bool) Candidates {
	c := Candidates{hasQuery: hasQuery, target: target}
	frag := 0
	if hasFragment {
		frag = 1 + len(fragment)
	}
	n := frag
	if hasQuery {
		n += 1 + len(query)
	}
	if n <= len(target) {
		end := target[len(target)-n:]
		f := end[n-frag:]
		if (!hasFragment || f[0] == '#' && f[1:] == fragment) && (!hasQuery || end[0] == '?' && end[1:n-frag] == query) {
			c.Suffix, c.fragment = end, f
			return c
		}
	}
	if hasFragment {
		c.fragment = "#" + fragment
	}
	if hasQuery {
		c.Suffix = "?" + query + c.fragment
	} else {
		c.Suffix = c.fragment
	}
	return c
}

// AddSameDocument adds the candidates that keep the base's path: the
// fragment alone ("" if there is none), and the suffix if the target has a
// query.
func (c *Candidates) AddSameDocument() {
	c.List = append(c.List, Candidate{Ref: c.fragment, Kind: SameDocument})
	if c.hasQuery {
		c.List = append(c.List, Candidate{Ref: c.Suffix, Kind: QueryOnly})
	}
}

// AddRelativePaths adds the relative paths from basePath's directory to
// targetPath (see [RelativeSegments]), with the suffix, if both paths are
// absolute or both are rootless.
func (c *Candidates) AddRelativePaths(basePath, targetPath string) {
	if strings.HasPrefix(basePath, "/") != strings.HasPrefix(targetPath, "/") {
		return
	}
	for _, rel := range RelativeSegments(strings.TrimPrefix(basePath, "/"), strings.TrimPrefix(targetPath, "/")) {
		c.List = append(c.List, Candidate{Ref: rel + c.Suffix, Kind: RelativePath, Path: rel})
	}
}

// AddAbsolutePath adds the target's path as an absolute-path reference, if
// it is one that does not read as a network-path ("//x").
func (c *Candidates) AddAbsolutePath(targetPath string) {
	if strings.HasPrefix(targetPath, "/") && !strings.HasPrefix(targetPath, "//") {
		c.List = append(c.List, Candidate{Ref: targetPath + c.Suffix, Kind: AbsolutePath, Path: targetPath})
	}
}

// AddNetworkPath adds, if the target has an authority, the network-path
// reference "//" authority path.
func (c *Candidates) AddNetworkPath(targetPath, authority string, hasAuthority bool) {
	if !hasAuthority {
		return
	}
	ref := ""
	if n := 2 + len(authority) + len(targetPath) + len(c.Suffix); n <= len(c.target) {
		end := c.target[len(c.target)-n:]
		if end[:2] == "//" && end[2:2+len(authority)] == authority && end[2+len(authority):n-len(c.Suffix)] == targetPath && end[n-len(c.Suffix):] == c.Suffix {
			ref = end
		}
	}
	if ref == "" {
		ref = "//" + authority + targetPath + c.Suffix
	}
	c.List = append(c.List, Candidate{Ref: ref, Kind: NetworkPath, Path: targetPath})
}

// AddWhole adds the target itself.
func (c *Candidates) AddWhole(target string) {
	c.List = append(c.List, Candidate{Ref: target, Kind: Whole})
}

// Sort sorts the candidates by length, keeping the order they were added
// in among those of one length.
func (c *Candidates) Sort() {
	slices.SortStableFunc(c.List, func(a, b Candidate) int { return len(a.Ref) - len(b.Ref) })
}

// Refs returns the references of the candidates, in their order.
func (c *Candidates) Refs() []string {
	refs := make([]string, len(c.List))
	for i, cand := range c.List {
		refs[i] = cand.Ref
	}
	return refs
}

// PathSpan is a run of segments of a path as byte offsets [Start, End) into
// it, the "/"s between them included; an empty segment has Start == End.
type PathSpan struct{ Start, End int }

// ReduceSpans removes the dot segments of path[from:] in one pass, as a
// stack (RFC 2396 section 5.2 steps 6c to 6f, RFC 3986 section 5.2.4 read
// as a pair of segment stacks), without splitting path into strings: it
// appends to kept the segments left, as offsets into path, and returns it
// with how many of them are "..". A "." is removed, and a ".." removes
// itself and the segment before it when more than keep segments that are
// not ".." stand before the ".." (the segment before is then not "..": a
// ".." that finds more than keep such segments removes one, so none
// stands above one that is not). A final "." or ".." that is removed
// leaves an empty last segment (the "/" before it stays).
//
// Segments that follow each other in path are kept as one span, so that
// a path with nothing to remove, or a long run of ".." that cannot be
// removed, is a span or two, and each byte is looked at a bounded number
// of times: removing a segment looks back over that segment only.
func ReduceSpans(path string, from, keep int, kept []PathSpan) ([]PathSpan, int) {
	real := 0   // how many segments kept are not ".."
	dotdot := 0 // how many are
	push := func(start, end int) {
		if n := len(kept); n > 0 && kept[n-1].End+1 == start && kept[n-1].End < start {
			kept[n-1].End = end
			return
		}
		kept = append(kept, PathSpan{start, end})
	}
	for start := from; ; {
		end := segmentEnd(path, start)
		last := end == len(path)
		switch seg := path[start:end]; {
		case seg == ".":
			if last {
				kept = append(kept, PathSpan{end, end})
				real++
			}
		case seg == ".." && real > keep:
			// The top segment is one that is not ".." (see above):
			// the last of the last span.
			k := &kept[len(kept)-1]
			if i := strings.LastIndexByte(path[k.Start:k.End], '/'); i >= 0 {
				k.End = k.Start + i
			} else {
				kept = kept[:len(kept)-1]
			}
			real--
			if last {
				kept = append(kept, PathSpan{end, end})
				real++
			}
		default:
			push(start, end)
			if seg == ".." {
				dotdot++
			} else {
				real++
			}
		}
		if last {
			return kept, dotdot
		}
		start = end + 1
	}
}

// segmentEnd is the offset of the first "/" of path at or after start,
// or len(path). Segments are short: a loop over their first bytes costs
// less than a call of strings.IndexByte, which takes over for a long one.
func segmentEnd(path string, start int) int {
	for i := start; i < len(path) && i < start+16; i++ {
		if path[i] == '/' {
			return i
		}
	}
	if start+16 >= len(path) {
		return len(path)
	}
	if i := strings.IndexByte(path[start+16:], '/'); i >= 0 {
		return start + 16 + i
	}
	return len(path)
}

// Reduce is [ReduceSpans] on the whole of path, the segments left joined
// by "/" again.
func Reduce(path string, keep int) string {
	var stack [32]PathSpan
	kept, _ := ReduceSpans(path, 0, keep, stack[:0])
	return Join(path, "", kept)
}

// Join writes lead followed by the spans of path, separated by "/", in
// one allocation.
func Join(path, lead string, spans []PathSpan) string {
	n := len(lead) + len(spans)
	for _, k := range spans {
		n += k.End - k.Start
	}
	var b strings.Builder
	b.Grow(n)
	b.WriteString(lead)
	for i, k := range spans {
		if i > 0 {
			b.WriteByte('/')
		}
		b.WriteString(path[k.Start:k.End])
	}
	return b.String()
}

// HasDotSegment reports whether a segment of path, between "/"s, is "."
// or "..": where it has none, removing dot segments (RFC 2396 section 5.2
// steps 6c to 6f, RFC 3986 section 5.2.4) leaves the path as it is.
func HasDotSegment(path string) bool {
	for i := 0; i < len(path); i++ {
		if path[i] != '.' || i > 0 && path[i-1] != '/' {
			continue
		}
		j := i + 1
		if j < len(path) && path[j] == '.' {
			j++
		}
		if j == len(path) || path[j] == '/' {
			return true
		}
	}
	return false
}

// KeepRelative returns a relative path from which a normalization has
// removed dot segments, with "./" before it where it would otherwise be
// read as another reference: where it is empty (the current document, not
// "./"), where its first segment is empty (it would start with "/", or
// with "//" and be read as an authority), and, in a reference with no
// scheme, where its first segment has a ":" (it would be read as a scheme:
// RFC 2396 section 5, RFC 3986 section 4.2).
func KeepRelative(path string, hasScheme bool) string {
	first, _, _ := strings.Cut(path, "/")
	if first == "" || !hasScheme && strings.Contains(first, ":") {
		return "./" + path
	}
	return path
}

// Segments returns the segments of a hierarchical or relative path, split
// on raw "/" (RFC 2396 and RFC 3986 section 3.3): the "/" that starts an
// absolute path starts the first segment, so "/a/b" has the segments "a"
// and "b", "/" one empty segment, and "" none. A segment is raw, as the
// path holds it: each RFC decodes it its own way (RFC 2396's have
// parameters after ";").
func Segments(path string) iter.Seq[string] {
	return func(yield func(string) bool) {
		if path == "" {
			return
		}
		for seg := range strings.SplitSeq(strings.TrimPrefix(path, "/"), "/") {
			if !yield(seg) {
				return
			}
		}
	}
}
