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
	fmt.Println(s.Standard, s.Profile, rep.Covered == rep.Items, len(rep.Disagreements))
	// Output: rfc2396 strict true 0
}

func ExampleCoverage() {
	c, err := conformance.NewCoverage(conformance.RFC2396, "")
	if err != nil {
		panic(err)
	}
	c.Add("hostname", "www.example.com")
	counts, covered := c.CountsFrom("hostname")
	for _, ic := range counts[:3] {
		fmt.Println(ic.Count, ic.ID)
	}
	fmt.Println(covered, "of", len(counts))
	// Output:
	// 0 hostname/0:rep0
	// 0 hostname/0:rep1
	// 1 hostname/0:repseveral
	// 20 of 85
}

func ExampleTSVEscape() {
	fmt.Println(conformance.TSVEscape("a\tb\\c é"))
	// Output: a\x09b\x5Cc \xC3\xA9
}
