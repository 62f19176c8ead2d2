package main

import (
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

// TestRunPEGWithoutSwitch compiles, through runPEG, a grammar on which
// peg -switch writes invalid Go (a choice of five alternatives, two of
// them sharing "%", visited twice inside a sequence that consumes nothing
// in peg's reckoning), and checks that runPEG compiles it without -switch
// into Go that parses, and that on a grammar -switch handles it keeps the
// switch.
func TestRunPEGWithoutSwitch(t *testing.T) {
	if _, err := exec.LookPath("go"); err != nil {
		t.Skip("no go command")
	}
	dir := t.TempDir()
	const header = "package main\n\ntype X Peg {\n\tpick [2]uint8\n}\n\n"
	grammars := map[string]string{
		"bad.peg":  header + "start <- (&{ p.pick[0] == 0 } [$&+] / &{ p.pick[0] == 1 } [$&+,] / [a-c] / &{ p.pick[1] == 0 } '%' [0-9A-F] [0-9A-F] / &{ p.pick[1] == 1 } ('%' [0-9A-F] [0-9A-F] / other))* !.\n\nother <- [\\0xc3-\\0xdf] [\\0x80-\\0xbf]\n",
		"good.peg": header + "start <- ([a-c] / 'x' / '%' [0-9A-F] [0-9A-F]) !.\n",
	}
	for name, text := range grammars {
		in := filepath.Join(dir, name)
		if err := os.WriteFile(in, []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
		out := in + ".go"
		if err := runPEG([]string{"-inline", "-switch", "-output", out, in}); err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		if err := parsesAsGo(out); err != nil {
			t.Errorf("%s: %v", name, err)
		}
		src, err := os.ReadFile(out)
		if err != nil {
			t.Fatal(err)
		}
		if switched := strings.Contains(string(src), "switch buffer[position]"); switched != (name == "good.peg") {
			t.Errorf("%s: compiled with a switch: %v", name, switched)
		}
	}
}
