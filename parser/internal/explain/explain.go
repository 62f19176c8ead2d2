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
package explain

import (
	"github.com/rfc2396/rfc2396/grammar"
	"github.com/rfc2396/rfc2396/internal/dfa"
)

// Automaton is the deterministic automaton of one rule of RFC 2396, as
// generated tables. A profile's grammar is run by an on-demand automaton
// (dfa.Lazy) instead.
type Automaton = dfa.Table[grammar.Rule]

// Result is how an input leaves a rule's language.
type Result = dfa.Result[grammar.Rule]

// Strict returns the automaton of rule under Appendix A exactly, from the
// generated tables. It panics if rule is not a rule of Appendix A.
func Strict(rule grammar.Rule) *Automaton { return &automata[rule] }

// Match reports whether s as a whole matches rule. It allocates nothing and
// reads each byte once. Match panics if rule is not a rule of Appendix A.
func Match(rule grammar.Rule, s string) bool { return automata[rule].Match(s) }

// Explain runs the automaton of rule over s and reports where s leaves the
// rule's language: Path follows the RFC's first alternative where readings
// part (net_path before abs_path, server before reg_name, absoluteURI
// before relativeURI), AltPath the last. Explain panics if rule is not a
// rule of Appendix A.
func Explain(rule grammar.Rule, s string) Result { return automata[rule].Explain(s) }
