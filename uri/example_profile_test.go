package uri_test

import (
	"fmt"
	"log"

	"github.com/rfc2396/rfc2396/rfc3987"
)

// A profile is a named set of a grammar's edits. RFC 3987's "abnf" reads
// IRIs by section 2.2's ABNF alone, as validators that check only the
// ABNF do, so it takes the bidirectional formatting characters that
// section 4.1 forbids.
func ExampleGrammar_Profile() {
	g := rfc3987.Grammar()
	for _, p := range g.Profiles() {
		fmt.Printf("%s %q\n", p.Name, p.Edits)
	}
	abnf, err := g.Profile("abnf")
	if err != nil {
		log.Fatal(err)
	}
	ref := "http://example.com/\u200e"
	fmt.Println(g.Valid(ref), abnf.Valid(ref))
	_, err = g.Profile("java")
	fmt.Println(err)
	// Output:
	// strict []
	// rfc6874 ["zone-id"]
	// abnf ["bidi-formatting"]
	// false true
	// rfc3987: no profile named "java"; the profiles of RFC 3987 are strict, rfc6874, abnf
}
