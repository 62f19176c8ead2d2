// Command tablegen rewrites the table of explained errors at the path it
// is given (parser/internal/explain/testdata/explain.txt, which TestAutomata
// checks) from the automata of package explain: see package
// internal/explaintable. go generate runs it from the repository root.
package main

import (
	"github.com/rfc2396/rfc2396/grammar"
	"github.com/rfc2396/rfc2396/internal/explaintable"
	"github.com/rfc2396/rfc2396/parser/internal/explain"
)

func main() { explaintable.Main(explain.Explain, grammar.Lookup) }
