package conformance_test

import (
	"fmt"

	"github.com/rfc2396/rfc2396/conformance"
)

func ExampleGenerate() {
	s, rep, err := conformance.Generate(conformance.Options{Standard: conformance.RFC2396, Seed: 2396})
	if err != nil {
		panic(err)
	}
	// Every item is covered but those the grammar hides from the
	// first-derivation reading (none in Appendix A as the RFC writes it).
	fmt.Println(s.Standard, s.Profile, rep.Covered+len(rep.Shadowed) == rep.Items, len(rep.Disagreements))
	// Output: rfc2396 strict true 0
}

func ExampleCoverage() {
	c, err := conformance.NewCoverage(conformance.RFC2396, "")
	if err != nil {
		panic(err)
	}
	c.Add("URI-reference", "http://www.example.com/a?q")
	// Which rules the reference exercised at least one alternative or
	// repetition bound of.
	exercised := map[string]bool{}
	for _, ic := range c.Counts() {
		if ic.Count > 0 {
			exercised[ic.Rule] = true
		}
	}
	for _, rule := range []string{"scheme", "hostname", "port", "query", "fragment"} {
		fmt.Println(rule, exercised[rule])
	}
	// Output:
	// scheme true
	// hostname true
	// port false
	// query true
	// fragment false
}

func ExampleTSVEscape() {
	fmt.Println(conformance.TSVEscape("a\tb\\c é"))
	// Output: a\x09b\x5Cc \xC3\xA9
}
