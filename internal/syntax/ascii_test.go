package syntax

import (
	"strings"
	"testing"
)

// TestASCIIPrefix holds ASCIIPrefix to a byte-at-a-time loop, with the
// first byte above 0x7F at each offset of strings of every length around
// the blocks of eight and sixteen it tests.
func TestASCIIPrefix(t *testing.T) {
	for n := 0; n <= 40; n++ {
		for at := 0; at <= n; at++ {
			b := []byte(strings.Repeat("a", n))
			if at < n {
				b[at] = 0x80
			}
			want := 0
			for want < len(b) && b[want] < 0x80 {
				want++
			}
			if got := ASCIIPrefix(string(b)); got != want {
				t.Errorf("ASCIIPrefix(%q) = %d, want %d", b, got, want)
			}
		}
	}
}
