package rfc3987

import "github.com/rfc2396/rfc2396/uri"

// ToURI maps an IRI reference to a URI reference by section 3.1 of RFC
// 3987, step 2: the UTF-8 octets of every character of ucschar or
// iprivate (in a valid IRI reference, every non-ASCII character) are
// percent-encoded in uppercase hex, everything else is kept, existing
// percent-encodings included: see [uri.EncodeNonASCII]. It does not check
// iri. Step 1 is not applied: a Go string is UTF-8, and for that case
// (variant c) the section says not to normalize; use [NormalizeNFC] for
// an IRI read from paper or transcoded (variants a and b). Nor are the
// section's options: ToASCII of an ireg-name ([HostToASCII]), and
// encoding the US-ASCII characters a valid IRI does not hold either.
func ToURI(iri string) string { return uri.EncodeNonASCII(iri) }

// ToIRI converts a URI reference to an IRI reference by the five steps of
// section 3.2 of RFC 3987 ([uri.Grammar.FromURI] under RFC 3987's
// grammar): percent-encoded unreserved US-ASCII characters and UTF-8
// sequences of characters an IRI may hold at that place (ucschar, and
// iprivate in the query, never the bidirectional formatting characters of
// section 4.1) are decoded; "%", reserved and disallowed US-ASCII, octets
// that are not strictly legal UTF-8 and other characters stay encoded.
// The result maps back to uri under [ToURI] but for the two differences
// section 3.2 names (hex case, decoded unreserved characters). Like the
// section, ToIRI neither converts punycode labels nor applies section
// 6.1's advice against look-alike characters. It does not check uri.
func ToIRI(uri string) string { return theGrammar.FromURI(uri) }
