package uritest

import (
	"net/url"
	"runtime"
	"testing"
)

// BenchSemantics measures Normalize and Relativize over the corpus, one op
// = one URI, beside net/url in the same run. net/url has neither:
// op=normalize compares with url.Parse and String (its nearest to a
// canonical form), op=relativize with url.Parse of base and target (the
// least any relativization must do). Targets are the corpus references
// resolved against one base, so that most can be made relative.
//
// root is the repository's root relative to the package (see LoadCorpus)
// and impl names the package in the sub-benchmarks ("rfc2396").
func BenchSemantics(b *testing.B, root, impl string, normalize func(string) (string, error), resolve func(base, ref string) (string, error), relativize func(base, target string) (string, error)) {
	var sink any
	b.Run("op=normalize/impl=net-url", func(b *testing.B) {
		RunCorpus(b, root, func(ref string) {
			if u, err := url.Parse(ref); err == nil {
				sink = u.String()
			}
		})
	})
	b.Run("op=normalize/impl="+impl, func(b *testing.B) {
		RunCorpus(b, root, func(ref string) { sink, _ = normalize(ref) })
	})
	const base = "http://a/b/c/d;p?q"
	targets := func(b *testing.B) []string {
		lines, _ := LoadCorpus(b, root)
		var out []string
		for _, ref := range lines {
			if t, err := resolve(base, ref); err == nil {
				out = append(out, t)
			}
		}
		if len(out) == 0 {
			b.Fatal("no corpus reference resolves")
		}
		return out
	}
	b.Run("op=relativize/impl=net-url", func(b *testing.B) {
		ts := targets(b)
		b.ReportAllocs()
		b.ResetTimer()
		for i := 0; i < b.N; i++ {
			_, _ = url.Parse(base)
			sink, _ = url.Parse(ts[i%len(ts)])
		}
	})
	b.Run("op=relativize/impl="+impl, func(b *testing.B) {
		ts := targets(b)
		b.ReportAllocs()
		b.ResetTimer()
		for i := 0; i < b.N; i++ {
			sink, _ = relativize(base, ts[i%len(ts)])
		}
	})
	runtime.KeepAlive(sink)
}
