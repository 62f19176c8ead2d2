// Command tablegen rewrites testdata/explain.txt, the table TestExplain
// checks, from the automata of package explain: see package
// internal/explaintable. go generate runs it in parser/internal/explain.
package main

import (
	"fmt"
	"os"

	"github.com/rfc2396/rfc2396/grammar"
	"github.com/rfc2396/rfc2396/internal/explaintable"
	"github.com/rfc2396/rfc2396/parser/internal/explain"
)

func main() {
	if err := explaintable.Rewrite("testdata/explain.txt", explain.Explain, grammar.Lookup); err != nil {
		fmt.Fprintln(os.Stderr, "tablegen:", err)
		os.Exit(1)
	}
}
