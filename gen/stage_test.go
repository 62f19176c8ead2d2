package main

import (
	"errors"
	"io/fs"
	"os"
	"path/filepath"
	"testing"
)

// TestStaging checks that a gen command's writes and removals reach the
// tree only when it commits them: a command that fails (discards) leaves
// every file as it was, and no new directory.
func TestStaging(t *testing.T) {
	staging = true
	t.Cleanup(func() { staging = false; discardStaged() })
	dir := t.TempDir()
	kept, gone, fresh := filepath.Join(dir, "kept.txt"), filepath.Join(dir, "gone.txt"), filepath.Join(dir, "sub", "new.txt")
	for _, p := range []string{kept, gone} {
		if err := os.WriteFile(p, []byte("old"), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	stageAll := func() {
		for _, err := range []error{writeFile(kept, []byte("new")), removeFile(gone), writeFile(fresh, []byte("first")), writeFile(fresh, []byte("fresh"))} {
			if err != nil {
				t.Fatal(err)
			}
		}
	}
	read := func(p string) string {
		b, err := os.ReadFile(p)
		if errors.Is(err, fs.ErrNotExist) {
			return "(none)"
		} else if err != nil {
			t.Fatal(err)
		}
		return string(b)
	}
	check := func(when, wantKept, wantGone, wantFresh string) {
		t.Helper()
		for _, c := range []struct{ path, want string }{{kept, wantKept}, {gone, wantGone}, {fresh, wantFresh}} {
			if got := read(c.path); got != c.want {
				t.Errorf("%s: %s holds %q, want %q", when, filepath.Base(c.path), got, c.want)
			}
		}
	}

	stageAll()
	check("staged", "old", "old", "(none)")
	discardStaged()
	check("discarded", "old", "old", "(none)")
	if _, err := os.Stat(filepath.Dir(fresh)); !errors.Is(err, fs.ErrNotExist) {
		t.Errorf("a discarded command made the directory of a file it staged: %v", err)
	}

	stageAll()
	if err := commitStaged(); err != nil {
		t.Fatal(err)
	}
	check("committed", "new", "(none)", "fresh")
	if len(staged) != 0 || len(stagedOrder) != 0 {
		t.Errorf("changes left staged after the commit: %v", stagedOrder)
	}
}
