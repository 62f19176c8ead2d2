package main

import (
	"bufio"
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"go/ast"
	"go/format"
	"go/parser"
	"go/token"
	"io/fs"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"slices"
	"sort"
	"strings"

	"github.com/rfc2396/rfc2396/internal/safeout"
)

// rewriteOutputs brings the output comments of the repository's Example
// functions up to date, from the repository root (see the package doc).
func rewriteOutputs() error {
	dirs, err := exampleDirs(".")
	if err != nil {
		return err
	}
	if len(dirs) == 0 {
		return errors.New("no package has an Example function")
	}
	failed, err := runExamples(dirs)
	if err != nil {
		return err
	}
	if len(failed) == 0 {
		return nil
	}
	for _, f := range failed {
		for line := range strings.SplitSeq(f.got, "\n") {
			if strings.TrimRight(line, " \t") != line {
				return fmt.Errorf("%s: %s prints the line %q, which ends in a space: an output comment cannot hold it", f.dir, f.name, line)
			}
		}
	}
	// Every file is read before any is written, and written back as it
	// was if the Examples still fail once rewritten.
	originals := map[string][]byte{}
	restore := func() {
		for path, src := range originals {
			if err := writeFile(path, src); err != nil {
				fmt.Fprintf(os.Stderr, "examples outputs: %s: could not write back: %v\n", path, err)
			}
		}
	}
	for _, f := range failed {
		if err := rewrite(f, originals); err != nil {
			restore()
			return err
		}
		fmt.Fprintf(os.Stderr, "examples outputs: %s: %s: output rewritten; check that what the Example and its comment say still holds:\n%s", f.dir, f.name, outputDiff(f.want, f.got))
	}
	again, err := runExamples(dirs)
	if err == nil && len(again) > 0 {
		var names []string
		for _, f := range again {
			names = append(names, f.dir+": "+f.name)
		}
		err = fmt.Errorf("these Examples still fail once rewritten: %s", strings.Join(names, ", "))
	}
	if err != nil {
		restore()
		return err
	}
	return nil
}

// outputDiff shows an Example's old output and its new one, a line each,
// "-" before an old line and "+" before a new one.
func outputDiff(old, new string) string {
	var b strings.Builder
	for line := range strings.SplitSeq(old, "\n") {
		fmt.Fprintf(&b, "\t- %s\n", line)
	}
	for line := range strings.SplitSeq(new, "\n") {
		fmt.Fprintf(&b, "\t+ %s\n", line)
	}
	return b.String()
}

// writeFile replaces the file path with data, under a temporary name
// renamed into place, so that an interrupted write leaves the old file.
func writeFile(path string, data []byte) error {
	root, err := safeout.OpenDir(filepath.Dir(path))
	if err != nil {
		return fmt.Errorf("%s: %v", filepath.Dir(path), err)
	}
	defer root.Close()
	return safeout.WriteFile(root, filepath.Base(path), data)
}

// exampleDirs returns the directories under root, as "./dir" package
// patterns, whose test files declare an Example function.
func exampleDirs(root string) ([]string, error) {
	seen := map[string]bool{}
	err := walkTestFiles(root, func(path string) error {
		src, err := os.ReadFile(path)
		if err != nil {
			return err
		}
		if exampleFunc.Match(src) {
			seen["./"+filepath.ToSlash(filepath.Dir(path))] = true
		}
		return nil
	})
	dirs := make([]string, 0, len(seen))
	for d := range seen {
		dirs = append(dirs, strings.TrimSuffix(d, "/."))
	}
	sort.Strings(dirs)
	return dirs, err
}

// walkTestFiles calls visit with the path of every test file (*_test.go)
// under root that go test would build: directories whose names begin with
// "." or "_", and testdata, are skipped. It stops at the first error.
func walkTestFiles(root string, visit func(path string) error) error {
	return filepath.WalkDir(root, func(path string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if d.IsDir() {
			if name := d.Name(); path != root && (strings.HasPrefix(name, ".") || strings.HasPrefix(name, "_") || name == "testdata") {
				return filepath.SkipDir
			}
			return nil
		}
		if !strings.HasSuffix(path, "_test.go") {
			return nil
		}
		return visit(path)
	})
}

var exampleFunc = regexp.MustCompile(`(?m)^func Example`)

// failure is an Example that printed got instead of its output comment,
// want.
type failure struct {
	dir, name string
	got, want string // as printed, less leading and trailing space
}

// event is a line of go test -json.
type event struct {
	Action  string
	Package string
	Test    string
	Output  string
}

// runExamples runs the Examples of dirs and returns those that print
// something other than their output comment. go test's cache answers for
// a package nothing has changed in (its output is replayed as it was), so
// a generation after an edit runs only the Examples the edit reaches.
func runExamples(dirs []string) ([]failure, error) {
	args := append([]string{"test", "-json", "-run", "^Example"}, dirs...)
	cmd := exec.Command("go", args...)
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	out, err := cmd.Output()
	var exit *exec.ExitError
	if err != nil && !errors.As(err, &exit) {
		return nil, err
	}
	module, err := modulePath()
	if err != nil {
		return nil, err
	}
	outputs := map[[2]string]*strings.Builder{}
	var failed, running [][2]string
	sc := bufio.NewScanner(bytes.NewReader(out))
	sc.Buffer(nil, 1<<24)
	for sc.Scan() {
		var e event
		if err := json.Unmarshal(sc.Bytes(), &e); err != nil {
			return nil, fmt.Errorf("go test -json: %v: %q", err, sc.Bytes())
		}
		key := [2]string{e.Package, e.Test}
		switch {
		case e.Action == "output" && e.Test != "":
			if outputs[key] == nil {
				outputs[key] = &strings.Builder{}
			}
			outputs[key].WriteString(e.Output)
		case e.Action == "run" && e.Test != "":
			running = append(running, key)
		case (e.Action == "pass" || e.Action == "skip") && e.Test != "":
			running = slices.DeleteFunc(running, func(k [2]string) bool { return k == key })
		case e.Action == "fail" && e.Test != "":
			running = slices.DeleteFunc(running, func(k [2]string) bool { return k == key })
			failed = append(failed, key)
		case e.Action == "fail":
			// An Example that was running when its package failed
			// stopped the test binary: log.Fatal on an error it did not
			// expect, which is how the Examples report that their input
			// no longer reads as their comment says.
			if i := slices.IndexFunc(running, func(k [2]string) bool { return k[0] == e.Package }); i >= 0 {
				var text strings.Builder
				if b := outputs[running[i]]; b != nil {
					for line := range strings.Lines(b.String()) {
						if !strings.HasPrefix(line, "=== ") {
							text.WriteString("\t" + line)
						}
					}
				}
				dir := "." + strings.TrimPrefix(e.Package, module)
				return nil, fmt.Errorf("%s: %s stopped on an error, so the grammar in force no longer reads its input as the Example and its comment say; its output is not rewritten. Change the Example by hand (its input, its comment and its output; see docs/changing-the-grammar.md), then run go generate again. It printed:\n%s", dir, running[i][1], text.String())
			}
			// Otherwise the package failed by its Examples (listed
			// above), or because it does not build, which is the
			// caller's to fix.
			if !slices.ContainsFunc(failed, func(k [2]string) bool { return k[0] == e.Package }) {
				return nil, fmt.Errorf("go test %s failed:\n%s%s", e.Package, stderr.String(), packageOutput(out, e.Package))
			}
		}
	}
	if err := sc.Err(); err != nil {
		return nil, err
	}
	var result []failure
	for _, key := range failed {
		text := ""
		if b := outputs[key]; b != nil {
			text = b.String()
		}
		got, want, ok := printed(text)
		if !ok || !strings.HasPrefix(key[1], "Example") {
			return nil, fmt.Errorf("%s: %s failed, not by printing another output:\n%s", key[0], key[1], text)
		}
		dir := "." + strings.TrimPrefix(key[0], module)
		result = append(result, failure{dir: dir, name: key[1], got: got, want: want})
	}
	return result, nil
}

// packageOutput returns what go test -json printed for package pkg itself.
func packageOutput(out []byte, pkg string) string {
	var b strings.Builder
	for line := range bytes.Lines(out) {
		var e event
		if json.Unmarshal(line, &e) == nil && e.Package == pkg && e.Action == "output" {
			b.WriteString(e.Output)
		}
	}
	return b.String()
}

// printed returns what a failing Example printed and its output comment,
// from the report of package testing: "got:\n" GOT "\nwant:\n" WANT,
// where WANT is the output comment.
func printed(report string) (got, want string, ok bool) {
	_, rest, ok := strings.Cut(report, "\ngot:\n")
	if !ok {
		return "", "", false
	}
	for _, sep := range []string{"\nwant:\n", "\nwant (unordered):\n"} {
		if i := strings.LastIndex(rest, sep); i >= 0 {
			want = rest[i+len(sep):]
			// The report ends with the Example's "--- FAIL" line.
			if j := strings.Index(want, "\n--- FAIL"); j >= 0 {
				want = want[:j]
			}
			return strings.TrimSpace(rest[:i]), strings.TrimSpace(want), true
		}
	}
	return "", "", false
}

// modulePath returns the path of the module in the current directory.
func modulePath() (string, error) {
	out, err := exec.Command("go", "list", "-m").Output()
	if err != nil {
		return "", fmt.Errorf("go list -m: %v", err)
	}
	return strings.TrimSpace(string(out)), nil
}

// outputComment matches the first line of an Example's output comment.
var outputComment = regexp.MustCompile(`(?i)^[[:space:]]*(unordered )?output:`)

// rewrite replaces f's output comment with f.got, keeping in originals
// the contents of a file before its first rewrite.
func rewrite(f failure, originals map[string][]byte) error {
	files, err := filepath.Glob(filepath.Join(f.dir, "*_test.go"))
	if err != nil {
		return err
	}
	for _, path := range files {
		src, err := os.ReadFile(path)
		if err != nil {
			return err
		}
		fset := token.NewFileSet()
		file, err := parser.ParseFile(fset, path, src, parser.ParseComments)
		if err != nil {
			return err
		}
		for _, d := range file.Decls {
			fn, ok := d.(*ast.FuncDecl)
			if !ok || fn.Recv != nil || fn.Name.Name != f.name || fn.Body == nil {
				continue
			}
			c := lastOutputComment(file, fn)
			if c == nil {
				return fmt.Errorf("%s: %s has no output comment", path, f.name)
			}
			begin, end := fset.Position(c.Pos()), fset.Position(c.End())
			m := outputComment.FindStringSubmatch(c.List[0].Text[2:])
			header := "// Output:"
			if m != nil && m[1] != "" {
				header = "// Unordered output:"
			}
			indent := src[begin.Offset-(begin.Column-1) : begin.Offset]
			lines := []string{header}
			for line := range strings.SplitSeq(f.got, "\n") {
				if line == "" {
					lines = append(lines, "//")
				} else {
					lines = append(lines, "// "+line)
				}
			}
			var b bytes.Buffer
			b.Write(src[:begin.Offset])
			b.WriteString(strings.Join(lines, "\n"+string(indent)))
			b.Write(src[end.Offset:])
			formatted, err := format.Source(b.Bytes())
			if err != nil {
				return fmt.Errorf("%s: %v", path, err)
			}
			if _, ok := originals[path]; !ok {
				originals[path] = src
			}
			return writeFile(path, formatted)
		}
	}
	return fmt.Errorf("%s: no function %s", f.dir, f.name)
}

// lastOutputComment returns the output comment of Example fn: the last
// comment group in its body whose first line starts "Output:" or
// "Unordered output:".
func lastOutputComment(file *ast.File, fn *ast.FuncDecl) *ast.CommentGroup {
	var found *ast.CommentGroup
	for _, c := range file.Comments {
		if c.Pos() < fn.Body.Lbrace || c.End() > fn.Body.Rbrace {
			continue
		}
		if text := c.List[0].Text; strings.HasPrefix(text, "//") && outputComment.MatchString(text[2:]) {
			found = c
		}
	}
	return found
}
