package parser_test

import (
	"fmt"
	"strings"
	"testing"
	"unicode"
	"unicode/utf8"
)

// javaOther is the reading of java.net.URI's scanEscape this test checks:
// a character outside US-ASCII stands unescaped wherever escapes are
// allowed when it is above U+0080, not a space character (Zs, Zl, Zp) and
// not an ISO control character (U+0080-U+009F). Java tests UTF-16 code
// units, so every character above U+FFFF passes (its surrogates do).
func javaOther(r rune) bool {
	return r > 0x9f && !unicode.In(r, unicode.Zs, unicode.Zl, unicode.Zp)
}

// TestRunesJava probes every code point outside US-ASCII (surrogates
// excepted: they are not UTF-8) in the contexts where java.net.URI allows
// escapes, and logs the set Java accepts as ranges; it reports where Java
// and [javaOther] disagree (Java's Unicode tables are older than Go's) but
// does not fail on that. Every byte 0x80-0xFF alone (not UTF-8) is probed
// too: Java sees U+FFFD.
func TestRunesJava(t *testing.T) {
	p := startJava(t)
	contexts := []struct {
		before, after string
		other         bool // Java allows "other" characters here
	}{
		{"/", "", true},      // path
		{"?", "", true},      // query
		{"#", "", true},      // fragment
		{"x:", "", true},     // opaque part
		{"//", "@h/", true},  // userinfo
		{"//h", "/", true},   // not a hostname, so a reg_name
		{"//h:1", "/", true}, // not a port, so a reg_name
		{"", ":x", false},    // scheme
	}
	// By default every code point below U+3100 and each space character,
	// and every 61st code point above; all of them with -javauri.full.
	var runes []rune
	for r := rune(0x80); r <= unicode.MaxRune; r++ {
		if utf8.ValidRune(r) && (*full || r < 0x3100 || r%61 == 0 || unicode.In(r, unicode.Zs, unicode.Zl, unicode.Zp)) {
			runes = append(runes, r)
		}
	}
	for _, c := range contexts {
		refs := make([]string, len(runes))
		for i, r := range runes {
			refs[i] = c.before + string(r) + c.after
		}
		res, err := p.Probe(refs)
		if err != nil {
			t.Fatal(err)
		}
		var ranges []string
		var mismatch []string
		accepted := 0
		start := rune(-1)
		prev := rune(-1)
		// A range is a run of accepted code points that are neighbours in
		// runes (with gaps where runes samples).
		flush := func() {
			if start < 0 {
				return
			}
			if start == prev {
				ranges = append(ranges, fmt.Sprintf("U+%04X", start))
			} else {
				ranges = append(ranges, fmt.Sprintf("U+%04X-U+%04X", start, prev))
			}
			start = -1
		}
		for i, r := range runes {
			ok := res[i].Valid
			if ok {
				accepted++
			}
			if ok != (c.other && javaOther(r)) {
				mismatch = append(mismatch, fmt.Sprintf("U+%04X(java %v)", r, ok))
			}
			if ok && start < 0 {
				flush()
				start = r
			}
			if !ok {
				flush()
			}
			prev = r
		}
		flush()
		t.Logf("%q…%q: Java accepts %d of %d probed: %s", c.before, c.after, accepted, len(runes), strings.Join(ranges, ", "))
		if len(mismatch) > 0 {
			t.Logf("%q…%q: %d code points where Java differs from javaOther: %s", c.before, c.after, len(mismatch), strings.Join(mismatch[:min(len(mismatch), 40)], " "))
		}
	}
	var bytes []string
	for b := 0x80; b <= 0xff; b++ {
		bytes = append(bytes, "/"+string([]byte{byte(b)}))
	}
	res, err := p.Probe(bytes)
	if err != nil {
		t.Fatal(err)
	}
	valid := 0
	for _, r := range res {
		if !r.Replaced {
			t.Errorf("%q: not marked as replaced", r.Input)
		}
		if r.Valid {
			valid++
		}
	}
	t.Logf("a lone byte 0x80-0xFF in a path (Java sees U+FFFD): %d of 128 valid", valid)
}
