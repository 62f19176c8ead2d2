//go:build !playground

package rfc3987_test

import (
	"errors"
	"fmt"

	"github.com/rfc2396/rfc2396/rfc3987"
	"github.com/rfc2396/rfc2396/uri"
)

func ExampleHostToASCII() {
	host, err := rfc3987.HostToASCII("r\u00e9sum\u00e9.example.org")
	fmt.Println(host, err)

	_, err = rfc3987.HostToASCII("www.r%E9sum%E9.org")
	var he *rfc3987.HostError
	if errors.As(err, &he) {
		fmt.Printf("label %q at offset %d: %v\n", he.Label, he.Offset, he.Err)
	}
	fmt.Println(errors.Is(err, uri.ErrHostNotUTF8))
	// Output:
	// xn--rsum-bpad.example.org <nil>
	// label "r%E9sum%E9" at offset 4: percent-encoded octets are not UTF-8
	// true
}
