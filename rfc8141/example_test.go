package rfc8141_test

import (
	"fmt"

	"github.com/rfc2396/rfc2396/rfc8141"
)

func ExampleParse() {
	u, err := rfc8141.Parse("urn:example:weather?=op=map&lat=39.56#today")
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println(u.NID, u.NSS, u.RComponent.Defined, u.QComponent.Value, u.FComponent.Value)
	_, err = rfc8141.Parse("urn:example:a?+r?=")
	fmt.Println(err)
	// Output:
	// example weather false op=map&lat=39.56 today
	// rfc8141: offset 18: r-component "r?=": the r-component ends at "?=", which begins a q-component, and a q-component cannot be empty (RFC 8141 sections 2.3.1, 2)
}

func ExampleEquivalent() {
	for _, b := range []string{"URN:EXAMPLE:a123%2cz456?+abc", "urn:example:a123,z456"} {
		eq, err := rfc8141.Equivalent("urn:example:a123%2Cz456", b)
		fmt.Println(b, eq, err)
	}
	// Output:
	// URN:EXAMPLE:a123%2cz456?+abc true <nil>
	// urn:example:a123,z456 false <nil>
}

func ExampleNormalize() {
	n, err := rfc8141.Normalize("URN:Example:a123%2cz456#Part")
	fmt.Println(n, err)
	// Output:
	// urn:example:a123%2Cz456#Part <nil>
}

func ExampleValid() {
	fmt.Println(rfc8141.Valid("urn:example:foo"), rfc8141.Valid("urn:X-foo:bar"), rfc8141.Valid("urn:example:"))
	// Output:
	// true false false
}
