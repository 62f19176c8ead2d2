package uri_test

import (
	"encoding/json"
	"fmt"
	"log"

	"github.com/rfc2396/rfc2396/rfc3986"
)

// A URI of any grammar (here RFC 3986's, package rfc3986) marshals as its
// reference, held by value or by pointer, and unmarshals by parsing by
// its grammar, strictly: an invalid reference is an error. (Package
// parser's URI, RFC 2396's, does the same.)
func ExampleURI_MarshalText() {
	type link struct {
		Href    rfc3986.URI  `json:"href"`
		Base    *rfc3986.URI `json:"base"`
		Missing *rfc3986.URI `json:"missing"`
	}
	href, err := rfc3986.Parse("http://xn--r8jz45g.jp/a?b#c")
	if err != nil {
		log.Fatal(err)
	}
	base, err := rfc3986.Parse("http://a/b/")
	if err != nil {
		log.Fatal(err)
	}
	b, err := json.Marshal(link{Href: *href, Base: base})
	fmt.Println(string(b), err)

	var back link
	err = json.Unmarshal(b, &back)
	fmt.Println(back.Href.Host().Value, back.Base.Path(), back.Missing == nil, err)

	err = json.Unmarshal([]byte(`{"href":"http://a b/"}`), &back)
	fmt.Println(err != nil)
	// Output:
	// {"href":"http://xn--r8jz45g.jp/a?b#c","base":"http://a/b/","missing":null} <nil>
	// xn--r8jz45g.jp /b/ true <nil>
	// true
}
