//go:build !playground

package rfc3987

import "github.com/rfc2396/rfc2396/uri"

// HostToASCII converts an ireg-name to ASCII the way section 3.1 of RFC
// 3987 lets systems do for schemes known to use domain names there: each
// label through RFC 3490's ToASCII with UseSTD3ASCIIRules set, percent-
// encoded octets decoded first ([uri.HostToASCII] says how, and with
// which IDNA profile). "résumé.example.org" becomes
// "xn--rsum-bpad.example.org". A failure means, as the section says, that
// the IRI cannot be resolved: a *[HostError] names the label. HostToASCII
// is not in the playground's WebAssembly module (build tag playground).
func HostToASCII(host string) (string, error) {
	ascii, err := uri.HostToASCII(host)
	if e, ok := err.(*uri.HostError); ok {
		return "", (*HostError)(e)
	}
	return ascii, err
}
