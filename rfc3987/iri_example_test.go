package rfc3987_test

import (
	"errors"
	"fmt"

	"github.com/rfc2396/rfc2396/rfc3987"
)

func ExampleToURI() {
	// Section 3.1's examples ("&#xE9;" is é).
	fmt.Println(rfc3987.ToURI("http://r\u00e9sum\u00e9.example.org"))
	fmt.Println(rfc3987.ToURI("http://www.example.org/red%09ros\u00e9#red"))
	// Output:
	// http://r%C3%A9sum%C3%A9.example.org
	// http://www.example.org/red%09ros%C3%A9#red
}

func ExampleToIRI() {
	// Section 3.2.1's three examples.
	fmt.Println(rfc3987.ToIRI("http://www.example.org/D%C3%BCrst"))
	fmt.Println(rfc3987.ToIRI("http://www.example.org/D%FCrst"))
	fmt.Println(rfc3987.ToIRI("http://xn--99zt52a.example.org/%e2%80%ae"))
	// Output:
	// http://www.example.org/Dürst
	// http://www.example.org/D%FCrst
	// http://xn--99zt52a.example.org/%E2%80%AE
}

func ExampleCheckBidiFormatting() {
	err := rfc3987.CheckBidiFormatting("http://example.org/\u202eabc")
	var be *rfc3987.BidiError
	if errors.As(err, &be) {
		fmt.Printf("%U at offset %d (section %s)\n", be.Char, be.Offset, be.Section)
	}
	// The percent-encoded form is how to write it (section 3.2.1).
	fmt.Println(rfc3987.CheckBidiFormatting("http://example.org/%E2%80%AEabc"))
	// Output:
	// U+202E at offset 19 (section 4.1)
	// <nil>
}

func ExampleBidiComponentWarnings() {
	// A Hebrew segment that ends in a digit (section 4.4, Example 8).
	for _, w := range rfc3987.BidiComponentWarnings("\u05d0\u05d11") {
		fmt.Printf("offset %d %U: %v\n", w.Offset, w.Char, w.Rule)
	}
	// Output:
	// offset 4 U+0031: a component using right-to-left characters should end with one
}

func ExampleBidiWarnings() {
	// Section 4.4's Example 1 with Hebrew letters: each label is read on
	// its own, so nothing to say.
	fmt.Println(len(rfc3987.BidiWarnings("http://ab.\u05d2\u05d3\u05d4.ij/kl/op.html")))
	// Example 9: percent-encoded digits at the ends of right-to-left
	// segments.
	for _, w := range rfc3987.BidiWarnings("http://ab.cd.ef/\u05d2\u05d3%31/%32\u05d4\u05d5/x") {
		fmt.Printf("%s at %d: %v\n", w.Component, w.Offset, w.Rule)
	}
	// Output:
	// 0
	// isegment part at 22: a component using right-to-left characters should end with one
	// isegment part at 24: a component using right-to-left characters should start with one
}

func ExampleNormalizeNFC() {
	// Section 5.3.2.2's example: "e" and a combining acute become "é".
	fmt.Println(rfc3987.NormalizeNFC("http://www.example.org/re\u0301sume\u0301.html"))
	// Output:
	// http://www.example.org/résumé.html
}

func ExampleNormalizePercentEncoding() {
	// Section 5.3.2's and 5.3.2.3's examples.
	fmt.Println(rfc3987.NormalizePercentEncoding("/b/%63/%7bfoo%7d/ros%C3%A9"))
	fmt.Println(rfc3987.NormalizePercentEncoding("/%7euser"))
	// Output:
	// /b/c/%7Bfoo%7D/rosé
	// /~user
}

func ExampleNormalizeHostCase() {
	fmt.Println(rfc3987.NormalizeHostCase("www.EXAMPLE.com"))
	// Not US-ASCII only: case is IDN's business (section 5.3.3).
	fmt.Println(rfc3987.NormalizeHostCase("R\u00c9SUM\u00c9.ORG"))
	// Output:
	// www.example.com
	// RÉSUMÉ.ORG
}
