package conformance

import (
	"bufio"
	"os"
	"testing"
)

// BenchmarkCoverageAdd measures Add over the first references of the
// shared benchmark corpus, or a few built-in ones without it.
func BenchmarkCoverageAdd(b *testing.B) {
	refs := []string{"http://a/b/c/d;p?q", "ftp://user@host:21/path/to/file.txt", "../g?y#s", "mailto:someone@example.com", "http://[::1]/x"}
	if f, err := os.Open("../../shared/bench/urls.txt"); err == nil {
		sc := bufio.NewScanner(f)
		refs = refs[:0]
		for len(refs) < 500 && sc.Scan() {
			refs = append(refs, sc.Text())
		}
		f.Close()
	}
	c, err := NewCoverage(RFC2396, "")
	if err != nil {
		b.Fatal(err)
	}
	b.ResetTimer()
	for i := 0; b.Loop(); i++ {
		c.Add("URI-reference", refs[i%len(refs)])
	}
}
