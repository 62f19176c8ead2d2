package conformance_test

import (
	"errors"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/rfc2396/rfc2396/conformance"
)

// TestWriteDirRefusesLinks holds WriteDir to its promises: no symbolic
// link followed, for a file or for the directory itself; nothing written
// outside the directory; no temporary file left behind.
func TestWriteDirRefusesLinks(t *testing.T) {
	s := &conformance.Suite{Format: conformance.FormatVersion, Standard: conformance.RFC2396, Profile: "strict"}
	for _, c := range []struct {
		name  string
		setup func(t *testing.T, dir, outside string) // dir does not exist yet
		says  string                                  // "" for success; else the error names this
	}{
		{"new directory", func(*testing.T, string, string) {}, ""},
		{"files already there", func(t *testing.T, dir, outside string) {
			mkdir(t, dir)
			must(t, os.WriteFile(filepath.Join(dir, conformance.SuiteFile), []byte("old"), 0o644))
			must(t, os.WriteFile(filepath.Join(dir, "notes.txt"), []byte("mine"), 0o644))
		}, ""},
		{"a link for suite.json", func(t *testing.T, dir, outside string) {
			mkdir(t, dir)
			must(t, os.Symlink(filepath.Join(outside, "victim.txt"), filepath.Join(dir, conformance.SuiteFile)))
		}, conformance.SuiteFile + ": is a symbolic link"},
		{"a relative link for validity.tsv", func(t *testing.T, dir, outside string) {
			mkdir(t, dir)
			must(t, os.Symlink("../outside/victim.txt", filepath.Join(dir, conformance.ValidityFile)))
		}, conformance.ValidityFile + ": is a symbolic link"},
		{"a dangling link", func(t *testing.T, dir, outside string) {
			mkdir(t, dir)
			must(t, os.Symlink(filepath.Join(outside, "new.txt"), filepath.Join(dir, conformance.ResolveFile)))
		}, conformance.ResolveFile + ": is a symbolic link"},
		{"a link to a directory for a file", func(t *testing.T, dir, outside string) {
			mkdir(t, dir)
			must(t, os.Symlink(outside, filepath.Join(dir, conformance.SuiteFile)))
		}, conformance.SuiteFile + ": is a symbolic link"},
		{"the directory a link to a directory", func(t *testing.T, dir, outside string) {
			must(t, os.Symlink(outside, dir))
		}, "out: is a symbolic link"},
		{"a directory for a file", func(t *testing.T, dir, outside string) {
			must(t, os.MkdirAll(filepath.Join(dir, conformance.SchemaFile), 0o755))
		}, conformance.SchemaFile + ": exists and is not a regular file"},
		{"the directory a file", func(t *testing.T, dir, outside string) {
			must(t, os.WriteFile(dir, nil, 0o644))
		}, "out: is not a directory"},
	} {
		t.Run(c.name, func(t *testing.T) {
			base := t.TempDir()
			outside := filepath.Join(base, "outside")
			mkdir(t, outside)
			victim := filepath.Join(outside, "victim.txt")
			must(t, os.WriteFile(victim, []byte("keep"), 0o644))
			dir := filepath.Join(base, "out")
			c.setup(t, dir, outside)
			before, _ := os.ReadDir(dir)
			err := conformance.WriteDir(dir, s)
			if b, rerr := os.ReadFile(victim); rerr != nil || string(b) != "keep" {
				t.Errorf("the file outside was changed: %q %v", b, rerr)
			}
			if entries, _ := os.ReadDir(outside); len(entries) != 1 {
				t.Errorf("something was written outside: %d entries", len(entries))
			}
			if entries, _ := os.ReadDir(dir); true {
				for _, e := range entries {
					if strings.Contains(e.Name(), ".tmp") {
						t.Errorf("a temporary file is left: %s", e.Name())
					}
				}
			}
			if c.says != "" {
				var perr *fs.PathError
				if err == nil || !errors.As(err, &perr) || !strings.Contains(err.Error(), c.says) {
					t.Errorf("err = %v, want an *fs.PathError saying %q", err, c.says)
				}
				// Every file is checked before any is written.
				if after, _ := os.ReadDir(dir); len(after) != len(before) {
					t.Errorf("%d entries in the directory before, %d after", len(before), len(after))
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			got, err := conformance.ReadDir(dir)
			if err != nil {
				t.Fatal(err)
			}
			if diff := cmp.Diff(s, got); diff != "" {
				t.Errorf("read back (-wrote +read):\n%s", diff)
			}
			if b, err := os.ReadFile(filepath.Join(dir, "notes.txt")); err == nil && string(b) != "mine" {
				t.Errorf("another file was changed: %q", b)
			}
		})
	}
}

// TestReadDirBounds: a suite.json over MaxSuiteFile is refused with its
// name, whether its size is known (a sparse file) or not (a device).
func TestReadDirBounds(t *testing.T) {
	for _, c := range []struct {
		name  string
		setup func(t *testing.T, file string)
		says  string
	}{
		{"sparse file over the bound", func(t *testing.T, file string) {
			f, err := os.Create(file)
			must(t, err)
			must(t, f.Truncate(conformance.MaxSuiteFile+1))
			must(t, f.Close())
		}, "over 16777216 bytes"},
		{"endless device", func(t *testing.T, file string) {
			if _, err := os.Stat("/dev/zero"); err != nil {
				t.Skip("no /dev/zero")
			}
			must(t, os.Symlink("/dev/zero", file))
		}, "over 16777216 bytes"},
		{"missing", func(*testing.T, string) {}, "no such file"},
		{"not JSON", func(t *testing.T, file string) { must(t, os.WriteFile(file, []byte("nope"), 0o644)) }, "invalid character"},
	} {
		t.Run(c.name, func(t *testing.T) {
			dir := t.TempDir()
			file := filepath.Join(dir, conformance.SuiteFile)
			c.setup(t, file)
			_, err := conformance.ReadDir(dir)
			if err == nil || !strings.Contains(err.Error(), c.says) || !strings.Contains(err.Error(), file) {
				t.Errorf("err = %v, want one naming %s and saying %q", err, file, c.says)
			}
		})
	}
}

func mkdir(t *testing.T, dir string) { t.Helper(); must(t, os.MkdirAll(dir, 0o755)) }

func must(t *testing.T, err error) {
	t.Helper()
	if err != nil {
		t.Fatal(err)
	}
}

// TestSuiteKeepsBytes writes and reads back a suite whose validity inputs
// are not UTF-8 (a near miss that cuts a character's encoding): the bytes
// come back as they were, and suite.json shows the input with U+FFFD for
// people beside "input_bytes". A suite.json whose two forms disagree is
// refused, and so is a string of another case that is not UTF-8, which
// suite.json could not hold.
func TestSuiteKeepsBytes(t *testing.T) {
	off := 4
	s := &conformance.Suite{Format: conformance.FormatVersion, Standard: conformance.Standard("rfc3987"), Profile: "strict",
		Validity: []conformance.ValidityCase{
			{ID: "invalid-1", Rule: "IRI-reference", Input: "//?\xe2\x80", Offset: &off},
			{ID: "invalid-2", Rule: "IRI-reference", Input: "a\xffb\xc2"},
			{ID: "valid-1", Rule: "IRI-reference", Input: "http://\u00e9/", Valid: true},
		}}
	dir := t.TempDir()
	if err := conformance.WriteDir(dir, s); err != nil {
		t.Fatal(err)
	}
	back, err := conformance.ReadDir(dir)
	if err != nil {
		t.Fatal(err)
	}
	if diff := cmp.Diff(s, back); diff != "" {
		t.Errorf("read back (-wrote +read):\n%s", diff)
	}
	data, err := os.ReadFile(filepath.Join(dir, conformance.SuiteFile))
	if err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{`"input": "//?\ufffd\ufffd"`, `"input_bytes": "Ly8/4oA="`, `"input": "a\ufffdb\ufffd"`, `"input": "http://é/"`} {
		if !strings.Contains(string(data), want) {
			t.Errorf("suite.json has no %s:\n%s", want, data)
		}
	}
	if strings.Count(string(data), "input_bytes") != 2 {
		t.Errorf("suite.json: input_bytes for other than the two inputs that are not UTF-8:\n%s", data)
	}

	// input_bytes that are not input's, or that input needs none of.
	for _, bad := range []string{
		strings.Replace(string(data), `"Ly8/4oA="`, `"Ly8/4oB4"`, 1),
		strings.Replace(string(data), `"input": "//?\ufffd\ufffd"`, `"input": "//?xx"`, 1),
	} {
		if err := os.WriteFile(filepath.Join(dir, conformance.SuiteFile), []byte(bad), 0o644); err != nil {
			t.Fatal(err)
		}
		if _, err := conformance.ReadDir(dir); err == nil || !strings.Contains(err.Error(), "input_bytes") {
			t.Errorf("a suite.json whose input and input_bytes disagree: %v, want an error naming input_bytes", err)
		}
	}

	s.Components = []conformance.ComponentsCase{{ID: "c-1", Input: "a\xff"}}
	if err := conformance.WriteDir(t.TempDir(), s); err == nil || !strings.Contains(err.Error(), `"c-1"`) {
		t.Errorf("a components case that is not UTF-8: %v, want an error naming it", err)
	}
}

// TestReadDirErrorOffset: a suite.json that is not a suite is an error
// that says where in the file.
func TestReadDirErrorOffset(t *testing.T) {
	for _, c := range []struct {
		name, data, want string
	}{
		{"binary", "\x00\xd9", "offset 1: invalid character"},
		{"truncated", `{"cases": [{}, `, "offset 15: unexpected EOF"},
		{"wrong type", `{"format": "one"}`, "offset 16: json: cannot unmarshal string"},
		{"unknown field", `{"format": 1, "nonsense": 2}`, `offset 28: json: unknown field "nonsense"`},
		{"too deep", strings.Repeat("[", 20000), "offset 10001: invalid character '[' exceeded max depth"},
	} {
		dir := t.TempDir()
		if err := os.WriteFile(filepath.Join(dir, conformance.SuiteFile), []byte(c.data), 0o644); err != nil {
			t.Fatal(err)
		}
		_, err := conformance.ReadDir(dir)
		if err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%s: %v, want an error with %q", c.name, err, c.want)
		}
	}
}
