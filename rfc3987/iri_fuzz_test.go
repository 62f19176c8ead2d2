package rfc3987

import (
	"errors"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/rfc2396/rfc2396/internal/syntax"
)

// addSeeds adds the first field of every row of the tables named.
func addSeeds(f *testing.F, tables ...string) {
	for _, name := range tables {
		for _, r := range readIRITable(f, name, 1) {
			f.Add(r.fields[0])
		}
	}
}

func isASCII(s string) bool {
	for i := 0; i < len(s); i++ {
		if s[i] >= utf8.RuneSelf {
			return false
		}
	}
	return true
}

// queryBounds returns where the query of a reference starts and ends, by
// RFC 3986 Appendix B, written again here from the regular expression.
func queryBounds(s string) (int, int) {
	end := len(s)
	if i := strings.IndexByte(s, '#'); i >= 0 {
		end = i
	}
	if i := strings.IndexByte(s[:end], '?'); i >= 0 {
		return i + 1, end
	}
	return end, end
}

// allowedAt reports whether every non-ASCII character of the valid UTF-8
// string s is one an IRI may hold where it is: ucschar and not a
// bidirectional formatting character, or iprivate in the query.
func allowedAt(s string) bool {
	qs, qe := queryBounds(s)
	for i, r := range s {
		if r < utf8.RuneSelf {
			continue
		}
		if strings.ContainsRune("\u200e\u200f\u202a\u202b\u202c\u202d\u202e", r) {
			return false
		}
		if !isUCSChar(r) && !(i >= qs && i < qe && isIPrivate(r)) {
			return false
		}
	}
	return true
}

// FuzzToURI checks section 3.1's mapping for any input:
//   - the result is US-ASCII, and is the input when the input is;
//   - the mapping is idempotent;
//   - it only adds percent-encodings: with no "%" in the input, decoding
//     the result gives the input back;
//   - on a string whose characters are all allowed where they are and
//     that holds no "%", ToIRI undoes it.
func FuzzToURI(f *testing.F) {
	addSeeds(f, "to_uri.txt", "to_iri.txt")
	f.Fuzz(func(t *testing.T, iri string) {
		uri := ToURI(iri)
		if !isASCII(uri) {
			t.Fatalf("ToURI(%q) = %q, not US-ASCII", iri, uri)
		}
		if isASCII(iri) && uri != iri {
			t.Fatalf("ToURI(%q) = %q, want the URI unchanged", iri, uri)
		}
		if again := ToURI(uri); again != uri {
			t.Fatalf("ToURI(ToURI(%q)) = %q, want %q", iri, again, uri)
		}
		if strings.IndexByte(iri, '%') >= 0 {
			return
		}
		if dec, bad := syntax.DecodePercent(uri); bad >= 0 || dec != iri {
			t.Fatalf("decoding ToURI(%q) = %q gives %q (bad %d)", iri, uri, dec, bad)
		}
		if utf8.ValidString(iri) && allowedAt(iri) {
			if back := ToIRI(uri); back != iri {
				t.Fatalf("ToIRI(ToURI(%q)) = %q", iri, back)
			}
		}
	})
}

// spec32Back is what section 3.2 says ToURI(ToIRI(uri)) gives for a
// US-ASCII uri: uri itself but for "potential case differences in
// percent-encoding and for potential percent-encoded unreserved
// characters". Decoded and re-encoded octets are exactly the non-ASCII
// ones, which this writes in upper case; unreserved ones are decoded.
func spec32Back(uri string) string {
	var b strings.Builder
	for i := 0; i < len(uri); i++ {
		if uri[i] == '%' && i+2 < len(uri) && syntax.IsHex(uri[i+1]) && syntax.IsHex(uri[i+2]) {
			c := syntax.HexValue(uri[i+1])<<4 | syntax.HexValue(uri[i+2])
			switch {
			case strings.IndexByte("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-._~", c) >= 0:
				b.WriteByte(c)
			case c >= 0x80:
				b.WriteString(strings.ToUpper(uri[i : i+3]))
			default:
				b.WriteString(uri[i : i+3])
			}
			i += 2
			continue
		}
		b.WriteByte(uri[i])
	}
	return b.String()
}

// FuzzToIRI checks section 3.2's conversion: for a US-ASCII input the
// result is UTF-8, every character it decoded is allowed where it is,
// ToURI maps it back as section 3.2 promises (spec32Back), and converting
// again changes nothing, when every "%" of the input starts a
// percent-encoding as in a URI. Any input: no panic, "?" and "#" stay
// where they were.
func FuzzToIRI(f *testing.F) {
	addSeeds(f, "to_iri.txt", "to_uri.txt")
	f.Fuzz(func(t *testing.T, uri string) {
		iri := ToIRI(uri)
		if strings.Count(iri, "?") != strings.Count(uri, "?") || strings.Count(iri, "#") != strings.Count(uri, "#") {
			t.Fatalf("ToIRI(%q) = %q: the delimiters changed", uri, iri)
		}
		if !isASCII(uri) {
			return
		}
		if !utf8.ValidString(iri) {
			t.Fatalf("ToIRI(%q) = %q, not UTF-8", uri, iri)
		}
		if _, bad := syntax.DecodePercent(uri); bad >= 0 {
			return // a "%" without two hex digits: not a URI
		}
		if !allowedAt(iri) {
			t.Fatalf("ToIRI(%q) = %q decoded a character not allowed there", uri, iri)
		}
		if err := CheckBidiFormatting(iri); err != nil {
			t.Fatalf("ToIRI(%q) = %q: %v", uri, iri, err)
		}
		if back, want := ToURI(iri), spec32Back(uri); back != want {
			t.Fatalf("ToURI(ToIRI(%q)) = %q, want %q", uri, back, want)
		}
		if again := ToIRI(iri); again != iri {
			t.Fatalf("ToIRI(ToIRI(%q)) = %q, want %q", uri, again, iri)
		}
	})
}

// FuzzCheckBidiFormatting: no panic; an error's offset is that of the
// first of the seven characters in the input, at the start of the
// character; nil means none of them is there.
func FuzzCheckBidiFormatting(f *testing.F) {
	addSeeds(f, "bidi_formatting.txt", "to_uri.txt")
	const seven = "\u200e\u200f\u202a\u202b\u202c\u202d\u202e"
	f.Fuzz(func(t *testing.T, s string) {
		first := -1
		for _, r := range seven {
			if i := strings.Index(s, string(r)); i >= 0 && (first < 0 || i < first) {
				first = i
			}
		}
		err := CheckBidiFormatting(s)
		if err == nil {
			if first >= 0 {
				t.Fatalf("CheckBidiFormatting(%q) = nil, want an error at %d", s, first)
			}
			return
		}
		var be *BidiError
		if !errors.As(err, &be) {
			t.Fatalf("CheckBidiFormatting(%q) = %v, not a *BidiError", s, err)
		}
		if be.Offset != first {
			t.Fatalf("CheckBidiFormatting(%q): offset %d, want %d", s, be.Offset, first)
		}
		if !utf8.RuneStart(s[be.Offset]) {
			t.Fatalf("CheckBidiFormatting(%q): offset %d not at a rune start", s, be.Offset)
		}
		if r, size := utf8.DecodeRuneInString(s[be.Offset:]); r != be.Char || size != 3 || !strings.ContainsRune(seven, r) {
			t.Fatalf("CheckBidiFormatting(%q): %U at %d, input holds %U", s, be.Char, be.Offset, r)
		}
	})
}

// FuzzBidiWarnings: no panic; every warning locates its component and
// character in the input, in order of offset.
func FuzzBidiWarnings(f *testing.F) {
	addSeeds(f, "bidi_examples.txt", "bidi_component.txt")
	f.Fuzz(func(t *testing.T, s string) {
		last := 0
		for _, w := range BidiWarnings(s) {
			if w.Rule < BidiMixed || w.Rule > BidiEnd || w.Component == "" {
				t.Fatalf("BidiWarnings(%q): bad warning %+v", s, w)
			}
			if w.Start < 0 || w.Start+len(w.Text) > len(s) || s[w.Start:w.Start+len(w.Text)] != w.Text ||
				w.Offset < w.Start || w.Offset >= w.Start+len(w.Text) || w.Offset < last {
				t.Fatalf("BidiWarnings(%q): warning %+v out of place", s, w)
			}
			if r, _ := utf8.DecodeRuneInString(s[w.Offset:]); r != w.Char {
				t.Fatalf("BidiWarnings(%q): warning %+v, input holds %U there", s, w, r)
			}
			last = w.Offset
		}
	})
}

// FuzzNormalize: the normalizations never panic and are idempotent on
// input whose every "%" starts a percent-encoding;
// percent-encoding normalization leaves no lowercase hex digit in a
// triplet and is unchanged by ToURI-then-normalize on US-ASCII input.
func FuzzNormalize(f *testing.F) {
	for _, r := range readIRITable(f, "normalize.txt", 3) {
		f.Add(r.fields[1])
	}
	f.Fuzz(func(t *testing.T, s string) {
		if _, bad := syntax.DecodePercent(s); bad >= 0 {
			// A "%" without two hex digits, not in an IRI: it could meet
			// hex digits that a decoding brings next to it.
			s = strings.ReplaceAll(s, "%", "%25")
		}
		for name, fn := range map[string]func(string) string{
			"NormalizeNFC": NormalizeNFC, "NormalizePercentEncoding": NormalizePercentEncoding, "NormalizeHostCase": NormalizeHostCase,
		} {
			once := fn(s)
			if twice := fn(once); twice != once {
				t.Fatalf("%s(%q) = %q, and again %q", name, s, once, twice)
			}
		}
		n := NormalizePercentEncoding(s)
		for i := 0; i+2 < len(n); i++ {
			if n[i] == '%' && syntax.IsHex(n[i+1]) && syntax.IsHex(n[i+2]) && (n[i+1] >= 'a' || n[i+2] >= 'a') {
				t.Fatalf("NormalizePercentEncoding(%q) = %q: lowercase hex at %d", s, n, i)
			}
		}
		if isASCII(s) {
			// The two ways of section 5.3.2.3 agree: normalizing, or
			// mapping to a URI first.
			if m := NormalizePercentEncoding(ToURI(n)); m != n {
				t.Fatalf("NormalizePercentEncoding(ToURI(%q)) = %q, want %q", n, m, n)
			}
		}
	})
}

// isUCSChar reports whether r is in ucschar (section 2.2), read from the
// RFC's ABNF by hand, apart from the grammar the package asks:
//
//	ucschar = %xA0-D7FF / %xF900-FDCF / %xFDF0-FFEF
//	        / %x10000-1FFFD / %x20000-2FFFD / ... / %xD0000-DFFFD
//	        / %xE1000-EFFFD
//
// It leaves out the C1 controls (U+0080 to U+009F), the surrogates, the
// private use areas (those are iprivate), the noncharacters U+FDD0 to
// U+FDEF and the last two code points of every plane, the specials
// U+FFF0 to U+FFFF, and U+E0000 to U+E0FFF (tags and variation selectors
// supplement).
func isUCSChar(r rune) bool {
	switch {
	case r < 0xA0:
		return false
	case r <= 0xD7FF:
		return true
	case r < 0xF900:
		return false
	case r <= 0xFDCF:
		return true
	case r < 0xFDF0:
		return false
	case r <= 0xFFEF:
		return true
	case r < 0x10000 || r > 0xEFFFD:
		return false
	case r >= 0xE0000 && r < 0xE1000:
		return false
	}
	// Planes 1 to 14: all but the plane's last two code points (xFFFE and
	// xFFFF), which every range of the rule stops short of.
	return r&0xFFFF <= 0xFFFD
}

// isIPrivate reports whether r is in iprivate (section 2.2), which the
// grammar allows in iquery only:
//
//	iprivate = %xE000-F8FF / %xF0000-FFFFD / %x100000-10FFFD
func isIPrivate(r rune) bool {
	return r >= 0xE000 && r <= 0xF8FF ||
		r >= 0xF0000 && r <= 0xFFFFD ||
		r >= 0x100000 && r <= 0x10FFFD
}
