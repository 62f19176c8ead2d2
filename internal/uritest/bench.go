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

// SemanticsOps are one implementation's resolution, normalization and
// relativization, as [InterleavedSemantics] measures them, over
// references parsed into a U.
type SemanticsOps[U any] struct {
	Parse func(ref string) (U, error)
	// Resolve resolves ref against base, both strings; ResolveParsed
	// the parsed ref against the parsed base. Both give a string.
	Resolve       func(base, ref string) (string, error)
	ResolveParsed func(base, ref U) (string, error)
	Normalize     func(ref string) (string, error)
	Relativize    func(base, target string) (string, error)
}

// InterleavedSemantics measures ops in turn with net/url doing the nearest
// job over the same references (see [Interleaved]), each in a
// sub-benchmark op=NAME followed by suffix: resolve against url.Parse of
// base and reference, ResolveReference and String; resolve-parsed, of
// references parsed beforehand against a parsed base, against
// ResolveReference and String; normalize against url.Parse and String;
// relativize, of each reference's resolution, against url.Parse of base
// and target, as net/url has no relativization. The base is that of both
// RFCs' examples, "http://a/b/c/d;p?q".
func InterleavedSemantics[U any](b *testing.B, lines []string, suffix string, ops SemanticsOps[U]) {
	const baseText = "http://a/b/c/d;p?q"
	var (
		sinkStr string
		sinkURL *url.URL
		sinkErr error
	)
	b.Run("op=resolve"+suffix, func(b *testing.B) {
		Interleaved(b, lines, func(s string) { sinkStr, sinkErr = ops.Resolve(baseText, s) }, func(s string) {
			bu, _ := url.Parse(baseText)
			if u, err := url.Parse(s); err == nil {
				sinkStr = bu.ResolveReference(u).String()
			}
		})
	})
	type pair struct {
		ref U
		u   *url.URL
	}
	var pairs []pair
	var targets []string
	for _, s := range lines {
		r, err := ops.Parse(s)
		u, uerr := url.Parse(s)
		if err == nil && uerr == nil {
			pairs = append(pairs, pair{r, u})
		}
		if t, err := ops.Resolve(baseText, s); err == nil {
			targets = append(targets, t)
		}
	}
	base, err := ops.Parse(baseText)
	if err != nil {
		b.Fatal(err)
	}
	baseURL, err := url.Parse(baseText)
	if err != nil {
		b.Fatal(err)
	}
	b.Run("op=resolve-parsed"+suffix, func(b *testing.B) {
		Interleaved(b, pairs, func(p pair) { sinkStr, sinkErr = ops.ResolveParsed(base, p.ref) }, func(p pair) {
			sinkStr = baseURL.ResolveReference(p.u).String()
		})
	})
	b.Run("op=normalize"+suffix, func(b *testing.B) {
		Interleaved(b, lines, func(s string) { sinkStr, sinkErr = ops.Normalize(s) }, func(s string) {
			if u, err := url.Parse(s); err == nil {
				sinkStr = u.String()
			}
		})
	})
	b.Run("op=relativize"+suffix, func(b *testing.B) {
		Interleaved(b, targets, func(s string) { sinkStr, sinkErr = ops.Relativize(baseText, s) }, func(s string) {
			_, _ = url.Parse(baseText)
			sinkURL, sinkErr = url.Parse(s)
		})
	})
	_, _, _ = sinkStr, sinkURL, sinkErr
}
