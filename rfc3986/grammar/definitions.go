package grammar

import "github.com/rfc2396/rfc2396/grammar/bnf"

// Definitions returns the syntax trees of Appendix A, as bnf.ParseABNF
// reads [ABNF], in the order of the rules' numbers: rule r is the r-th
// definition (URI-reference first, then the RFC's order), and the core rules of RFC
// 5234 that the rules use (ALPHA, DIGIT, HEXDIG) follow the [NumRules]
// rules of Appendix A, as bnf.WithCore adds them. gen writes them as Go
// from the ABNF, so that a program can have them without the ABNF reader.
// The slice is new; the nodes are shared and must not be modified.
func Definitions() []bnf.Definition {
	return append([]bnf.Definition(nil), definitions[:]...)
}
