//go:build !playground

package rfc3987

import "github.com/rfc2396/rfc2396/uri"

// HostToASCII converts an ireg-name to ASCII as section 3.1 of RFC 3987
// lets systems do for schemes known to use domain names: each label
// through RFC 3490's ToASCII with UseSTD3ASCIIRules ([uri.HostToASCII]
// says how). "résumé.example.org" becomes "xn--rsum-bpad.example.org". On
// failure the IRI cannot be resolved, and a *[HostError] names the label;
// its cause is one of uri's ErrHost errors ([uri.ErrHostNotUTF8], ...) or
// golang.org/x/net/idna's. It is not in the playground's WebAssembly
// module (build tag playground).
func HostToASCII(host string) (string, error) { return uri.HostToASCII(host) }
