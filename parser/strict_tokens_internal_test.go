package parser

import (
	"strings"
	"testing"
)

// TestStrictTokensBounded checks what lets strict Parse run its compact
// parser on a long input without screening it with the automaton first:
// the parser keeps no token per byte (no rule it keeps a token for is
// under a repetition of parser/strict_compact.peg), so that it
// allocates nothing, valid input or not, at 1 MB, for inputs of every
// shape that BenchmarkAdversarial measures and a few plain ones.
func TestStrictTokensBounded(t *testing.T) {
	for _, in := range []struct{ prefix, unit, suffix string }{
		{"http://", "a.", "\x00"},
		{"http://", "a.", "b/"},
		{"http://", "1.", ":80/ "},
		{"http://h/", "%", ""},
		{"http://h/", "%4", ""},
		{"http://", ":", "@@/ "},
		{"http://", "@", " "},
		{"http://", "a:a", "@@ "},
		{"http://h", "/", " "},
		{"http://h/", ";", "#\x7f"},
		{"", "../", "?y#z "},
		{"", "//", "["},
		{"", "a+", " :"},
		{"http://h/?", "a=b&", "#f#"},
		{"http://u@www.example.com:80/", "seg;p/", "?q=1#f\xff"},
		{"", "a", ""},
		{"a:", "b", ""},
		{"//", "a", ""},
		{"//", "a.", "b"},
		{"http://h/", "a/../", ""},
		{"x:", "\xff", ""},
	} {
		s := in.prefix + strings.Repeat(in.unit, (1<<20)/len(in.unit)) + in.suffix
		var u URI
		if n := testing.AllocsPerRun(2, func() { parseStrictTokens(&u, s) }); n != 0 {
			t.Errorf("%q+%q*N+%q, 1 MB: strict compact parse allocates %v times, want 0", in.prefix, in.unit, in.suffix, n)
		}
	}
}
