// Package corpus loads the benchmark corpus of real-world URI references
// for the benchmarks of both RFCs' packages: the shared corpus beside the
// repository (../shared/bench/urls.txt; see its README), or, where it is
// absent, the deterministic 1-in-25 sample kept in testdata/.
package corpus

import (
	"bufio"
	"os"
	"path/filepath"
	"testing"
)

// Load returns the lines of the corpus and their total number of bytes.
// root is the repository's root relative to the test's package directory
// (".." for a package one level down).
func Load(tb testing.TB, root string) ([]string, int) {
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

// Run runs f once per corpus line per op, with one op = one reference: b.N
// counts references, and MB/s is over the corpus's bytes.
func Run(b *testing.B, root string, f func(s string)) {
	lines, size := Load(b, root)
	b.SetBytes(int64(size / len(lines)))
	b.ReportAllocs()
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		f(lines[i%len(lines)])
	}
}
