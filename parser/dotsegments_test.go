package parser

import (
	"math/rand/v2"
	"strings"
	"testing"
)

// removeDotSegmentsLiteral is section 5.2 steps 6c to 6f as the RFC writes
// them: string rewriting, each step repeated until it no longer applies.
// It is quadratic and only for checking removeDotSegments.
func removeDotSegmentsLiteral(path string) (string, int) {
	lead := ""
	if strings.HasPrefix(path, "/") {
		lead, path = "/", path[1:]
	}
	segs := strings.Split(path, "/")
	// 6c: remove all "./" where "." is a complete path segment.
	for i := 0; i < len(segs)-1; {
		if segs[i] == "." {
			segs = append(segs[:i], segs[i+1:]...)
			continue
		}
		i++
	}
	// 6d: a final "." segment is removed.
	if segs[len(segs)-1] == "." {
		segs[len(segs)-1] = ""
	}
	// 6e: remove the leftmost "<segment>/../", segment not "..", until
	// none is left.
	for {
		i := 0
		for ; i+2 < len(segs); i++ {
			if segs[i] != ".." && segs[i+1] == ".." {
				break
			}
		}
		if i+2 >= len(segs) {
			break
		}
		segs = append(segs[:i], segs[i+2:]...)
	}
	// 6f: a final "<segment>/.." is removed, leaving the "/".
	if n := len(segs); n >= 2 && segs[n-1] == ".." && segs[n-2] != ".." {
		segs = append(segs[:n-2], "")
	}
	above := 0
	for above < len(segs) && segs[above] == ".." {
		above++
	}
	return lead + strings.Join(segs, "/"), above
}

// TestRemoveDotSegmentsLiteral checks the one-pass stack of
// removeDotSegments against the RFC's string rewriting on random paths over
// the segments that matter.
func TestRemoveDotSegmentsLiteral(t *testing.T) {
	rng := rand.New(rand.NewPCG(2396, 52))
	parts := []string{"a", "b", ".", "..", "", "...", ".a", "a."}
	for n := 0; n < 20000; n++ {
		var b strings.Builder
		if rng.IntN(2) == 0 {
			b.WriteByte('/')
		}
		k := rng.IntN(8)
		for i := 0; i <= k; i++ {
			if i > 0 {
				b.WriteByte('/')
			}
			b.WriteString(parts[rng.IntN(len(parts))])
		}
		path := b.String()
		gotPath, gotAbove := removeDotSegments(path)
		wantPath, wantAbove := removeDotSegmentsLiteral(path)
		if gotPath != wantPath || gotAbove != wantAbove {
			t.Fatalf("removeDotSegments(%q) = %q, %d; the RFC's steps give %q, %d", path, gotPath, gotAbove, wantPath, wantAbove)
		}
	}
}
