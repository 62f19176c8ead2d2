// Command tablegen rewrites testdata/explain.txt, the table TestExplain
// checks, from the automata of package explain: see package
// internal/explaintable. go generate runs it in rfc3986/internal/explain.
package main

import (
	"fmt"
	"os"

	grammar "github.com/rfc2396/rfc2396/grammar/rfc3986"
	"github.com/rfc2396/rfc2396/internal/explaintable"
	"github.com/rfc2396/rfc2396/rfc3986/internal/explain"
)

func main() {
	if err := explaintable.Rewrite("testdata/explain.txt", explain.Explain, grammar.Lookup); err != nil {
		fmt.Fprintln(os.Stderr, "tablegen:", err)
		os.Exit(1)
	}
}
