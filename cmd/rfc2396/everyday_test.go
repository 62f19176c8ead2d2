package main

import (
	"encoding/json"
	"flag"
	"io"
	"maps"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/rfc2396/rfc2396/internal/oracle"
	"github.com/rfc2396/rfc2396/parser"
	"github.com/rfc2396/rfc2396/rfc3986"
	"github.com/rfc2396/rfc2396/rfc3987"
)

// cliCase is one command line, its standard input, and what it must give.
type cliCase struct {
	args           []string
	stdin          string
	stdout, stderr string
	status         int
	refs           []string // references whose reading the row relies on (see oracle.Facts)
}

// runCases runs each case and compares all it gives; a row whose
// references the grammar in force reads otherwise than as published is
// left out.
func runCases(t *testing.T, tests []cliCase) {
	t.Helper()
	facts := oracle.NewFacts(0)
	for _, tt := range tests {
		if !facts.Hold(tt.refs...) {
			t.Logf("%q: %s", tt.args, oracle.NotHeld)
			continue
		}
		out, errOut, status := runCLI(tt.stdin, tt.args...)
		got := []any{out, errOut, status}
		want := []any{tt.stdout, tt.stderr, tt.status}
		if diff := cmp.Diff(want, got); diff != "" {
			t.Errorf("rfc2396 %q (-want +got: stdout, stderr, status):\n%s", tt.args, diff)
		}
	}
}

// TestQuiet checks -q: nothing for a valid reference, a NAME:LINE:COL:
// line for each invalid one, the summary only with --summary, and the
// exit status.
func TestQuiet(t *testing.T) {
	dir := t.TempDir()
	file := filepath.Join(dir, "urls.txt")
	if err := os.WriteFile(file, []byte("http://a/\nhttp://a b/\n\nhttp://h/ok\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	const space = `invalid character ' ' in server; expected uric, "#" or end of input`
	const space3986 = `invalid character ' ' in authority; expected pchar, "#", "/", "?" or end of input`
	refs := []string{"http://a/", "http://a b/", "", "http://h/ok"}
	tests := []cliCase{
		{args: []string{"parse", "-q", "http://a/", "http://h/"}, refs: refs},
		{args: []string{"parse", "-q", "http://a/", "http://a b/"}, stdout: "<args>:2:9: " + space + "\n", status: 1, refs: refs},
		{args: []string{"parse", "--quiet"}, stdin: "http://a/\nhttp://a b/\r\n", stdout: "<stdin>:2:9: " + space + "\n", status: 1, refs: refs},
		{args: []string{"parse", "-q", "-f", file}, stdout: file + ":2:9: " + space + "\n", status: 1, refs: refs},
		{args: []string{"parse", "-q", "--summary", "-f", file}, stdout: file + ":2:9: " + space + "\n", stderr: "4 references, 1 invalid\n", status: 1, refs: refs},
		{args: []string{"parse", "--summary", "http://a/"}, stdout: "http://a/: valid URI-reference\n" + componentRows("hierarchical", "http", "//a/", "a", "", "a", "", "/"), stderr: "1 reference, 0 invalid\n", refs: refs},
		{args: []string{"parse", "-q", "--standard", "rfc3986", "http://a b/"}, stdout: "<args>:1:9: " + space3986 + "\n", status: 1, refs: refs},
		{args: []string{"parse", "-q", "-f", filepath.Join(dir, "missing")}, stderr: "rfc2396 parse: open " + filepath.Join(dir, "missing") + ": no such file or directory\n", status: 2},
		{args: []string{"parse", "-q", "--json", "x"}, stderr: "rfc2396 parse: --json and -q cannot be used together\n", status: 2},
		{args: []string{"resolve", "-q", "http://a/b/", "g", "x y"}, stdout: "<args>:2:2: invalid character ' ' in rel_segment; expected uric, \"#\" or end of input\n", status: 1, refs: []string{"g", "x y"}},
		// An error that is not at a place in the line has no column.
		{args: []string{"resolve", "-q", "g", "h"}, stdout: "<args>:1: resolve: the base \"g\" is not an absolute URI (section 5.2 resolves against an absolute base)\n", status: 1, refs: []string{"g"}},
		{args: []string{"normalize", "-q"}, stdin: "HTTP://A/\n%zz\n", stdout: "<stdin>:2:2: invalid character 'z' in rel_segment; expected hex\n", status: 1, refs: []string{"HTTP://A/", "%zz"}},
	}
	runCases(t, tests)
}

// componentRows is what parse prints under a valid reference's heading,
// for the components given in order (kind, scheme, scheme-specific-part,
// authority, userinfo (undefined when ""), host, port (undefined when
// ""), path); query and fragment undefined.
func componentRows(kind, scheme, ssp, authority, userinfo, host, port, path string) string {
	row := func(name, v string, note string) string {
		if v == "" {
			v = "(undefined)"
		} else if note != "" {
			v += "  [" + note + "]"
		}
		return "  " + name + strings.Repeat(" ", 22-len(name)) + v + "\n"
	}
	return row("kind", kind, "") + row("scheme", scheme, "") + row("scheme-specific-part", ssp, "") +
		row("authority", authority, "server-based") + row("userinfo", userinfo, "") + row("host", host, "hostname") +
		row("port", port, "") + row("path", path, "") + row("query", "", "") + row("fragment", "", "")
}

// TestFlagErrors checks that a mistyped flag or command is reported in
// at most three lines, with a suggestion when one is close.
func TestFlagErrors(t *testing.T) {
	tests := []cliCase{
		{args: []string{"parse", "--jsno", "x"}, status: 2,
			stderr: "rfc2396 parse: unknown flag --jsno\ndid you mean --json?\nrun 'rfc2396 parse -h' for its usage and flags\n"},
		{args: []string{"resolve", "--stnadard=rfc3986", "http://a/", "g"}, status: 2,
			stderr: "rfc2396 resolve: unknown flag --stnadard\ndid you mean --standard?\nrun 'rfc2396 resolve -h' for its usage and flags\n"},
		{args: []string{"parse", "--stand", "rfc3986"}, status: 2,
			stderr: "rfc2396 parse: unknown flag --stand\ndid you mean --standard?\nrun 'rfc2396 parse -h' for its usage and flags\n"},
		{args: []string{"tree", "--frobnicate", "x"}, status: 2,
			stderr: "rfc2396 tree: unknown flag --frobnicate\nrun 'rfc2396 tree -h' for its usage and flags\n"},
		{args: []string{"parse", "--rule"}, status: 2,
			stderr: "rfc2396 parse: flag --rule needs a value\nrun 'rfc2396 parse -h' for its usage and flags\n"},
		{args: []string{"parse", "--max-line", "0"}, status: 2,
			stderr: "rfc2396 parse: invalid value \"0\" for flag -max-line: want a size from 1 to 1G, such as 4096, 64K or 16M\nrun 'rfc2396 parse -h' for its usage and flags\n"},
		{args: []string{"pasre", "x"}, status: 2,
			stderr: "rfc2396: unknown command \"pasre\"\ndid you mean parse?\nrun 'rfc2396 help' for the list of commands\n"},
		{args: []string{"equivalnet"}, status: 2,
			stderr: "rfc2396: unknown command \"equivalnet\"\ndid you mean equivalent?\nrun 'rfc2396 help' for the list of commands\n"},
		{args: []string{"help", "lnit"}, status: 2,
			stderr: "rfc2396 help: unknown command \"lnit\"\ndid you mean lint?\nrun 'rfc2396 help' for the list of commands\n"},
		{args: []string{"zzzzzz"}, status: 2,
			stderr: "rfc2396: unknown command \"zzzzzz\"\nrun 'rfc2396 help' for the list of commands\n"},
	}
	runCases(t, tests)
	// Every command: an unknown flag is three lines at most.
	for _, c := range commands() {
		_, errOut, status := runCLI("", c.name, "--no-such-flag")
		if n := strings.Count(errOut, "\n"); status != 2 || n > 3 || !strings.Contains(errOut, "rfc2396 "+c.name+" -h") {
			t.Errorf("%s --no-such-flag: status %d, %d lines:\n%s", c.name, status, n, errOut)
		}
	}
}

func TestClosest(t *testing.T) {
	names := []string{"json", "quiet", "q", "standard", "summary", "f", "file", "rule", "raw"}
	tests := []struct{ typed, want string }{
		{"jsno", "json"}, {"JSON", "json"}, {"qiuet", "quiet"}, {"standrad", "standard"}, {"standart", "standard"},
		{"sum", "summary"}, {"ruel", "rule"}, {"x", ""}, {"g", ""}, {"verbose", ""}, {"st", "standard"}, {"r", ""},
		{strings.Repeat("j", 1000), ""},
	}
	for _, tt := range tests {
		if got := closest(tt.typed, names); got != tt.want {
			t.Errorf("closest(%q) = %q, want %q", tt.typed, got, tt.want)
		}
	}
}

// TestVersionFlags checks that -v, --version and version print the same
// version line.
func TestVersionFlags(t *testing.T) {
	want, _, _ := runCLI("", "--version")
	for _, arg := range []string{"-v", "version", "-version"} {
		out, errOut, status := runCLI("", arg)
		if out != want || errOut != "" || status != 0 || !strings.HasPrefix(out, "rfc2396 ") {
			t.Errorf("%s: status %d, stdout %q, stderr %q; want %q", arg, status, out, errOut, want)
		}
	}
}

// TestGet checks parse --get: the template filled in, an undefined
// component empty, an invalid reference as a quiet line on standard
// error, and an unknown name a usage error.
func TestGet(t *testing.T) {
	refs := []string{"http://u@Ex.com:8080/p?q#f", "mailto:a@b", "a b", "//h"}
	tests := []cliCase{
		{args: []string{"parse", "--get", "{scheme} {host} {port}", "http://u@Ex.com:8080/p?q#f"}, stdout: "http Ex.com 8080\n", refs: refs},
		{args: []string{"parse", "--get", "{userinfo}|{path}|{query}|{fragment}|{authority}", "http://u@Ex.com:8080/p?q#f"}, stdout: "u|/p|q|f|u@Ex.com:8080\n", refs: refs},
		{args: []string{"parse", "--get", "{scheme}:{host}:{port}:{query}", "mailto:a@b", "//h"}, stdout: "mailto:::\n:h::\n", refs: refs},
		{args: []string{"parse", "--get", "{{{kind}}} {input}", "mailto:a@b"}, stdout: "{opaque} mailto:a@b\n", refs: refs},
		{args: []string{"parse", "--get", "{host}"}, stdin: "//h\na b\n", stdout: "h\n", stderr: "<stdin>:2:2: invalid character ' ' in rel_segment; expected uric, \"#\" or end of input\n2 references, 1 invalid\n", status: 1, refs: refs},
		{args: []string{"parse", "--get", "{host}", "--standard", "rfc3986", "http://[::1]:80/"}, stdout: "[::1]\n", refs: refs},
		{args: []string{"parse", "--get", "{hots}", "x"}, status: 2,
			stderr: "rfc2396 parse: --get: unknown component \"hots\" (did you mean {host}?); the components are input, kind, scheme, scheme_specific_part, authority, userinfo, host, port, path, query, fragment, authority_kind, host_kind\n"},
		{args: []string{"parse", "--get", "{host", "x"}, status: 2,
			stderr: "rfc2396 parse: --get: \"{host\": a \"{\" with no \"}\" (write \"{{\" for a brace)\n"},
		{args: []string{"parse", "--get", "{host}", "--json", "x"}, status: 2,
			stderr: "rfc2396 parse: --json and --get cannot be used together\n"},
	}
	runCases(t, tests)
}

// TestEquivalent checks the verdict of equivalent against the library's
// Equivalent, the step that decides, and the exit status.
func TestEquivalent(t *testing.T) {
	tests := []struct {
		a, b     string
		standard string
		step     string // "" when not equivalent
		comps    []string
	}{
		{"http://a/b", "http://a/b", "rfc2396", "simple-string", nil},
		{"HTTP://A/%7ea", "http://a/%7Ea", "rfc2396", "case", []string{"scheme", "host", "path"}},
		{"http://a/%7Ea", "http://a/~a", "rfc2396", "", []string{"path"}},
		{"http://a/%7Ea", "http://a/~a", "rfc3986", "percent-encoding", []string{"path"}},
		{"http://a/%7ea", "http://a/~a", "rfc3986", "percent-encoding", []string{"path"}},
		// RFC 3987 section 5.3.2.2 (NFC: "e" and U+0301 is U+00E9) and
		// 5.3.2.3 ("ros%C3%A9" is "rosé", the example of section 5.3.2).
		{"http://a/e\u0301", "http://a/\u00e9", "rfc3987", "character", []string{"path"}},
		{"http://a/ros%C3%A9", "http://a/ros\u00e9", "rfc3987", "percent-encoding", []string{"path"}},
		{"http://a/ros%c3%a9", "http://a/ros%C3%A9", "rfc3986", "case", []string{"path"}},
		{"http://a/b/../c", "http://a/c", "rfc2396", "path-segment", []string{"path"}},
		{"http://a/b/./c", "http://a/b/c", "rfc3986", "path-segment", []string{"path"}},
		{"http://a:80/", "http://a/", "rfc2396", "scheme-based", []string{"port"}},
		{"http://A:/", "http://a/", "rfc3986", "scheme-based", []string{"port"}},
		{"http://a", "http://a/", "rfc3986", "scheme-based", []string{"path"}},
		{"http://a", "http://a/", "rfc2396", "", []string{"path"}},
		{"http://a/b", "http://a/c", "rfc3986", "", []string{"path"}},
		{"http://a/#x", "http://a/#y", "rfc2396", "", []string{"fragment"}},
		{"g", "./g", "rfc2396", "path-segment", []string{"path"}},
	}
	facts := oracle.NewFacts(0)
	for _, tt := range tests {
		if tt.standard == "rfc2396" && !facts.Hold(tt.a, tt.b) {
			t.Logf("%q %q: %s", tt.a, tt.b, oracle.NotHeld)
			continue
		}
		var lib bool
		switch tt.standard {
		case "rfc3986":
			ua, _ := rfc3986.Parse(tt.a)
			ub, _ := rfc3986.Parse(tt.b)
			lib = rfc3986.Equivalent(ua, ub)
		case "rfc3987":
			ua, _ := rfc3987.Parse(tt.a)
			ub, _ := rfc3987.Parse(tt.b)
			lib = rfc3987.Equivalent(ua, ub)
		default:
			ua, _ := parser.Parse(tt.a)
			ub, _ := parser.Parse(tt.b)
			lib = parser.Equivalent(ua, ub)
		}
		out, errOut, status := runCLI("", "equivalent", "--json", "--standard", tt.standard, tt.a, tt.b)
		var got struct {
			Equivalent bool     `json:"equivalent"`
			Step       *string  `json:"step"`
			Components []string `json:"components"`
		}
		if err := json.Unmarshal([]byte(out), &got); err != nil {
			t.Fatalf("%q %q: %v\n%s%s", tt.a, tt.b, err, out, errOut)
		}
		wantStatus := 1
		if tt.step != "" {
			wantStatus = 0
		}
		step := ""
		if got.Step != nil {
			step = *got.Step
		}
		if got.Equivalent != lib || status != wantStatus || step != tt.step || !slices.Equal(got.Components, tt.comps) {
			t.Errorf("equivalent --standard %s %q %q: equivalent %v (library: %v), step %q, components %q, status %d; want step %q, components %q, status %d",
				tt.standard, tt.a, tt.b, got.Equivalent, lib, step, got.Components, status, tt.step, tt.comps, wantStatus)
		}
		// The text says the same, and the exit status is the same.
		text, _, tstatus := runCLI("", "equivalent", "--standard", tt.standard, tt.a, tt.b)
		if tstatus != status || (status == 0) != strings.HasPrefix(text, "equivalent: ") {
			t.Errorf("equivalent %q %q: status %d, text %q", tt.a, tt.b, tstatus, text)
		}
	}
	usage := []cliCase{
		{args: []string{"equivalent", "http://a/"}, status: 2,
			stderr: "rfc2396 equivalent: want two references, A and B; got 1 arguments\nrun 'rfc2396 equivalent -h' for its usage and flags\n"},
		{args: []string{"equivalent", "http://a b/", "http://a/"}, status: 2, refs: []string{"http://a b/"},
			stdout: "http://a b/: invalid URI-reference\n  rfc2396: offset 8: invalid character ' ' in server; expected uric, \"#\" or end of input\n    http://a b/\n            ^\n    server = [ [ userinfo \"@\" ] hostport ]  (RFC 2396 §3.2.2)\n"},
		{args: []string{"equivalent", "HTTP://a/", "http://a/"}, refs: []string{"HTTP://a/"},
			stdout: "equivalent: case normalization decides, in scheme (RFC 2396 section 6)\n  normal form  http://a/\n"},
		{args: []string{"equivalent", "--standard", "rfc3986", "http://a/b", "http://a/c"}, status: 1,
			stdout: "not equivalent: path differs after normalization (RFC 3986 section 6.2)\n  a            http://a/b\n  b            http://a/c\n"},
	}
	runCases(t, usage)
}

// TestJSONTreeEscapeUnescape checks that tree, escape and unescape --json
// write one object a line, with the members parse --json has where they
// mean the same, and errors in the one error shape.
func TestJSONTreeEscapeUnescape(t *testing.T) {
	errorKeys := []string{"code", "expected", "gap", "in", "message", "offset", "rule"}
	tests := []struct {
		args   []string
		keys   []string
		status int
		errors int // records with an error
	}{
		{[]string{"tree", "--json", "http://a/b"}, []string{"error", "input", "profile", "rule", "standard", "tree", "valid"}, 0, 0},
		{[]string{"tree", "--json", "http://a b/"}, []string{"error", "input", "profile", "rule", "standard", "tree", "valid"}, 1, 1},
		{[]string{"tree", "--json", "--standard", "rfc3986", "http://a/b"}, []string{"error", "input", "profile", "rule", "standard", "tree", "valid"}, 0, 0},
		{[]string{"escape", "--json", "--component", "segment", "a b", "c"}, []string{"component", "error", "input", "result"}, 0, 0},
		{[]string{"escape", "--json", "--component", "abs_path", "x"}, []string{"component", "error", "input", "result"}, 1, 1},
		{[]string{"unescape", "--json", "a%20b", "%zz"}, []string{"error", "input", "result"}, 1, 1},
	}
	for _, tt := range tests {
		out, errOut, status := runCLI("", tt.args...)
		if status != tt.status || errOut != "" {
			t.Errorf("%q: status %d, stderr %q; want %d and none", tt.args, status, errOut, tt.status)
		}
		errs := 0
		for _, line := range strings.Split(strings.TrimSuffix(out, "\n"), "\n") {
			var obj map[string]json.RawMessage
			if err := json.Unmarshal([]byte(line), &obj); err != nil {
				t.Fatalf("%q: %v\n%s", tt.args, err, line)
			}
			if diff := cmp.Diff(tt.keys, slices.Sorted(maps.Keys(obj))); diff != "" {
				t.Errorf("%q: keys (-want +got):\n%s", tt.args, diff)
			}
			if string(obj["error"]) == "null" {
				continue
			}
			errs++
			var e map[string]json.RawMessage
			if err := json.Unmarshal(obj["error"], &e); err != nil {
				t.Fatalf("%q: error %s: %v", tt.args, obj["error"], err)
			}
			if diff := cmp.Diff(errorKeys, slices.Sorted(maps.Keys(e))); diff != "" {
				t.Errorf("%q: error keys (-want +got):\n%s", tt.args, diff)
			}
		}
		if errs != tt.errors {
			t.Errorf("%q: %d records with an error, want %d", tt.args, errs, tt.errors)
		}
	}
	// The tree: a node's members, its text the input's bytes at its span,
	// and the same nodes as the text output shows.
	type node struct {
		Rule     string  `json:"rule"`
		Begin    int     `json:"begin"`
		End      int     `json:"end"`
		Text     string  `json:"text"`
		Children []*node `json:"children"`
	}
	out, _, _ := runCLI("", "tree", "--json", "http://a/b?q")
	var rec struct {
		Tree *node `json:"tree"`
	}
	if err := json.Unmarshal([]byte(out), &rec); err != nil || rec.Tree == nil {
		t.Fatalf("tree --json: %v\n%s", err, out)
	}
	var rules []string
	var walk func(n *node)
	walk = func(n *node) {
		rules = append(rules, n.Rule)
		for _, c := range n.Children {
			walk(c)
		}
	}
	walk(rec.Tree)
	text, _, _ := runCLI("", "tree", "http://a/b?q")
	var textRules []string
	for _, line := range strings.Split(strings.TrimSuffix(text, "\n"), "\n") {
		r, _, _ := strings.Cut(strings.TrimSpace(line), " ")
		textRules = append(textRules, r)
	}
	if diff := cmp.Diff(textRules, rules); diff != "" {
		t.Errorf("tree --json nodes differ from tree's (-text +json):\n%s", diff)
	}
	out, _, _ = runCLI("", "unescape", "--json", "a%20b")
	if !strings.Contains(out, `"result":"a b"`) {
		t.Errorf("unescape --json a%%20b: %s", out)
	}
}

// TestCompletion checks that each script names every command and every
// flag of each command, and that bash accepts the bash script.
func TestCompletion(t *testing.T) {
	for _, shell := range []string{"bash", "zsh"} {
		out, errOut, status := runCLI("", "completion", shell)
		if status != 0 || errOut != "" {
			t.Fatalf("completion %s: status %d, stderr %q", shell, status, errOut)
		}
		for _, c := range commands() {
			if !strings.Contains(out, c.name) {
				t.Errorf("completion %s lacks the command %s", shell, c.name)
			}
			fs, _, _ := newFlagSet(c, io.Discard)
			fs.VisitAll(func(f *flag.Flag) {
				if !strings.Contains(out, dashed(f.Name)+" ") && !strings.Contains(out, dashed(f.Name)+"[") && !strings.Contains(out, dashed(f.Name)+"'") {
					t.Errorf("completion %s lacks %s %s", shell, c.name, dashed(f.Name))
				}
			})
		}
		if shell == "zsh" && !strings.HasPrefix(out, "#compdef rfc2396\n") {
			t.Errorf("completion zsh does not start with #compdef")
		}
		if shell != "bash" {
			continue
		}
		bash, err := exec.LookPath("bash")
		if err != nil {
			t.Logf("no bash to check the script with: %v", err)
			continue
		}
		script := filepath.Join(t.TempDir(), "rfc2396.bash")
		if err := os.WriteFile(script, []byte(out), 0o644); err != nil {
			t.Fatal(err)
		}
		if msg, err := exec.Command(bash, "-n", script).CombinedOutput(); err != nil {
			t.Errorf("bash -n rejects the script: %v\n%s", err, msg)
		}
		// What it completes, asked as bash asks.
		for _, q := range []struct{ line, want string }{
			{"rfc2396 pa", "parse"},
			{"rfc2396 parse --js", "--json"},
			{"rfc2396 parse --standard rfc3", "rfc3986"},
			{"rfc2396 equivalent --st", "--standard"},
		} {
			words := strings.Fields(q.line)
			probe := "source " + script + "\nCOMP_WORDS=(" + strings.Join(words, " ") + ")\nCOMP_CWORD=" + strconv.Itoa(len(words)-1) + "\n_rfc2396\necho \"${COMPREPLY[@]}\"\n"
			got, err := exec.Command(bash, "-c", probe).Output()
			if err != nil || !slices.Contains(strings.Fields(string(got)), q.want) {
				t.Errorf("completing %q: %q (%v), want %s among them", q.line, got, err, q.want)
			}
		}
	}
	_, errOut, status := runCLI("", "completion", "fish")
	if status != 2 || strings.Count(errOut, "\n") > 3 {
		t.Errorf("completion fish: status %d, stderr %q", status, errOut)
	}
}
