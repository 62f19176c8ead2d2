package rfc6570

import (
	"errors"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/rfc2396/rfc2396/internal/syntax"
)

// seeds adds the templates of the testdata files to f.
func seeds(f *testing.F) {
	for _, s := range []string{"", "{var}", "{!x}", "{+a,b*,c:9999}", "a b", "\xff{", "{a.b%2", "%", "{var:10000}", "café{?x*}"} {
		f.Add(s)
	}
}

// FuzzParse checks that Parse never panics, that an error's offset is
// within the template and at a character's start, and that a valid
// template expands without error when no variable is defined, to its
// literals alone.
func FuzzParse(f *testing.F) {
	seeds(f)
	f.Fuzz(func(t *testing.T, s string) {
		tmpl, err := Parse(s)
		if err != nil {
			var perr *Error
			if !errors.As(err, &perr) {
				t.Fatalf("Parse(%q): %T", s, err)
			}
			checkError(t, s, perr)
			if !utf8.ValidString(s) && perr.Code != ErrInvalidUTF8 && perr.Offset > firstInvalid(s) {
				t.Fatalf("Parse(%q): error at %d after the invalid byte at %d", s, perr.Offset, firstInvalid(s))
			}
			// Expand's diagnostic result keeps the template from the error on.
			if _, eerr := Expand(s, nil); eerr == nil || eerr.Error() != err.Error() {
				t.Fatalf("Expand(%q): %v, Parse: %v", s, eerr, err)
			}
			return
		}
		got, err := tmpl.Expand(nil)
		if err != nil {
			t.Fatalf("Expand(%q, nil): %v", s, err)
		}
		if strings.ContainsAny(got, "{} \"<>\\^`|") || !utf8.ValidString(got) {
			t.Fatalf("Expand(%q, nil) = %q: not URI characters", s, got)
		}
	})
}

// firstInvalid returns the offset of the first byte of s that is not
// UTF-8, or len(s).
func firstInvalid(s string) int {
	for i, r := range s {
		if r == utf8.RuneError {
			if _, n := utf8.DecodeRuneInString(s[i:]); n == 1 {
				return i
			}
		}
	}
	return len(s)
}

// FuzzExpand expands a valid template with values made of fuzzed strings
// and checks that the result is made of URI characters only (unreserved,
// reserved and "%" HEXDIG HEXDIG), and that a template of one
// simple-expression gives back the value once pct-decoded.
func FuzzExpand(f *testing.F) {
	f.Add("{x}", "a b", "ü", "%41")
	f.Add("{+x,y*,z:3}", "/a/", "", "%C3%BC")
	f.Add("{?x,y,z*}", "", "𝄞", "%zz")
	f.Fuzz(func(t *testing.T, template, a, b, c string) {
		tmpl, err := Parse(template)
		if err != nil {
			return
		}
		vars := Values{}
		for _, name := range tmpl.Varnames() {
			switch len(name) % 3 {
			case 1:
				if name != "x" {
					vars[name] = List(a, b, c)
					break
				}
				fallthrough
			case 0:
				vars[name] = String(a)
			default:
				vars[name] = Assoc(Pair{a, b}, Pair{b, c})
			}
		}
		got, err := tmpl.Expand(vars)
		var w strings.Builder
		n, errTo := tmpl.ExpandTo(&w, vars)
		if err != nil && (w.Len() != 0 || n != 0 || errTo == nil || errTo.Error() != err.Error()) || err == nil && (w.String() != got || n != int64(len(got)) || errTo != nil) {
			t.Fatalf("ExpandTo(%q) wrote %q (%d), %v; Expand gave %q, %v", template, w.String(), n, errTo, got, err)
		}
		valid := utf8.ValidString(a) && utf8.ValidString(b) && utf8.ValidString(c)
		if err != nil {
			var perr *Error
			if !errors.As(err, &perr) || perr.Code != ErrPrefixComposite && (perr.Code != ErrValueNotUTF8 || valid) {
				t.Fatalf("Expand(%q): %v", template, err)
			}
			checkError(t, template, perr)
			return
		}
		if !uriChars(got) {
			t.Fatalf("Expand(%q) = %q: not URI characters", template, got)
		}
		if template == "{x}" {
			if dec, ok := decode(got); !ok || dec != a {
				t.Fatalf("Expand({x}) with %q = %q, decodes to %q", a, got, dec)
			}
		}
	})
}

// uriChars reports whether s has only unreserved and reserved characters
// and complete pct-encoded triplets.
func uriChars(s string) bool {
	for i := 0; i < len(s); i++ {
		c := s[i]
		switch {
		case unreserved(c), reservedChar(c):
		case c == '%' && i+2 < len(s) && isHex(s[i+1]) && isHex(s[i+2]):
			i += 2
		default:
			return false
		}
	}
	return true
}

// decode pct-decodes s.
func decode(s string) (string, bool) {
	var b []byte
	for i := 0; i < len(s); i++ {
		if s[i] != '%' {
			b = append(b, s[i])
			continue
		}
		if i+2 >= len(s) || !isHex(s[i+1]) || !isHex(s[i+2]) {
			return "", false
		}
		b = append(b, syntax.HexValue(s[i+1])<<4|syntax.HexValue(s[i+2]))
		i += 2
	}
	return string(b), true
}
