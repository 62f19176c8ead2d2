// Package rfc2396 is the root of the RFC 2396 reference implementation: a
// strict URI-reference parser generated from the RFC's Appendix A grammar.
// The library is package parser; the grammar is rfc2396.peg; the
// command-line tool is cmd/rfc2396. This package holds only the go:generate
// lines and the conformance tests.
//
// Running go generate ./... from the repository root
//
//  1. checks that rfc2396.peg transcribes grammar/rfc2396.abnf and writes
//     the rule catalogue, the compact grammar and the oracle (gen grammar);
//  2. compiles rfc2396.peg (-switch) and the compact grammar (-inline
//     -switch) with pointlander/peg v1.0.1; README.md says how the flags
//     were chosen;
//  3. makes the two generated parsers read bytes (gen patch).
package rfc2396

//go:generate go run ./gen grammar
//go:generate go tool peg -switch -output parser/internal/reference/reference.peg.go rfc2396.peg
//go:generate go tool peg -inline -switch -output parser/internal/compact/compact.peg.go parser/internal/compact/compact.peg
//go:generate go run ./gen patch parser/internal/reference/reference.peg.go parser/internal/compact/compact.peg.go

// RFC 3986 (issue 11): the same pipeline for rfc3986.peg and
// grammar/rfc3986.abnf. Both parsers are compiled without -switch: peg
// v1.0.1's -switch cannot compute the first characters of an alternative
// that matches the empty string (path-empty, "&.?", in the reference
// grammar; reg-name, a run function that may take nothing, in the compact
// one) and emits an invalid "case '<nil>'".
//go:generate go run ./gen rfc3986
//go:generate go tool peg -output rfc3986/internal/reference/reference.peg.go rfc3986.peg
//go:generate go tool peg -inline -output rfc3986/internal/compact/compact.peg.go rfc3986/internal/compact/compact.peg
//go:generate go run ./gen patch rfc3986/internal/reference/reference.peg.go rfc3986/internal/compact/compact.peg.go
