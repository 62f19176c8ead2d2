package rfc3986_test

import (
	"sync"
	"testing"

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
	var wg sync.WaitGroup
	for g := 0; g < 8; g++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for k := 0; k < 50; k++ {
				for i, s := range inputs {
					if _, err := rfc3986.Parse(s); errString(err) != want[i] {
						t.Errorf("Parse(%q) = %v, want %s", s, err, want[i])
					}
					_ = rfc3986.Match(grammar.Rule((g+k+i)%grammar.NumRules), s)
					_, _, _ = rfc3986.Resolve("http://a/b/c/d;p?q", s)
					_, _ = rfc3986.Normalize(s)
				}
			}
		}()
	}
	wg.Wait()
}

func errString(err error) string {
	if err == nil {
		return "<nil>"
	}
	return err.Error()
}
