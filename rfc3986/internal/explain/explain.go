// Package explain holds the deterministic automaton of every rule of
// RFC 3986 Appendix A, which gen builds from grammar/rfc3986.abnf alone
// with package internal/automaton (as it does for RFC 2396 in
// parser/internal/explain) and writes into tables.bin, which tables_gen.go
// embeds with the rule paths and expectations its states index; nothing here
// reads the ABNF at run time. Package internal/dfa runs them.
//
// It is the engine of two jobs of package rfc3986: whole-string matching
// for every rule ([Match], behind rfc3986.Match and rfc3986.Valid) and
// error explanation ([Explain], behind every rfc3986.Error).
//
// The playground's WebAssembly module (GOOS=js) leaves the 371 KB of
// tables out: there the same automata are built on demand, state by state
// as inputs reach them, from the ABNF (lazy.go); TestLazyAgainstTables
// checks, natively, that both give the same answers.
package explain

import (
	"github.com/rfc2396/rfc2396/internal/dfa"
	"github.com/rfc2396/rfc2396/rfc3986/grammar"
)

// Result is how an input leaves a rule's language.
type Result = dfa.Result[grammar.Rule]

// Match reports whether s as a whole matches rule. It allocates nothing and
// reads each byte once. Match panics if rule is not a rule of Appendix A.
func Match(rule grammar.Rule, s string) bool { return strict(rule).Match(s) }

// Explain runs the automaton of rule over s and reports where s leaves the
// rule's language: Path follows the RFC's first alternative where readings
// part (URI before relative-ref, IPv4address before reg-name), AltPath the
// last. Explain panics if rule is not a rule of Appendix A.
func Explain(rule grammar.Rule, s string) Result { return strict(rule).Explain(s) }
