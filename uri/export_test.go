package uri

import "github.com/rfc2396/rfc2396/internal/syntax"

// What the tests of package uri_test (which read references by RFC 3986's
// grammar, from package rfc3986) check of the algorithms' internals.

// ResolveParsed is resolveParsed, strict or not.
func ResolveParsed[R Rule](base, r *URI[R], nonStrict bool) (string, []Warning) {
	return resolveParsed(base, r, resolveConfig{nonStrict: nonStrict})
}

// AppendResolved is appendResolved, strict or not.
func AppendResolved[R Rule](dst []byte, base, r *URI[R], nonStrict bool) ([]byte, []Warning) {
	return appendResolved(dst, base, r, resolveConfig{nonStrict: nonStrict})
}

// Merge is merge.
func Merge[R Rule](base *URI[R], path string) string { return merge(base, path) }

// RelativeCandidates is relativeCandidates.
func RelativeCandidates[R Rule](base, target *URI[R], all bool) syntax.Candidates {
	return relativeCandidates(base, target, all)
}

// RemoveDotSegmentsInPlace is removeDotSegmentsInPlace.
func RemoveDotSegmentsInPlace(path []byte) []byte { return removeDotSegmentsInPlace(path) }
