package rfc3986

import (
	"slices"
	"strings"
)

// Relativize returns the shortest reference that [Resolve], with no
// options, resolves against base to exactly target, without a [Warning]:
// section 5.2 read backwards. It tries, in order of length, a fragment
// alone ("#f"), the empty reference, a query alone ("?y"), a relative
// path ("g", "../g", "./g:h", ".//x"), an absolute path ("/x/y"), a
// network path ("//b/x") and target itself, and returns the first
// shortest of those that resolves back. So
//
//	Resolve(base, Relativize(base, target)) == target
//
// for every pair it accepts. base must be an absolute URI, or the error is
// a [*BaseError]. target must be an absolute URI that some reference
// resolves to against base, or the error is a [*TargetError]: section
// 5.2.2 removes the dot segments of every path it does not take from the
// base, so "http://a/b/../c" is the result of no resolution except
// against itself.
func Relativize(base, target string) (string, error) {
	var b, t URI
	if err := ParseInto(&b, base); err != nil {
		return "", &BaseError{Base: base, Err: err}
	}
	if !b.Scheme().Defined {
		return "", &BaseError{Base: base}
	}
	if err := ParseInto(&t, target); err != nil {
		return "", &TargetError{Problem: TargetInvalid, Base: base, Target: target, Err: err}
	}
	if !t.Scheme().Defined {
		return "", &TargetError{Problem: TargetRelative, Base: base, Target: target}
	}
	candidates := relativeCandidates(&b, &t)
	slices.SortStableFunc(candidates, func(a, b string) int { return len(a) - len(b) })
	var r URI
	for _, c := range candidates {
		if !Valid(c) || ParseInto(&r, c) != nil { // Valid: without the cost of explaining why
			continue
		}
		if got, warnings := resolveParsed(&b, &r, resolveConfig{}); got == target && len(warnings) == 0 {
			return c, nil
		}
	}
	return "", &TargetError{Problem: TargetUnreachable, Base: base, Target: target}
}

// TargetProblem says why [Relativize] refused a target.
type TargetProblem int

const (
	// TargetInvalid: the target is not a URI-reference (Err says where).
	TargetInvalid TargetProblem = iota + 1
	// TargetRelative: the target has no scheme; a resolution always
	// gives one (section 5.2.2).
	TargetRelative
	// TargetUnreachable: no reference resolves against the base to
	// exactly the target, not even the target itself: its path has dot
	// segments that section 5.2.4 would remove ("http://a/b/../c"), or
	// reads back otherwise.
	TargetUnreachable
)

// Code returns a short name for p, e.g. "relative-target".
func (p TargetProblem) Code() string {
	switch p {
	case TargetInvalid:
		return "invalid-target"
	case TargetRelative:
		return "relative-target"
	case TargetUnreachable:
		return "unreachable-target"
	}
	return "unknown"
}

// String describes p for people.
func (p TargetProblem) String() string {
	switch p {
	case TargetInvalid:
		return "the target is not a URI-reference"
	case TargetRelative:
		return "the target is not an absolute URI"
	case TargetUnreachable:
		return "no reference resolves to the target against the base"
	}
	return "unknown problem"
}

// TargetError reports a target that [Relativize] cannot make a reference
// to.
type TargetError struct {
	Problem      TargetProblem
	Base, Target string
	// Err is the parse error behind TargetInvalid, or nil.
	Err error
}

func (e *TargetError) Error() string {
	if e == nil {
		return "rfc3986: <nil *TargetError>"
	}
	switch e.Problem {
	case TargetInvalid:
		return "rfc3986: invalid target: " + message(e.Err)
	case TargetRelative:
		return "rfc3986: target " + quoteSafe(e.Target) + " has no scheme; a resolution always gives an absolute URI (section 5.2.2)"
	case TargetUnreachable:
		return "rfc3986: no reference resolves against " + quoteSafe(e.Base) + " to " + quoteSafe(e.Target) + " (section 5.2.2 removes dot segments from every path it does not take from the base)"
	}
	return "rfc3986: " + e.Problem.String()
}

// Unwrap returns the parse error of the target, or nil.
func (e *TargetError) Unwrap() error {
	if e == nil {
		return nil
	}
	return e.Err
}

// relativeCandidates lists the references that may resolve against base
// to target, shortest kinds first; the caller sorts them by length, keeping
// that order among equals, and takes the first that resolves back.
func relativeCandidates(base, target *URI) []string {
	var suffix, fragment string
	if f := target.Fragment(); f.Defined {
		fragment = "#" + f.Value
	}
	if q := target.Query(); q.Defined {
		suffix = "?" + q.Value
	}
	suffix += fragment
	candidates := []string{fragment}
	if target.Query().Defined {
		candidates = append(candidates, suffix)
	}
	basePath, targetPath := base.Path(), target.Path()
	if base.Authority().Defined && basePath == "" {
		basePath = "/" // section 5.2.3
	}
	// The base's directory as written, and as resolution sees it once its
	// own dot segments are gone ("a/./b" is in "a/"): "x" stands for the
	// reference's path while they are removed.
	effective := RemoveDotSegments(merge(base, "x"))
	for _, basePath := range []string{basePath, effective} {
		if strings.HasPrefix(basePath, "/") == strings.HasPrefix(targetPath, "/") {
			for _, rel := range relativeSegments(strings.TrimPrefix(basePath, "/"), strings.TrimPrefix(targetPath, "/")) {
				candidates = append(candidates, rel+suffix)
			}
		}
	}
	if strings.HasPrefix(targetPath, "/") && !strings.HasPrefix(targetPath, "//") {
		candidates = append(candidates, targetPath+suffix)
	}
	if a := target.Authority(); a.Defined {
		candidates = append(candidates, "//"+a.Value+targetPath+suffix)
	}
	return append(candidates, target.ref)
}

// relativeSegments returns relative paths that section 5.2.3 may merge
// with basePath into targetPath, both without their leading "/" if they
// had one: the shortest climbs from the base's directory with "../" to the
// longest directory the two share, then goes down. A final "./" or "../"
// is also offered without its "/" ("." and ".." name the same directory,
// section 5.2.4), and a "./" is put in front of a first segment that is
// empty (".//x") or has a ":" ("./g:h", section 4.2).
func relativeSegments(basePath, targetPath string) []string {
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
