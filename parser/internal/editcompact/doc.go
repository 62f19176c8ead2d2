// Package editcompact holds the parser that pointlander/peg generates from
// editcompact.peg, the compact form of editref.peg (see package editref
// and gen/derive.go): parser.Parse runs it under edits. The run-skipping
// functions are those of internal/pegrun.
package editcompact
