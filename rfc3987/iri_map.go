package rfc3987

import (
	"strings"
	"unicode/utf8"

	"github.com/rfc2396/rfc2396/internal/syntax"
)

// ToURI maps an IRI reference to a URI reference by section 3.1 of RFC
// 3987, step 2: every character of ucschar or iprivate is replaced by the
// percent-encoding of its UTF-8 octets, in uppercase hex as step 2.2
// recommends; everything else is kept as it is, existing percent-encodings
// included (the section's note on "red%09ros&#xE9;"). The section's
// steps apply equally to IRIs, IRI references and their components.
//
// iri should be a valid IRI-reference; ToURI does not check it. In one,
// the characters of ucschar and iprivate are exactly the non-ASCII ones,
// so ToURI percent-encodes every octet from 0x80 up. It does so for any
// input, so its result is US-ASCII whatever iri holds: the octets of
// invalid UTF-8, and characters outside ucschar and iprivate such as the
// C1 controls, come out percent-encoded as they were; validating them is
// the parser's job, before or after.
//
// Step 1 of section 3.1 is not applied: a Go string is in UTF-8, a
// Unicode-based encoding, and for that case (variant c) the section says
// not to normalize. Use [NormalizeNFC] for an IRI read from paper or
// transcoded from a non-Unicode encoding (variants a and b).
//
// Nor does ToURI take the two options the section offers: converting an
// ireg-name with ToASCII (a MAY, for schemes known to use domain names:
// see [HostToASCII]), and percent-encoding the US-ASCII characters that
// URIs do not allow ("<", ">", '"', space, "{", "}", "|", "\", "^", "`"),
// which are not in a valid IRI either. The mapping is the identity on a
// URI and is idempotent, as the section says.
func ToURI(iri string) string {
	i := asciiPrefix(iri)
	if i == len(iri) {
		return iri
	}
	var b strings.Builder
	b.Grow(len(iri) + 2*(len(iri)-i))
	b.WriteString(iri[:i])
	for ; i < len(iri); i++ {
		c := iri[i]
		if c < utf8.RuneSelf {
			b.WriteByte(c)
			continue
		}
		writeTriplet(&b, c)
	}
	return b.String()
}

// asciiPrefix returns the length of the longest US-ASCII prefix of s. It
// tests sixteen bytes at a time, as two words of eight or'ed together (a
// byte of 0x80 or more sets the top bit of its lane), then eight, and the
// last eight of a string of eight or more too, which covers its tail in
// one test: most references are US-ASCII throughout, and ToURI scans
// every one a batch parses.
func asciiPrefix(s string) int {
	const high = 0x8080808080808080
	// t is what is left past i: slicing it a block at a time leaves
	// each load one bounds check.
	i, t := 0, s
	for len(t) >= 16 && (syntax.Word8(t)|syntax.Word8(t[8:16]))&high == 0 {
		i, t = i+16, t[16:]
	}
	if len(t) >= 8 && syntax.Word8(t)&high == 0 {
		i += 8
	}
	if len(s)-i < 8 && len(s) >= 8 && syntax.Word8(s[len(s)-8:])&high == 0 {
		return len(s)
	}
	for i < len(s) && s[i] < utf8.RuneSelf {
		i++
	}
	return i
}

// writeTriplet writes octet c as "%" and two uppercase hex digits.
func writeTriplet(b *strings.Builder, c byte) {
	b.WriteByte('%')
	b.WriteByte(syntax.UpperHex[c>>4])
	b.WriteByte(syntax.UpperHex[c&15])
}

// ToIRI converts a URI reference to an IRI reference by the five steps of
// section 3.2 of RFC 3987:
//
//  1. The URI is taken as its octets (a Go string already is).
//  2. Every percent-encoding is decoded, except those of "%", of the
//     characters in reserved, and of the US-ASCII characters that URIs do
//     not allow. What is left to decode among US-ASCII is unreserved, so
//     "%7E" becomes "~" and "%41" "A"; "%2F", "%25" and "%20" stay.
//  3. Octets from step 2 that are not part of a strictly legal UTF-8
//     sequence (RFC 3629: no overlong forms, no surrogates, nothing above
//     U+10FFFF) are percent-encoded again.
//  4. So are the UTF-8 octets of characters an IRI may not contain at
//     that place: outside ucschar everywhere but in the query, where
//     iprivate is allowed too (section 2.2), and the bidirectional
//     formatting characters of section 4.1 everywhere.
//  5. The result is read as UTF-8.
//
// Octets encoded again in steps 3 and 4 are written in uppercase hex, as
// section 3.2.1's third example does ("%e2%80%ae" becomes "%E2%80%AE");
// percent-encodings kept at step 2 are left as they were written. Section
// 6.1's advice against look-alike characters names no definite set, so
// step 4 does not apply it (the section says results may vary there).
//
// Whether a percent-encoding lies in the query is decided by the
// structure of a URI reference as RFC 3986 Appendix B's regular
// expression reads it: the query is what follows the first "?" before the
// first "#". That is exact for a valid URI reference, the input ToIRI
// expects (it does not check it); "?" and "#" are reserved, so decoding
// never creates or moves them.
//
// The result maps back to uri under [ToURI] except for the two
// differences section 3.2 names: the case of the hex digits of decoded and
// re-encoded octets, and percent-encoded unreserved characters, which stay
// decoded. Like the section, ToIRI does not convert punycode labels
// ("xn--...") of a host; that is a scheme-specific MAY.
//
// Octets of uri that are not US-ASCII (uri is then not a URI) are copied
// as they are.
func ToIRI(uri string) string {
	if strings.IndexByte(uri, '%') < 0 {
		return uri
	}
	// RFC 3986 Appendix B: the fragment starts at the first "#", the query
	// at the first "?" before it.
	queryStart, queryEnd := len(uri), len(uri)
	if i := strings.IndexByte(uri, '#'); i >= 0 {
		queryStart, queryEnd = i, i
	}
	if i := strings.IndexByte(uri[:queryEnd], '?'); i >= 0 {
		queryStart = i + 1
	}
	return decodePercent(uri, false, func(r rune, at int) bool {
		return allowedDecoded(r, at >= queryStart && at < queryEnd)
	})
}

// decodePercent implements steps 2 to 5 of section 3.2 over s, for
// [ToIRI] and [NormalizePercentEncoding]: a "%" hex hex of an unreserved
// US-ASCII character is decoded; one of any other US-ASCII octet is kept,
// in uppercase when upperKept is set and as written otherwise; runs of
// percent-encoded octets from 0x80 up are decoded where they form strictly
// legal UTF-8 of a character that allowed(character, offset of its first
// triplet in s) accepts, and written again in uppercase hex otherwise. A
// "%" not followed by two hex digits is copied as it is.
func decodePercent(s string, upperKept bool, allowed func(r rune, at int) bool) string {
	var b strings.Builder
	b.Grow(len(s))
	var run []byte   // the octets of the current run of non-ASCII triplets
	var starts []int // the offset in s of each octet's triplet
	for i := 0; i < len(s); {
		c, ok := tripletAt(s, i)
		if !ok {
			b.WriteByte(s[i])
			i++
			continue
		}
		if c < utf8.RuneSelf {
			switch {
			case unreserved.Has(c):
				b.WriteByte(c)
			case upperKept:
				writeTriplet(&b, c)
			default:
				b.WriteString(s[i : i+3])
			}
			i += 3
			continue
		}
		run, starts = run[:0], starts[:0]
		for ; i < len(s); i += 3 {
			c, ok := tripletAt(s, i)
			if !ok || c < utf8.RuneSelf {
				break
			}
			run = append(run, c)
			starts = append(starts, i)
		}
		for j := 0; j < len(run); {
			// utf8.DecodeRune accepts strictly legal UTF-8 only: it
			// returns (RuneError, 1) for an overlong form, a surrogate, a
			// value above U+10FFFF and a truncated or stray octet.
			r, size := utf8.DecodeRune(run[j:])
			if r == utf8.RuneError && size <= 1 {
				writeTriplet(&b, run[j]) // step 3
				j++
				continue
			}
			if allowed(r, starts[j]) {
				b.Write(run[j : j+size]) // step 5
			} else {
				for _, o := range run[j : j+size] {
					writeTriplet(&b, o) // step 4
				}
			}
			j += size
		}
	}
	return b.String()
}

// tripletAt returns the octet that the percent-encoding at s[i] encodes,
// if s[i:] starts with "%" and two hex digits.
func tripletAt(s string, i int) (byte, bool) {
	if s[i] != '%' || i+2 >= len(s) || !syntax.IsHex(s[i+1]) || !syntax.IsHex(s[i+2]) {
		return 0, false
	}
	return syntax.HexValue(s[i+1])<<4 | syntax.HexValue(s[i+2]), true
}
