// This file loads the benchmark corpus of real-world URI references
// for the benchmarks of both RFCs' packages: the shared corpus beside the
// repository (../shared/bench/urls.txt; see its README), or, where it is
// absent, the deterministic 1-in-25 sample kept in testdata/.

package uritest

import (
	"bufio"
	"os"
	"path/filepath"
	"slices"
	"testing"
	"time"
)

// LoadCorpus returns the lines of the corpus and their total number of bytes.
// root is the repository's root relative to the test's package directory
// (".." for a package one level down).
func LoadCorpus(tb testing.TB, root string) ([]string, int) {
	tb.Helper()
	shared := filepath.Join(root, "..", "shared", "bench", "urls.txt")
	sample := filepath.Join(root, "testdata", "bench-sample.txt")
	f, err := os.Open(shared)
	if err != nil {
		tb.Logf("corpus %s not found (%v); using the sample %s", shared, err, sample)
		if f, err = os.Open(sample); err != nil {
			tb.Fatal(err)
		}
	}
	defer f.Close()
	var lines []string
	n := 0
	sc := bufio.NewScanner(f)
	sc.Buffer(make([]byte, 64<<10), 1<<20)
	for sc.Scan() {
		lines = append(lines, sc.Text())
		n += len(sc.Text())
	}
	if err := sc.Err(); err != nil {
		tb.Fatal(err)
	}
	return lines, n
}

// RunCorpus runs f once per corpus line per op, with one op = one reference: b.N
// counts references, and MB/s is over the corpus's bytes.
func RunCorpus(b *testing.B, root string, f func(s string)) {
	lines, size := LoadCorpus(b, root)
	b.SetBytes(int64(size / len(lines)))
	b.ReportAllocs()
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		f(lines[i%len(lines)])
	}
}

// Interleaved runs f and ref in turn over the same runs of lines (corpus
// lines, or values made from them), 256
// references at a time, alternating which goes first, and reports the
// median over the runs of the ratio of their times (x-net-url, ref being
// net/url's way of doing the same job) beside each one's median time per
// reference (ns/ref, net-url-ns/ref). One op = one reference through both.
//
// On a machine shared with other work, whose load changes by the second,
// the ratio of two measurements taken microseconds apart moves far less
// than that of two separate benchmarks, and the median leaves out the runs
// in which the process lost its core. The garbage collector's work falls
// on whichever runs when it does, so an operation that allocates less than
// ref carries a little of ref's collection: read allocs/op from a separate
// benchmark.
func Interleaved[T any](b *testing.B, lines []T, f, ref func(s T)) {
	const chunk = 256
	timed := func(refs []T, f func(s T)) float64 {
		t := time.Now()
		for _, s := range refs {
			f(s)
		}
		return float64(time.Since(t)) / float64(len(refs))
	}
	var own, theirs, ratio []float64
	next := 0
	for done := 0; done < b.N; done += chunk {
		n := min(chunk, b.N-done, len(lines))
		if next+n > len(lines) {
			next = 0
		}
		refs := lines[next : next+n]
		next += n
		var a, c float64
		if done/chunk%2 == 0 {
			a = timed(refs, f)
			c = timed(refs, ref)
		} else {
			c = timed(refs, ref)
			a = timed(refs, f)
		}
		own, theirs, ratio = append(own, a), append(theirs, c), append(ratio, a/c)
	}
	b.ReportMetric(median(own), "ns/ref")
	b.ReportMetric(median(theirs), "net-url-ns/ref")
	b.ReportMetric(median(ratio), "x-net-url")
}

// median returns the median of x, which it sorts.
func median(x []float64) float64 {
	if len(x) == 0 {
		return 0
	}
	slices.Sort(x)
	return x[len(x)/2]
}
