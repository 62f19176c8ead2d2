//go:build uri_iri_only

package report

// otherStandards is empty in a build with the tag uri_iri_only: its
// standards are RFC 2396, 3986 and 3987, and it links none of the other
// grammars' packages (see standards_other.go).
func otherStandards() []Standard { return nil }
