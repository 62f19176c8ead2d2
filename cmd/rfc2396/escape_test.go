package main

import (
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/rfc2396/rfc2396/internal/oracle"
	"github.com/rfc2396/rfc2396/parser"
)

// TestEscapeCLIRoundTrip feeds random byte lines (anything but "\n") to
// escape for every supported rule, checks each result with parse --rule,
// and feeds the results to unescape, which must give the input back.
func TestEscapeCLIRoundTrip(t *testing.T) {
	r := rand.New(rand.NewPCG(7, 8))
	for _, rule := range parser.EscapeRules() {
		if !oracle.RuleAsPublished(rule) {
			// An edited rule may have no string for some inputs (a
			// length, a structure): Escape then refuses them.
			t.Logf("%s: %s", rule, oracle.NotHeld)
			continue
		}
		var in []string
		for len(in) < 60 {
			b := make([]byte, 1+r.IntN(20))
			for i := range b {
				b[i] = byte(r.IntN(256))
			}
			s := strings.ReplaceAll(string(b), "\n", "")
			if rule.String() == "abs_path" {
				s = "/" + s
			}
			if s == "" || s[0] == '/' && rule.String() == "rel_path" {
				continue
			}
			in = append(in, s)
		}
		out, errOut, status := runCLI(strings.Join(in, "\n")+"\n", "escape", "--component", rule.String())
		if status != 0 || errOut != "" {
			t.Fatalf("%s: status %d, stderr %q, output %q", rule, status, errOut, out)
		}
		escaped := strings.Split(strings.TrimSuffix(out, "\n"), "\n")
		if len(escaped) != len(in) {
			t.Fatalf("%s: %d results for %d inputs", rule, len(escaped), len(in))
		}
		if _, _, status := runCLI(out, "parse", "--rule", rule.String()); status != 0 {
			t.Errorf("%s: parse --rule rejects some of\n%s", rule, out)
		}
		back, errOut, status := runCLI(out, "unescape")
		if status != 0 || back != strings.Join(in, "\n")+"\n" {
			t.Errorf("%s: unescape status %d, stderr %q, round trip differs", rule, status, errOut)
		}
	}
}

func TestEscapeCLI(t *testing.T) {
	facts := oracle.NewFacts(0)
	for _, tt := range []struct {
		args         []string
		stdin        string
		out, errPart string
		status       int
	}{
		{[]string{"escape", "--component", "segment", "a b/c", "d;e"}, "", "a%20b%2Fc\nd%3Be\n", "", 0},
		{[]string{"escape", "x=1&y", "--component", "query"}, "", "x%3D1%26y\n", "", 0},
		{[]string{"escape", "--component", "abs_path"}, "/a b\nx\n", "/a%20b\n", "rfc2396 escape: standard input:2: x: rfc2396: cannot escape for abs_path: the path does not start as the rule requires (abs_path must start with \"/\")\n", 1},
		{[]string{"escape", "--component", "hostname", "a"}, "", "", "no escapes in hostname", 2},
		{[]string{"escape", "--component", "nosuchrule", "a"}, "", "", "no rule named", 2},
		{[]string{"escape", "a"}, "", "", "--component is required", 2},
		{[]string{"unescape", "a%20b", "%00"}, "", "a b\n\x00\n", "", 0},
		{[]string{"unescape"}, "ok%41\r\nbad%4\n", "okA\r\n", "standard input:2: bad%4: rfc2396: offset 3", 1},
		{[]string{"unescape", "%zz"}, "", "", "argument 1: %zz: rfc2396: offset 0: malformed escape \"%zz\"", 1},
		// A string that fails is left out of standard output: the
		// message says which line of the input it was.
		{[]string{"escape", "--component", "reg_name"}, "a\n\nb\n", "a\nb\n", "rfc2396 escape: standard input:2: \"\": rfc2396: cannot escape for reg_name", 1},
	} {
		// What escape writes is a reference's text: a row holds while the
		// grammar in force reads it as published (the case of its hex
		// digits follows the grammar's hex).
		if tt.args[0] == "escape" && !facts.Hold(strings.Split(strings.TrimSuffix(tt.out, "\n"), "\n")...) {
			t.Logf("%q: %s", tt.args, oracle.NotHeld)
			continue
		}
		out, errOut, status := runCLI(tt.stdin, tt.args...)
		if out != tt.out || status != tt.status || !strings.Contains(errOut, tt.errPart) {
			t.Errorf("%q: status %d, output %q, stderr %q; want %d, %q, stderr with %q", tt.args, status, out, errOut, tt.status, tt.out, tt.errPart)
		}
	}
}
