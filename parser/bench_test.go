package parser_test

import (
	"net/url"
	"regexp"
	"slices"
	"testing"
	"time"

	"github.com/rfc2396/rfc2396/grammar"
	"github.com/rfc2396/rfc2396/internal/uritest"
	"github.com/rfc2396/rfc2396/parser"
)

// appendixB is the regular expression of RFC 2396 Appendix B.
var appendixB = regexp.MustCompile(`^(([^:/?#]+):)?(//([^/?#]*))?([^?#]*)(\?([^#]*))?(#(.*))?`)

// Sinks keep the compiler from optimizing away the benchmarked calls.
var (
	sinkURI   *parser.URI
	sinkURL   *url.URL
	sinkErr   error
	sinkBool  bool
	sinkIndex []int
)

// BenchmarkCorpus measures each operation over the corpus, one op = one
// URI, with net/url in the same run as the reference: sub-benchmarks are
// named op=…/impl=…, so that
//
//	benchstat -col /impl -row /op
//
// prints every implementation beside net/url for each operation (see
// docs/performance.md). net/url has no validation-only call; op=valid compares
// Valid with url.Parse. op=parse also runs the Appendix B regular
// expression, which splits but does not validate.
func BenchmarkCorpus(b *testing.B) {
	netURL := func(b *testing.B) {
		uritest.RunCorpus(b, "..", func(s string) { sinkURL, sinkErr = url.Parse(s) })
	}
	b.Run("op=parse/impl=net-url", netURL)
	b.Run("op=parse/impl=rfc2396", func(b *testing.B) {
		uritest.RunCorpus(b, "..", func(s string) { sinkURI, sinkErr = parser.Parse(s) })
	})
	b.Run("op=parse/impl=rfc2396-java", func(b *testing.B) {
		parser.Java.Valid("") // the profile's automata, built once
		uritest.RunCorpus(b, "..", func(s string) { sinkURI, sinkErr = parser.Java.Parse(s) })
	})
	b.Run("op=parse/impl=appendix-b", func(b *testing.B) {
		uritest.RunCorpus(b, "..", func(s string) { sinkIndex = appendixB.FindStringSubmatchIndex(s) })
	})
	b.Run("op=parse-into/impl=net-url", netURL)
	b.Run("op=parse-into/impl=rfc2396", func(b *testing.B) {
		u := new(parser.URI)
		uritest.RunCorpus(b, "..", func(s string) { sinkErr = parser.ParseInto(u, s) })
		sinkURI = u
	})
	// op=resolve: each corpus reference against one base. The references
	// are parsed beforehand by each implementation, so that only the
	// resolution is measured; references that one of them rejects are
	// skipped by it.
	const base = "http://a/b/c/d;p?q"
	b.Run("op=resolve/impl=net-url", func(b *testing.B) {
		bu, _ := url.Parse(base)
		refs := parsedCorpus(b, func(s string) (*url.URL, bool) { u, err := url.Parse(s); return u, err == nil })
		b.ResetTimer()
		for i := 0; i < b.N; i++ {
			sinkURL = bu.ResolveReference(refs[i%len(refs)])
		}
	})
	b.Run("op=resolve/impl=rfc2396", func(b *testing.B) {
		bu, _ := parser.Parse(base)
		refs := parsedCorpus(b, func(s string) (*parser.URI, bool) { u, err := parser.Parse(s); return u, err == nil })
		b.ResetTimer()
		for i := 0; i < b.N; i++ {
			sinkURI, _, sinkErr = bu.ResolveReference(refs[i%len(refs)])
		}
	})
	b.Run("op=valid/impl=net-url", netURL)
	b.Run("op=valid/impl=rfc2396", func(b *testing.B) {
		uritest.RunCorpus(b, "..", func(s string) { sinkBool = parser.Valid(s) })
	})
}

// BenchmarkCorpusMatch matches every corpus reference against each of the
// 40 rules, one op = one reference, beside url.Parse on the same
// references: op=match runs Match (an *Error for each reference that does
// not match), op=matches runs Matches (a bool). Compare with
//
//	benchstat -col /impl -row /rule
func BenchmarkCorpusMatch(b *testing.B) {
	b.Run("rule=all/op=parse/impl=net-url", func(b *testing.B) {
		uritest.RunCorpus(b, "..", func(s string) { sinkURL, sinkErr = url.Parse(s) })
	})
	for r := grammar.Rule(0); r < grammar.NumRules; r++ {
		b.Run("rule="+r.String()+"/op=match/impl=rfc2396", func(b *testing.B) {
			uritest.RunCorpus(b, "..", func(s string) { sinkErr = parser.Match(r, s) })
		})
		b.Run("rule="+r.String()+"/op=matches/impl=rfc2396", func(b *testing.B) {
			uritest.RunCorpus(b, "..", func(s string) { sinkBool = parser.Matches(r, s) })
		})
	}
}

// parsedCorpus returns the corpus lines that parse accepts, parsed.
func parsedCorpus[T any](b *testing.B, parse func(string) (T, bool)) []T {
	lines, _ := uritest.LoadCorpus(b, "..")
	var out []T
	for _, l := range lines {
		if u, ok := parse(l); ok {
			out = append(out, u)
		}
	}
	b.ReportAllocs()
	return out
}

// BenchmarkCorpusParallel parses the corpus from all Ps at once (run with
// -cpu 2 for the two-core figure): the pooled parsers must scale.
func BenchmarkCorpusParallel(b *testing.B) {
	lines, size := uritest.LoadCorpus(b, "..")
	// f returns its result so that it escapes, as a caller's would.
	parallel := func(f func(s string) any) func(b *testing.B) {
		return func(b *testing.B) {
			b.SetBytes(int64(size / len(lines)))
			b.ReportAllocs()
			b.RunParallel(func(pb *testing.PB) {
				var keep any
				for i := 0; pb.Next(); i++ {
					keep = f(lines[i%len(lines)])
				}
				_ = keep
			})
		}
	}
	b.Run("op=parse/impl=net-url", parallel(func(s string) any { u, _ := url.Parse(s); return u }))
	b.Run("op=parse/impl=rfc2396", parallel(func(s string) any { u, _ := parser.Parse(s); return u }))
}

// BenchmarkCorpusInterleaved measures each operation and url.Parse in turn
// over the same runs of corpus references, 256 at a time, alternating which
// goes first, and reports the median over the runs of the ratio of their
// times (x-net-url) beside each one's median time per reference. On a
// machine shared with other work, whose load changes by the second, the
// ratio of two measurements taken microseconds apart moves far less than
// that of two separate benchmarks, and the median leaves out the runs in
// which the process lost its core. One op = one reference through both.
// The garbage collector's work falls on whichever runs when it does, so an
// operation that allocates less than url.Parse carries a little of
// url.Parse's collection: read allocs/op from BenchmarkCorpus. Then
// resolution, normalization and relativization, each beside net/url's
// nearest job (see semanticsInterleaved).
func BenchmarkCorpusInterleaved(b *testing.B) {
	lines, _ := uritest.LoadCorpus(b, "..")
	// Every named profile's automata, built before any run.
	for _, p := range parser.Profiles() {
		p.Valid("")
	}
	type op struct {
		name string
		f    func(s string)
	}
	into := new(parser.URI)
	ops := []op{
		{"op=parse/profile=strict", func(s string) { sinkURI, sinkErr = parser.Parse(s) }},
		{"op=parse-into/profile=strict", func(s string) { sinkErr = parser.ParseInto(into, s) }},
		{"op=valid/profile=strict", func(s string) { sinkBool = parser.Valid(s) }},
		{"op=match/profile=strict", func(s string) { sinkErr = parser.Match(grammar.RuleURIReference, s) }},
	}
	for _, p := range parser.Profiles() {
		if p != parser.Strict {
			ops = append(ops, op{"op=parse/profile=" + p.Name(), func(s string) { sinkURI, sinkErr = p.Parse(s) }})
		}
	}
	netURL := func(s string) { sinkURL, sinkErr = url.Parse(s) }
	timed := func(refs []string, f func(s string)) float64 {
		t := time.Now()
		for _, s := range refs {
			f(s)
		}
		return float64(time.Since(t)) / float64(len(refs))
	}
	for _, o := range ops {
		b.Run(o.name, func(b *testing.B) {
			const chunk = 256
			var own, ref, ratio []float64
			next := 0
			for done := 0; done < b.N; done += chunk {
				n := min(chunk, b.N-done)
				if next+n > len(lines) {
					next = 0
				}
				refs := lines[next : next+n]
				next += n
				var mine, theirs float64
				if done/chunk%2 == 0 {
					mine = timed(refs, o.f)
					theirs = timed(refs, netURL)
				} else {
					theirs = timed(refs, netURL)
					mine = timed(refs, o.f)
				}
				own, ref, ratio = append(own, mine), append(ref, theirs), append(ratio, mine/theirs)
			}
			b.ReportMetric(median(own), "ns/ref")
			b.ReportMetric(median(ref), "net-url-ns/ref")
			b.ReportMetric(median(ratio), "x-net-url")
		})
	}
	semanticsInterleaved(b, lines)
}

// semanticsInterleaved is the part of BenchmarkCorpusInterleaved that
// measures resolution, normalization and relativization, each beside
// net/url's nearest job (see [uritest.InterleavedSemantics]), as package
// rfc3986's benchmark of the same name does.
func semanticsInterleaved(b *testing.B, lines []string) {
	uritest.InterleavedSemantics(b, lines, "/profile=strict", uritest.SemanticsOps[*parser.URI]{
		Parse:         parser.Parse,
		Resolve:       uritest.Resolver(parser.Resolve),
		ResolveParsed: uritest.ParsedResolver((*parser.URI).ResolveReferenceString),
		Normalize:     uritest.Normalizer(parser.Normalize),
		Relativize:    parser.Relativize,
	})
}

// median returns the median of x, which it sorts.
func median(x []float64) float64 {
	if len(x) == 0 {
		return 0
	}
	slices.Sort(x)
	return x[len(x)/2]
}
