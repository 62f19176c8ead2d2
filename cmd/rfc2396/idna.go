//go:build !playground

package main

import "github.com/rfc2396/rfc2396/rfc3987"

// hostToASCII returns the host conversion --idna asks for,
// rfc3987.HostToASCII.
func hostToASCII() (func(host string) (string, error), error) {
	return rfc3987.HostToASCII, nil
}
