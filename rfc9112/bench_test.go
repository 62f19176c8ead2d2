package rfc9112

import (
	"bufio"
	"net/url"
	"os"
	"strings"
	"testing"
)

// originForms builds a corpus of origin-forms from the references of
// testdata/bench-sample.txt: the path and query of each that has a path
// starting "/" and that net/url also reads.
func originForms(b *testing.B) []string {
	f, err := os.Open("../testdata/bench-sample.txt")
	if err != nil {
		b.Fatal(err)
	}
	defer f.Close()
	var out []string
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		u, err := url.Parse(sc.Text())
		if err != nil || !strings.HasPrefix(u.EscapedPath(), "/") {
			continue
		}
		t := u.EscapedPath()
		if u.RawQuery != "" {
			t += "?" + u.RawQuery
		}
		if Valid(t) {
			out = append(out, t)
		}
	}
	if len(out) == 0 {
		b.Fatal("no origin-forms")
	}
	return out
}

func BenchmarkValidate(b *testing.B) {
	corpus := originForms(b)
	b.Run("rfc9112", func(b *testing.B) {
		b.ReportAllocs()
		for i := 0; i < b.N; i++ {
			if !Valid(corpus[i%len(corpus)]) {
				b.Fatal(corpus[i%len(corpus)])
			}
		}
	})
	b.Run("rfc9112.Parse", func(b *testing.B) {
		b.ReportAllocs()
		for i := 0; i < b.N; i++ {
			if _, err := Parse(corpus[i%len(corpus)]); err != nil {
				b.Fatal(err)
			}
		}
	})
	b.Run("net/url.ParseRequestURI", func(b *testing.B) {
		b.ReportAllocs()
		for i := 0; i < b.N; i++ {
			if _, err := url.ParseRequestURI(corpus[i%len(corpus)]); err != nil {
				b.Fatal(err)
			}
		}
	})
}
