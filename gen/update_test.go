package main

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/google/go-cmp/cmp/cmpopts"
)

// TestTestLogEntry checks what gen update records of a test log
// (testdata/testlog/NAME.log; the record is NAME.want, or the log is
// refused with an error that says so): the bytes of each file, relative
// to the root and followed through the test's changes of directory; the
// absence of a file looked for; a directory's entries when it was
// opened; each variable's value or absence; nothing under a directory
// left out (the toolchain's, in use).
func TestTestLogEntry(t *testing.T) {
	tests := []struct {
		log     string
		wantErr string // "" when the log is read
	}{
		{log: "reads"},
		{log: "no-header", wantErr: "no test log"},
		{log: "unknown-op", wantErr: `unknown operation "write"`},
		{log: "no-name", wantErr: "not an operation and a name"},
	}
	root := t.TempDir()
	for name, data := range map[string]string{
		"pkg/testdata/a.txt":     "a",
		"pkg/testdata/sub/x.txt": "x",
		"other/b.txt":            "b",
		"excluded/c.txt":         "c",
	} {
		path := filepath.Join(root, filepath.FromSlash(name))
		if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(path, []byte(data), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	testdata, err := filepath.Abs(filepath.Join("testdata", "testlog"))
	if err != nil {
		t.Fatal(err)
	}
	t.Setenv("RFC2396_TESTLOG_SET", "yes")
	t.Setenv("RFC2396_TESTLOG_UNSET", "") // restored after the test
	os.Unsetenv("RFC2396_TESTLOG_UNSET")
	chdir(t, root)
	for _, tt := range tests {
		t.Run(tt.log, func(t *testing.T) {
			log, err := os.ReadFile(filepath.Join(testdata, tt.log+".log"))
			if err != nil {
				t.Fatal(err)
			}
			got, err := testLogEntry(log, root, filepath.Join(root, "pkg"), []string{filepath.Join(root, "excluded")})
			if tt.wantErr != "" {
				if err == nil || !strings.Contains(err.Error(), tt.wantErr) {
					t.Fatalf("error %v, want one that says %q", err, tt.wantErr)
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			data, err := os.ReadFile(filepath.Join(testdata, tt.log+".want"))
			if err != nil {
				t.Fatal(err)
			}
			var want stepEntry
			if err := json.Unmarshal(data, &want); err != nil {
				t.Fatal(err)
			}
			for pattern, matches := range want.Globs {
				for i, m := range matches {
					want.Globs[pattern][i] = filepath.FromSlash(m)
				}
			}
			if diff := cmp.Diff(&want, got, cmpopts.EquateEmpty()); diff != "" {
				t.Errorf("record (-want +got):\n%s", diff)
			}
			// The record is current until an input changes.
			if !got.current() {
				t.Fatal("the record is not current on the tree it was made from")
			}
			path := filepath.Join(root, "other", "b.txt")
			if err := os.WriteFile(path, []byte("B"), 0o644); err != nil {
				t.Fatal(err)
			}
			defer os.WriteFile(path, []byte("b"), 0o644)
			if got.current() {
				t.Error("the record is current after other/b.txt changed")
			}
			os.WriteFile(path, []byte("b"), 0o644)
			// Nor once a variable the run read has another value, or is
			// set where it was not.
			for _, v := range []struct{ name, value string }{{"RFC2396_TESTLOG_SET", "no"}, {"RFC2396_TESTLOG_UNSET", "now"}} {
				if !got.current() {
					t.Fatal("the record is not current on the tree it was made from")
				}
				old, had := os.LookupEnv(v.name)
				os.Setenv(v.name, v.value)
				if got.current() {
					t.Errorf("the record is current after %s became %q", v.name, v.value)
				}
				if had {
					os.Setenv(v.name, old)
				} else {
					os.Unsetenv(v.name)
				}
			}
		})
	}
}

// TestUnderDir checks underDir, which tells the files of the tree from
// the others in a test log.
func TestUnderDir(t *testing.T) {
	sep := string(filepath.Separator)
	tests := []struct {
		dir, path string
		want      bool
	}{
		{sep + "a", sep + "a", true},
		{sep + "a", filepath.Join(sep+"a", "b"), true},
		{sep + "a", sep + "ab", false},
		{sep + "a", filepath.Join(sep+"a", "..", "b"), false},
		{filepath.Join(sep+"a", "b"), sep + "a", false},
	}
	for _, tt := range tests {
		if got := underDir(tt.dir, tt.path); got != tt.want {
			t.Errorf("underDir(%q, %q) = %v, want %v", tt.dir, tt.path, got, tt.want)
		}
	}
}

// TestUpdate runs gen update on a module of its own (testdata/updatemod,
// copied), edit after edit: a run is served from the cache only when a
// run of the same test sources, on the same inputs, changed nothing. It
// is one of the long checks (RFC2396_LONG), as it runs go test.
func TestUpdate(t *testing.T) {
	if os.Getenv("RFC2396_LONG") == "" {
		t.Skip("runs go test ten times; set RFC2396_LONG=1 (CI does)")
	}
	steps := []struct {
		name       string
		file, data string // written before the run; "" for none
		wantHit    bool
		wantGolden string
	}{
		{name: "stale golden file", wantGolden: "hello\n"},
		{name: "its output, not yet recorded", wantGolden: "hello\n"},
		{name: "unchanged", wantHit: true, wantGolden: "hello\n"},
		{name: "code edited", file: "p/p.go", data: "package p\n\nconst Greeting = \"hi\"\n", wantGolden: "hi\n"},
		{name: "its output", wantGolden: "hi\n"},
		{name: "unchanged again", wantHit: true, wantGolden: "hi\n"},
		{name: "golden file edited", file: "p/testdata/golden.txt", data: "hand\n", wantGolden: "hi\n"},
		{name: "unchanged once more", wantHit: true, wantGolden: "hi\n"},
		// A test whose code imports os/exec may read files through
		// another process, which its log does not show: never served.
		{name: "code that spawns", file: "p/spawn.go", data: "package p\n\nimport _ \"os/exec\"\n", wantGolden: "hi\n"},
		{name: "code that spawns, unchanged", wantGolden: "hi\n"},
	}
	root := t.TempDir()
	if err := os.CopyFS(root, os.DirFS(filepath.Join("testdata", "updatemod"))); err != nil {
		t.Fatal(err)
	}
	c := &stepCache{dir: t.TempDir(), perKey: stepsPerKey, maxBytes: stepCacheBytes}
	chdir(t, root)
	for _, s := range steps {
		if s.file != "" {
			if err := os.WriteFile(filepath.FromSlash(s.file), []byte(s.data), 0o644); err != nil {
				t.Fatal(err)
			}
		}
		hit, err := runUpdate(c, "./p", []string{"-run", "TestGolden", "-update"})
		if err != nil {
			t.Fatalf("%s: %v", s.name, err)
		}
		golden, err := os.ReadFile(filepath.Join("p", "testdata", "golden.txt"))
		if err != nil {
			t.Fatal(err)
		}
		if diff := cmp.Diff(struct {
			Hit    bool
			Golden string
		}{s.wantHit, s.wantGolden}, struct {
			Hit    bool
			Golden string
		}{hit, string(golden)}); diff != "" {
			t.Errorf("%s (-want +got):\n%s", s.name, diff)
		}
	}
}
