// Package editcompact holds the parser that gen compiles (gen/compile.go)
// from editcompact.peg, the compact form of editref.peg (see package
// editref and gen/derive.go): parser.Parse and ParseInto run it under
// every profile, strict included (no edit in force: Appendix A exactly).
// It runs the grammar as a parser pointlander/peg generates would, with
// the run-skipping functions of internal/pegrun. editcompact.peg,
// parser_gen.go and adapter_gen.go are written by gen.
package editcompact
