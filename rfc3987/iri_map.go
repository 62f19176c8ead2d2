package rfc3987

import "github.com/rfc2396/rfc2396/uri"

// ToURI maps an IRI reference to a URI reference by section 3.1 of RFC
// 3987, step 2 ([uri.EncodeNonASCII]): the UTF-8 octets of each character
// of ucschar or iprivate (the non-ASCII ones) are percent-encoded, and
// everything else is kept. Not applied: step 1 (a Go string is UTF-8,
// which is not to be normalized; see [NormalizeNFC]), and the section's
// options, ToASCII of an ireg-name ([HostToASCII]) and encoding US-ASCII.
func ToURI(iri string) string { return uri.EncodeNonASCII(iri) }

// ToIRI converts a URI reference to an IRI reference by the five steps of
// section 3.2 of RFC 3987 ([uri.Grammar.FromURI] under RFC 3987's
// grammar): encoded unreserved US-ASCII characters and UTF-8 of the
// characters an IRI may hold at that place (ucschar; iprivate in the
// query; never section 4.1's bidi formatting characters) are decoded, all
// else stays encoded. No punycode label is converted, nor section 6.1's
// look-alike characters.
func ToIRI(uri string) string { return theGrammar.FromURI(uri) }

// NormalizeNFC returns s in Unicode Normalization Form C
// ([uri.NormalizeNFC]), as section 5.3.2.2 of RFC 3987 wants for an IRI
// from paper or a non-Unicode encoding (an IRI that came in a Unicode
// encoding is kept as it is). Parse the result again: U+037E becomes ";".
func NormalizeNFC(s string) string { return uri.NormalizeNFC(s) }

// NormalizePercentEncoding normalizes the percent-encoding of an IRI
// component by section 5.3.2.3 of RFC 3987 with section 5.3.2.1's case
// rule ([uri.Grammar.NormalizePercentEncoding] under RFC 3987's grammar):
// an encoded iunreserved character is decoded ("%7euser" is "~user",
// "ros%C3%A9" "rosé"), other encodings are uppercased ("%2f" is "%2F"),
// and iprivate and section 4.1's bidi formatting characters stay encoded.
func NormalizePercentEncoding(component string) string {
	return theGrammar.NormalizePercentEncoding(component)
}

// NormalizeHostCase applies section 5.3.2.1 of RFC 3987 to a host
// ([uri.NormalizeHostCase]): a US-ASCII host is lowercased, one with
// other characters keeps its case (left to IDN processing, [HostToASCII]),
// and percent-encodings are uppercased. [Normalize] lowercases the ASCII
// letters of every host, as section 5.3.2.3's route through URIs does.
func NormalizeHostCase(host string) string { return uri.NormalizeHostCase(host) }

// HostError reports an ireg-name [HostToASCII] could not convert: the
// label at fault, its offset and why.
type HostError = uri.LabelError
