package main

import (
	"encoding/json"
	"regexp"
	"runtime"
	"strings"
	"testing"
)

// TestGradeReport: --run selects, --json holds expected and got as JSON
// values (not JSON text in a string), and the text report shows what the
// command wrote to standard error, escaped.
func TestGradeReport(t *testing.T) {
	if runtime.GOOS == "windows" {
		t.Skip("needs sh")
	}
	const suite = "../../testdata/vectors/rfc2396"
	adapter := `printf 'adapter: warming up \033[1m\n' >&2; while IFS= read -r l; do echo '{"valid":true,"result":"x"}'; done`

	stdout, stderr, status := runCLI("", "grade", "--json", "--run", "resolve/rfc", "--suite", suite, "--", "sh", "-c", adapter)
	if status != 1 {
		t.Fatalf("status %d, stderr %q", status, stderr)
	}
	var g struct {
		Run        string
		Categories []struct {
			Name          string
			Total         int
			Disagreements []struct{ Expected, Got any }
		}
		Runs []struct {
			Mode   string
			Stderr string
		}
	}
	if err := json.Unmarshal([]byte(stdout), &g); err != nil {
		t.Fatalf("%v\n%s", err, stdout)
	}
	if g.Run != "resolve/rfc" {
		t.Errorf("run %q", g.Run)
	}
	for _, c := range g.Categories {
		if c.Name != "resolve" && c.Total != 0 || c.Name == "resolve" && (c.Total == 0 || c.Total > 60) {
			t.Errorf("--run resolve/rfc: %s has %d cases", c.Name, c.Total)
		}
		for _, d := range c.Disagreements {
			if d.Got != "x" {
				t.Errorf("got is %#v, want the JSON string \"x\"", d.Got)
			}
			if _, ok := d.Expected.(string); !ok {
				t.Errorf("expected is %#v, want a JSON string", d.Expected)
			}
		}
	}
	if len(g.Runs) != 1 || g.Runs[0].Mode != "resolve" || g.Runs[0].Stderr != `adapter: warming up \x1b[1m`+"\n" {
		t.Errorf("runs %+v, want the resolve run's standard error, escaped", g.Runs)
	}

	stdout, _, _ = runCLI("", "grade", "--run", "validity", "--skip", "validity//invalid-.*", "--suite", suite, "--", "sh", "-c", adapter)
	if want := "parse mode: the command exited with status 0 and wrote 25 byte(s) to standard error:\n  | adapter: warming up \\x1b[1m\n"; !strings.Contains(stdout, want) {
		t.Errorf("the report lacks %q:\n%s", want, stdout)
	}
	// Only the valid cases are selected, and the adapter calls every
	// reference valid: all of them agree. (How many there are is the
	// suite's business: a grammar edit changes it.)
	if m := regexp.MustCompile(`validity +(\d+)/(\d+) agreed`).FindStringSubmatch(stdout); m == nil || m[1] != m[2] || m[1] == "0" {
		t.Errorf("the report lacks \"validity N/N agreed\" with N > 0:\n%s", stdout)
	}
	if strings.Contains(stdout, "\x1b") {
		t.Errorf("the report holds an escape character:\n%q", stdout)
	}

	for _, args := range [][]string{{"--run", "validity/("}, {"--skip", "a/b/c/d"}, {"--run", "nothing"}} {
		_, stderr, status := runCLI("", append(append([]string{"grade", "--suite", suite}, args...), "--", "true")...)
		if status != 2 || !strings.Contains(stderr, "rfc2396 grade:") {
			t.Errorf("%q: status %d, stderr %q; want 2 and a message", args, status, stderr)
		}
	}
}
