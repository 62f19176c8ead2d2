// Package compact holds the parser that gen compiles (gen/compile.go)
// for RFC 3986 from the compact grammar it derives from rfc3986.peg, where
// only the rules whose spans fill a reference's components produce
// tokens. rfc3986.Parse runs it. compact.peg, parser_gen.go and
// adapter_gen.go (its Parser, with its rule mappings and run tables) are
// written by gen.
package compact
