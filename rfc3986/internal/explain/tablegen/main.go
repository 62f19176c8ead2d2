// Command tablegen rewrites the table of explained errors at the path it
// is given (rfc3986/internal/explain/testdata/explain.txt, which TestExplain
// checks) from the automata of package explain: see package
// internal/explaintable. go generate runs it from the repository root.
package main

import (
	"fmt"
	"os"

	"github.com/rfc2396/rfc2396/internal/explaintable"
	"github.com/rfc2396/rfc2396/rfc3986/grammar"
	"github.com/rfc2396/rfc2396/rfc3986/internal/explain"
)

func main() {
	if len(os.Args) != 2 {
		fmt.Fprintln(os.Stderr, "usage: tablegen FILE")
		os.Exit(2)
	}
	if err := explaintable.Rewrite(os.Args[1], explain.Explain, grammar.Lookup); err != nil {
		fmt.Fprintln(os.Stderr, "tablegen:", err)
		os.Exit(1)
	}
}
