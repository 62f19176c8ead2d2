package main

import (
	"bytes"
	"errors"
	"fmt"
	"go/ast"
	"go/parser"
	"go/token"
	"io/fs"
	"maps"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
)

// stagedSnapshot returns the staged changes, path by path, and discards
// them.
func stagedSnapshot() map[string]stagedChange {
	out := map[string]stagedChange{}
	for _, p := range stagedOrder {
		out[filepath.ToSlash(p)] = staged[p]
	}
	discardStaged()
	return out
}

// fakeStep is a command that reads through every recorded kind of input:
// a file's bytes, a file's absence, a file's presence and a glob.
func fakeStep(runs *int) func() error {
	return func() error {
		*runs++
		a, err := readInput("a.txt")
		if errors.Is(err, fs.ErrNotExist) {
			a = []byte("no a.txt")
		} else if err != nil {
			return err
		}
		if _, err := readInput("missing.txt"); err == nil {
			a = append(a, " and missing.txt"...)
		}
		if _, err := statInput("there.txt"); err == nil {
			a = append(a, " with there.txt"...)
		}
		svgs, err := globInput(filepath.Join("d", "*.svg"))
		if err != nil {
			return err
		}
		for _, s := range svgs {
			if err := removeFile(s); err != nil {
				return err
			}
		}
		return writeFile("out.txt", a)
	}
}

// fakeTree makes the files fakeStep reads in the current directory.
func fakeTree(t *testing.T) {
	t.Helper()
	for name, data := range map[string]string{"a.txt": "a", "there.txt": "there", "d/x.svg": "<svg/>"} {
		if err := os.MkdirAll(filepath.Dir(name), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(name, []byte(data), 0o644); err != nil {
			t.Fatal(err)
		}
	}
}

func useStaging(t *testing.T) {
	staging = true
	t.Cleanup(func() { staging = false; discardStaged(); resetInputs() })
}

// TestStepCacheMisses records a run of a command, changes one of its
// inputs (or the executable, or the arguments), and runs it again: every
// change but the bytes of a file whose existence alone was read must
// make the command run, and an unchanged tree must be served from the
// cache with the outputs of the recorded run.
func TestStepCacheMisses(t *testing.T) {
	useStaging(t)
	args := []string{"standard", "x.manifest.json"}
	for _, tc := range []struct {
		name    string
		change  func(t *testing.T)
		exe     string
		args    []string
		wantHit bool
	}{
		{name: "nothing", wantHit: true},
		{name: "bytes of a file read", change: write("a.txt", "b")},
		{name: "a file read removed", change: remove("a.txt")},
		{name: "a file found absent created", change: write("missing.txt", "")},
		{name: "a file found present removed", change: remove("there.txt")},
		{name: "bytes of a file found present", change: write("there.txt", "other"), wantHit: true},
		{name: "a glob's match added", change: write("d/y.svg", "<svg/>")},
		{name: "a glob's match removed", change: remove("d/x.svg")},
		{name: "an output changed by hand", change: write("out.txt", "by hand"), wantHit: true},
		{name: "an output removed", change: remove("out.txt"), wantHit: true},
		{name: "another executable", exe: "exe2"},
		{name: "another argument", args: []string{"standard", "y.manifest.json"}},
		{name: "an argument split", args: []string{"standard x.manifest.json"}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			chdir(t, t.TempDir())
			fakeTree(t)
			c := &stepCache{dir: t.TempDir(), perKey: stepsPerKey, maxBytes: stepCacheBytes}
			runs := 0
			if hit, err := runStep(c, "exe1", args, fakeStep(&runs)); err != nil || hit {
				t.Fatalf("first run: hit %v, %v", hit, err)
			}
			want := stagedSnapshot()
			if err := os.WriteFile("out.txt", want["out.txt"].data, 0o644); err != nil {
				t.Fatal(err)
			}
			if tc.change != nil {
				tc.change(t)
			}
			exe, a := "exe1", args
			if tc.exe != "" {
				exe = tc.exe
			}
			if tc.args != nil {
				a = tc.args
			}
			hit, err := runStep(c, exe, a, fakeStep(&runs))
			if err != nil {
				t.Fatal(err)
			}
			got := stagedSnapshot()
			if hit != tc.wantHit || (runs == 1) != hit {
				t.Fatalf("hit %v after %d runs, want hit %v", hit, runs, tc.wantHit)
			}
			if hit && !sameStaged(got, want) {
				t.Errorf("served %v, want what the command staged, %v", got, want)
			}
		})
	}
}

func write(name, data string) func(t *testing.T) {
	return func(t *testing.T) {
		if err := os.WriteFile(name, []byte(data), 0o644); err != nil {
			t.Fatal(err)
		}
	}
}

func remove(name string) func(t *testing.T) {
	return func(t *testing.T) {
		if err := os.Remove(name); err != nil {
			t.Fatal(err)
		}
	}
}

func sameStaged(a, b map[string]stagedChange) bool {
	if len(a) != len(b) {
		return false
	}
	for p, c := range a {
		d, ok := b[p]
		if !ok || c.remove != d.remove || !bytes.Equal(c.data, d.data) {
			return false
		}
	}
	return true
}

// TestStepCacheDamaged checks that an entry whose bytes changed in the
// cache is not served: the command runs, and records a sound entry.
func TestStepCacheDamaged(t *testing.T) {
	useStaging(t)
	chdir(t, t.TempDir())
	fakeTree(t)
	c := &stepCache{dir: t.TempDir(), perKey: stepsPerKey, maxBytes: stepCacheBytes}
	args := []string{"grammar"}
	runs := 0
	if _, err := runStep(c, "exe", args, fakeStep(&runs)); err != nil {
		t.Fatal(err)
	}
	discardStaged()
	entries := c.entries(stepKey("exe", args))
	if len(entries) != 1 {
		t.Fatalf("%d entries, want 1", len(entries))
	}
	data, err := os.ReadFile(entries[0])
	if err != nil {
		t.Fatal(err)
	}
	// The output's bytes, "a with there.txt", are in the entry as they
	// are: change one.
	i := bytes.Index(data, []byte("a with there.txt"))
	if i < 0 {
		t.Fatal("the output's bytes are not in the entry")
	}
	data[i] = 'b'
	if err := os.WriteFile(entries[0], data, 0o644); err != nil {
		t.Fatal(err)
	}
	hit, err := runStep(c, "exe", args, fakeStep(&runs))
	if err != nil || hit || runs != 2 {
		t.Fatalf("damaged entry: hit %v after %d runs, %v; want a run", hit, runs, err)
	}
	if got := string(stagedSnapshot()["out.txt"].data); got != "a with there.txt" {
		t.Errorf("out.txt: %q", got)
	}
	if hit, _ := runStep(c, "exe", args, fakeStep(&runs)); !hit {
		t.Error("the run after the damaged entry was not recorded")
	}
}

// TestStepCacheBounded checks the bounds: runs per key, and bytes in all,
// the least recently used dropped first.
func TestStepCacheBounded(t *testing.T) {
	useStaging(t)
	chdir(t, t.TempDir())
	fakeTree(t)
	c := &stepCache{dir: t.TempDir(), perKey: 2, maxBytes: 1 << 20}
	runs := 0
	for i := range 5 {
		write("a.txt", fmt.Sprint(i))(t)
		if _, err := runStep(c, "exe", []string{"grammar"}, fakeStep(&runs)); err != nil {
			t.Fatal(err)
		}
		discardStaged()
	}
	if n := len(c.entries(stepKey("exe", []string{"grammar"}))); n != 2 {
		t.Errorf("%d runs kept under a key, want 2", n)
	}
	write("a.txt", strings.Repeat("a", 400<<10))(t)
	for i := range 5 {
		if _, err := runStep(c, fmt.Sprint("exe", i), []string{"grammar"}, fakeStep(&runs)); err != nil {
			t.Fatal(err)
		}
		discardStaged()
	}
	var total int64
	filepath.Walk(c.dir, func(_ string, info os.FileInfo, err error) error {
		if err == nil && !info.IsDir() {
			total += info.Size()
		}
		return err
	})
	if total > c.maxBytes {
		t.Errorf("the cache holds %d bytes, more than its bound %d", total, c.maxBytes)
	}
	if hit, _ := runStep(c, "exe4", []string{"grammar"}, fakeStep(&runs)); !hit {
		t.Error("the most recent run was evicted")
	}
}

// TestStepCacheAgreesWithRun runs gen standard of a small standard of
// the repository without the cache, then through an empty cache, then
// through the cache again, which serves it: the three stage the same
// changes. It runs in a copy of the files the command reads (the
// repository's root is not made the working directory: go test's cache
// would then rerun gen's tests whenever a file is written there).
func TestStepCacheAgreesWithRun(t *testing.T) {
	useStaging(t)
	const manifest = "rfc8141.manifest.json"
	copied := []string{manifest, "rfc8141.peg", "rfc3986.manifest.json", "rfc3986.peg", "grammar/rfc8141.abnf",
		"generate.go", "rfc8141/grammar/testdata/explain.txt"}
	svgs, err := filepath.Glob("../site/data/rfc8141/diagrams/*.svg")
	if err != nil || len(svgs) == 0 {
		t.Fatalf("the diagrams of rfc8141: %v %v", svgs, err)
	}
	for _, svg := range svgs {
		copied = append(copied, strings.TrimPrefix(filepath.ToSlash(svg), "../"))
	}
	dir := t.TempDir()
	for _, name := range copied {
		data, err := os.ReadFile(filepath.Join("..", name))
		if err != nil {
			t.Fatal(err)
		}
		if err := os.MkdirAll(filepath.Join(dir, filepath.Dir(name)), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(filepath.Join(dir, name), data, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	chdir(t, dir)
	args := []string{"standard", manifest}
	run := func() error { return generateStandard(manifest) }
	if _, err := runStep(nil, "", args, run); err != nil {
		t.Fatal(err)
	}
	uncached := stagedSnapshot()
	c := &stepCache{dir: t.TempDir(), perKey: stepsPerKey, maxBytes: stepCacheBytes}
	for _, wantHit := range []bool{false, true} {
		hit, err := runStep(c, "exe", args, run)
		if err != nil {
			t.Fatal(err)
		}
		if hit != wantHit {
			t.Fatalf("hit %v, want %v", hit, wantHit)
		}
		if got := stagedSnapshot(); !sameStaged(got, uncached) {
			t.Errorf("hit %v: staged %d files, not those of the run without the cache (%d)", hit, len(got), len(uncached))
		}
	}
	e := c.lookup(stepKey("exe", args))
	if e == nil {
		t.Fatal("no entry")
	}
	for _, in := range []string{manifest, "rfc8141.peg", "rfc3986.peg", "grammar/rfc8141.abnf"} {
		if _, ok := e.Files[in]; !ok {
			t.Errorf("%s is not an input of the recorded run (inputs: %v)", in, slices.Sorted(maps.Keys(e.Files)))
		}
	}
	for in, hash := range e.Files {
		if hash != absentHash && !slices.Contains(copied, in) {
			t.Errorf("the run read %s, which the test does not copy", in)
		}
	}
}

// TestInputsAreRecorded fails on a call in gen's own files that reads
// the tree, or prints, past the record of inputs.go, outside the files
// that may: the record itself, the staging and the step cache, gen
// mtimes, gen update (whose inputs are those its test's log names), and
// gen render (which the cache does not serve); main.go prints
// the errors of a command, which the cache does not record.
func TestInputsAreRecorded(t *testing.T) {
	mayRead := []string{"inputs.go", "stepcache.go", "stage.go", "mtimes.go", "update.go", "render.go", "render_compile.go", "render_load.go"}
	mayPrint := append(slices.Clone(mayRead), "main.go")
	reads := []string{"os.ReadFile", "os.Open", "os.OpenFile", "os.Stat", "os.Lstat", "os.ReadDir", "os.DirFS",
		"filepath.Glob", "filepath.Walk", "filepath.WalkDir", "exec.Command", "os.Getenv", "os.LookupEnv", "os.Environ"}
	prints := []string{"os.Stderr", "os.Stdout", "fmt.Print", "fmt.Println", "fmt.Printf", "log.Print", "log.Printf", "log.Println"}
	files, err := filepath.Glob("*.go")
	if err != nil {
		t.Fatal(err)
	}
	fset := token.NewFileSet()
	for _, name := range files {
		if strings.HasSuffix(name, "_test.go") {
			continue
		}
		banned := map[string]bool{}
		if !slices.Contains(mayRead, name) {
			for _, r := range reads {
				banned[r] = true
			}
		}
		if !slices.Contains(mayPrint, name) {
			for _, p := range prints {
				banned[p] = true
			}
		}
		f, err := parser.ParseFile(fset, name, nil, 0)
		if err != nil {
			t.Fatal(err)
		}
		ast.Inspect(f, func(n ast.Node) bool {
			sel, ok := n.(*ast.SelectorExpr)
			if !ok {
				return true
			}
			if x, ok := sel.X.(*ast.Ident); ok && banned[x.Name+"."+sel.Sel.Name] {
				t.Errorf("%s: %s.%s: read through readInput, statInput or globInput, print through notef", fset.Position(sel.Pos()), x.Name, sel.Sel.Name)
			}
			return true
		})
	}
}

// chdir makes dir the working directory for the rest of the test, as
// t.Chdir does, but goes back by os.Chdir too: go test's cache follows
// the working directory through the changes os.Chdir logs, and t.Chdir's
// way back is not one, so the files later tests read would be looked
// for in dir, and a change to them would not rerun the tests.
func chdir(t *testing.T, dir string) {
	t.Helper()
	wd, err := os.Getwd()
	if err != nil {
		t.Fatal(err)
	}
	if err := os.Chdir(dir); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() {
		if err := os.Chdir(wd); err != nil {
			t.Error(err)
		}
	})
}
