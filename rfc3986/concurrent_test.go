package rfc3986_test

import (
	"testing"

	"github.com/rfc2396/rfc2396/internal/uritest"
	"github.com/rfc2396/rfc2396/rfc3986"
	"github.com/rfc2396/rfc2396/rfc3986/grammar"
)

// TestConcurrent runs Parse, Match (whose explanations build their automata
// on first use), Resolve and Normalize from several goroutines at once;
// run it with -race.
func TestConcurrent(t *testing.T) {
	inputs := []string{"http://a/b?c#d", "http://[::1]:80/", "a b", "http://h/%zz", "//[v1.x]", "?y", "\xff"}
	want := make([]string, len(inputs))
	for i, s := range inputs {
		_, err := rfc3986.Parse(s)
		want[i] = errString(err)
	}
	uritest.Concurrently(8, 50, func(g, k int) bool {
		for i, s := range inputs {
			if _, err := rfc3986.Parse(s); errString(err) != want[i] {
				t.Errorf("Parse(%q) = %v, want %s", s, err, want[i])
			}
			_ = rfc3986.Match(grammar.Rule((g+k+i)%grammar.NumRules), s)
			_, _, _ = rfc3986.Resolve("http://a/b/c/d;p?q", s)
			_, _ = rfc3986.Normalize(s)
		}
		return true
	})
}

func errString(err error) string {
	if err == nil {
		return "<nil>"
	}
	return err.Error()
}
