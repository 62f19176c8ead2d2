package main

import (
	"bytes"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"
)

// The CLI's benchmarks run whole processes: this command, built from this
// tree, beside ../shared/bench/neturl-cli, the plain net/url +
// encoding/json line tool, on the same input in the same run, one run of
// each in turn, and report the ratios.
const (
	corpusPath  = "../../../shared/bench/urls.txt"
	netURLTool  = "../../../shared/bench/neturl-cli"
	sampleInput = "../../testdata/bench-sample.txt"
)

// batchCommands are the commands that read references a line, as the
// corpus benchmarks run them: parse in text and JSON under each profile
// and each standard, resolve, normalize, relativize (against a base few
// targets share a site with, and one many do) and compare (without
// and with a base).
var batchCommands = [][]string{
	{"parse"},
	{"parse", "--json"},
	{"parse", "--json", "--profile", "rfc2732"},
	{"parse", "--json", "--profile", "rfc2732-intent"},
	{"parse", "--json", "--profile", "java"},
	{"parse", "--profile", "java"},
	{"parse", "--json", "--allow", "ipv6,non-ascii"},
	{"parse", "--json", "--standard", "rfc3986"},
	{"parse", "--standard", "rfc3986"},
	{"parse", "--json", "--standard", "rfc3987"},
	{"parse", "--standard", "rfc3987"},
	{"resolve", "http://a/b/c/d;p?q"},
	{"resolve", "--json", "http://a/b/c/d;p?q"},
	{"resolve", "--standard", "rfc3986", "http://a/b/c/d;p?q"},
	{"normalize"},
	{"normalize", "--json"},
	{"normalize", "--standard", "rfc3986"},
	{"relativize", "http://a/b/c/"},
	{"relativize", "--json", "http://a/b/c/"},
	{"relativize", "--standard", "rfc3986", "http://a/b/c/"},
	// A base on a site that a ninth of the corpus links to: most of
	// those targets are relativized against it, not passed through.
	{"relativize", "https://github.com/nodejs/node/"},
	{"relativize", "--json", "https://github.com/nodejs/node/"},
	{"relativize", "--standard", "rfc3986", "https://github.com/nodejs/node/"},
	{"compare"},
	{"compare", "--json"},
	{"compare", "--base", "http://a/b/c/d;p?q"},
	{"compare", "--json", "--base", "http://a/b/c/d;p?q"},
}

// buildTools builds this command and, when ../shared is there, the
// net/url line tool, into a temporary directory.
func buildTools(b *testing.B) (self, netURL string) {
	b.Helper()
	dir := b.TempDir()
	self = filepath.Join(dir, "rfc2396")
	if out, err := exec.Command("go", "build", "-o", self, ".").CombinedOutput(); err != nil {
		b.Fatalf("go build: %v\n%s", err, out)
	}
	if _, err := os.Stat(netURLTool); err != nil {
		return self, ""
	}
	netURL = filepath.Join(dir, "neturl-cli")
	build := exec.Command("go", "build", "-o", netURL, ".")
	build.Dir = netURLTool
	if out, err := build.CombinedOutput(); err != nil {
		b.Fatalf("building %s: %v\n%s", netURLTool, err, out)
	}
	return self, netURL
}

// runTool runs a command with the file in as standard input, output
// discarded, and returns its peak resident set size in bytes.
func runTool(b *testing.B, in string, name string, args ...string) int64 {
	return runToolUsage(b, in, name, args...).rss
}

// runCost is what one run of a tool cost: CPU time (user and system), wall
// time and peak resident set size.
type runCost struct {
	cpu, wall time.Duration
	rss       int64
}

// runToolUsage runs a command with the file in as standard input, output
// discarded, and returns what it cost.
func runToolUsage(b *testing.B, in string, name string, args ...string) runCost {
	b.Helper()
	f, err := os.Open(in)
	if err != nil {
		b.Fatal(err)
	}
	defer f.Close()
	cmd := exec.Command(name, args...)
	cmd.Stdin = f
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	start := time.Now()
	if err := cmd.Run(); err != nil {
		// 1: some reference invalid; 2 with a line skipped, which
		// BenchmarkCLIMemory asks for.
		if _, ok := err.(*exec.ExitError); !ok || cmd.ProcessState.ExitCode() > 1 && !strings.Contains(stderr.String(), "too long") {
			b.Fatalf("%s %v: %v\n%s", name, args, err, stderr.String())
		}
	}
	u := runCost{wall: time.Since(start)}
	if ru, ok := cmd.ProcessState.SysUsage().(*syscall.Rusage); ok {
		u.cpu = time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
		u.rss = ru.Maxrss << 10 // kilobytes on Linux
	}
	return u
}

// BenchmarkCLICorpus runs each batch command over the corpus (the sample
// when ../shared is absent) and, in the same loop, run for run, the
// net/url line tool over the same file; one op is one run of each. It
// reports the command's wall time as ns/op and, against the line tool,
// cpu-ratio (user+system time, what to read on a shared machine),
// wall-ratio, and both peaks (peak-RSS-MB, net/url-peak-RSS-MB). Without
// the line tool only the command's own figures are reported.
//
//	go test -run '^$' -bench CLICorpus -benchtime 5x ./cmd/rfc2396/
func BenchmarkCLICorpus(b *testing.B) {
	in := corpusPath
	if _, err := os.Stat(in); err != nil {
		in = sampleInput
	}
	self, netURL := buildTools(b)
	info, err := os.Stat(in)
	if err != nil {
		b.Fatal(err)
	}
	for _, args := range batchCommands {
		b.Run("op="+strings.Join(args, "_"), func(b *testing.B) {
			b.SetBytes(info.Size())
			var own, anchor runCost
			for i := 0; i < b.N; i++ {
				if netURL != "" {
					a := runToolUsage(b, in, netURL)
					anchor.cpu += a.cpu
					anchor.wall += a.wall
					anchor.rss = max(anchor.rss, a.rss)
				}
				o := runToolUsage(b, in, self, args...)
				own.cpu += o.cpu
				own.wall += o.wall
				own.rss = max(own.rss, o.rss)
			}
			b.ReportMetric(float64(own.wall.Nanoseconds())/float64(b.N), "ns/op")
			b.ReportMetric(float64(own.rss)/(1<<20), "peak-RSS-MB")
			if netURL != "" {
				b.ReportMetric(own.cpu.Seconds()/anchor.cpu.Seconds(), "cpu-ratio")
				b.ReportMetric(own.wall.Seconds()/anchor.wall.Seconds(), "wall-ratio")
				b.ReportMetric(float64(anchor.rss)/(1<<20), "net/url-peak-RSS-MB")
			}
		})
	}
}

// BenchmarkCLIMemory reports the peak resident set size of parse and
// parse --json on one long line: a valid 4 MB reference, and 50 MB of
// junk with no newline, read with --max-line 64M. The limits the project
// holds to are 112 MB and 664 MB. With the default --max-line (1 MiB)
// both lines are skipped.
//
// The figure is never below the peak of this test process: os/exec starts
// the child sharing this process's memory until it execs (vfork), and
// Linux carries that peak into the child's. For the program's own peak,
// run it under /usr/bin/time -v (docs/cli.md has figures).
func BenchmarkCLIMemory(b *testing.B) {
	self, _ := buildTools(b)
	dir := b.TempDir()
	inputs := []struct{ name, text string }{
		{"valid-4MB", "http://h/" + strings.Repeat("seg/", 1<<20)},
		{"junk-50MB", strings.Repeat("\x00junk ", 50<<20/6)},
	}
	for _, in := range inputs {
		path := filepath.Join(dir, in.name)
		if err := os.WriteFile(path, []byte(in.text), 0o644); err != nil {
			b.Fatal(err)
		}
		for _, args := range [][]string{{"parse", "--max-line", "64M"}, {"parse", "--json", "--max-line", "64M"}, {"parse", "--json"}} {
			b.Run("input="+in.name+"/op="+strings.Join(args, "-"), func(b *testing.B) {
				var peak int64
				for i := 0; i < b.N; i++ {
					peak = max(peak, runTool(b, path, self, args...))
				}
				b.ReportMetric(float64(peak)/(1<<20), "peak-RSS-MB")
			})
		}
	}
}

// BenchmarkCLIInProcess runs the batch commands over the corpus inside
// this process (run with the corpus as standard input, output discarded):
// what a whole process costs less its start-up, and what -cpuprofile can
// see. One op is one run over the whole file.
func BenchmarkCLIInProcess(b *testing.B) {
	in := corpusPath
	if _, err := os.Stat(in); err != nil {
		in = sampleInput
	}
	data, err := os.ReadFile(in)
	if err != nil {
		b.Fatal(err)
	}
	for _, args := range batchCommands {
		b.Run("op="+strings.Join(args, "_"), func(b *testing.B) {
			b.SetBytes(int64(len(data)))
			b.ReportAllocs()
			for i := 0; i < b.N; i++ {
				if status := run(args, bytes.NewReader(data), io.Discard, io.Discard); status > 1 {
					b.Fatalf("%q: status %d", args, status)
				}
			}
		})
	}
}
