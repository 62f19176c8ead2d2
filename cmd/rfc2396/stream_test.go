package main

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"os"
	"os/exec"
	"regexp"
	"runtime"
	"slices"
	"strings"
	"testing"
	"time"
	"unicode/utf8"
	"unsafe"

	"github.com/google/go-cmp/cmp"

	"github.com/rfc2396/rfc2396/grammar"
	"github.com/rfc2396/rfc2396/internal/oracle"
)

// failingWriter fails every write after the first ok bytes.
type failingWriter struct {
	ok  int
	err error
}

func (w *failingWriter) Write(p []byte) (int, error) {
	if len(p) <= w.ok {
		w.ok -= len(p)
		return len(p), nil
	}
	n := w.ok
	w.ok = 0
	return n, w.err
}

// ttyBuffer is a buffer that says it is a terminal.
type ttyBuffer struct{ bytes.Buffer }

func (*ttyBuffer) isTerminal() bool { return true }

// writeCommands is a command line of each command, and of each
// standard's path of the commands that have two, that writes to standard
// output.
var writeCommands = []struct {
	args  []string
	stdin string
}{
	{[]string{"parse", "http://a/"}, ""},
	{[]string{"parse", "--json"}, "http://a/\n"},
	{[]string{"parse", "--standard", "rfc3986", "http://a/"}, ""},
	{[]string{"parse", "--standard", "rfc3986", "--json", "a b"}, ""},
	{[]string{"tree", "http://a/"}, ""},
	{[]string{"tree", "--standard", "rfc3986", "http://a/"}, ""},
	{[]string{"resolve", "http://a/b", "g"}, ""},
	{[]string{"resolve", "--standard", "rfc3986", "--json", "http://a/b", "g"}, ""},
	{[]string{"normalize", "HTTP://a/"}, ""},
	{[]string{"normalize", "--standard", "rfc3986", "HTTP://a/"}, ""},
	{[]string{"relativize", "http://a/b", "http://a/c"}, ""},
	{[]string{"compare", "http://a/"}, ""},
	{[]string{"compare", "--json", "--base", "http://a/b", "g"}, ""},
	{[]string{"escape", "--component", "segment", "a b"}, ""},
	{[]string{"unescape", "a%20b"}, ""},
	{[]string{"lint"}, "see <http://a/{b}>\n"}, // quiet: only a problem is written
	{[]string{"help"}, ""},
	{[]string{"help", "parse"}, ""},
	{[]string{"parse", "-h"}, ""},
	{[]string{"--version"}, ""},
}

// TestWriteErrors runs every command with a standard output that fails:
// each must say so on standard error and exit with status 2.
func TestWriteErrors(t *testing.T) {
	for _, tt := range writeCommands {
		for _, ok := range []int{0, 1} {
			var stderr bytes.Buffer
			stdout := &failingWriter{ok: ok, err: errors.New("disk full")}
			status := run(tt.args, strings.NewReader(tt.stdin), stdout, &stderr)
			name := "rfc2396"
			if !strings.HasPrefix(tt.args[0], "-") && tt.args[0] != "help" {
				name += " " + tt.args[0]
			}
			want := name + ": writing standard output: disk full\n"
			if status != 2 || !strings.HasSuffix(stderr.String(), want) {
				t.Errorf("%q, %d bytes written: status %d, stderr %q; want 2 and ending %q", tt.args, ok, status, stderr.String(), want)
			}
		}
	}
}

// TestWriteErrorStderr checks that a failed standard error gives exit
// status 2 too, though it cannot be reported.
func TestWriteErrorStderr(t *testing.T) {
	var stdout bytes.Buffer
	status := run([]string{"parse"}, strings.NewReader("http://a/\n"), &stdout, &failingWriter{err: errors.New("gone")})
	if status != 2 || !strings.Contains(stdout.String(), "valid URI-reference") {
		t.Errorf("status %d, output %q; want 2 and the result", status, stdout.String())
	}
}

// endlessLines yields "http://a/\n" without end, or until limit bytes.
type endlessLines struct{ n, limit int }

func (r *endlessLines) Read(p []byte) (int, error) {
	const line = "http://a/\n"
	if r.n >= r.limit {
		return 0, io.EOF
	}
	n := 0
	for n+len(line) <= len(p) && r.n < r.limit {
		n += copy(p[n:], line)
		r.n += len(line)
	}
	return n, nil
}

// TestWriteErrorStopsBatch checks that a batch stops reading soon after
// standard output fails, rather than reading its whole input.
func TestWriteErrorStopsBatch(t *testing.T) {
	for _, args := range [][]string{{"parse", "--json"}, {"unescape"}, {"compare"}} {
		in := &endlessLines{limit: 1 << 30}
		var stderr bytes.Buffer
		status := run(args, in, &failingWriter{ok: 1000, err: errors.New("disk full")}, &stderr)
		if status != 2 || !strings.Contains(stderr.String(), "writing standard output: disk full") {
			t.Errorf("%q: status %d, stderr %q", args, status, stderr.String())
		}
		if in.n > 1<<20 {
			t.Errorf("%q: read %d bytes after standard output failed", args, in.n)
		}
	}
}

// TestDevFull writes to /dev/full, where every write fails with ENOSPC.
func TestDevFull(t *testing.T) {
	f, err := os.OpenFile("/dev/full", os.O_WRONLY, 0)
	if err != nil {
		t.Skipf("no /dev/full here: %v", err)
	}
	defer f.Close()
	for _, tt := range writeCommands {
		var stderr bytes.Buffer
		status := run(tt.args, strings.NewReader(tt.stdin), f, &stderr)
		if status != 2 || !strings.Contains(stderr.String(), "writing standard output: write /dev/full: no space left on device") {
			t.Errorf("%q > /dev/full: status %d, stderr %q", tt.args, status, stderr.String())
		}
	}
}

// lineEvent is what lineReader.next returned: a line, or an error's text.
type lineEvent struct {
	Line string
	Err  string
}

// readAllLines reads the lines of r; with lends, from a lineReader that
// lends them, each copied before the next is read.
func readAllLines(r io.Reader, max int, lends bool) []lineEvent {
	lr := newLineReader(r, max)
	lr.lends = lends
	var got []lineEvent
	for {
		line, err := lr.next()
		if err == io.EOF {
			return got
		}
		if err != nil {
			got = append(got, lineEvent{Err: err.Error()})
			var tooLong *lineTooLongError
			if errors.As(err, &tooLong) {
				continue
			}
			return got
		}
		got = append(got, lineEvent{Line: strings.Clone(line)})
	}
}

func TestLineReader(t *testing.T) {
	long := strings.Repeat("x", 100<<10) // longer than the reader's buffer
	tooLong := func(line, max int) lineEvent {
		return lineEvent{Err: fmt.Sprintf("line %d: too long (over %d bytes), skipped", line, max)}
	}
	for _, tt := range []struct {
		in   string
		max  int
		want []lineEvent
	}{
		{"", 10, nil},
		{"\n", 10, []lineEvent{{Line: ""}}},
		{"a\nb", 10, []lineEvent{{Line: "a"}, {Line: "b"}}},
		{"a\r\nb\n", 10, []lineEvent{{Line: "a\r"}, {Line: "b"}}},
		{"0123456789\n", 10, []lineEvent{{Line: "0123456789"}}},
		{"0123456789", 10, []lineEvent{{Line: "0123456789"}}},
		{"0123456789a\nok\n", 10, []lineEvent{tooLong(1, 10), {Line: "ok"}}},
		{"0123456789a", 10, []lineEvent{tooLong(1, 10)}},
		{"a\n" + long + "\nb\n", 1 << 20, []lineEvent{{Line: "a"}, {Line: long}, {Line: "b"}}},
		{"a\n" + long + "\nb\n", 1000, []lineEvent{{Line: "a"}, tooLong(2, 1000), {Line: "b"}}},
		{long + long + "\n" + long, 150 << 10, []lineEvent{tooLong(1, 150<<10), {Line: long}}},
	} {
		for _, lends := range []bool{false, true} {
			got := readAllLines(strings.NewReader(tt.in), tt.max, lends)
			if diff := cmp.Diff(tt.want, got); diff != "" {
				t.Errorf("%.40q, max %d, lends %v (-want +got):\n%s", tt.in, tt.max, lends, diff)
			}
		}
	}
}

// TestLineReaderLends reads 1 MB of short lines from a lineReader that
// lends them: it makes no string of the blocks it reads. Every line is a
// view of its buffer, but for the lines that span two blocks, put
// together in a string of their own (at most one a block).
//
// The test looks at where each line's bytes are rather than at the
// process's allocation figures, which a goroutine another test left
// running moves.
func TestLineReaderLends(t *testing.T) {
	const want = "http://example.com/a/b?c#d"
	in := strings.Repeat(want+"\n", 40000)
	for _, lends := range []bool{true, false} {
		lr := newLineReader(strings.NewReader(in), defaultMaxLine)
		lr.lends = lends
		bufStart := uintptr(unsafe.Pointer(unsafe.SliceData(lr.buf)))
		bufEnd := bufStart + uintptr(len(lr.buf))
		n, views := 0, 0
		for {
			line, err := lr.next()
			if err != nil {
				break
			}
			if line != want {
				t.Fatalf("lends %v, line %d: %q", lends, n+1, line)
			}
			n++
			if p := uintptr(unsafe.Pointer(unsafe.StringData(line))); p >= bufStart && p+uintptr(len(line)) <= bufEnd {
				views++
			}
		}
		if n != 40000 {
			t.Fatalf("lends %v: %d lines; want 40000", lends, n)
		}
		blocks := (len(in) + lineBlock - 1) / lineBlock
		if lends && views < n-blocks {
			t.Errorf("lent %d of %d lines as views of the buffer; want all but at most %d (one a block)", views, n, blocks)
		}
		if !lends && views != 0 {
			t.Errorf("a reader that does not lend returned %d lines that are views of its buffer, which its next read overwrites", views)
		}
	}
}

// brokenReader yields data, then fails.
type brokenReader struct{ data string }

func (r *brokenReader) Read(p []byte) (int, error) {
	if r.data == "" {
		return 0, errors.New("device gone")
	}
	n := copy(p, r.data)
	r.data = r.data[n:]
	return n, nil
}

func TestLineReaderError(t *testing.T) {
	want := []lineEvent{{Line: "a"}, {Err: "line 2: device gone"}}
	for _, lends := range []bool{false, true} {
		got := readAllLines(&brokenReader{"a\nhalf"}, 10, lends)
		if diff := cmp.Diff(want, got); diff != "" {
			t.Errorf("lends %v (-want +got):\n%s", lends, diff)
		}
	}
}

// endlessLine yields one line without end, or until limit bytes, then
// tail.
type endlessLine struct {
	n, limit int
	tail     io.Reader
}

func (r *endlessLine) Read(p []byte) (int, error) {
	if r.n >= r.limit {
		return r.tail.Read(p)
	}
	n := copy(p[:min(len(p), r.limit-r.n)], aBlock)
	r.n += n
	return n, nil
}

var aBlock = strings.Repeat("a", 64<<10)

// TestLineReaderMemory reads a line of 256 MiB with the default maximum:
// what is allocated must stay a small multiple of the maximum, not grow
// with the line. It measures in a process of its own (see
// [inProcessOfItsOwn]).
func TestLineReaderMemory(t *testing.T) {
	if !inProcessOfItsOwn(t) {
		return
	}
	in := &endlessLine{limit: 256 << 20, tail: strings.NewReader("\nhttp://a/\n")}
	var before, after runtime.MemStats
	runtime.ReadMemStats(&before)
	lr := newLineReader(in, defaultMaxLine)
	_, err := lr.next()
	var tooLong *lineTooLongError
	if !errors.As(err, &tooLong) || tooLong.Line != 1 {
		t.Fatalf("first line: %v; want too long", err)
	}
	if in.n > 2*defaultMaxLine {
		t.Errorf("read %d bytes before reporting the line too long", in.n)
	}
	line, err := lr.next()
	runtime.ReadMemStats(&after)
	if err != nil || string(line) != "http://a/" {
		t.Fatalf("line after the long one: %q, %v", line, err)
	}
	if alloc := after.TotalAlloc - before.TotalAlloc; alloc > 8*defaultMaxLine {
		t.Errorf("allocated %d bytes to skip a line of %d bytes; want at most %d", alloc, 256<<20, 8*defaultMaxLine)
	}
}

// inProcessOfItsOwn reruns the test t in a process of its own (this test
// binary, run for t alone) and reports false once that process has
// passed or t has failed; in that process it reports true, and the test
// goes on. A test that reads the process's own figures (what it
// allocated, what is resident) runs there: in this one, a goroutine
// another test left running (the site's server generating the
// conformance suite in the background) moves them.
func inProcessOfItsOwn(t *testing.T) bool {
	t.Helper()
	if os.Getenv(ownProcessEnv) == t.Name() {
		return true
	}
	exe, err := os.Executable()
	if err != nil {
		t.Fatal(err)
	}
	cmd := exec.Command(exe, "-test.run=^"+regexp.QuoteMeta(t.Name())+"$", "-test.count=1", "-test.v")
	cmd.Env = append(os.Environ(), ownProcessEnv+"="+t.Name())
	out, err := cmd.CombinedOutput()
	if err != nil {
		t.Errorf("%s alone: %v\n%s", t.Name(), err, out)
	} else {
		t.Logf("%s alone:\n%s", t.Name(), bytes.TrimSpace(out))
	}
	return false
}

// ownProcessEnv names the test a process runs alone (see
// [inProcessOfItsOwn]).
const ownProcessEnv = "RFC2396_TEST_ALONE"

// TestMaxLineFlag checks --max-line on every command that reads lines.
func TestMaxLineFlag(t *testing.T) {
	in := "http://a/\nhttp://example.com/too/long\nhttp://b/\n"
	for _, args := range [][]string{
		{"parse"}, {"parse", "--standard", "rfc3986", "--json"}, {"resolve", "http://x/"}, {"resolve", "--standard", "rfc3986", "http://x/"},
		{"normalize"}, {"normalize", "--standard", "rfc3986"}, {"relativize", "http://a/"}, {"compare"},
		{"escape", "--component", "path_segments"}, {"unescape"},
	} {
		args = append(args, "--max-line", "20")
		out, stderr, status := runCLI(in, args...)
		want := fmt.Sprintf("rfc2396 %s: standard input: line 2: too long (over 20 bytes), skipped\n", args[0])
		if args[0] == "escape" {
			// Whether a line escapes as a path is the grammar's business
			// (an edit may bound the number of segments); line 2 is
			// skipped either way, and line 3 is read.
			if status != 2 || !strings.Contains(stderr, want) || strings.Contains(out, "example") || !strings.Contains(out+stderr, "b/") {
				t.Errorf("%q: status %d, stderr %q, output %q", args, status, stderr, out)
			}
			continue
		}
		if status != 2 || !strings.HasPrefix(stderr, want) || strings.Contains(out, "example") || !strings.Contains(out, "b/") {
			t.Errorf("%q: status %d, stderr %q, output %q", args, status, stderr, out)
		}
	}
	for _, bad := range []string{"0", "-1", "x", "2G", "1.5M"} {
		_, stderr, status := runCLI("", "parse", "--max-line", bad, "http://a/")
		if status != 2 || !strings.Contains(stderr, `invalid value "`+bad+`" for flag -max-line`) {
			t.Errorf("--max-line %s: status %d, stderr %q", bad, status, stderr)
		}
	}
}

func TestByteSize(t *testing.T) {
	for _, tt := range []struct {
		in   string
		want byteSize
		show string
	}{
		{"1", 1, "1"}, {"4096", 4096, "4K"}, {"64K", 64 << 10, "64K"}, {"64k", 64 << 10, "64K"}, {"64KiB", 64 << 10, "64K"},
		{"16M", 16 << 20, "16M"}, {"1MiB", 1 << 20, "1M"}, {"1G", 1 << 30, "1G"}, {"1500", 1500, "1500"},
	} {
		var s byteSize
		if err := s.Set(tt.in); err != nil || s != tt.want || s.String() != tt.show {
			t.Errorf("%q: %d (%s), %v; want %d (%s)", tt.in, s, s.String(), err, tt.want, tt.show)
		}
	}
}

// TestUnreadableInputs checks that a batch reports an input it cannot
// read and goes on with the rest.
func TestUnreadableInputs(t *testing.T) {
	dir := t.TempDir()
	good := dir + "/good.txt"
	if err := os.WriteFile(good, []byte("http://a/\na b\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	missing := dir + "/missing.txt"
	out, stderr, status := runCLI("", "normalize", "-f", missing, "-f", dir, "-f", good)
	// Which of the two lines is valid, and what the valid one normalizes
	// to, are facts of the published grammar; the unreadable inputs are
	// reported whatever the grammar in force says of them.
	summary := "2 references, 1 invalid, 2 inputs unreadable"
	if oracle.NewFacts(0).Hold("http://a/", "a b") {
		if !strings.HasPrefix(out, "http://a/\na b: invalid URI-reference\n") {
			t.Errorf("output %q", out)
		}
	} else {
		t.Logf("the output and the count of invalid lines: %s", oracle.NotHeld)
		summary = "inputs unreadable"
	}
	lines := strings.Split(strings.TrimSuffix(stderr, "\n"), "\n")
	if status != 2 || len(lines) != 3 || !strings.Contains(lines[0], "missing.txt") || !strings.Contains(lines[1], dir+": line 1:") ||
		!strings.HasSuffix(lines[2], summary) || !strings.HasPrefix(lines[2], "2 references, ") {
		t.Errorf("status %d, stderr:\n%s", status, stderr)
	}
}

// TestWarningsSafe checks that a file's name in a message cannot reach a
// terminal with its control bytes.
func TestWarningsSafe(t *testing.T) {
	_, stderr, status := runCLI("", "parse", "-f", "no\x1b[2Jfile")
	if status != 2 || !strings.Contains(stderr, `no\x1b[2Jfile`) || strings.Contains(stderr, "\x1b") {
		t.Errorf("status %d, stderr %q", status, stderr)
	}
}

// TestStreamsSeparate checks that results go to standard output and
// errors to standard error, for the commands whose failures are not
// results (escape, unescape).
func TestStreamsSeparate(t *testing.T) {
	out, stderr, status := runCLI("/ok\nx\n/y\n", "escape", "--component", "abs_path")
	if status != 1 || out != "/ok\n/y\n" || !strings.Contains(stderr, "cannot escape") {
		t.Errorf("escape: status %d, output %q, stderr %q", status, out, stderr)
	}
	out, stderr, status = runCLI("", "unescape", "%zz", "a")
	if status != 1 || out != "a\n" || !strings.Contains(stderr, "malformed escape") {
		t.Errorf("unescape: status %d, output %q, stderr %q", status, out, stderr)
	}
}

// TestTerminalOutput checks that control bytes reach a terminal escaped,
// unless --raw, and reach anything else as they are.
func TestTerminalOutput(t *testing.T) {
	facts := oracle.NewFacts(0)
	for _, tt := range []struct {
		args     []string
		terminal bool
		want     string
	}{
		{[]string{"unescape", "%1b[2J%07"}, true, `\x1b[2J\x07` + "\n"},
		{[]string{"unescape", "%1b[2J%07"}, false, "\x1b[2J\x07\n"},
		{[]string{"unescape", "--raw", "%1b[2J%07"}, true, "\x1b[2J\x07\n"},
		{[]string{"unescape", "caf%C3%A9%09%0d%C2%9B%FF"}, true, "café\t\\x0d\\xc2\\x9b\\xff\n"},
		{[]string{"unescape", "%E2%82"}, true, "\\xe2\\x82\n"},
		{[]string{"escape", "--component", "segment", "a\x1bb"}, true, "a%1Bb\n"},
		{[]string{"normalize", "--raw", "http://A/"}, true, "http://a/\n"},
	} {
		if ref := tt.args[len(tt.args)-1]; tt.args[0] == "normalize" && !facts.Hold(ref) || tt.args[0] == "escape" && !facts.Hold(strings.TrimSuffix(tt.want, "\n")) {
			t.Logf("%q: %s", tt.args, oracle.NotHeld)
			continue
		}
		var stdout, stderr bytes.Buffer
		var w io.Writer = &stdout
		tty := &ttyBuffer{}
		if tt.terminal {
			w = tty
		}
		status := run(tt.args, strings.NewReader(""), w, &stderr)
		got := stdout.String() + tty.String()
		if status != 0 || got != tt.want {
			t.Errorf("%q on a terminal %v: status %d, output %q; want %q (stderr %q)", tt.args, tt.terminal, status, got, tt.want, stderr.String())
		}
	}
}

// TestTextOutputBytes checks the heading and the caret lines of text
// output: the input's bytes as they came to a file or pipe, with --raw
// too, UTF-8 as itself on a terminal and any other byte there as \xNN,
// and the caret under the offending character, counted in terminal cells.
func TestTextOutputBytes(t *testing.T) {
	for _, tt := range []struct {
		args     []string
		terminal bool
		want     []string // lines of standard output, some of them
	}{
		{[]string{"parse", "http://例え.jp/"}, false, []string{"http://例え.jp/: invalid URI-reference", "    http://例え.jp/", "           ^"}},
		{[]string{"parse", "http://例え.jp/"}, true, []string{"http://例え.jp/: invalid URI-reference", "    http://例え.jp/", "           ^"}},
		{[]string{"parse", "http://h/é\x1b[1m"}, false, []string{"http://h/é\x1b[1m: invalid URI-reference"}},
		{[]string{"parse", "--raw", "http://h/é\x1b[1m"}, true, []string{"http://h/é\x1b[1m: invalid URI-reference"}},
		{[]string{"parse", "http://h/é\x1b[1m"}, true, []string{`http://h/é\x1b[1m: invalid URI-reference`}},
		{[]string{"parse", "http://h/\xff"}, false, []string{"http://h/\xff: invalid URI-reference"}},
		{[]string{"parse", "--profile", "java", "http://例え/ü"}, false, []string{"http://例え/ü: valid URI-reference under java (needs non-ascii)"}},
		{[]string{"parse", "--profile", "java", "http://例え x"}, false, []string{"    http://例え x", "               ^"}}, // two cells a character
		{[]string{"resolve", "http://a/", "a例 x"}, false, []string{"a例 x: not resolved", "    a例 x", "     ^"}},
		{[]string{"normalize", "--profile", "java", "HTTP://h/ü"}, false, []string{"http://h/ü"}},
	} {
		var stdout, stderr bytes.Buffer
		var w io.Writer = &stdout
		tty := &ttyBuffer{}
		if tt.terminal {
			w = tty
		}
		status := run(tt.args, strings.NewReader(""), w, &stderr)
		got := stdout.String() + tty.String()
		lines := strings.Split(got, "\n")
		for _, want := range tt.want {
			if !slices.Contains(lines, want) {
				t.Errorf("%q on a terminal %v: status %d, no line %q in:\n%s(stderr %q)", tt.args, tt.terminal, status, want, got, stderr.String())
			}
		}
	}
}

func TestTerminalSafe(t *testing.T) {
	for _, tt := range []struct{ in, want string }{
		{"plain text\tand\nlines", "plain text\tand\nlines"},
		{"\x1b[31mred", `\x1b[31mred`},
		{"a\rb\x00c\x7f", `a\x0db\x00c\x7f`},
		{"é€😀", "é€😀"},
		{"\u0085\u009b\u00a0", `\xc2\x85\xc2\x9b` + "\u00a0"},
		{"\x9b\xff\xc0\xaf", `\x9b\xff\xc0\xaf`},
		{"a\u202eb\u2028c", `a\xe2\x80\xaeb\xe2\x80\xa8c`}, // a bidirectional override, a line separator
	} {
		got, rest := terminalSafe(nil, []byte(tt.in))
		if string(got) != tt.want || len(rest) != 0 {
			t.Errorf("%q: %q (rest %q); want %q", tt.in, got, rest, tt.want)
		}
	}
}

// FuzzTerminalSafe checks, for any bytes cut at any point into two
// writes, that the output has no byte a terminal acts on, is UTF-8, and
// does not depend on where the writes were cut.
func FuzzTerminalSafe(f *testing.F) {
	f.Add([]byte("caf\xc3\xa9\x1b[2J\xc2\x9b\xff"), 4)
	f.Fuzz(func(t *testing.T, in []byte, cut int) {
		whole := writeEscaped(in)
		if cut < 0 || cut > len(in) {
			cut = len(in) / 2
		}
		split := writeEscaped(in[:cut], in[cut:])
		if whole != split {
			t.Fatalf("%q: one write gives %q, cut at %d %q", in, whole, cut, split)
		}
		if !utf8.ValidString(whole) {
			t.Fatalf("%q gives invalid UTF-8 %q", in, whole)
		}
		for _, r := range whole {
			if r < 0x20 && r != '\t' && r != '\n' || r >= 0x7f && r < 0xa0 {
				t.Fatalf("%q gives %q, with %U", in, whole, r)
			}
		}
	})
}

// writeEscaped writes parts to an escaping checkedWriter and returns what
// reached the underlying writer.
func writeEscaped(parts ...[]byte) string {
	var b bytes.Buffer
	w := &checkedWriter{w: &b, escape: true}
	for _, p := range parts {
		w.Write(p)
	}
	w.finish()
	return b.String()
}

// FuzzLineReader checks the line reader against strings.Split: every line
// within the maximum comes back as it is, every longer one as an error,
// in order, whatever the maximum.
func FuzzLineReader(f *testing.F) {
	f.Add("a\nbb\nccc\n", 2)
	f.Add(strings.Repeat("x", 70000)+"\ny", 65536)
	f.Fuzz(func(t *testing.T, in string, max int) {
		if max < 1 || max > 1<<17 {
			max = 1 + len(in)/3
		}
		var want []lineEvent
		lines := strings.Split(in, "\n")
		if lines[len(lines)-1] == "" {
			lines = lines[:len(lines)-1]
		}
		for i, l := range lines {
			if len(l) > max {
				want = append(want, lineEvent{Err: (&lineTooLongError{Line: i + 1, Max: max}).Error()})
			} else {
				want = append(want, lineEvent{Line: l})
			}
		}
		for _, lends := range []bool{false, true} {
			if diff := cmp.Diff(want, readAllLines(strings.NewReader(in), max, lends)); diff != "" {
				t.Fatalf("%.60q, max %d, lends %v (-want +got):\n%s", in, max, lends, diff)
			}
		}
	})
}

func TestProgress(t *testing.T) {
	clock := time.Date(2026, 1, 1, 0, 0, 0, 0, time.UTC)
	now := func() time.Time { return clock }
	var w bytes.Buffer
	p := newProgress(&w, now)
	p.update(1000, 10)
	clock = clock.Add(500 * time.Millisecond)
	p.update(2000, 20)
	if w.Len() != 0 {
		t.Fatalf("progress shown before a second: %q", w.String())
	}
	clock = clock.Add(1500 * time.Millisecond)
	p.update(3_500_000, 4000)
	clock = clock.Add(100 * time.Millisecond)
	p.update(3_600_000, 4100) // too soon after the last
	p.clear()
	p.clear()
	want := "\r\x1b[K3.5 MB read, 4000 references, 2000 references/s\r\x1b[K"
	if w.String() != want {
		t.Errorf("progress wrote %q; want %q", w.String(), want)
	}
	var none *progress
	none.update(1, 1)
	none.clear()
}

// TestNoProgressOffTerminal checks that a batch shows no progress line
// when standard error is not a terminal, and that a short batch shows
// none on a terminal either.
func TestNoProgressOffTerminal(t *testing.T) {
	in := strings.Repeat("http://a/\n", 1000)
	wantStatus, summary := batchSummary("http://a/", 1000)
	for _, stderr := range []interface {
		io.Writer
		String() string
	}{&bytes.Buffer{}, &ttyBuffer{}} {
		status := run([]string{"parse", "--json"}, strings.NewReader(in), io.Discard, stderr)
		if status != wantStatus || stderr.String() != summary {
			t.Errorf("%T: status %d, stderr %q", stderr, status, stderr.String())
		}
	}
}

// batchSummary returns the status and the summary line of a parse of n
// copies of ref, which the grammar in force decides: the progress tests
// need a long batch, not a valid one.
func batchSummary(ref string, n int) (status int, summary string) {
	if oracle.New().Match(grammar.RuleURIReference, ref) {
		return 0, fmt.Sprintf("%d references, 0 invalid\n", n)
	}
	return 1, fmt.Sprintf("%d references, %d invalid\n", n, n)
}

// TestProgressOnTerminal runs a batch with standard error on a terminal
// and a clock that moves a tenth of a second each time it is read: the
// progress line shows, and is erased before the summary. With standard
// output on the same terminal, it does not show.
func TestProgressOnTerminal(t *testing.T) {
	in := strings.Repeat("http://a/\n", 5000)
	wantStatus, summary := batchSummary("http://a/", 5000)
	for _, stdoutTerminal := range []bool{false, true} {
		var stdout io.Writer = io.Discard
		if stdoutTerminal {
			stdout = &ttyBuffer{}
		}
		stderr := &ttyBuffer{}
		tl := newTool(strings.NewReader(in), stdout, stderr)
		clock := time.Date(2026, 1, 1, 0, 0, 0, 0, time.UTC)
		tl.now = func() time.Time {
			clock = clock.Add(100 * time.Millisecond)
			return clock
		}
		status := tl.run([]string{"parse", "--json"})
		got := stderr.String()
		shown := strings.Contains(got, " references/s")
		if status != wantStatus || shown == stdoutTerminal || !strings.HasSuffix(got, summary) {
			t.Errorf("standard output a terminal %v: status %d, stderr %q", stdoutTerminal, status, got)
		}
		if shown && !strings.HasSuffix(got, "\r\x1b[K"+summary) {
			t.Errorf("progress not erased before the summary: %q", got)
		}
	}
}
