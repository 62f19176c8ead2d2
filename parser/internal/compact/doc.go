// Package compact holds the parser that gen compiles (gen/compile.go) from
// compact.peg, the compact form of rfc2396.peg with no edit (see
// gen/derive.go): parser.Parse and ParseInto run it natively, strict
// Appendix A only; every other profile runs package editcompact's. It
// runs the grammar as a parser pointlander/peg generates would, with the
// run-skipping functions of internal/pegrun. compact.peg, parser_gen.go
// and adapter_gen.go are written by gen.
package compact
