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
//  3. makes the two generated parsers read bytes (gen patch);
//  4. writes the reference site's examples, checked against the parser just
//     built (gen/examples); gen grammar has written its diagrams.
package rfc2396

//go:generate go run ./gen grammar
//go:generate go tool peg -switch -output parser/internal/reference/reference.peg.go rfc2396.peg
//go:generate go tool peg -inline -switch -output parser/internal/compact/compact.peg.go parser/internal/compact/compact.peg
//go:generate go run ./gen patch parser/internal/reference/reference.peg.go parser/internal/compact/compact.peg.go
//go:generate go run ./gen/examples
