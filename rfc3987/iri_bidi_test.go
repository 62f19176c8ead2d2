package rfc3987

import (
	"errors"
	"fmt"
	"strconv"
	"strings"
	"testing"
	"unicode"
	"unicode/utf8"

	"github.com/google/go-cmp/cmp"
	"golang.org/x/text/unicode/bidi"
)

func TestCheckBidiFormatting(t *testing.T) {
	for _, r := range readIRITable(t, "bidi_formatting.txt", 2) {
		in := r.fields[0]
		err := CheckBidiFormatting(in)
		if r.fields[1] == "none" {
			if err != nil {
				t.Errorf("bidi_formatting.txt:%d: CheckBidiFormatting(%q) = %v, want nil", r.line, in, err)
			}
			continue
		}
		offset, err1 := strconv.Atoi(r.fields[1])
		char, err2 := strconv.ParseInt(strings.TrimPrefix(r.fields[2], "U+"), 16, 32)
		if err1 != nil || err2 != nil {
			t.Fatalf("bidi_formatting.txt:%d: bad row", r.line)
		}
		var be *BidiError
		if !errors.As(err, &be) {
			t.Errorf("bidi_formatting.txt:%d: CheckBidiFormatting(%q) = %v, want a *BidiError", r.line, in, err)
			continue
		}
		want := &BidiError{Offset: offset, Char: rune(char), Section: "4.1"}
		if diff := cmp.Diff(want, be); diff != "" {
			t.Errorf("bidi_formatting.txt:%d: CheckBidiFormatting(%q) (-want +got):\n%s", r.line, in, diff)
		}
	}
}

func TestBidiErrorMessage(t *testing.T) {
	err := CheckBidiFormatting("http://a/\u202e")
	want := `rfc3987: offset 9: U+202E RIGHT-TO-LEFT OVERRIDE: the ABNF admits it, but section 4.1 says "IRIs MUST NOT contain bidirectional formatting characters (LRM, RLM, LRE, RLE, LRO, RLO, and PDF)"`
	if err == nil || err.Error() != want {
		t.Errorf("error = %v\nwant    %s", err, want)
	}
}

// fromBidiNotation replaces the upper-case letters of section 4.4's Bidi
// Notation by Hebrew letters, right-to-left characters of class R.
func fromBidiNotation(s string) string {
	return strings.Map(func(r rune) rune {
		if 'A' <= r && r <= 'Z' {
			return 0x05D0 + r - 'A'
		}
		return r
	}, s)
}

// toBidiNotation undoes fromBidiNotation.
func toBidiNotation(s string) string {
	return strings.Map(func(r rune) rune {
		if 0x05D0 <= r && r <= 0x05D0+'Z'-'A' {
			return 'A' + r - 0x05D0
		}
		return r
	}, s)
}

var ruleWords = map[BidiRule]string{BidiMixed: "mixed", BidiStart: "start", BidiEnd: "end"}

func TestBidiWarnings(t *testing.T) {
	for _, r := range readIRITable(t, "bidi_examples.txt", 1) {
		iri := fromBidiNotation(r.fields[0])
		ws := BidiWarnings(iri)
		var got []string
		for _, w := range ws {
			got = append(got, fmt.Sprintf("%s/%s/%s/%s", w.Component, ruleWords[w.Rule],
				toBidiNotation(w.Text), toBidiNotation(string(w.Char))))
			// The offsets point into iri at the component and the character.
			if !strings.HasPrefix(iri[w.Start:], w.Text) || w.Offset < w.Start || w.Offset >= w.Start+len(w.Text) {
				t.Errorf("bidi_examples.txt:%d: warning %+v: offsets do not locate the component", r.line, w)
			} else if c, _ := utf8.DecodeRuneInString(iri[w.Offset:]); c != w.Char {
				t.Errorf("bidi_examples.txt:%d: warning %+v: offset %d holds %U", r.line, w, w.Offset, c)
			}
		}
		if diff := cmp.Diff(r.fields[1:], got, cmp.Comparer(func(a, b []string) bool {
			return len(a) == len(b) && strings.Join(a, "\n") == strings.Join(b, "\n")
		})); diff != "" {
			t.Errorf("bidi_examples.txt:%d: BidiWarnings(%q) (-want +got):\n%s", r.line, r.fields[0], diff)
		}
	}
}

func TestBidiComponentWarnings(t *testing.T) {
	for _, r := range readIRITable(t, "bidi_component.txt", 1) {
		in := r.fields[0]
		var got []string
		for _, w := range BidiComponentWarnings(in) {
			got = append(got, fmt.Sprintf("%s@%d:%U", ruleWords[w.Rule], w.Offset, w.Char))
			if w.Component != "" || w.Text != in || w.Start != 0 {
				t.Errorf("bidi_component.txt:%d: warning %+v: want Component \"\", Text the input, Start 0", r.line, w)
			}
		}
		if diff := cmp.Diff(r.fields[1:], got, cmp.Comparer(func(a, b []string) bool {
			return strings.Join(a, " ") == strings.Join(b, " ")
		})); diff != "" {
			t.Errorf("bidi_component.txt:%d: BidiComponentWarnings(%q) (-want +got):\n%s", r.line, in, diff)
		}
	}
}

func TestBidiWarningString(t *testing.T) {
	ws := BidiWarnings("http://h/\u05d0\u05d11")
	want := []string{`rfc3987: offset 13: U+0031 in isegment part "אב1": a component using right-to-left characters should end with one (section 4.2)`}
	var got []string
	for _, w := range ws {
		got = append(got, w.String())
	}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("(-want +got):\n%s", diff)
	}
	if s := BidiRule(9).String(); s != "BidiRule(9)" {
		t.Errorf("BidiRule(9).String() = %q", s)
	}
}

// TestDirectionTables holds directionOf, its shortcut for US-ASCII and
// the tables gen bidi wrote (bidi_gen.go), to golang.org/x/text's bidi
// classes for every code point: a new x/text without go generate fails
// here.
func TestDirectionTables(t *testing.T) {
	bad := 0
	for r := rune(0); r <= unicode.MaxRune && bad < 10; r++ {
		want := neutral
		p, _ := bidi.LookupRune(r)
		switch p.Class() {
		case bidi.L:
			want = ltr
		case bidi.R, bidi.AL:
			want = rtl
		}
		if got := directionOf(r); got != want {
			t.Errorf("directionOf(%U) = %v, x/text's bidi tables say %v", r, got, want)
			bad++
		}
	}
}
