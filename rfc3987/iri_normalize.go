package rfc3987

import (
	"strings"
	"unicode/utf8"

	"golang.org/x/text/unicode/norm"
)

// NormalizeNFC returns s in Unicode Normalization Form C, and s itself
// when it already is: section 5.3.2.2 of RFC 3987 (with section 3.1, step
// 1) wants NFC where an IRI comes from a non-digital form or is transcoded
// from a non-Unicode character encoding, and says IRIs SHOULD be created
// in NFC. Checking first costs one pass and, in the common case of an IRI
// already in NFC, no allocation.
//
// The same section says equivalence of IRIs MUST rely on IRIs being
// normalized beforehand, not on normalizing them when comparing, and its
// note says third parties should not normalize an IRI arbitrarily: an IRI
// that came in a Unicode encoding (section 3.1, step 1, variant c) is to
// be kept as it is. NormalizeNFC is for the two cases above.
//
// NFC maps a few characters to US-ASCII ones that matter to the syntax:
// U+037E GREEK QUESTION MARK becomes ";" and U+1FEF GREEK VARIA becomes
// "`", which an IRI may not contain. Parse the result again. NFC leaves
// percent-encodings alone. Octets of s that are not UTF-8 are kept.
func NormalizeNFC(s string) string {
	// QuickSpanString settles most inputs without allocating;
	// IsNormalString settles the rest.
	if norm.NFC.QuickSpanString(s) == len(s) || norm.NFC.IsNormalString(s) {
		return s
	}
	return norm.NFC.String(s)
}

// NormalizePercentEncoding normalizes the percent-encoding of an IRI
// component by section 5.3.2.3 of RFC 3987, with section 5.3.2.1's case
// rule: a percent-encoded octet sequence that is the UTF-8 of an
// iunreserved character is decoded, and every percent-encoding left is
// written with uppercase hex digits. "%7euser" becomes "~user",
// "ros%C3%A9" becomes "rosé" and "%2f" becomes "%2F".
//
// Section 5.3.2.3 says to decode what "corresponds to an unreserved
// character, as described in section 2.3 of [RFC3986]"; for IRIs the
// unreserved characters are iunreserved, the US-ASCII ones and ucschar
// (section 2.2; section 6.5 likewise treats the characters IRIs add as
// unreserved), and section 5.3.2's own example counts "ros%C3%A9" and
// "ros&#xE9;" as equivalent. Not decoded: reserved and other US-ASCII
// characters (decoding them could change the meaning), iprivate (not
// iunreserved, though iquery allows it), the bidirectional formatting
// characters section 4.1 keeps out of IRIs, and octets that are not
// strictly legal UTF-8.
//
// The section's alternative, mapping both IRIs to URIs ([ToURI]) and
// normalizing those, equates the same pairs. A "%" not followed by two
// hex digits is copied as it is. The result is for comparison only: the
// section says an IRI passed on MUST keep its original form.
func NormalizePercentEncoding(component string) string {
	if strings.IndexByte(component, '%') < 0 {
		return component
	}
	return decodePercent(component, true, func(r rune, _ int) bool {
		return allowedDecoded(r, false)
	})
}

// NormalizeHostCase applies section 5.3.2.1 of RFC 3987 to a host:
// a host of US-ASCII characters only is case-insensitive, so its letters
// are written in lowercase, and the hex digits of its percent-encodings
// in uppercase. A host with other characters keeps the case of all its
// characters: the section leaves case equivalence of non-ASCII host names
// to IDN processing (section 5.3.3, where Nameprep's mapping folds case;
// see [HostToASCII]) and says generic case normalization of non-ASCII
// characters should be avoided; only its percent-encodings' hex digits
// are uppercased. This is where IRIs differ from RFC 3986, whose reg-name
// holds US-ASCII only. [Normalize] does otherwise, as section 5.3.2.3's
// route through URIs does: it lowercases the ASCII letters of every host
// (docs/rfc3987.md says why the two sections cannot both hold).
func NormalizeHostCase(host string) string {
	ascii := true
	for i := 0; i < len(host); i++ {
		if host[i] >= utf8.RuneSelf {
			ascii = false
			break
		}
	}
	var b strings.Builder
	b.Grow(len(host))
	for i := 0; i < len(host); i++ {
		c := host[i]
		if _, ok := tripletAt(host, i); ok {
			b.WriteByte('%')
			b.WriteByte(upper(host[i+1]))
			b.WriteByte(upper(host[i+2]))
			i += 2
			continue
		}
		if ascii && 'A' <= c && c <= 'Z' {
			c += 'a' - 'A'
		}
		b.WriteByte(c)
	}
	return b.String()
}

// upper returns the uppercase of an ASCII letter c, and c otherwise.
func upper(c byte) byte {
	if 'a' <= c && c <= 'z' {
		return c - ('a' - 'A')
	}
	return c
}

// normalizeIRIText is the last step of [Normalize] and [Equivalent], over
// the reference that RFC 3986 section 6.2.2's steps (which section 5.3.2
// applies to IRIs: case, percent-encoding of unreserved characters, path
// segments) and 6.2.3's scheme-based step wrote: section 5.3.2.3's
// decoding of the percent-encoded characters an IRI holds as they are,
// then 5.3.2.2's character normalization (NFC), after the decoding so
// that a decoded combining mark is composed too ([NormalizePercentEncoding],
// [NormalizeNFC]). Decoding never writes an ASCII character, so the
// components stay where they were; NFC may (U+037E is ";"), and Normalize
// reports a result the grammar then rejects.
func normalizeIRIText(s string) string { return NormalizeNFC(NormalizePercentEncoding(s)) }
