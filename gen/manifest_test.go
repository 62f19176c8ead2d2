package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestManifests reads both manifests and checks that what they name
// exists: the start rule and every kept and described rule in the PEG
// file, and that a typo or a missing field is refused.
func TestManifests(t *testing.T) {
	for _, file := range []string{"rfc3986.manifest.json", "rfc3987.manifest.json"} {
		m, defs, f := readStandard(t, file)
		names := map[string]bool{"ALPHA": true, "DIGIT": true, "HEXDIG": true}
		for _, d := range defs {
			names[d.Name] = true
		}
		if !names[m.Start] {
			t.Errorf("%s: start rule %s is not in %s", file, m.Start, m.ABNF)
		}
		for _, r := range m.Described {
			if !names[r] {
				t.Errorf("%s: described rule %s is not in %s", file, r, m.ABNF)
			}
		}
		for _, k := range m.Keep {
			if rule(f, k) == nil {
				t.Errorf("%s: kept rule %s is not in %s", file, k, m.Grammar)
			}
		}
	}
	dir := t.TempDir()
	for _, c := range []struct{ json, want string }{
		{`{"grammar": "x.peg", "startt": "a"}`, `unknown field "startt"`},
		{`{"grammar": "x.peg"}`, "no abnf, dir, import, start"},
		{`{"grammar": "x.peg", "abnf": "x.abnf", "dir": "../x", "import": "a/../x", "start": "s", "spec": "s", "collection": "c", "compact_what": "w", "compact_keep": ["s"], "site": {"name": "x"}}`, "not a clean path"},
		{`{"grammar": "x.peg", "abnf": "x.abnf", "dir": "x", "import": "a/x", "start": "s", "spec": "s", "collection": "c", "compact_what": "w", "compact_keep": ["s"], "explain": "both", "site": {"name": "x"}}`, `explain is "both"`},
	} {
		file := filepath.Join(dir, "m.json")
		if err := os.WriteFile(file, []byte(c.json), 0o644); err != nil {
			t.Fatal(err)
		}
		if _, err := readManifest(file); err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%s: got %v, want an error with %q", c.json, err, c.want)
		}
	}
}
