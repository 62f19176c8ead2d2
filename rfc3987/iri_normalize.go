package rfc3987

import "github.com/rfc2396/rfc2396/uri"

// NormalizeNFC returns s in Unicode Normalization Form C, and s itself
// when it already is ([uri.NormalizeNFC]): section 5.3.2.2 of RFC 3987
// (with section 3.1, step 1) wants NFC where an IRI comes from a
// non-digital form or is transcoded from a non-Unicode encoding. The same
// section says equivalence MUST rely on IRIs normalized beforehand, and
// that an IRI that came in a Unicode encoding is to be kept as it is.
// Parse the result again: U+037E becomes ";".
func NormalizeNFC(s string) string { return uri.NormalizeNFC(s) }

// NormalizePercentEncoding normalizes the percent-encoding of an IRI
// component by section 5.3.2.3 of RFC 3987, with section 5.3.2.1's case
// rule ([uri.Grammar.NormalizePercentEncoding] under RFC 3987's grammar):
// an encoded iunreserved character is decoded ("%7euser" becomes "~user",
// "ros%C3%A9" "rosé"), and every other encoding is written in uppercase
// ("%2f" becomes "%2F"); iprivate and the bidirectional formatting
// characters of section 4.1 stay encoded. Mapping both IRIs to URIs
// ([ToURI]) and normalizing those, the section's alternative, equates the
// same pairs.
func NormalizePercentEncoding(component string) string {
	return theGrammar.NormalizePercentEncoding(component)
}

// NormalizeHostCase applies section 5.3.2.1 of RFC 3987 to a host
// ([uri.NormalizeHostCase]): a US-ASCII host is lowercased; one with
// other characters keeps its case, which the section leaves to IDN
// processing ([HostToASCII]); the hex digits of percent-encodings are
// uppercased in both. [Normalize] lowercases the ASCII letters of every
// host, as section 5.3.2.3's route through URIs does (docs/rfc3987.md says
// why the two sections cannot both hold).
func NormalizeHostCase(host string) string { return uri.NormalizeHostCase(host) }
