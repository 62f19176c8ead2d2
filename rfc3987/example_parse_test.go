package rfc3987_test

import (
	"fmt"
	"log"

	"github.com/rfc2396/rfc2396/rfc3987"
)

// An IRI holds characters beyond ASCII as they are; Parse reads its
// components, and ToURI maps it to the URI of section 3.1.
func ExampleParse() {
	u, err := rfc3987.Parse("http://résumé.example.org/Dürst?q=1")
	if err != nil {
		log.Fatal(err)
	}
	fmt.Println(u.Host().Value, u.Path())
	fmt.Println(rfc3987.ToURI(u.String()))
	// Output:
	// résumé.example.org /Dürst
	// http://r%C3%A9sum%C3%A9.example.org/D%C3%BCrst?q=1
}

// Section 4.1 forbids the bidirectional formatting characters, which the
// ABNF admits; the edit bidi-formatting lifts the rule.
func ExampleAllow() {
	ref := "http://example.org/a\u202Eb"
	fmt.Println(rfc3987.Valid(ref))
	g, err := rfc3987.Allow("bidi-formatting")
	if err != nil {
		log.Fatal(err)
	}
	fmt.Println(g.Valid(ref))
	// Output:
	// false
	// true
}
