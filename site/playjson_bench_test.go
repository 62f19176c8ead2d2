package site

import (
	"context"
	"strings"
	"testing"
)

// BenchmarkPlayJSON measures what the browser's module does on each
// keystroke: one answer of PlayJSON for the static copy, on the 1 KB
// reference the static browser test types, with and without the verdict
// under every standard and profile.
//
//	go test -run '^$' -bench PlayJSON -benchmem ./site/
func BenchmarkPlayJSON(b *testing.B) {
	s, err := New()
	if err != nil {
		b.Fatal(err)
	}
	q := "ref=" + urlQueryEscape(keystrokeRef())
	for _, c := range []struct{ name, query string }{{"verdicts", q}, {"no-verdicts", q + "&verdicts=0"}} {
		b.Run(c.name, func(b *testing.B) {
			b.SetBytes(1 << 10)
			for b.Loop() {
				if status, body := s.PlayJSON(context.Background(), c.query, true); status != statusOK {
					b.Fatalf("%d %s", status, body)
				}
			}
		})
	}
}

// keystrokeRef is a 1 KB reference with many segments: a large tree.
func keystrokeRef() string {
	return ("http://www.example.com/" + strings.Repeat("a/b;p/", 167))[:1<<10]
}
