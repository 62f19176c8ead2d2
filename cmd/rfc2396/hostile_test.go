package main

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/google/go-cmp/cmp"
	"github.com/rfc2396/rfc2396/conformance"
)

// TestMain lets the test binary stand for the program: with
// RFC2396_TEST_MAIN=1 it runs main on its arguments, so that a test can
// start it with the streams a shell would give it.
func TestMain(m *testing.M) {
	if os.Getenv("RFC2396_TEST_MAIN") == "1" {
		main()
		return
	}
	os.Exit(m.Run())
}

// TestClosedStreams starts the program with standard output or standard
// error closed (as the shell's >&- does): a command that writes there must
// fail with status 2, saying so when it still can. Redirected to
// /dev/null, its output is not an error.
func TestClosedStreams(t *testing.T) {
	if runtime.GOOS != "linux" {
		t.Skip("the closed descriptor is detected on Linux")
	}
	self, err := os.Executable()
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		name, redirect string
		args           []string
		status         int
		stderr         string // what standard error holds
	}{
		{"parse, output closed", ">&-", []string{"parse", "http://a/"}, 2, "rfc2396 parse: writing standard output: write /dev/stdout: bad file descriptor"},
		{"parse --json, output closed", ">&-", []string{"parse", "--json", "a b"}, 2, "rfc2396 parse: writing standard output: write /dev/stdout: bad file descriptor"},
		{"coverage, output closed", ">&-", []string{"coverage", "http://a/"}, 2, "rfc2396 coverage: writing standard output: write /dev/stdout: bad file descriptor"},
		{"help, output closed", ">&-", []string{"help"}, 2, "rfc2396: writing standard output: write /dev/stdout: bad file descriptor"},
		{"parse, output to /dev/null", ">/dev/null", []string{"parse", "http://a/"}, 0, ""},
		{"parse, errors closed", "2>&-", []string{"parse", "-f", "/nonexistent/file"}, 2, ""},
		{"parse, errors closed, nothing to say", "2>&- >/dev/null", []string{"parse", "http://a/"}, 0, ""},
		// A parent that discards both outputs through /dev/null open for
		// reading and writing (exec.Cmd's default, systemd) is no error;
		// one that so discards standard output alone cannot be told from
		// a closed descriptor.
		{"parse, both outputs to /dev/null read-write", "1<>/dev/null 2<>/dev/null", []string{"parse", "http://a/"}, 0, ""},
		{"parse, output to /dev/null read-write", "1<>/dev/null", []string{"parse", "http://a/"}, 2, "bad file descriptor"},
	} {
		t.Run(c.name, func(t *testing.T) {
			// sh closes the stream, then runs the test binary as the
			// program; its standard error, unless closed, is captured.
			cmd := exec.Command("/bin/sh", append([]string{"-c", `exec "$0" "$@" ` + c.redirect + ` 3>&-`, self}, c.args...)...)
			cmd.Env = append(os.Environ(), "RFC2396_TEST_MAIN=1")
			var stderr bytes.Buffer
			cmd.Stderr = &stderr
			err := cmd.Run()
			status := 0
			var exit *exec.ExitError
			if errors.As(err, &exit) {
				status = exit.ExitCode()
			} else if err != nil {
				t.Fatal(err)
			}
			if status != c.status || c.stderr == "" && stderr.Len() > 0 || !strings.Contains(stderr.String(), c.stderr) {
				t.Errorf("status %d, stderr %q; want %d and %q", status, stderr.String(), c.status, c.stderr)
			}
			if n := strings.Count(stderr.String(), "writing standard output"); n > 1 {
				t.Errorf("the write error is reported %d times", n)
			}
		})
	}
}

// TestWriteErrorOnce: whatever the command, a failed standard output is
// reported once, by run.
func TestWriteErrorOnce(t *testing.T) {
	cases := append([]struct {
		args  []string
		stdin string
	}{
		{[]string{"coverage", "http://a/"}, ""},
		{[]string{"coverage", "--json"}, "http://a/\n"},
		{[]string{"grade", "--suite", "../../testdata/vectors/rfc2396", "--", "sh", "-c", "exit 3"}, ""},
		{[]string{"grade", "--json", "--suite", "../../testdata/vectors/rfc2396", "--", "sh", "-c", "exit 3"}, ""},
	}, writeCommands...)
	for _, tt := range cases {
		if tt.args[0] == "grade" && runtime.GOOS == "windows" {
			continue
		}
		var stderr bytes.Buffer
		status := run(tt.args, strings.NewReader(tt.stdin), &failingWriter{err: errors.New("disk full")}, &stderr)
		if n := strings.Count(stderr.String(), "disk full"); status != 2 || n != 1 {
			t.Errorf("%q: status %d, stderr %q: want 2 and the error once", tt.args, status, stderr.String())
		}
	}
}

// TestJSONLineTooLong: with --json, a line over --max-line gives a record
// too, so that records pair with lines; its error has code
// "line-too-long", and the line is still reported on standard error.
func TestJSONLineTooLong(t *testing.T) {
	long := strings.Repeat("a", 101)
	for _, c := range []struct {
		args  []string
		input string // the member that holds the line, null in the record
		keys  []string
	}{
		{[]string{"parse", "--json"}, "input", []string{"error", "input", "profile", "rule", "standard", "valid"}},
		{[]string{"parse", "--json", "--standard", "rfc3986"}, "input", []string{"error", "input", "profile", "rule", "standard", "valid"}},
		{[]string{"resolve", "--json", "http://a/b"}, "ref", []string{"base", "error", "profile", "ref", "result", "standard"}},
		{[]string{"normalize", "--json"}, "input", []string{"error", "input", "profile", "result", "standard"}},
		{[]string{"relativize", "--json", "http://a/b"}, "target", []string{"base", "error", "profile", "result", "standard", "target"}},
		{[]string{"compare", "--json"}, "input", []string{"agree", "base", "error", "input"}},
	} {
		t.Run(strings.Join(c.args, " "), func(t *testing.T) {
			out, stderr, status := runCLI("http://a/c\n"+long+"\nhttp://a/d\n", append(c.args, "--max-line", "100")...)
			lines := strings.Split(strings.TrimSuffix(out, "\n"), "\n")
			if status != 2 || len(lines) != 3 || !strings.Contains(stderr, "standard input: line 2: too long (over 100 bytes), skipped") {
				t.Fatalf("status %d, %d records, stderr %q; want 2, 3 and the line reported", status, len(lines), stderr)
			}
			var rec map[string]any
			if err := json.Unmarshal([]byte(lines[1]), &rec); err != nil {
				t.Fatalf("record %q: %v", lines[1], err)
			}
			var keys []string
			for k := range rec {
				keys = append(keys, k)
			}
			slicesSort(keys)
			if diff := cmp.Diff(c.keys, keys); diff != "" {
				t.Errorf("members (-want +got):\n%s", diff)
			}
			want := map[string]any{"code": "line-too-long", "message": "standard input: line 2: too long (over 100 bytes), skipped",
				"in": nil, "offset": nil, "rule": nil, "expected": nil, "gap": nil}
			if diff := cmp.Diff(want, rec["error"]); diff != "" || rec[c.input] != nil {
				t.Errorf("%s %v, error (-want +got):\n%s", c.input, rec[c.input], diff)
			}
		})
	}
}

func slicesSort(s []string) {
	for i := 1; i < len(s); i++ {
		for j := i; j > 0 && s[j] < s[j-1]; j-- {
			s[j], s[j-1] = s[j-1], s[j]
		}
	}
}

// TestCoverageLongLine: coverage reads lines as parse does: a line over
// --max-line (default 1 MiB) is reported with its file and line and
// skipped, and the rest is counted; the status is 2.
func TestCoverageLongLine(t *testing.T) {
	file := filepath.Join(t.TempDir(), "refs.txt")
	data := "http://a/\n" + strings.Repeat("a", 1<<20+1) + "\nhttp://b/c\n"
	if err := os.WriteFile(file, []byte(data), 0o644); err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		args   []string
		stderr string
		out    string
	}{
		{[]string{"coverage", "-f", file}, file + ": line 2: too long (over 1048576 bytes), skipped", "by 2 of 2 references"},
		{[]string{"coverage", "--max-line", "9", "-f", file}, file + ": line 3: too long (over 9 bytes), skipped", "by 1 of 1 references"},
		{[]string{"coverage", "-f", file, "a b"}, "argument 1: does not match URI-reference", "by 2 of 3 references"},
	} {
		out, stderr, status := runCLI("", c.args...)
		if status != 2 || !strings.Contains(stderr, c.stderr) || !strings.Contains(out, c.out) {
			t.Errorf("%q: status %d, stderr %q, output ending %q", c.args, status, stderr, out[max(0, len(out)-100):])
		}
	}
}

// TestCoverageTooLongToMatch: a reference over the 4096 bytes coverage
// matches is reported as not matched for its length, valid or not, never
// as not matching the rule; one at the limit is matched.
func TestCoverageTooLongToMatch(t *testing.T) {
	limit := conformance.MaxCoverageInput
	validAt := "http://a/" + strings.Repeat("b", limit-len("http://a/"))
	validOver := validAt + "c"
	invalidOver := "a b" + strings.Repeat("c", limit)
	for _, c := range []struct {
		name, ref string
		stderr    string // "" for none
		matched   string
	}{
		{"valid, at the limit", validAt, "", "by 1 of 1 references"},
		{"valid, over the limit", validOver, fmt.Sprintf("argument 1: not matched: %d bytes, over the %d coverage matches", limit+1, limit), "by 0 of 1 references"},
		{"invalid, over the limit", invalidOver, fmt.Sprintf("argument 1: not matched: %d bytes, over the %d coverage matches", limit+3, limit), "by 0 of 1 references"},
		{"invalid, short", "a b", "argument 1: does not match URI-reference", "by 0 of 1 references"},
	} {
		out, stderr, _ := runCLI("", "coverage", c.ref)
		if c.stderr == "" && stderr != "" || !strings.Contains(stderr, c.stderr) || strings.Contains(stderr, "does not match") != strings.Contains(c.stderr, "does not match") || !strings.Contains(out, c.matched) {
			t.Errorf("%s: standard error %.200q, output ending %q; want %q and %q", c.name, stderr, out[max(0, len(out)-100):], c.stderr, c.matched)
		}
	}
}

// TestFileNamesEscaped: a file or directory name reaches standard error
// with its control bytes as \xNN, whichever command reports it.
func TestFileNamesEscaped(t *testing.T) {
	dir := t.TempDir()
	file := filepath.Join(dir, "file")
	if err := os.WriteFile(file, nil, 0o644); err != nil {
		t.Fatal(err)
	}
	bad := "no\x1b[2Jsuch\x07"
	for _, args := range [][]string{
		{"parse", "-f", bad},
		{"resolve", "http://a/", "-f", bad},
		{"compare", "-f", bad},
		{"coverage", "-f", bad},
		{"grade", "--suite", bad, "--", "true"},
		{"vectors", "--out", filepath.Join(file, bad)},
	} {
		_, stderr, status := runCLI("", args...)
		if status != 2 || !strings.Contains(stderr, `no\x1b[2Jsuch\x07`) || strings.ContainsAny(stderr, "\x1b\x07") {
			t.Errorf("%q: status %d, stderr %q", args, status, stderr)
		}
	}
}

// TestVectorsLinks: vectors --out follows no symbolic link and writes
// nothing outside the directory.
func TestVectorsLinks(t *testing.T) {
	for _, c := range []struct {
		name  string
		setup func(dir, victim string) error
		says  string
	}{
		{"a linked file", func(dir, victim string) error {
			if err := os.Mkdir(dir, 0o755); err != nil {
				return err
			}
			return os.Symlink(victim, filepath.Join(dir, "suite.json"))
		}, "suite.json: is a symbolic link"},
		{"a linked directory", func(dir, victim string) error {
			return os.Symlink(filepath.Dir(victim), dir)
		}, "out: is a symbolic link"},
	} {
		t.Run(c.name, func(t *testing.T) {
			base := t.TempDir()
			victim := filepath.Join(base, "elsewhere", "victim.txt")
			if err := os.Mkdir(filepath.Dir(victim), 0o755); err != nil {
				t.Fatal(err)
			}
			if err := os.WriteFile(victim, []byte("keep"), 0o644); err != nil {
				t.Fatal(err)
			}
			dir := filepath.Join(base, "out")
			if err := c.setup(dir, victim); err != nil {
				t.Fatal(err)
			}
			_, stderr, status := runCLI("", "vectors", "--out", dir)
			if status != 2 || !strings.Contains(stderr, c.says) {
				t.Errorf("status %d, stderr %q; want 2 and %q", status, stderr, c.says)
			}
			if b, err := os.ReadFile(victim); err != nil || string(b) != "keep" {
				t.Errorf("the file outside was changed: %q %v", b, err)
			}
			if entries, _ := os.ReadDir(filepath.Dir(victim)); len(entries) != 1 {
				t.Errorf("%d entries outside, want 1", len(entries))
			}
		})
	}
}

// TestGradeTimeoutFlag: a timeout that cannot bound a run is a usage
// error.
func TestGradeTimeoutFlag(t *testing.T) {
	for _, d := range []string{"0", "0s", "-1s"} {
		_, stderr, status := runCLI("", "grade", "--timeout", d, "--", "true")
		if status != 2 || !strings.Contains(stderr, "--timeout must be positive") {
			t.Errorf("--timeout %s: status %d, stderr %q", d, status, stderr)
		}
	}
}

// TestTypedControlBytesEscaped: a command name or flag name typed with
// control bytes (an escape sequence that would clear the screen or set
// the terminal's title) or bytes that are not UTF-8 reaches standard
// error as \xNN, as every other message shows them.
func TestTypedControlBytesEscaped(t *testing.T) {
	for _, c := range []struct {
		args []string
		want string
	}{
		{[]string{"\x1b[2J"}, `rfc2396: unknown command "\x1b[2J"`},
		{[]string{"help", "\x1b]0;title\a"}, `rfc2396 help: unknown command "\x1b]0;title\x07"`},
		{[]string{"parse", "--\x1b[2J", "a"}, `rfc2396 parse: unknown flag --\x1b[2J`},
		{[]string{"lint", "-\xff\xfe"}, `rfc2396 lint: unknown flag --\xff\xfe`},
	} {
		_, stderr, status := runCLI("", c.args...)
		clean := !strings.ContainsFunc(stderr, func(r rune) bool { return r < 0x20 && r != '\n' || r == utf8.RuneError })
		if status != 2 || !clean || !strings.Contains(stderr, c.want) {
			t.Errorf("%q: status %d, standard error %q; want 2 and %q, no control byte", c.args, status, stderr, c.want)
		}
	}
}
