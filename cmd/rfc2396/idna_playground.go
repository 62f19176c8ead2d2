//go:build playground

package main

import "errors"

// hostToASCII refuses --idna: the build tag playground, meant for the
// playground's WebAssembly module, leaves rfc3987.HostToASCII and
// golang.org/x/net/idna out of package rfc3987.
func hostToASCII() (func(host string) (string, error), error) {
	return nil, errors.New("--idna: this rfc2396 was built with the tag playground, which leaves out rfc3987.HostToASCII")
}
