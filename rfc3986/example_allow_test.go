package rfc3986_test

import (
	"fmt"
	"log"

	"github.com/rfc2396/rfc2396/rfc3986"
)

// RFC 6874 lets an IPv6 literal carry a zone ID ("%25" and the zone), which
// RFC 3986 as published refuses; the edit zone-id reads it.
func ExampleAllow() {
	ref := "http://[fe80::1%25en1]/"
	_, err := rfc3986.Parse(ref)
	fmt.Println(err)

	g, err := rfc3986.Allow("zone-id")
	if err != nil {
		log.Fatal(err)
	}
	u, err := g.Parse(ref)
	fmt.Println(u.Host().Value, u.HostKind(), err)
	// Output:
	// rfc3986: offset 15: invalid character '%' in h16; expected HEXDIG, ".", ":" or "]" (valid under the edit zone-id (RFC 6874))
	// [fe80::1%25en1] IP-literal <nil>
}
