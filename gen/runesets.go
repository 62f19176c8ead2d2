package main

import (
	"fmt"
	"slices"
	"strings"
	"unicode/utf8"

	"github.com/rfc2396/rfc2396/internal/syntax"
)

// runeSet is a set of code points a run takes as their UTF-8 encodings
// (syntax.Run's Runes): RFC 3987's ucschar and iprivate, which its
// grammar file spells as choices of byte sequences (gen/utf8peg.go), read
// by the parser one encoding at a time instead of one alternative at a
// time.
type runeSet struct {
	ranges []syntax.RuneRange // sorted by Lo, apart
	first  byteSet            // the first bytes of the encodings
}

// String spells the set as ABNF ranges of code points, for the compact
// grammar's header and the run tables' comments.
func (r runeSet) String() string {
	var parts []string
	for _, g := range r.ranges {
		if g.Lo == g.Hi {
			parts = append(parts, fmt.Sprintf("%%x%X", g.Lo))
		} else {
			parts = append(parts, fmt.Sprintf("%%x%X-%X", g.Lo, g.Hi))
		}
	}
	return strings.Join(parts, " / ")
}

// runeSetIndex returns 1 + the index of set in a.runeSets, adding it if
// it is new (runSpec.runes).
func (a *accel) runeSetIndex(set runeSet) int {
	i := slices.IndexFunc(a.runeSets, func(u runeSet) bool { return slices.Equal(u.ranges, set.ranges) })
	if i < 0 {
		i = len(a.runeSets)
		a.runeSets = append(a.runeSets, set)
	}
	return i + 1
}

// union returns the code points of r and of q.
func (r runeSet) union(q runeSet) runeSet {
	if q.ranges == nil {
		return r
	}
	return runeSet{mergeRuneRanges(slices.Concat(r.ranges, q.ranges)), r.first.union(q.first)}
}

// runesOf reports whether x matches exactly the UTF-8 encodings of a set
// of code points beyond ASCII, and returns them: a sequence of single
// bytes and classes of two to four bytes every one of whose strings is a
// valid encoding of one code point, a reference to a kept rule whose body
// is such, or a choice of those. Whichever alternative of the choice a
// PEG tries first, it takes the one encoding that starts at the place
// (UTF-8 is a prefix code), so the run may read it by decoding the code
// point and looking it up.
func (a *accel) runesOf(x *expr) ([]syntax.RuneRange, byteSet, bool) {
	key := x.String()
	if r, ok := a.runesCache[key]; ok {
		return r.ranges, r.first, r.ranges != nil
	}
	ranges, first, ok := a.runesOfExpr(x)
	if a.runesCache == nil {
		a.runesCache = map[string]runeSet{}
	}
	if !ok {
		ranges = nil
	}
	a.runesCache[key] = runeSet{ranges, first}
	return ranges, first, ok
}

// runesOfExpr is runesOf without its cache.
func (a *accel) runesOfExpr(x *expr) ([]syntax.RuneRange, byteSet, bool) {
	switch x.op {
	case opRef:
		body, ok := a.kept[x.text]
		if !ok || x.text == "other" {
			return nil, byteSet{}, false
		}
		return a.runesOf(body)
	case opChoice:
		var all []syntax.RuneRange
		var first byteSet
		for _, k := range x.kids {
			ranges, f, ok := a.runesOf(k)
			if !ok {
				return nil, byteSet{}, false
			}
			all = append(all, ranges...)
			first = first.union(f)
		}
		return mergeRuneRanges(all), first, true
	case opSeq:
		if len(x.kids) < 2 || len(x.kids) > utf8.UTFMax {
			return nil, byteSet{}, false
		}
		sets := make([]byteSet, len(x.kids))
		for i, k := range x.kids {
			set, ok := singleChars(k)
			if !ok {
				return nil, byteSet{}, false
			}
			sets[i] = set
		}
		ranges, ok := encodedRunes(sets)
		return ranges, sets[0], ok
	}
	return nil, byteSet{}, false
}

// encodedRunes returns the code points whose UTF-8 encodings are the
// strings of sets (one set per byte), and whether every one of those
// strings is the whole encoding of one code point. It reads the strings in
// the order of their bytes, which is the order of the code points.
func encodedRunes(sets []byteSet) ([]syntax.RuneRange, bool) {
	var ranges []syntax.RuneRange
	buf := make([]byte, len(sets))
	var walk func(i int) bool
	walk = func(i int) bool {
		if i == len(sets) {
			r, size := utf8.DecodeRune(buf)
			if size != len(buf) {
				return false
			}
			if n := len(ranges); n > 0 && ranges[n-1].Hi+1 == r {
				ranges[n-1].Hi = r
			} else {
				ranges = append(ranges, syntax.RuneRange{Lo: r, Hi: r})
			}
			return true
		}
		for c := 0; c < 256; c++ {
			if sets[i].has(byte(c)) {
				buf[i] = byte(c)
				if !walk(i + 1) {
					return false
				}
			}
		}
		return true
	}
	if !walk(0) || ranges == nil {
		return nil, false
	}
	return ranges, true
}

// mergeRuneRanges sorts ranges and joins those that overlap or touch.
func mergeRuneRanges(ranges []syntax.RuneRange) []syntax.RuneRange {
	ranges = slices.Clone(ranges)
	slices.SortFunc(ranges, func(x, y syntax.RuneRange) int { return int(x.Lo - y.Lo) })
	var out []syntax.RuneRange
	for _, g := range ranges {
		if n := len(out); n > 0 && g.Lo <= out[n-1].Hi+1 {
			out[n-1].Hi = max(out[n-1].Hi, g.Hi)
			continue
		}
		out = append(out, g)
	}
	return out
}
