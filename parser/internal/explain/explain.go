// Package explain holds the deterministic automaton of every rule of
// RFC 2396 Appendix A, which gen builds from grammar/rfc2396.abnf alone
// (package internal/automaton: Glushkov's construction and the subset
// construction) and writes into tables.bin, which tables_gen.go embeds
// with the rule paths and expectations its states index; nothing here
// reads the BNF at run time. Package internal/dfa runs them, reading the
// blob in place.
//
// Appendix A is regular, so the automaton of a rule knows after every byte
// whether some string of the rule's language still starts with what has
// been read. It is the engine of two jobs: whole-string matching for every
// rule ([Match], behind parser.Match), and error explanation ([Explain],
// behind every parser.Error).
//
// The playground's WebAssembly module (GOOS=js) leaves the 77 KB of tables
// out: there [Strict] builds the same automata on demand, state by state as
// inputs reach them, from the grammar's syntax trees (lazy.go, as a
// profile's are built); TestLazyAgainstTables checks, natively, that both
// give the same answers.
package explain

import (
	"github.com/rfc2396/rfc2396/grammar"
	"github.com/rfc2396/rfc2396/internal/dfa"
)

// Result is how an input leaves a rule's language.
type Result = dfa.Result[grammar.Rule]

// Match reports whether s as a whole matches rule. It allocates nothing and
// reads each byte once. Match panics if rule is not a rule of Appendix A.
func Match(rule grammar.Rule, s string) bool { return Strict(rule).Match(s) }

// Explain runs the automaton of rule over s and reports where s leaves the
// rule's language: Path follows the RFC's first alternative where readings
// part (net_path before abs_path, server before reg_name, absoluteURI
// before relativeURI), AltPath the last. Explain panics if rule is not a
// rule of Appendix A.
func Explain(rule grammar.Rule, s string) Result { return Strict(rule).Explain(s) }
