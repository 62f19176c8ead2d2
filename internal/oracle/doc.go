// Package oracle is an independent reading of the grammars, for the tests
// and the conformance kit: regular expressions built from each grammar's
// syntax trees as package grammar/bnf reads them (package oracle/lang), a
// prefix-viability check that runs Go's own compiled form of the same
// expressions, the Appendix B regular expression, and generators of test
// strings from the same trees. None of it shares code with the PEG files,
// the generated parsers or the automata.
//
// One file a reading: rfc2396.go reads RFC 2396 Appendix A and its edits
// ([Oracle]); abnf.go any grammar written in RFC 5234's ABNF, keyed by rule
// name ([ABNF]); rfc3986.go RFC 3986 Appendix A through it, typed to
// package rfc3986's rules ([Oracle3986]). Package oracle/lang, the
// grammar-independent half, is a package of its own because gen uses it
// before the grammar catalogues this package reads are generated.
package oracle
