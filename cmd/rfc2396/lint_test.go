package main

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
)

// TestLintGolden runs lint, human and --json, on each testdata/lint/*.txt
// and compares with the .golden and .json.golden files beside it.
func TestLintGolden(t *testing.T) {
	files, err := filepath.Glob("testdata/lint/*.txt")
	if err != nil || len(files) == 0 {
		t.Fatalf("no testdata/lint/*.txt: %v", err)
	}
	for _, file := range files {
		for _, mode := range []struct {
			suffix string
			args   []string
		}{
			{".golden", []string{"lint", file}},
			{".json.golden", []string{"lint", file, "--json"}},
		} {
			out, errOut, status := runCLI("", mode.args...)
			if errOut != "" || status > 1 {
				t.Errorf("%q: status %d, stderr %q", mode.args, status, errOut)
			}
			golden := strings.TrimSuffix(file, ".txt") + mode.suffix
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
		got = append(got, r)
	}
	want := []lintReport{
		{File: "-", Line: 1, Col: 6, Offset: 5, Text: "http://a/b-\n  c", URI: "http://a/b-c", Valid: true, Delimiter: "angle",
			Alternative: &lintAlt{URI: "http://a/bc", Valid: true},
			Notes:       []lintNote{{Code: "hyphen-line-break", Offset: 15}, {Code: "whitespace-removed", Offset: 16}}},
		{File: "-", Line: 2, Col: 10, Offset: 26, Text: "http://x/{y}", URI: "http://x/{y}", Valid: false, Delimiter: "bare",
			Error: &lintError{Offset: 9},
			Notes: []lintNote{{Code: "trailing-punctuation", Offset: 38}}},
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
	if status != 0 || !strings.Contains(out, `"file":"-"`) || !strings.Contains(out, `"uri":"mailto:a@b.c"`) {
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
	out, _, _ = runCLI("\""+long+"\"", "lint")
	for _, l := range strings.Split(out, "\n") {
		if len(l) > 1200 {
			t.Errorf("caret line of %d bytes: %.80s...", len(l), l)
		}
	}
}
