package rfc3986_test

import (
	"net/url"
	"testing"

	"github.com/rfc2396/rfc2396/rfc3986"
)

// BenchmarkSemantics measures Normalize and Relativize over the corpus,
// one op = one URI, beside net/url in the same run. net/url has neither:
// op=normalize compares with url.Parse and String (its nearest to a
// canonical form), op=relativize with url.Parse of base and target (the
// least any relativization must do). Targets are the corpus references
// resolved against one base, so that most can be made relative.
func BenchmarkSemantics(b *testing.B) {
	b.Run("op=normalize/impl=net-url", func(b *testing.B) {
		runCorpus(b, func(s string) {
			if u, err := url.Parse(s); err == nil {
				_ = u.String()
			}
		})
	})
	b.Run("op=normalize/impl=rfc3986", func(b *testing.B) {
		runCorpus(b, func(s string) { _, sinkErr = rfc3986.Normalize(s) })
	})
	const base = "http://a/b/c/d;p?q"
	targets := func(b *testing.B) []string {
		lines, _ := loadCorpus(b)
		var out []string
		for _, s := range lines {
			if t, _, err := rfc3986.Resolve(base, s); err == nil {
				out = append(out, t)
			}
		}
		if len(out) == 0 {
			b.Skip("no corpus reference resolves")
		}
		return out
	}
	b.Run("op=relativize/impl=net-url", func(b *testing.B) {
		ts := targets(b)
		b.ResetTimer()
		for i := 0; i < b.N; i++ {
			_, sinkErr = url.Parse(base)
			sinkURL, sinkErr = url.Parse(ts[i%len(ts)])
		}
	})
	b.Run("op=relativize/impl=rfc3986", func(b *testing.B) {
		ts := targets(b)
		b.ResetTimer()
		for i := 0; i < b.N; i++ {
			_, sinkErr = rfc3986.Relativize(base, ts[i%len(ts)])
		}
	})
}
