package main

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/rfc2396/rfc2396/grammar"
	"github.com/rfc2396/rfc2396/internal/oracle"
	"github.com/rfc2396/rfc2396/parser"
)

// TestLintGolden runs lint, quiet, -v and --json, on each
// testdata/lint/*.txt, *.html, *.mht and *.md, with --base
// http://lint.test/NAME so that the output does not depend on where the
// repository is, and compares with the .quiet.golden, .golden and
// .json.golden files beside it.
func TestLintGolden(t *testing.T) {
	var files []string
	for _, ext := range []string{"txt", "html", "mht", "md"} {
		m, err := filepath.Glob("testdata/lint/*." + ext)
		if err != nil {
			t.Fatal(err)
		}
		files = append(files, m...)
	}
	if len(files) < 5 {
		t.Fatalf("%d files in testdata/lint", len(files))
	}
	for _, file := range files {
		// The file's name escaped as a segment, so that the base is a
		// URI under the grammar in force (Escape leaves it as it is
		// under Appendix A; an edit that takes "-" or "." out of
		// unreserved escapes them).
		name, err := parser.Escape(filepath.Base(file), grammar.RuleSegment)
		if err != nil {
			t.Fatalf("the file name %s as a segment: %v", filepath.Base(file), err)
		}
		base := "http://lint.test/" + name
		for _, mode := range []struct {
			suffix string
			args   []string
		}{
			{".quiet.golden", []string{"lint", "--base", base, file}},
			{".golden", []string{"lint", "-v", "--base", base, file}},
			{".json.golden", []string{"lint", "--base", base, file, "--json"}},
		} {
			out, errOut, status := runCLI("", mode.args...)
			if errOut != "" || status > 1 {
				t.Errorf("%q: status %d, stderr %q", mode.args, status, errOut)
			}
			golden := strings.TrimSuffix(file, filepath.Ext(file)) + mode.suffix
			if *update {
				if err := os.WriteFile(golden, []byte(out), 0o644); err != nil {
					t.Fatal(err)
				}
			}
			want, err := os.ReadFile(golden)
			if err != nil {
				t.Fatal(err)
			}
			if diff := cmp.Diff(strings.Split(string(want), "\n"), strings.Split(out, "\n")); diff != "" {
				t.Errorf("%q (-want +got):\n%s", mode.args, diff)
			}
		}
	}
}

func TestLintJSON(t *testing.T) {
	// The rows state what the published grammar makes of the references
	// found, their alternative and their resolution.
	if !oracle.NewFacts(0).Hold("http://a/b-c", "http://a/bc", "http://x/{y}") {
		t.Skip(oracle.NotHeld)
	}
	in := "see <http://a/b-\n  c> and http://x/{y}.\n"
	out, _, status := runCLI(in, "lint", "--json")
	if status != 1 {
		t.Errorf("status %d, want 1", status)
	}
	lines := strings.Split(strings.TrimSuffix(out, "\n"), "\n")
	if len(lines) != 2 {
		t.Fatalf("%d lines, want 2:\n%s", len(lines), out)
	}
	var got []lintReport
	for _, l := range lines {
		var r lintReport
		if err := json.Unmarshal([]byte(l), &r); err != nil {
			t.Fatal(err)
		}
		for i := range r.Notes {
			r.Notes[i].Message = ""
		}
		if r.Error != nil {
			r.Error.Message = ""
		}
		if r.Unresolved != nil {
			r.Unresolved = strPtr("")
		}
		got = append(got, r)
	}
	want := []lintReport{
		{File: "-", Line: 1, Col: 6, Offset: 5, Text: "http://a/b-\n  c", URI: "http://a/b-c", Valid: true, Delimiter: "angle",
			Alternative: &lintAlt{URI: "http://a/bc", Valid: true},
			Notes:       []lintNote{{Code: "hyphen-line-break", Offset: 15}, {Code: "whitespace-removed", Offset: 16}},
			Resolved:    strPtr("http://a/b-c"), BaseFrom: "default", BaseWhat: "none", BaseNotes: []string{}, Warnings: []lintWarn{}},
		{File: "-", Line: 2, Col: 10, Offset: 26, Text: "http://x/{y}", URI: "http://x/{y}", Valid: false, Delimiter: "bare",
			Error:      &lintError{Offset: 9},
			Notes:      []lintNote{{Code: "trailing-punctuation", Offset: 38}},
			Unresolved: strPtr(""), BaseFrom: "default", BaseWhat: "none", BaseNotes: []string{}, Warnings: []lintWarn{}},
	}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("(-want +got):\n%s", diff)
	}
	for _, key := range []string{`"error":null`, `"notes":[`, `"col":6`} {
		if !strings.Contains(lines[0], key) {
			t.Errorf("%s lacks %s", lines[0], key)
		}
	}
}

func TestLintArgs(t *testing.T) {
	// Flags anywhere on the line; "-" is standard input.
	out, _, status := runCLI("mailto:a@b.c\n", "lint", "-", "--json")
	if !oracle.NewFacts(0).Hold("mailto:a@b.c") {
		t.Logf("mailto:a@b.c: %s", oracle.NotHeld)
	} else if status != 0 || !strings.Contains(out, `"file":"-"`) || !strings.Contains(out, `"uri":"mailto:a@b.c"`) {
		t.Errorf("status %d, output %s", status, out)
	}
	out, _, status = runCLI("no references here\n", "lint")
	if status != 0 || out != "" {
		t.Errorf("status %d, output %q", status, out)
	}
	if _, errOut, status := runCLI("", "lint", "testdata/lint/no-such-file"); status != 2 || errOut == "" {
		t.Errorf("missing file: status %d, stderr %q", status, errOut)
	}
	if _, _, status := runCLI("", "lint", "--nosuchflag"); status != 2 {
		t.Errorf("bad flag: status %d", status)
	}
	// A long invalid reference is shown in a window around the error.
	long := "http://a/" + strings.Repeat("b", 5000) + " " + strings.Repeat("c", 5000)
	out, _, _ = runCLI("\""+long+"\"", "lint", "-v")
	for _, l := range strings.Split(out, "\n") {
		if len(l) > 1200 {
			t.Errorf("caret line of %d bytes: %.80s...", len(l), l)
		}
	}
}

// TestLintBases checks where the retrieval URI comes from: a file's file:
// URI, none for standard input, --base for both, and --default-base last.
func TestLintBases(t *testing.T) {
	abs, err := filepath.Abs("testdata/lint/appendix-f.txt")
	if err != nil {
		t.Fatal(err)
	}
	facts := oracle.NewFacts(0)
	in := "see <../x> and <http://a/b>\n"
	for _, tc := range []struct {
		args               []string
		stdin              string
		base, from, result string
	}{
		{[]string{"lint", "--json", "--relative", "-"}, in, "", "default", ""},
		{[]string{"lint", "--json", "-", "--base", "http://h/a/b"}, in, "http://h/a/b", "retrieval", "http://h/x"},
		{[]string{"lint", "--json", "-", "--default-base", "http://d/a/b"}, in, "http://d/a/b", "default", "http://d/x"},
		{[]string{"lint", "--json", "-", "--default-base", "http://d/", "--base", "http://h/a/b"}, in, "http://h/a/b", "retrieval", "http://h/x"},
		{[]string{"lint", "--json", "--type", "html", "-", "--base", "http://h/a/b"}, `<base href="http://c/d/e"><a href="../x">`, "http://c/d/e", "content", "http://c/x"},
	} {
		refs := []string{"../x", "http://a/b", "http://c/d/e"}
		for _, u := range []string{tc.base, tc.result} {
			if u != "" {
				refs = append(refs, u)
			}
		}
		// A base the row names but overrides must be valid too: the
		// command refuses an invalid one before it reads anything.
		for i, a := range tc.args[:len(tc.args)-1] {
			if a == "--base" || a == "--default-base" {
				refs = append(refs, tc.args[i+1])
			}
		}
		if !facts.Hold(refs...) {
			t.Logf("%q: %s", tc.args, oracle.NotHeld)
			continue
		}
		out, errOut, _ := runCLI(tc.stdin, tc.args...)
		var r lintReport
		first, _, _ := strings.Cut(out, "\n")
		if strings.Contains(tc.stdin, "<base") {
			lines := strings.Split(strings.TrimSpace(out), "\n")
			first = lines[len(lines)-1]
		}
		if err := json.Unmarshal([]byte(first), &r); err != nil {
			t.Fatalf("%q: %v (%s, stderr %s)", tc.args, err, out, errOut)
		}
		got := []string{deref(r.Base), r.BaseFrom, deref(r.Resolved)}
		if diff := cmp.Diff([]string{tc.base, tc.from, tc.result}, got); diff != "" {
			t.Errorf("%q (-want +got):\n%s", tc.args, diff)
		}
		if tc.result == "" && (r.Unresolved == nil || !strings.Contains(*r.Unresolved, "no base URI")) {
			t.Errorf("%q: unresolved reason %v", tc.args, r.Unresolved)
		}
	}
	// A file's retrieval URI is its file: URI.
	out, _, _ := runCLI("", "lint", "--json", "testdata/lint/appendix-f.txt")
	if !facts.Hold("file://" + abs) {
		// The checkout's path is a fact of the machine, not of the RFC.
		t.Logf("file://%s: %s", abs, oracle.NotHeld)
	} else if want := `"base":"file://` + abs + `","base_from":"retrieval"`; !strings.Contains(out, want) {
		t.Errorf("output lacks %s:\n%s", want, out)
	}
}

func deref(s *string) string {
	if s == nil {
		return ""
	}
	return *s
}

func TestLintUsageErrors(t *testing.T) {
	for _, args := range [][]string{
		{"lint", "--base", "../relative"},
		{"lint", "--base", "http://a b/"},
		{"lint", "--default-base", "x"},
		{"lint", "--type", "pdf"},
		{"lint", "--max-line", "0"},
	} {
		if _, errOut, status := runCLI("http://a/\n", args...); status != 2 || errOut == "" {
			t.Errorf("%q: status %d, stderr %q", args, status, errOut)
		}
	}
}

// endless is an endless stream of one byte without a line break.
type endless byte

func (e endless) Read(p []byte) (int, error) {
	for i := range p {
		p[i] = byte(e)
	}
	return len(p), nil
}

// TestLintStream reads endless input, as lint /dev/zero does: lint stops
// with an error on standard error and exit status 2 instead of growing.
func TestLintStream(t *testing.T) {
	for _, typ := range []string{"text", "html", "mime"} {
		var out, errOut bytes.Buffer
		in := io.MultiReader(strings.NewReader("<http://a/>\n"), endless('x'))
		status := run([]string{"lint", "--type", typ, "--max-line", "65536"}, in, &out, &errOut)
		if status != 2 || !strings.Contains(errOut.String(), "longer than 65536 bytes") {
			t.Errorf("%s: status %d, stderr %q", typ, status, errOut.String())
		}
	}
}

// TestLintWriteError makes standard output fail: lint stops, exits 2 and
// reports the error once.
func TestLintWriteError(t *testing.T) {
	in := strings.Repeat("see http://example.org/a/b/c and <../d>\n", 5000)
	for _, args := range [][]string{{"lint", "-v"}, {"lint", "--json"}, {"lint", "-v", "-", "no-such-file"}} {
		var errOut bytes.Buffer
		status := run(args, strings.NewReader(in), &failingWriter{ok: 100, err: errors.New("disk full")}, &errOut)
		if status != 2 || strings.Count(errOut.String(), "disk full") != 1 {
			t.Errorf("%q: status %d, stderr %q", args, status, errOut.String())
		}
	}
}

// TestLintMaxLine: lint reads --max-line as parse does, with a unit.
func TestLintMaxLine(t *testing.T) {
	for _, tc := range []struct {
		value  string
		status int
	}{{"16M", 0}, {"64K", 0}, {"65536", 0}, {"1G", 0}, {"2G", 2}, {"0", 2}, {"-1", 2}, {"x", 2}} {
		if _, errOut, status := runCLI("<http://a/>\n", "lint", "--max-line", tc.value); status != tc.status {
			t.Errorf("--max-line %s: status %d, want %d; stderr %q", tc.value, status, tc.status, errOut)
		}
	}
}

// TestLintEscapesMessages gives lint a file name and a MIME header with
// control bytes: standard error shows them as \xNN, as
// docs/cli-streams.md says.
func TestLintEscapesMessages(t *testing.T) {
	dir := t.TempDir()
	name := filepath.Join(dir, "evil\x1b[2J.txt")
	for _, tc := range []struct {
		args  []string
		stdin string
	}{
		{[]string{"lint", name}, ""}, // no such file
		{[]string{"lint", "--type", "mime"}, "MIME-Version: 1.0\n\x1b[2J broken\n\nbody\n"},
	} {
		_, errOut, status := runCLI(tc.stdin, tc.args...)
		if status != 2 || strings.ContainsAny(errOut, "\x1b") || !strings.Contains(errOut, `\x1b[2J`) {
			t.Errorf("%q: status %d, stderr %q", tc.args, status, errOut)
		}
	}
}

// TestLintStandard reads one HTML page under each standard and profile:
// href="?page=2" (a gap of RFC 2396) and [::1] (RFC 2732) are problems
// under Appendix A strictly and not under RFC 3986 or the edits that
// allow them; the flags are refused as parse refuses them.
func TestLintStandard(t *testing.T) {
	if !oracle.NewFacts(0).Hold("?page=2", "http://[::1]:8080/i.png", "http://a.example/b c{d") {
		t.Skip(oracle.NotHeld)
	}
	page := "<!DOCTYPE html>\n<a href=\"?page=2\">next</a>\n<img src=\"http://[::1]:8080/i.png\">\n"
	for _, tc := range []struct {
		args   []string
		out    string
		status int
	}{
		{nil, "-:2:10: invalid reference \"?page=2\": invalid character '?' in URI-reference; expected unreserved, \"#\", \"$\", \"%\", \"&\", \"+\", \",\", \"/\", \";\", \"=\", \"@\" or end of input (a reference with a query and no path (\"?y\") is not a URI-reference under Appendix A (relativeURI has no empty path), although Appendix C resolves \"?y\"; this is a known gap of RFC 2396)\n" +
			"-:3:18: invalid reference \"http://[::1]:8080/i.png\": invalid character '[' in net_path; expected uric, \"#\" or end of input (\"[\" is an unwise character in RFC 2396 (section 2.4.3): IPv6 literals such as \"[::1]\" are not RFC 2396 syntax; RFC 2732 added them)\n", 1},
		{[]string{"--standard", "rfc3986"}, "", 0},
		{[]string{"--allow", "empty-relative-path,ipv6"}, "", 0},
		{[]string{"--allow", "ipv6"}, "-:2:10: invalid reference \"?page=2\"", 1},
		{[]string{"--standard", "rfc3986", "--profile", "strict"}, "", 0},
		{[]string{"--standard", "rfc3986", "--profile", "rfc6874"}, "", 0},
		{[]string{"--standard", "rfc3986", "--profile", "java"}, "", 2},
		{[]string{"--standard", "rfc3986", "--allow", "ipv6"}, "", 2},
		{[]string{"--standard", "rfc1738"}, "", 2},
		{[]string{"--profile", "nosuch"}, "", 2},
	} {
		args := append([]string{"lint", "--type", "html"}, tc.args...)
		out, errOut, status := runCLI(page, args...)
		if status != tc.status || !strings.HasPrefix(out, tc.out) || (tc.out == "" && out != "") || (status == 2) != (errOut != "") {
			t.Errorf("%q: status %d, stdout %q, stderr %q; want %d and %q", args, status, out, errOut, tc.status, tc.out)
		}
	}
	// Under RFC 3986 the reference is resolved by RFC 3986, and an error
	// is placed in the file by RFC 3986's offset.
	out, _, status := runCLI("<a href=\"http://a.example/b c{d\">x</a>\n<a href=\"?q\">y</a>\n", "lint", "--json", "--type", "html", "--standard", "rfc3986", "--base", "http://b.example/d/e")
	var got []string
	for _, l := range strings.Split(strings.TrimSpace(out), "\n") {
		var r lintReport
		if err := json.Unmarshal([]byte(l), &r); err != nil {
			t.Fatalf("%v: %s", err, l)
		}
		s := fmt.Sprintf("%s valid=%v", r.URI, r.Valid)
		if r.Error != nil {
			s += fmt.Sprintf(" error@%d %s", r.Error.Offset, strings.SplitN(r.Error.Message, ":", 2)[0])
		}
		if r.Resolved != nil {
			s += " " + *r.Resolved
		}
		got = append(got, s)
	}
	want := []string{"http://a.example/b c{d valid=false error@18 rfc3986", "?q valid=true http://b.example/d/e?q"}
	if diff := cmp.Diff(want, got); diff != "" || status != 1 {
		t.Errorf("status %d (-want +got):\n%s", status, diff)
	}
	out, _, _ = runCLI("<a href=\"http://a.example/b c{d\">x</a>\n", "lint", "-v", "--type", "html", "--standard", "rfc3986")
	if !strings.Contains(out, "  -:1:28: rfc3986: offset 18:") {
		t.Errorf("-v under RFC 3986: error not placed at 1:28:\n%s", out)
	}
}

// TestLintQuiet: without -v, lint prints one FILE:LINE:COL: message line
// per invalid reference or abbreviated URL, at the offending byte, and
// nothing for a valid one; -v prints every reference.
func TestLintQuiet(t *testing.T) {
	if !oracle.NewFacts(0).Hold("http://a.example/ok", "https://a.example/c d") {
		t.Skip(oracle.NotHeld)
	}
	dir := t.TempDir()
	md := filepath.Join(dir, "notes.md")
	if err := os.WriteFile(md, []byte("# Notes\n\nSee [ok](http://a.example/ok) and\n[y](https://a.example/c d).\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		args   []string
		stdin  string
		want   string
		status int
	}{
		{[]string{md}, "", md + ":4:24: invalid reference \"https://a.example/c d\": invalid character ' ' in segment; expected uric, \"#\" or end of input\n", 1},
		{[]string{"--type", "markdown"}, "[ok](http://a.example/ok)\n", "", 0},
		{[]string{"--type", "text"}, "see www.example.com/a\n", "-:1:5: abbreviated URL (Appendix F), most likely http://www.example.com/a: \"www.example.com/a\"\n", 1},
		{[]string{"--type", "mime"}, "MIME-Version: 1.0\nContent-Type: text/plain\n\nsee <http://a/{b}>\n", "-#part=0:1:15: invalid reference \"http://a/{b}\": invalid character '{' in abs_path; expected uric, \"#\" or end of input\n", 1},
	} {
		out, errOut, status := runCLI(tc.stdin, append([]string{"lint"}, tc.args...)...)
		if out != tc.want || status != tc.status || errOut != "" {
			t.Errorf("%q: status %d, stderr %q, stdout (-want +got):\n%s", tc.args, status, errOut, cmp.Diff(tc.want, out))
		}
	}
	out, _, status := runCLI("", "lint", "-v", md)
	if status != 1 || !strings.Contains(out, md+":3:10: valid http://a.example/ok (markdown link)\n") || !strings.Contains(out, md+":4:5: invalid https://a.example/c d (markdown unparsed-link)\n") {
		t.Errorf("-v: status %d, output:\n%s", status, out)
	}
}
