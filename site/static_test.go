package site

import (
	"errors"
	"io/fs"
	"os"
	"path"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"testing/fstest"
)

// siteData is the site's data (data/ of the embedded files) with the
// named grammars only, and every file that is not a grammar's.
func siteData(t *testing.T, grammars ...string) fstest.MapFS {
	t.Helper()
	m := fstest.MapFS{}
	err := fs.WalkDir(data, "data", func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if d.IsDir() {
			if path.Dir(p) == "data" && !slices.Contains(grammars, d.Name()) {
				return fs.SkipDir
			}
			return nil
		}
		b, err := fs.ReadFile(data, p)
		m[p] = &fstest.MapFile{Data: b}
		return err
	})
	if err != nil {
		t.Fatal(err)
	}
	return m
}

// TestWriteStaticRefuses holds WriteStatic to its rules on the directory:
// a new or empty one, or --force; no symbolic link followed; nothing
// written outside; no empty name. The rules are the same whatever the
// site holds, so the site is RFC 2396's grammar alone (83 files, not
// the 747 of every grammar's: six writes of the whole site were most of
// the package's system time).
func TestWriteStaticRefuses(t *testing.T) {
	s, err := load(siteData(t, parsedGrammar))
	if err != nil {
		t.Fatal(err)
	}
	if len(s.Grammars()) != 1 {
		t.Fatalf("grammars: %v", s.Grammars())
	}
	outside := t.TempDir()
	secret := filepath.Join(outside, "secret")
	if err := os.WriteFile(secret, []byte("keep"), 0o644); err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		name  string
		setup func(dir string) // makes dir's state; dir does not exist yet
		force bool
		says  string // "" for success
	}{
		{"new directory", func(string) {}, false, ""},
		{"new nested directory", func(dir string) {}, false, ""},
		{"empty directory", func(dir string) { os.Mkdir(dir, 0o755) }, false, ""},
		{"not empty", func(dir string) { os.Mkdir(dir, 0o755); os.WriteFile(filepath.Join(dir, "notes.txt"), nil, 0o644) }, false, "not empty"},
		{"not empty, forced", func(dir string) { os.Mkdir(dir, 0o755); os.WriteFile(filepath.Join(dir, "notes.txt"), nil, 0o644) }, true, ""},
		{"a site already there, forced", func(dir string) { s.WriteStatic(dir, StaticOptions{}) }, true, ""},
		{"a file", func(dir string) { os.WriteFile(dir, nil, 0o644) }, true, "not a directory"},
		{"a link to a directory", func(dir string) { os.Symlink(outside, dir) }, true, "symbolic link"},
		{"a link for a page", func(dir string) {
			os.Mkdir(dir, 0o755)
			os.Symlink(secret, filepath.Join(dir, "index.html"))
		}, true, "symbolic link"},
		{"a dangling link for a page", func(dir string) {
			os.Mkdir(dir, 0o755)
			os.Symlink(filepath.Join(outside, "new"), filepath.Join(dir, "style.css"))
		}, true, "symbolic link"},
		{"a link for a directory of pages", func(dir string) {
			os.Mkdir(dir, 0o755)
			os.Symlink(outside, filepath.Join(dir, "rule"))
		}, true, "symbolic link"},
		{"a directory for a page", func(dir string) {
			os.MkdirAll(filepath.Join(dir, "index.html"), 0o755)
		}, true, "not a regular file"},
	} {
		t.Run(c.name, func(t *testing.T) {
			dir := filepath.Join(t.TempDir(), "out")
			if strings.Contains(c.name, "nested") {
				dir = filepath.Join(dir, "a", "b")
			}
			c.setup(dir)
			// CheckStaticDir refuses what is wrong with dir itself, as
			// WriteStatic does, and creates nothing.
			_, statErr := os.Lstat(dir)
			checkErr := CheckStaticDir(dir, c.force)
			switch c.name {
			case "not empty", "a file", "a link to a directory":
				if checkErr == nil || !strings.Contains(checkErr.Error(), c.says) {
					t.Errorf("CheckStaticDir = %v, want an error saying %q", checkErr, c.says)
				}
			default:
				if checkErr != nil {
					t.Errorf("CheckStaticDir = %v, want nil", checkErr)
				}
			}
			if _, err := os.Lstat(dir); (err == nil) != (statErr == nil) {
				t.Errorf("CheckStaticDir changed whether %s exists", dir)
			}
			written, err := s.WriteStatic(dir, StaticOptions{Force: c.force})
			if c.says == "" {
				if err != nil {
					t.Fatal(err)
				}
				if b, err := os.ReadFile(filepath.Join(dir, "index.html")); err != nil || !strings.Contains(string(b), "<html") || len(written) < 10 {
					t.Errorf("wrote %d files; index.html: %v", len(written), err)
				}
				return
			}
			var serr *StaticError
			if err == nil || !errors.As(err, &serr) || !strings.Contains(err.Error(), c.says) {
				t.Errorf("err = %v, want a *StaticError saying %q", err, c.says)
			}
			if b, err := os.ReadFile(secret); err != nil || string(b) != "keep" {
				t.Errorf("the file outside was changed: %q %v", b, err)
			}
			if entries, _ := os.ReadDir(outside); len(entries) != 1 {
				t.Errorf("something was written outside: %d entries", len(entries))
			}
		})
	}
	if _, err := s.WriteStatic("", StaticOptions{Force: true}); err == nil || !strings.Contains(err.Error(), "empty") {
		t.Errorf("an empty name: %v", err)
	}
	if err := CheckStaticDir("", true); err == nil || !strings.Contains(err.Error(), "empty") {
		t.Errorf("CheckStaticDir of an empty name: %v", err)
	}
}
