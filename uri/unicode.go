package uri

import (
	"strings"
	"unicode/utf8"

	"golang.org/x/text/unicode/norm"

	"github.com/rfc2396/rfc2396/internal/syntax"
)

// This file holds what a grammar whose characters go beyond US-ASCII
// (RFC 3987's IRIs, whose ucschar and iprivate are the non-ASCII
// characters) needs besides its grammar: the mappings between its
// references and URIs (RFC 3987 sections 3.1 and 3.2), and the rungs of
// the comparison ladder that RFC 3987 section 5.3 adds to RFC 3986's. The
// mappings are escaping and unescaping; which characters a grammar lets
// be written as they are is asked of its rules, so the same functions
// serve any grammar, and for one of US-ASCII characters only (RFC 3986)
// they decode and keep US-ASCII alone.

// EncodeNonASCII percent-encodes every octet of s from 0x80 up, in
// uppercase hex, and keeps every other byte, existing percent-encodings
// included: the mapping of an IRI to a URI by section 3.1 of RFC 3987,
// step 2 (its note on "red%09ros&#xE9;" keeps the "%09"). It applies
// equally to references and their components, is the identity on a
// string of US-ASCII, and is idempotent. Its result is US-ASCII whatever
// s holds: invalid UTF-8 and characters no grammar admits (the C1
// controls) come out percent-encoded as they were, and validating them is
// the parser's job, before or after.
func EncodeNonASCII(s string) string {
	i := syntax.ASCIIPrefix(s)
	if i == len(s) {
		return s
	}
	var b strings.Builder
	b.Grow(len(s) + 2*(len(s)-i))
	b.WriteString(s[:i])
	for ; i < len(s); i++ {
		c := s[i]
		if c < utf8.RuneSelf {
			b.WriteByte(c)
			continue
		}
		writeTriplet(&b, c)
	}
	return b.String()
}

// writeTriplet writes octet c as "%" and two uppercase hex digits.
func writeTriplet(b *strings.Builder, c byte) {
	b.WriteByte('%')
	b.WriteByte(syntax.UpperHex[c>>4])
	b.WriteByte(syntax.UpperHex[c&15])
}

// FromURI maps a URI reference to a reference of g by decoding the
// percent-encodings of the characters g lets be written as they are, the
// steps of section 3.2 of RFC 3987:
//
//  1. The reference is taken as its octets (a Go string already is).
//  2. Every percent-encoding of an unreserved US-ASCII character of g is
//     decoded ("%7E" becomes "~"); those of other US-ASCII octets ("%",
//     reserved characters, those a URI may not hold) are kept as written.
//  3. Octets that are not part of strictly legal UTF-8 (RFC 3629: no
//     overlong forms, no surrogates, nothing above U+10FFFF) are
//     percent-encoded again.
//  4. So are the UTF-8 octets of characters that g does not admit as they
//     are at that place: in the query, those g's query rule does not
//     match alone; elsewhere, those that are not a reference of g alone (a
//     one-segment relative path), which for RFC 3987 is ucschar everywhere
//     and iprivate in the query too, and never the characters a rule of
//     g's prose forbids (section 4.1's bidirectional formatting
//     characters).
//  5. The result is read as UTF-8.
//
// Octets encoded again are written in uppercase hex, as section 3.2.1's
// third example does ("%e2%80%ae" becomes "%E2%80%AE").
//
// The query is what follows the first "?" before the first "#", as RFC
// 3986 Appendix B's regular expression reads a reference: exact for a
// valid one, which ref should be (FromURI does not check it); "?" and "#"
// are reserved, so decoding never creates or moves them. Octets of ref
// that are not US-ASCII are copied as they are. Under RFC 3986, whose
// characters are US-ASCII, FromURI decodes the unreserved ones only.
func (g *Grammar[R]) FromURI(ref string) string {
	if strings.IndexByte(ref, '%') < 0 {
		return ref
	}
	spans := syntax.SplitAppendixB(ref)
	queryStart, queryEnd, _ := spans.Range(syntax.Query) // 0, 0 when there is none
	return g.decodePercent(ref, false, func(c string, at int) bool {
		return g.admitsRaw(c, at >= queryStart && at < queryEnd)
	})
}

// NormalizePercentEncoding normalizes the percent-encodings of a component
// of a reference of g by RFC 3987 section 5.3.2.3, with section 5.3.2.1's
// case rule: a percent-encoded character that is unreserved in g is
// decoded, and every percent-encoding left is written with uppercase hex
// digits. The unreserved characters are g's US-ASCII ones and the
// characters beyond that every component admits (for RFC 3987, iunreserved:
// ucschar, not iprivate, which only the query admits, and not what g's
// prose forbids): "%7euser" becomes "~user", "ros%C3%A9" "rosé" and "%2f"
// "%2F". Octets that are not strictly legal UTF-8 stay encoded, and a "%"
// not followed by two hex digits is copied as it is. The result is for
// comparison: section 5.3.2.3 says an IRI passed on MUST keep its form.
func (g *Grammar[R]) NormalizePercentEncoding(component string) string {
	if strings.IndexByte(component, '%') < 0 {
		return component
	}
	return g.decodePercent(component, true, func(c string, _ int) bool { return g.admitsRaw(c, false) })
}

// admitsRaw reports whether g admits c, the UTF-8 of a character beyond
// US-ASCII, as it is: in the query (inQuery) when g's query rule matches
// it alone, and everywhere when it is alone a reference of g (a
// one-segment relative path). Both ask [Grammar.Matches], so a character
// a rule of g's prose forbids is not admitted.
func (g *Grammar[R]) admitsRaw(c string, inQuery bool) bool {
	return g.Matches(g.d.Start, c) || inQuery && g.Matches(g.d.Query, c)
}

// decodePercent implements steps 2 to 5 of RFC 3987 section 3.2 over s,
// for [Grammar.FromURI] and [Grammar.NormalizePercentEncoding]: a "%" hex
// hex of an unreserved US-ASCII character of g is decoded; one of any
// other US-ASCII octet is kept, in uppercase when upperKept is set and as
// written otherwise; runs of percent-encoded octets from 0x80 up are
// decoded where they form strictly legal UTF-8 of a character that
// allowed(its UTF-8, offset of its first triplet in s) accepts, and
// written again in uppercase hex otherwise. A "%" not followed by two hex
// digits is copied as it is.
func (g *Grammar[R]) decodePercent(s string, upperKept bool, allowed func(c string, at int) bool) string {
	// The octets of the runs from 0x80 up, appended to one builder, so
	// that each character allowed is asked about is a substring of what
	// it has written (a builder only appends: earlier strings stay valid).
	var high strings.Builder
	var b strings.Builder
	b.Grow(len(s))
	for i := 0; i < len(s); {
		c, ok := tripletAt(s, i)
		if !ok {
			// What comes before the next "%" is copied as it is.
			next := nextPercent(s, i+1)
			b.WriteString(s[i:next])
			i = next
			continue
		}
		if c < utf8.RuneSelf {
			switch {
			case g.d.Unreserved.Has(c):
				b.WriteByte(c)
			case upperKept:
				writeTriplet(&b, c)
			default:
				b.WriteString(s[i : i+3])
			}
			i += 3
			continue
		}
		if high.Cap() == 0 {
			high.Grow((len(s)-i)/3 + 1) // at most one octet a triplet
		}
		start, n := high.Len(), 1 // the triplets of this run of octets from 0x80 up
		high.WriteByte(c)
		for i+3*n < len(s) {
			c, ok := tripletAt(s, i+3*n)
			if !ok || c < utf8.RuneSelf {
				break
			}
			high.WriteByte(c)
			n++
		}
		run := high.String()[start:]
		for j := 0; j < n; {
			// utf8.DecodeRuneInString accepts strictly legal UTF-8 only:
			// it returns (RuneError, 1) for an overlong form, a surrogate,
			// a value above U+10FFFF and a truncated or stray octet.
			r, size := utf8.DecodeRuneInString(run[j:])
			if r == utf8.RuneError && size <= 1 {
				writeTriplet(&b, run[j]) // step 3
				j++
				continue
			}
			if allowed(run[j:j+size], i+3*j) {
				b.WriteString(run[j : j+size]) // step 5
			} else {
				for o := j; o < j+size; o++ {
					writeTriplet(&b, run[o]) // step 4
				}
			}
			j += size
		}
		i += 3 * n
	}
	return b.String()
}

// nextPercent returns the offset of the first "%" in s from i on, and
// len(s) if there is none.
func nextPercent(s string, i int) int {
	if j := strings.IndexByte(s[i:], '%'); j >= 0 {
		return i + j
	}
	return len(s)
}

// tripletAt returns the octet that the percent-encoding at s[i] encodes,
// if s[i:] starts with "%" and two hex digits.
func tripletAt(s string, i int) (byte, bool) {
	if s[i] != '%' || i+2 >= len(s) || !syntax.IsHex(s[i+1]) || !syntax.IsHex(s[i+2]) {
		return 0, false
	}
	return syntax.HexValue(s[i+1])<<4 | syntax.HexValue(s[i+2]), true
}

// NormalizeNFC returns s in Unicode Normalization Form C, and s itself
// when it already is: RFC 3987 section 5.3.2.2's character normalization
// (with section 3.1, step 1, for a reference read from paper or
// transcoded from an encoding that is not Unicode's). Checking first costs
// one pass and, in the common case of a string already in NFC, no
// allocation. NFC maps a few characters to US-ASCII ones that matter to
// the syntax (U+037E GREEK QUESTION MARK becomes ";", U+1FEF GREEK VARIA
// "`"), so parse the result again. It leaves percent-encodings alone and
// keeps octets that are not UTF-8.
func NormalizeNFC(s string) string {
	// QuickSpanString settles most inputs without allocating;
	// IsNormalString settles the rest.
	if norm.NFC.QuickSpanString(s) == len(s) || norm.NFC.IsNormalString(s) {
		return s
	}
	return norm.NFC.String(s)
}

// NormalizeHostCase applies RFC 3987 section 5.3.2.1 to a host: a host of
// US-ASCII characters only is case-insensitive, so its letters are
// written in lowercase, and the hex digits of its percent-encodings in
// uppercase. A host with other characters keeps the case of all its
// characters (the section leaves their case to IDN processing, 5.3.3),
// and only the hex digits of its percent-encodings are uppercased.
func NormalizeHostCase(host string) string {
	ascii := syntax.ASCIIPrefix(host) == len(host)
	var b strings.Builder
	b.Grow(len(host))
	for i := 0; i < len(host); i++ {
		c := host[i]
		if _, ok := tripletAt(host, i); ok {
			b.WriteByte('%')
			b.WriteByte(upperHex(host[i+1]))
			b.WriteByte(upperHex(host[i+2]))
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

// NormalizeUnicode is the last step of normalization ([Data.NormalizeText])
// for a grammar whose characters go beyond US-ASCII, over the reference
// RFC 3986 section 6.2.2's steps and 6.2.3's scheme-based step wrote:
// RFC 3987 section 5.3.2.3's decoding of the percent-encoded characters
// that are unreserved in g ([Grammar.NormalizePercentEncoding]), then
// 5.3.2.2's character normalization ([NormalizeNFC]), after the decoding
// so that a decoded combining mark is composed too. Decoding never writes
// an US-ASCII character that is not unreserved, so the components stay
// where they were; NFC may (U+037E is ";"), and Normalize reports a result
// the grammar then rejects. g is the grammar in force, with its edits: a
// character only an edit admits (RFC 3987's bidi-formatting) is decoded
// under that edit, as [Grammar.FromURI] decodes it.
func NormalizeUnicode[R Rule](g *Grammar[R], s string) string {
	return NormalizeNFC(g.NormalizePercentEncoding(s))
}
