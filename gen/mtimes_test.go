package main

import (
	"os"
	"path/filepath"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"
)

// TestMtimes checks gen mtimes: a file rewritten with the same bytes gets
// its saved modification time back; a changed file, a new file and a file
// under .git keep the time they have.
func TestMtimes(t *testing.T) {
	root := t.TempDir()
	record := filepath.Join(t.TempDir(), "record")
	old := time.Date(2020, 1, 2, 3, 4, 5, 0, time.UTC)
	later := old.Add(time.Hour)
	files := []struct {
		name   string
		before string // "" for a file created after the save
		after  string
		want   time.Time
	}{
		{"same.txt", "a", "a", old},
		{"sub/same.golden", "b\n", "b\n", old},
		{"changed.txt", "c", "C", later},
		{"longer.txt", "d", "dd", later},
		{"new.txt", "", "e", later},
		{".git/index", "f", "f", later},
	}
	write := func(name, data string, at time.Time) {
		path := filepath.Join(root, filepath.FromSlash(name))
		if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(path, []byte(data), 0o644); err != nil {
			t.Fatal(err)
		}
		if err := os.Chtimes(path, at, at); err != nil {
			t.Fatal(err)
		}
	}
	for _, f := range files {
		if f.before != "" {
			write(f.name, f.before, old)
		}
	}
	if err := saveMtimes(root, record); err != nil {
		t.Fatal(err)
	}
	for _, f := range files {
		write(f.name, f.after, later)
	}
	if err := restoreMtimes(root, record); err != nil {
		t.Fatal(err)
	}
	got, want := map[string]time.Time{}, map[string]time.Time{}
	for _, f := range files {
		info, err := os.Stat(filepath.Join(root, filepath.FromSlash(f.name)))
		if err != nil {
			t.Fatal(err)
		}
		got[f.name], want[f.name] = info.ModTime().UTC(), f.want
	}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("modification times after restore (-want +got):\n%s", diff)
	}
	if _, err := os.Stat(record); !os.IsNotExist(err) {
		t.Errorf("the record is still there after restore (stat: %v)", err)
	}
	// A restore without a record does nothing.
	if err := restoreMtimes(root, record); err != nil {
		t.Errorf("restore without a record: %v", err)
	}
}
