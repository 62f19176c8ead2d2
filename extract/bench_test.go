package extract_test

import (
	"bytes"
	"os"
	"testing"

	"github.com/rfc2396/rfc2396/extract"
)

// BenchmarkFind100MB runs Find over the RFC 2396 and RFC 3986 texts
// repeated to 100 MB, built in memory; b.SetBytes makes it report MB/s.
//
//	go test -run '^$' -bench Find100MB -benchtime 3x ./extract/
func BenchmarkFind100MB(b *testing.B) {
	var unit []byte
	for _, name := range []string{"testdata/rfc2396-text.txt", "testdata/rfc3986-text.txt"} {
		t, err := os.ReadFile(name)
		if err != nil {
			b.Fatal(err)
		}
		unit = append(unit, t...)
	}
	const size = 100 << 20
	text := bytes.Repeat(unit, size/len(unit)+1)[:size]
	b.SetBytes(int64(len(text)))
	b.ResetTimer()
	n := 0
	for i := 0; i < b.N; i++ {
		n = len(extract.Find(text))
	}
	b.ReportMetric(float64(n), "refs")
}

// BenchmarkFindAdversarial measures Find on inputs of 1 MB built against
// its scanner; their MB/s stays flat as the inputs grow. A text made only of
// invalid references is slower per byte, since each one gets an
// explained *parser.Error.
func BenchmarkFindAdversarial(b *testing.B) {
	const n = 1 << 20
	for _, bc := range []struct {
		name string
		in   []byte
	}{
		{"open-brackets", bytes.Repeat([]byte("<a:"), n/3)},
		{"closing-parens", append([]byte("http://a/"), bytes.Repeat([]byte(")"), n)...)},
		{"colons", bytes.Repeat([]byte("a:"), n/2)},
		{"bracket-lines", append([]byte("<http://a/"), bytes.Repeat([]byte("b\n"), n/2)...)},
		// Only invalid references: each costs an error explanation.
		{"invalid-refs", bytes.Repeat([]byte("http://a/b{ "), n/12)},
	} {
		b.Run(bc.name, func(b *testing.B) {
			b.SetBytes(int64(len(bc.in)))
			for i := 0; i < b.N; i++ {
				extract.Find(bc.in)
			}
		})
	}
}
