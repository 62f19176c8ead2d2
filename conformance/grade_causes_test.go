package conformance_test

import (
	"context"
	"errors"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"strings"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"

	"github.com/rfc2396/rfc2396/conformance"
)

// TestGradeEncoderIsOneCause grades testdata/encoder, a parser that
// percent-encodes whatever the grammar refuses in the path, query and
// fragment (as Python's rfc3986 package does), against the committed
// suites: its one cause must be one group in each category, not one a
// byte and rule (224 validity groups for RFC 2396 before causes were
// read from what differs).
func TestGradeEncoderIsOneCause(t *testing.T) {
	gobin, err := exec.LookPath("go")
	if err != nil {
		t.Skip("needs the go command to build testdata/encoder")
	}
	t.Parallel() // its go build overlaps the grading tests' time-outs
	bin := filepath.Join(t.TempDir(), "encoder")
	if out, err := exec.Command(gobin, "build", "-o", bin, "./testdata/encoder").CombinedOutput(); err != nil {
		t.Fatalf("building testdata/encoder: %v\n%s", err, out)
	}
	for _, std := range []string{"rfc2396", "rfc3986"} {
		s, err := conformance.ReadDir("../testdata/vectors/" + std)
		if err != nil {
			t.Fatal(err)
		}
		g, err := conformance.RunGrade(context.Background(), s, conformance.DefaultGradeOptions([]string{bin}))
		if err != nil {
			t.Fatal(err)
		}
		got := map[string][]string{}
		for _, c := range g.Categories {
			for _, group := range c.Groups() {
				got[c.Name] = append(got[c.Name], group[0].Cause)
			}
		}
		want := map[string][]string{
			"validity":   {"accepts what the grammar refuses by percent-encoding it"},
			"components": {"percent-encodes bytes the suite keeps raw"},
			"resolve":    {"percent-encodes bytes the suite keeps raw"},
		}
		if diff := cmp.Diff(want, got); diff != "" {
			t.Errorf("%s: causes (-want +got):\n%s", std, diff)
		}
	}
}

// TestGradeStderr: what the command writes to standard error is in the
// grade when it answers, and in the error when it fails, escaped and
// bounded either way.
func TestGradeStderr(t *testing.T) {
	if runtime.GOOS == "windows" || runtime.GOOS == "plan9" {
		t.Skip("needs sh")
	}
	const answer = `echo '{"valid":true,"result":"http://a/"}'`
	for _, c := range []struct {
		name, script string
		// err is what the error says ("" for a grade), runs what the
		// grade's Runs hold.
		err  string
		runs []conformance.RunReport
	}{
		{"warns and answers", `printf '%s: deprecated \033[31mred\033[0m\n' "$RFC2396_CONFORMANCE_MODE" >&2
while IFS= read -r line; do ` + answer + `; done`, "", []conformance.RunReport{
			{Mode: "parse", Stderr: `parse: deprecated \x1b[31mred\x1b[0m` + "\n", StderrBytes: 31},
			{Mode: "resolve", Stderr: `resolve: deprecated \x1b[31mred\x1b[0m` + "\n", StderrBytes: 33},
			{Mode: "normalize", Stderr: `normalize: deprecated \x1b[31mred\x1b[0m` + "\n", StderrBytes: 35},
		}},
		{"answers and exits 1", `while IFS= read -r line; do ` + answer + `; done; exit 1`, "", []conformance.RunReport{
			{Mode: "parse", ExitStatus: 1}, {Mode: "resolve", ExitStatus: 1}, {Mode: "normalize", ExitStatus: 1},
		}},
		{"quiet", `while IFS= read -r line; do ` + answer + `; done`, "", nil},
		{"fails", `echo 'Traceback: ImportError: no module named rfc3986' >&2; exit 1`,
			`parse mode: the command answered 0 of 2 lines (it exited with status 1); the command's standard error: "Traceback: ImportError: no module named rfc3986\n"`, nil},
		{"fails with a flood", `head -c 100000 /dev/zero >&2; exit 1`, `standard error: "\\x00\\x00`, nil},
	} {
		t.Run(c.name, func(t *testing.T) {
			script := filepath.Join(t.TempDir(), "adapter.sh")
			if err := os.WriteFile(script, []byte("#!/bin/sh\n"+c.script+"\n"), 0o755); err != nil {
				t.Fatal(err)
			}
			opts := conformance.DefaultGradeOptions([]string{"/bin/sh", script})
			opts.Timeout = 10 * time.Second
			g, err := conformance.RunGrade(context.Background(), smallSuite(), opts)
			if c.err != "" {
				var re *conformance.RunError
				if err == nil || !strings.Contains(err.Error(), c.err) || !errors.As(err, &re) {
					t.Fatalf("err = %v, want a *RunError saying %q", err, c.err)
				}
				if len(re.Stderr) > 4*conformance.MaxStderr {
					t.Errorf("the error keeps %d bytes of standard error", len(re.Stderr))
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			if diff := cmp.Diff(c.runs, g.Runs); diff != "" {
				t.Errorf("Runs (-want +got):\n%s", diff)
			}
		})
	}
}

func TestEscapeOutput(t *testing.T) {
	for in, want := range map[string]string{
		"plain\n":            "plain\n",
		"tab\there":          "tab\there",
		"\x1b[2J":            `\x1b[2J`,
		"caf\xc3\xa9":        "café",
		"bad \xff byte":      `bad \xff byte`,
		`back\slash`:         `back\\slash`,
		"c1 \xc2\x9b":        `c1 \xc2\x9b`,
		"cr\r":               `cr\x0d`,
		"\x00":               `\x00`,
		"truncated \xe4\xbe": `truncated \xe4\xbe`,
	} {
		if got := conformance.EscapeOutput(in); got != want {
			t.Errorf("EscapeOutput(%q) = %q, want %q", in, got, want)
		}
	}
}

// TestSelection: --run and --skip patterns, by category, key and ID.
func TestSelection(t *testing.T) {
	s, err := conformance.ReadDir("../testdata/vectors/rfc2396")
	if err != nil {
		t.Fatal(err)
	}
	count := func(s *conformance.Suite) [5]int {
		return [5]int{len(s.Validity), len(s.Components), len(s.Resolve), len(s.Normalize), len(s.Equivalence)}
	}
	all := count(s)
	countIf := func(f func(c conformance.ValidityCase) bool) int {
		n := 0
		for _, c := range s.Validity {
			if f(c) {
				n++
			}
		}
		return n
	}
	rfc := 0
	for _, c := range s.Resolve {
		if c.Source == "rfc" {
			rfc++
		}
	}
	hostnameComponents := 0
	for _, c := range s.Components {
		if c.Covers.Rule == "hostname" {
			hostnameComponents++
		}
	}
	for _, c := range []struct {
		run, skip string
		want      [5]int
	}{
		{"", "", all},
		{"validity", "", [5]int{all[0], 0, 0, 0, 0}},
		{"validity,resolve", "", [5]int{all[0], 0, all[2], 0, 0}},
		{"", "validity,resolve", [5]int{0, all[1], 0, all[3], all[4]}},
		{"resolve/rfc", "", [5]int{0, 0, rfc, 0, 0}},
		{"resolve", "resolve/rfc", [5]int{0, 0, all[2] - rfc, 0, 0}},
		// Whole names: path is not abs_path or path_segments.
		{"validity/path", "", [5]int{countIf(func(c conformance.ValidityCase) bool { return c.Covers.Rule == "path" }), 0, 0, 0, 0}},
		{"validity/host.*", "", [5]int{countIf(func(c conformance.ValidityCase) bool { return strings.HasPrefix(c.Covers.Rule, "host") }), 0, 0, 0, 0}},
		{"/hostname", "", [5]int{countIf(func(c conformance.ValidityCase) bool { return c.Covers.Rule == "hostname" }), hostnameComponents, 0, 0, 0}},
		{"validity//valid-0001", "", [5]int{1, 0, 0, 0, 0}},
		{"nothing", "", [5]int{}},
	} {
		sel, err := conformance.NewSelection(c.run, c.skip)
		if err != nil {
			t.Fatal(err)
		}
		if got := count(sel.Apply(s)); got != c.want {
			t.Errorf("run %q skip %q: %v cases, want %v", c.run, c.skip, got, c.want)
		}
	}
	for _, c := range []struct{ run, skip, says string }{
		{"validity/(", "", "not a regular expression"},
		{"", "a/b/c/d", "has 4 elements"},
	} {
		if _, err := conformance.NewSelection(c.run, c.skip); err == nil || !strings.Contains(err.Error(), c.says) {
			t.Errorf("run %q skip %q: err = %v, want one saying %q", c.run, c.skip, err, c.says)
		}
	}
	// A selection that leaves nothing is an error, not a full grade.
	opts := conformance.DefaultGradeOptions([]string{"true"})
	opts.Run = "nothing"
	if _, err := conformance.RunGrade(context.Background(), s, opts); err == nil || !strings.Contains(err.Error(), "leaves no case") {
		t.Errorf("run nothing: err = %v, want one saying it leaves no case", err)
	}
}
