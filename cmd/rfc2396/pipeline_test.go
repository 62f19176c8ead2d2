package main

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"slices"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/rfc2396/rfc2396/extract"
)

// longChecks reports whether the long checks run (RFC2396_LONG, which
// .ci/run sets): the tests that hold the tool's invariants over many
// command lines and inputs (workers against -j 1, a comparer kept against
// a new one) then take them all, and a sample otherwise, to keep go test
// ./... quick after a grammar edit.
func longChecks() bool { return os.Getenv("RFC2396_LONG") != "" }

// jobsRun is what one run of the tool gave.
type jobsRun struct {
	Stdout, Stderr string
	Status         int
}

// runJobs runs the tool with -j jobs and chunks of chunkLines lines (0:
// the default), with standard input from stdin.
func runJobs(stdin io.Reader, jobs string, chunkLines int, args ...string) jobsRun {
	var out, errOut bytes.Buffer
	tl := newTool(stdin, &out, &errOut)
	tl.chunkLines = chunkLines
	status := tl.run(append([]string{args[0], "-j", jobs}, args[1:]...))
	return jobsRun{out.String(), errOut.String(), status}
}

// batchJobCommands are command lines of every batch command under the
// flags that change what a reference's work writes and where: text,
// --json, -q, --get, each standard, a profile, messages on standard error.
var batchJobCommands = [][]string{
	{"parse"},
	{"parse", "--json"},
	{"parse", "-q", "--summary"},
	{"parse", "--get", "{scheme} {host} {path}"},
	{"parse", "--explain"},
	{"parse", "--rule", "hostname"},
	{"parse", "--profile", "java"},
	{"parse", "--json", "--allow", "ipv6,non-ascii"},
	{"parse", "--standard", "rfc3986"},
	{"parse", "--standard", "rfc3986", "--json"},
	{"resolve", "http://a/b/c/d;p?q"},
	{"resolve", "--json", "http://a/b/c/d;p?q"},
	{"resolve", "-q", "http://a/b/c/d;p?q"},
	{"resolve", "--dotdot", "remove", "--compat-scheme", "http://a/b/c/d;p?q"},
	{"resolve", "--standard", "rfc3986", "--json", "http://a/b/c/d;p?q"},
	{"resolve", "not a base"},
	{"normalize"},
	{"normalize", "--json"},
	{"normalize", "-q"},
	{"normalize", "--standard", "rfc3986"},
	{"relativize", "http://a/b/c/"},
	{"relativize", "--json", "https://github.com/nodejs/node/"},
	{"relativize", "--standard", "rfc3986", "http://a/b/c/"},
	{"compare"},
	{"compare", "--json"},
	{"compare", "--base", "http://a/b/c/d;p?q"},
	{"escape", "--component", "segment"},
	{"escape", "--component", "reg_name", "--json"},
	{"unescape"},
	{"unescape", "--json"},
}

// TestJobsSameOutput checks that every batch command writes the same
// standard output and standard error, and exits with the same status,
// with -j 4 and with -j 3 in chunks of one or two lines (which finish in
// any order) as with -j 1, on an input of valid, invalid, blank,
// over-long and non-UTF-8 lines, from standard input, arguments, files
// that are there and not, and a stream that fails. Under --max-line 64
// the reader looks at every line; under the default it hands the workers
// runs of lines to cut (entryLines), of a few bytes with chunks set.
// Without RFC2396_LONG it runs the first command line of each command,
// and those with a standard or a profile.
func TestJobsSameOutput(t *testing.T) {
	mixed, err := os.ReadFile("testdata/batch-mixed.in")
	if err != nil {
		t.Fatal(err)
	}
	stdin := strings.Repeat(string(mixed)+"\n", 30)
	maxLine64 := []string{"--max-line", "64"}
	inputs := []struct {
		name  string
		args  []string
		stdin func() io.Reader
	}{
		{"stdin", maxLine64, func() io.Reader { return strings.NewReader(stdin) }},
		{"stdin in runs", nil, func() io.Reader { return strings.NewReader(stdin) }},
		{"args and files", append(maxLine64, "http://a/x", "-", "%zz", "-f", "testdata/batch-mixed.in", "-f", "testdata/no-such-file", "-f", "testdata/batch-mixed.in"),
			func() io.Reader { return strings.NewReader(stdin[:2000]) }},
		{"failing stream", maxLine64, func() io.Reader { return &brokenReader{stdin[:5000]} }},
		{"failing stream in runs", nil, func() io.Reader { return &brokenReader{stdin[:5000]} }},
	}
	seen := map[string]bool{}
	for _, cmdline := range batchJobCommands {
		if seen[cmdline[0]] && !longChecks() && !slices.ContainsFunc(cmdline, func(a string) bool { return a == "--standard" || a == "--profile" }) {
			continue
		}
		seen[cmdline[0]] = true
		for _, in := range inputs {
			args := append(append([]string{}, cmdline...), in.args...)
			want := runJobs(in.stdin(), "1", 0, args...)
			if want.Stdout == "" && want.Stderr == "" {
				t.Errorf("%q, %s: no output at all", args, in.name)
			}
			for _, v := range []struct {
				jobs  string
				chunk int
			}{{"4", 0}, {"3", 1}, {"3", 2}, {"2", 7}} {
				got := runJobs(in.stdin(), v.jobs, v.chunk, args...)
				if diff := cmp.Diff(want, got); diff != "" {
					t.Errorf("%q, %s: -j %s in chunks of %d lines against -j 1 (-want +got):\n%s", args, in.name, v.jobs, v.chunk, diff)
				}
			}
		}
	}
}

// TestJobsLentLines checks that every batch command writes at -j 1, where
// its references are lent views of the line reader's buffer (see
// lineReader.lends), what it writes at -j 2, where they are strings of
// their own, on an input of two blocks read: a command that kept a
// reference past its call would see it overwritten by the next block.
// The sites repeat, for the caches keyed by authority, at offsets that
// move from block to block. The first command line of each command is
// run, and compare's with a base; every one under RFC2396_LONG.
func TestJobsLentLines(t *testing.T) {
	mixed, err := os.ReadFile("testdata/batch-mixed.in")
	if err != nil {
		t.Fatal(err)
	}
	var in strings.Builder
	for i := 0; in.Len() < lineBlock+lineBlock/4; i++ {
		fmt.Fprintf(&in, "http://site%d.example:%d/%s?%d\n", i%5, 80+i%3, strings.Repeat("p/", i%11), i)
		if i%97 == 0 {
			in.Write(mixed)
			in.WriteByte('\n')
		}
	}
	seen := map[string]bool{}
	for _, args := range batchJobCommands {
		if seen[args[0]] && !longChecks() && !slices.Contains(args, "--base") {
			continue
		}
		seen[args[0]] = true
		want := runJobs(strings.NewReader(in.String()), "1", 0, args...)
		got := runJobs(strings.NewReader(in.String()), "2", 0, args...)
		if diff := cmp.Diff(want, got); diff != "" {
			t.Errorf("%q: -j 2 against -j 1 (-want +got):\n%s", args, diff)
		}
	}
}

// TestJobsWriteError checks that a write to standard output that fails in
// the middle of a batch run by workers stops it, with the error reported
// once and exit status 2, and after the same reference as -j 1.
func TestJobsWriteError(t *testing.T) {
	mixed, err := os.ReadFile("testdata/batch-mixed.in")
	if err != nil {
		t.Fatal(err)
	}
	stdin := strings.Repeat(string(mixed)+"\n", 400)
	for _, args := range [][]string{{"parse"}, {"parse", "--json"}, {"compare"}, {"unescape"}, {"parse", "--get", "{host}"}, {"lint", "-v", "testdata/lint/tricky.txt", "testdata/lint/webpage.html", "testdata/lint/rfc-style.txt", "testdata/lint/tricky.txt"}} {
		full := runJobs(strings.NewReader(stdin), "1", 0, args...).Stdout
		// Within the first buffer written, and a third and two thirds
		// of the way, many buffers in.
		for _, ok := range []int{0, 100, 20000, len(full) / 3, len(full) * 2 / 3} {
			var results []jobsRun
			for _, v := range []struct {
				jobs  string
				chunk int
			}{{"1", 0}, {"4", 0}, {"3", 1}} {
				var stderr bytes.Buffer
				tl := newTool(strings.NewReader(stdin), &failingWriter{ok: ok, err: errors.New("disk full")}, &stderr)
				tl.chunkLines = v.chunk
				status := tl.run(append([]string{args[0], "-j", v.jobs}, args[1:]...))
				results = append(results, jobsRun{Stderr: stderr.String(), Status: status})
				if n := strings.Count(stderr.String(), "disk full"); n != 1 || status != 2 {
					t.Errorf("%q -j %s, %d bytes written: status %d, the error reported %d times; want 2 and once", args, v.jobs, ok, status, n)
				}
			}
			for _, r := range results[1:] {
				if diff := cmp.Diff(results[0], r); diff != "" {
					t.Errorf("%q, %d bytes written: against -j 1 (-want +got):\n%s", args, ok, diff)
				}
			}
		}
	}
}

// TestJobsFlag checks -j's values.
func TestJobsFlag(t *testing.T) {
	for _, tt := range []struct {
		jobs   string
		status int
	}{{"1", 0}, {"2", 0}, {"1024", 0}, {"0", 2}, {"-1", 2}, {"1025", 2}, {"x", 2}} {
		got := runJobs(strings.NewReader("http://a/\n"), tt.jobs, 0, "normalize")
		if got.Status != tt.status {
			t.Errorf("-j %s: status %d, stderr %q; want %d", tt.jobs, got.Status, got.Stderr, tt.status)
		}
	}
}

// TestLintJobsSameOutput checks that lint writes the same output, each
// file's together, messages and exit status with workers as with -j 1,
// over files of every type, one that is missing and standard input named
// twice; with chunk set, a file waits for its turn after a few bytes.
func TestLintJobsSameOutput(t *testing.T) {
	files := []string{"testdata/lint/appendix-d.html", "testdata/lint/tricky.txt", "-", "testdata/no-such-file",
		"testdata/lint/archive.mht", "testdata/lint/markdown.md", "-", "testdata/lint/rfc-style.txt",
		"testdata/lint/webpage.html", "testdata/lint/appendix-f.txt", "testdata/batch-mixed.in"}
	stdin := "see <http://a/{b}> and <http://example.com/ok>\n"
	for _, flags := range [][]string{{"lint"}, {"lint", "-v"}, {"lint", "--json"}, {"lint", "--standard", "rfc3986", "-v"}, {"lint", "--max-line", "40"}} {
		args := append(append([]string{}, flags...), files...)
		want := runJobs(strings.NewReader(stdin), "1", 0, args...)
		if want.Stdout == "" || want.Stderr == "" {
			t.Errorf("%q: stdout %q, stderr %q; want both", args, want.Stdout, want.Stderr)
		}
		for _, v := range []struct {
			jobs  string
			chunk int
		}{{"4", 0}, {"3", 1}, {"2", 100}} {
			got := runJobs(strings.NewReader(stdin), v.jobs, v.chunk, args...)
			if diff := cmp.Diff(want, got); diff != "" {
				t.Errorf("%q: -j %s recording %d bytes against -j 1 (-want +got):\n%s", args, v.jobs, v.chunk, diff)
			}
		}
	}
}

// TestJobsCompletion checks that shell completion offers -j on every
// command that has it, and only there.
func TestJobsCompletion(t *testing.T) {
	want := map[string]bool{"parse": true, "resolve": true, "normalize": true, "relativize": true, "compare": true,
		"escape": true, "unescape": true, "lint": true}
	for _, s := range completionSpecs() {
		has := false
		for _, f := range s.flags {
			has = has || f.name == "j" && f.takesValue
		}
		if has != want[s.name] {
			t.Errorf("%s: -j offered %v, want %v", s.name, has, want[s.name])
		}
	}
}

// TestLintOneFileJobs checks that lint of one text file (standard input
// or a named file) writes the same output, messages and exit status with
// workers reading its windows as with -j 1, in every output mode: the
// text of the test files, with wrapped references placed at every
// distance from a window's end, repeated past many windows of the text
// reader (64 KiB): 600 KiB of it, 200 KiB without RFC2396_LONG; with
// --max-line 100, the same refusal of a long line after the same
// references.
func TestLintOneFileJobs(t *testing.T) {
	var b strings.Builder
	for _, name := range []string{"tricky.txt", "rfc-style.txt", "appendix-f.txt"} {
		data, err := os.ReadFile("testdata/lint/" + name)
		if err != nil {
			t.Fatal(err)
		}
		b.Write(data)
	}
	unit := b.String()
	b.Reset()
	size := 200 << 10
	if longChecks() {
		size = 600 << 10
	}
	for i := 0; b.Len() < size; i++ {
		b.WriteString(unit)
		// Shift what follows by a few bytes, so that window ends fall
		// at every place of the text; then a chain of references each
		// wrapped across a line break, where no line start is a place
		// to cut.
		b.WriteString(strings.Repeat("x", i%97))
		b.WriteString(" <http://example.com/wrapped/\n   across/lines> URL:\n  http://example.com/next-line\n")
		for j := range 40 + i%13 {
			fmt.Fprintf(&b, "<http://example.com/chain/%d/\n%d> ", j, i)
		}
		b.WriteString("\n")
	}
	b.WriteString("a line longer than 100 bytes: " + strings.Repeat("http://example.com/long ", 5) + "\nhttp://example.com/after\n")
	doc := b.String()
	checkWhole(t, doc)
	file := t.TempDir() + "/doc.txt"
	if err := os.WriteFile(file, []byte(doc), 0o644); err != nil {
		t.Fatal(err)
	}
	for _, flags := range [][]string{{"lint"}, {"lint", "-v"}, {"lint", "--json"}, {"lint", "--standard", "rfc3986", "-v"}, {"lint", "--relative", "--json"}, {"lint", "--max-line", "100"}} {
		for _, name := range []string{"-", file} {
			args := append(append([]string{}, flags...), "--type", "text", name)
			want := runJobs(strings.NewReader(doc), "1", 0, args...)
			if want.Stdout == "" {
				t.Errorf("%q: no output", args)
			}
			for _, jobs := range []string{"2", "4"} {
				got := runJobs(strings.NewReader(doc), jobs, 0, args...)
				if diff := cmp.Diff(want, got); diff != "" {
					t.Errorf("%q: -j %s against -j 1 (-want +got):\n%s", args, jobs, diff)
				}
			}
		}
	}
	for _, ok := range []int{0, 5000, 200000} {
		var results []jobsRun
		for _, jobs := range []string{"1", "4"} {
			var stderr bytes.Buffer
			tl := newTool(strings.NewReader(doc), &failingWriter{ok: ok, err: errors.New("disk full")}, &stderr)
			status := tl.run([]string{"lint", "-j", jobs, "-v", "--type", "text"})
			results = append(results, jobsRun{Stderr: stderr.String(), Status: status})
		}
		if diff := cmp.Diff(results[0], results[1]); diff != "" || results[0].Status != 2 {
			t.Errorf("output failing after %d bytes: -j 4 against -j 1 (-want +got):\n%s", ok, diff)
		}
	}
}

// checkWhole checks that lint --json -j 4 reports, at the same places,
// the references and abbreviated URLs package extract finds in doc read
// whole: windows, however many workers read them, change nothing.
func checkWhole(t *testing.T, doc string) {
	t.Helper()
	type found struct {
		Offset, Line, Col int
		Text              string
	}
	var want []found
	refs, abbrs := extract.Find([]byte(doc)), extract.FindAbbreviated([]byte(doc))
	for len(refs) > 0 || len(abbrs) > 0 {
		switch {
		case len(abbrs) == 0 || len(refs) > 0 && refs[0].Offset <= abbrs[0].Offset:
			r := refs[0]
			want = append(want, found{r.Offset, r.Line, r.Column, r.Text})
			for len(abbrs) > 0 && abbrs[0].Offset < r.End {
				abbrs = abbrs[1:] // inside the reference
			}
			refs = refs[1:]
		default:
			a := abbrs[0]
			want = append(want, found{a.Offset, a.Line, a.Column, a.Text})
			abbrs = abbrs[1:]
		}
	}
	run := runJobs(strings.NewReader(doc), "4", 0, "lint", "--json", "--type", "text")
	var got []found
	dec := json.NewDecoder(strings.NewReader(run.Stdout))
	for dec.More() {
		var r lintReport
		if err := dec.Decode(&r); err != nil {
			t.Fatal(err)
		}
		got = append(got, found{r.Offset, r.Line, r.Col, r.Text})
	}
	if len(want) < 1000 {
		t.Fatalf("%d references in the text; want a text with many", len(want))
	}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("lint -j 4 against the text read whole (-whole +lint):\n%s", diff)
	}
}
