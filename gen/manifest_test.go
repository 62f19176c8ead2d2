package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/rfc2396/rfc2396/grammar/bnf"
)

// TestManifests reads every manifest generate.go runs gen standard on and
// checks that what it names exists: the start rule, every described rule
// and every kept rule in the grammar (its own rules and those it imports),
// and that a typo or a missing field is refused. The manifests are found
// from generate.go's lines, not by listing the repository's root, nor by
// making the root the working directory: go test's cache keys a run by
// the directories it lists or works in, times included, and the root's
// change with every file written there, so gen's tests would run again
// after each grammar edit.
func TestManifests(t *testing.T) {
	// From the root, as go generate runs gen: a manifest without
	// "import" takes the module's path from go.mod there.
	// Read from gen's directory: go test's cache keys a run also by the
	// directories it makes its working directory (their times), and the
	// root's changes with every file written there.
	lines, err := os.ReadFile("../generate.go")
	if err != nil {
		t.Fatal(err)
	}
	var files []string
	for line := range strings.Lines(string(lines)) {
		if rest, ok := strings.CutPrefix(line, "//go:generate go run -trimpath ./gen standard "); ok {
			files = append(files, "../"+strings.TrimSpace(rest))
		}
	}
	if len(files) == 0 {
		t.Fatal("generate.go runs gen standard on no manifest")
	}
	for _, file := range files {
		m, err := readManifest(file)
		if err != nil {
			t.Fatal(err)
		}
		abnf, err := os.ReadFile(filepath.Join("..", m.ABNF))
		if err != nil {
			t.Fatal(err)
		}
		defs, err := bnf.ParseABNF(string(abnf))
		if err != nil {
			t.Fatalf("%s: %v", m.ABNF, err)
		}
		names := map[string]bool{"ALPHA": true, "DIGIT": true, "HEXDIG": true}
		pegNames := map[string]bool{}
		for _, d := range defs {
			names[d.Name] = true
			pegNames[pegName(d.Name)] = true
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
			if !pegNames[k] {
				t.Errorf("%s: kept rule %s is not in %s", file, k, m.ABNF)
			}
		}
	}
	dir := t.TempDir()
	for _, c := range []struct{ json, want string }{
		{`{"grammar": "x.peg", "startt": "a"}`, `unknown field "startt"`},
		{`{"grammar": "x.peg"}`, "no abnf, dir, import, start"},
		{`{"grammar": "x.peg", "abnf": "x.abnf", "dir": "../x", "import": "a/../x", "start": "s", "spec": "s", "collection": "c", "compact_what": "w", "compact_keep": ["s"], "site": {"name": "x"}}`, "not a clean path"},
		{`{"grammar": "x.peg", "abnf": "x.abnf", "dir": "x", "import": "a/x", "start": "s", "spec": "s", "collection": "c", "compact_what": "w", "compact_keep": ["s"], "explain": "both", "site": {"name": "x"}}`, `explain is "both"`},
		{`{"grammar": "x.peg", "abnf": "x.abnf", "dir": "x", "import": "a/x", "start": "s", "spec": "s", "collection": "c", "compact_what": "w", "compact_keep": ["s"], "site": {"name": "x", "title": "T", "notation": "ABNF"}}`, `no site.spec_url, site.grouping, which the grammar's pages (site/data/x) show; "no_site": true`},
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

// TestManifestDefaults checks the fields a manifest named
// NAME.manifest.json may leave out.
func TestManifestDefaults(t *testing.T) {
	file := filepath.Join(t.TempDir(), "rfcx.manifest.json")
	src := `{"import": "example.com/m/rfcx", "start": "s", "spec": "RFC X", "collection": "Appendix A", "compact_keep": ["s"], "no_site": true}`
	if err := os.WriteFile(file, []byte(src), 0o644); err != nil {
		t.Fatal(err)
	}
	m, err := readManifest(file)
	if err != nil {
		t.Fatal(err)
	}
	got := []string{m.Dir, m.Grammar, m.ABNF, m.Site.Name, m.CompactWhat}
	want := []string{"rfcx", filepath.ToSlash(filepath.Join(filepath.Dir(file), "rfcx.peg")), "grammar/rfcx.abnf", "rfcx",
		"The compact grammar of RFC X Appendix A: " + filepath.ToSlash(filepath.Join(filepath.Dir(file), "rfcx.peg"))}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("dir, grammar, abnf, site.name, compact_what (-want +got):\n%s", diff)
	}
	// Without import, the module's path comes from go.mod, which the
	// package's directory (gen) lacks: gen says so.
	if err := os.WriteFile(file, []byte(`{"start": "s"}`), 0o644); err != nil {
		t.Fatal(err)
	}
	if _, err := readManifest(file); err == nil || !strings.Contains(err.Error(), "no import, and the module's path is unknown") {
		t.Errorf("a manifest without import, outside a module: got %v", err)
	}
}
