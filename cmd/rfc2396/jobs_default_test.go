package main

import (
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestBatchJobs holds a batch's default number of workers to its input's
// size: one for an input known to be under smallInput (arguments, and
// standard input and files that are regular files), every core for a
// larger one or one of unknown size (a pipe), one for a light batch
// (unescape) whatever its input, and -j's number whenever it is given.
func TestBatchJobs(t *testing.T) {
	dir := t.TempDir()
	small := filepath.Join(dir, "small")
	if err := os.WriteFile(small, []byte("http://a/\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	large := filepath.Join(dir, "large")
	if err := os.WriteFile(large, nil, 0o644); err != nil {
		t.Fatal(err)
	}
	if err := os.Truncate(large, smallInput); err != nil { // sparse: no disk
		t.Fatal(err)
	}
	open := func(name string) *os.File {
		f, err := os.Open(name)
		if err != nil {
			t.Fatal(err)
		}
		t.Cleanup(func() { f.Close() })
		return f
	}
	pipe := func() *os.File {
		r, w, err := os.Pipe()
		if err != nil {
			t.Fatal(err)
		}
		t.Cleanup(func() { r.Close(); w.Close() })
		return r
	}
	cores := jobCount(0).n()
	for _, c := range []struct {
		name  string
		stdin any // *os.File or a plain reader
		args  []string
		files []string
		j     jobCount
		light bool
		want  int
	}{
		{"small stdin", open(small), nil, nil, 0, false, 1},
		{"large stdin", open(large), nil, nil, 0, false, cores},
		{"piped stdin", pipe(), nil, nil, 0, false, cores},
		{"a reader of unknown size", strings.NewReader("http://a/\n"), nil, nil, 0, false, cores},
		{"arguments", nil, []string{"http://a/", "b"}, nil, 0, false, 1},
		{"arguments and small stdin", open(small), []string{"a", "-"}, nil, 0, false, 1},
		{"arguments and piped stdin", pipe(), []string{"a", "-"}, nil, 0, false, cores},
		{"small files", nil, nil, []string{small, small}, 0, false, 1},
		{"files over the size together", nil, nil, []string{small, large}, 0, false, cores},
		{"a file that cannot be opened", nil, nil, []string{filepath.Join(dir, "none"), small}, 0, false, 1},
		{"a small file and piped stdin", pipe(), nil, []string{small, "-"}, 0, false, cores},
		{"-j given, small input", open(small), nil, nil, 3, false, 3},
		{"-j 1 given, large input", open(large), nil, nil, 1, false, 1},
		{"light, piped stdin", pipe(), nil, nil, 0, true, 1},
		{"light, large input", open(large), nil, nil, 0, true, 1},
		{"light, -j given", open(large), nil, nil, 2, true, 2},
	} {
		t.Run(c.name, func(t *testing.T) {
			inv := &invocation{streams: &streamOptions{jobs: c.j}}
			if c.stdin != nil {
				inv.stdin = c.stdin.(io.Reader)
			}
			b := &batch{inv: inv, args: c.args, files: c.files, light: c.light}
			if got := b.jobs(); got != c.want {
				t.Errorf("jobs = %d, want %d", got, c.want)
			}
		})
	}
}
