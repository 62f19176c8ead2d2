package main

import (
	"slices"
	"testing"

	"github.com/rfc2396/rfc2396/internal/syntax"
)

// byteRange is the set of the bytes lo to hi.
func byteRange(lo, hi byte) byteSet {
	var s byteSet
	for c := int(lo); c <= int(hi); c++ {
		s.add(byte(c))
	}
	return s
}

// TestEncodedRunes checks which byte sequences gen reads as code points:
// those whose every string is one whole, valid UTF-8 encoding, and no
// other (an over-long form, a surrogate, a lone continuation byte, a
// lead byte with too few continuation bytes).
func TestEncodedRunes(t *testing.T) {
	cont := byteRange(0x80, 0xbf)
	tests := []struct {
		name string
		sets []byteSet
		want []syntax.RuneRange // nil: not read as code points
	}{
		{"U+00A0-U+00BF", []byteSet{byteRange(0xc2, 0xc2), byteRange(0xa0, 0xbf)}, []syntax.RuneRange{{Lo: 0xa0, Hi: 0xbf}}},
		{"U+00C0-U+07FF", []byteSet{byteRange(0xc3, 0xdf), cont}, []syntax.RuneRange{{Lo: 0xc0, Hi: 0x7ff}}},
		{"U+F900-U+F901", []byteSet{byteRange(0xef, 0xef), byteRange(0xa4, 0xa4), byteRange(0x80, 0x81)}, []syntax.RuneRange{{Lo: 0xf900, Hi: 0xf901}}},
		{"U+10000-U+1FFFF", []byteSet{byteRange(0xf0, 0xf0), byteRange(0x90, 0x9f), cont, cont}, []syntax.RuneRange{{Lo: 0x10000, Hi: 0x1ffff}}},
		{"over-long two bytes", []byteSet{byteRange(0xc0, 0xc2), cont}, nil},
		{"over-long three bytes", []byteSet{byteRange(0xe0, 0xe0), byteRange(0x80, 0xa0), cont}, nil},
		{"surrogates", []byteSet{byteRange(0xed, 0xed), byteRange(0x9f, 0xa0), cont}, nil},
		{"above U+10FFFF", []byteSet{byteRange(0xf4, 0xf4), byteRange(0x8f, 0x90), cont, cont}, nil},
		{"cut short", []byteSet{byteRange(0xe4, 0xe4), cont}, nil},
		{"continuation bytes alone", []byteSet{cont, cont}, nil},
		{"ASCII", []byteSet{byteRange('a', 'a'), byteRange('b', 'b')}, nil},
	}
	for _, tt := range tests {
		got, ok := encodedRunes(tt.sets)
		if ok != (tt.want != nil) || !slices.Equal(got, tt.want) {
			t.Errorf("%s: encodedRunes = %v, %t; want %v", tt.name, got, ok, tt.want)
		}
	}
}

// TestRunesOf checks that a choice is read as code points only when every
// alternative is, and that a reference reads the kept rule's body.
func TestRunesOf(t *testing.T) {
	seq := func(sets ...byteSet) *expr {
		e := &expr{op: opSeq}
		for _, s := range sets {
			e.kids = append(e.kids, &expr{op: opClass, set: s})
		}
		return e
	}
	cont := byteRange(0x80, 0xbf)
	latin := seq(byteRange(0xc3, 0xc3), byteRange(0xa0, 0xbf)) // U+00E0-U+00FF
	private := seq(byteRange(0xee, 0xee), cont, cont)          // U+E000-U+EFFF
	a := &accel{kept: map[string]*expr{"chars": {op: opChoice, kids: []*expr{private, latin}}}}
	got, first, ok := a.runesOf(&expr{op: opRef, text: "chars"})
	want := []syntax.RuneRange{{Lo: 0xe0, Hi: 0xff}, {Lo: 0xe000, Hi: 0xefff}}
	if !ok || !slices.Equal(got, want) || first != byteRange(0xc3, 0xc3).union(byteRange(0xee, 0xee)) {
		t.Errorf("runesOf(chars) = %v, %v, %t; want %v", got, first, ok, want)
	}
	mixed := &expr{op: opChoice, kids: []*expr{latin, {op: opClass, set: byteRange('a', 'z')}}}
	if got, _, ok := a.runesOf(mixed); ok {
		t.Errorf("runesOf(%s) = %v, want no code points (it has an ASCII class)", mixed, got)
	}
	if got, _, ok := a.runesOf(&expr{op: opRef, text: "other"}); ok {
		t.Errorf("runesOf(other) = %v, want none (edit non-ascii's byte sequences stay syntax.Seq)", got)
	}
}
