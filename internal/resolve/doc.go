// Package resolve holds what the public packages parser (RFC 2396) and
// uri (the RFC 3986 family) share of resolving references against a base
// and back: the path arithmetic of relativization (refpath.go:
// [RelativeSegments], [Candidates]), the application of their resolution
// options (option.go: [ApplyOptions]), the codes and texts of their enums,
// with the resolution reasons both give alike (enumname.go:
// [Reasons]), and the lookup of an error by type in a resolution
// error's chain without reflection (errtype.go: [ErrorAs]), which the
// site's playground uses too.
package resolve
