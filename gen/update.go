package main

import (
	"bufio"
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"maps"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
)

// go generate's -update lines run a test that rewrites the files showing
// a grammar's output (an explain table, the verdicts of a list of cases)
// from the code just generated:
//
//	go run -trimpath ./gen update ./rfc3986/grammar -run TestExplainTable -update-explain
//
// runs go test with those arguments, unless a run recorded in the step
// cache (stepcache.go) shows that it would change nothing. go test's own
// cache cannot say so: it never caches a run with flags of the test's
// own, such as -update-explain, and it keys the files a test opens by
// their absolute path and modification time, which differ in every
// checkout.
//
// A run's key is a hash of the test binary's sources (testSourceKey: the
// bytes of every file of every package of the module the test builds,
// the version of every other module, the toolchain and the build's
// environment) and the arguments. The test log that the testing package
// writes (-test.testlogfile, as go test uses it) names every file the
// run opened or looked at and every environment variable it read. A run
// that left every file of the tree as it found them is a fixed point:
// it is recorded under the key, with the bytes (SHA-256) of each file it
// read, each directory's entries, and each variable's value. A later run
// under the same key whose every recorded input is as recorded would
// read what the recorded run read and so write what it wrote, which was
// nothing: gen update then says nothing and runs nothing. A run that
// changed the tree is not recorded (the next one, on its output, is).
//
// A test whose module code imports os/exec could read files through
// another process, which the log does not show: such a test always runs.
// So does every test when RFC2396_GEN_CACHE=off, as in CI's drift check.

// updateCommand runs gen update PACKAGE FLAGS...: go test PACKAGE FLAGS,
// served from the step cache where a recorded run shows it would change
// nothing.
func updateCommand(args []string) error {
	if len(args) < 2 || strings.HasPrefix(args[0], "-") {
		return errors.New("usage: gen update PACKAGE GO-TEST-FLAGS")
	}
	_, err := runUpdate(openStepCache(), args[0], args[1:])
	return err
}

// runUpdate runs go test pkg flags in the current directory, the root
// of the module, through the cache c (nil: no cache), and reports
// whether the cache served it.
func runUpdate(c *stepCache, pkg string, flags []string) (hit bool, err error) {
	root, err := os.Getwd()
	if err != nil {
		return false, err
	}
	var key, dir string
	var excluded []string
	if c != nil {
		var code string
		code, dir, excluded, err = testSourceKey(pkg)
		if errors.Is(err, errSpawns) {
			c = nil
		} else if err != nil {
			fmt.Fprintf(os.Stderr, "gen: update %s: %v (the test runs, its run is not recorded)\n", pkg, err)
			c = nil
		} else {
			key = stepKey(code, append([]string{"update", pkg}, flags...))
			if c.lookup(key) != nil {
				return true, nil
			}
		}
	}
	if c == nil {
		return false, runGoTest(pkg, flags, "")
	}
	before, err := treeHashes(root)
	if err != nil {
		return false, err
	}
	logFile, err := os.CreateTemp("", "rfc2396-gen-testlog-*")
	if err != nil {
		return false, err
	}
	logPath := logFile.Name()
	logFile.Close()
	defer os.Remove(logPath)
	if err := runGoTest(pkg, flags, logPath); err != nil {
		return false, err
	}
	after, err := treeHashes(root)
	if err != nil {
		return false, err
	}
	if !maps.Equal(before, after) {
		return false, nil
	}
	log, err := os.ReadFile(logPath)
	if err != nil {
		return false, err
	}
	e, err := testLogEntry(log, root, dir, excluded)
	if err == nil {
		err = c.store(key, e)
	}
	if err != nil {
		fmt.Fprintf(os.Stderr, "gen: update %s: step cache: %v (the next run runs the test again)\n", pkg, err)
	}
	return false, nil
}

// runGoTest runs go test pkg flags, its output passed through, with the
// test log written to logPath unless it is empty.
func runGoTest(pkg string, flags []string, logPath string) error {
	args := append([]string{"test", pkg}, flags...)
	if logPath != "" {
		args = append(args, "-test.testlogfile="+logPath)
	}
	cmd := exec.Command("go", args...)
	cmd.Stdout, cmd.Stderr = os.Stdout, os.Stderr
	if err := cmd.Run(); err != nil {
		return fmt.Errorf("go test %s %s: %v", pkg, strings.Join(flags, " "), err)
	}
	return nil
}

// listedPackage is what testSourceKey reads of go list -json.
type listedPackage struct {
	ImportPath string
	Dir        string
	Standard   bool
	ForTest    string
	Module     *struct {
		Path, Version string
		Main          bool
	}
	Imports []string
	Error   *struct{ Err string }

	GoFiles, CgoFiles, CFiles, CXXFiles, HFiles, SFiles, SysoFiles []string
	EmbedFiles, TestGoFiles, XTestGoFiles                          []string
}

// errSpawns is testSourceKey's error for a test whose module code
// imports os/exec: the test log would not show what another process
// reads, so the test runs every time.
var errSpawns = errors.New("the test's module code imports os/exec")

// buildEnv names the go env variables that change what a build makes.
var buildEnv = []string{"GOVERSION", "GOOS", "GOARCH", "GOFLAGS", "CGO_ENABLED", "GOEXPERIMENT", "GOAMD64", "GOARM64", "GO386", "GOARM", "GODEBUG"}

// testSourceKey returns a hash of what the test binary of pkg is built
// from, the same in every checkout of the same bytes, the package's
// directory (where go test runs it), and the directories whose files a
// test log may name but the record leaves out: the toolchain's and the
// module cache's, whose bytes the key fixes. It fails with errSpawns for a
// test whose module code imports os/exec, and for a package go list
// reports an error in.
func testSourceKey(pkg string) (key, dir string, excluded []string, err error) {
	// One go env: the roots, then the variables that change a build.
	out, err := exec.Command("go", append([]string{"env", "GOROOT", "GOMODCACHE"}, buildEnv...)...).Output()
	if err != nil {
		return "", "", nil, fmt.Errorf("go env: %v", err)
	}
	lines := strings.SplitAfterN(string(out), "\n", 3)
	if len(lines) < 3 {
		return "", "", nil, fmt.Errorf("go env: %d lines, want %d", len(lines), 2+len(buildEnv))
	}
	for _, l := range lines[:2] {
		if l = strings.TrimSpace(l); l != "" {
			excluded = append(excluded, l)
		}
	}
	env := lines[2]
	key, dir, err = hashTestSources(pkg, env)
	return key, dir, excluded, err
}

// hashTestSources is testSourceKey's hash and directory, over env (go
// env's lines of buildEnv) and the sources go list names.
func hashTestSources(pkg, env string) (key, dir string, err error) {
	out, err := exec.Command("go", "list", "-deps", "-test", "-json", pkg).Output()
	if err != nil {
		return "", "", fmt.Errorf("go list %s: %v", pkg, err)
	}
	root, err := os.Getwd()
	if err != nil {
		return "", "", err
	}
	var b bytes.Buffer
	fmt.Fprintf(&b, "rfc2396-gen update 1\n%s", env)
	for _, name := range []string{"go.mod", "go.sum"} {
		data, err := os.ReadFile(name)
		if err != nil && !errors.Is(err, fs.ErrNotExist) {
			return "", "", err
		}
		fmt.Fprintf(&b, "%s %s\n", name, sha256Hex(data))
	}
	dec := json.NewDecoder(bytes.NewReader(out))
	for {
		var p listedPackage
		if err := dec.Decode(&p); err == io.EOF {
			break
		} else if err != nil {
			return "", "", fmt.Errorf("go list %s: %v", pkg, err)
		}
		if p.Error != nil {
			return "", "", fmt.Errorf("go list %s: %s", pkg, p.Error.Err)
		}
		switch {
		case p.Standard:
			fmt.Fprintf(&b, "std %s\n", p.ImportPath)
			continue
		case p.Module != nil && !p.Module.Main:
			fmt.Fprintf(&b, "module %s %s@%s\n", p.ImportPath, p.Module.Path, p.Module.Version)
			continue
		}
		if slices.Contains(p.Imports, "os/exec") {
			return "", "", errSpawns
		}
		if p.ForTest == "" && strings.HasSuffix(p.ImportPath, ".test") {
			// The test's main package, which go test writes from
			// the test files hashed here.
			dir = p.Dir
			continue
		}
		rel, err := filepath.Rel(root, p.Dir)
		if err != nil {
			return "", "", err
		}
		fmt.Fprintf(&b, "package %s %s\n", p.ImportPath, filepath.ToSlash(rel))
		for _, files := range [][]string{p.GoFiles, p.CgoFiles, p.CFiles, p.CXXFiles, p.HFiles, p.SFiles, p.SysoFiles, p.EmbedFiles, p.TestGoFiles, p.XTestGoFiles} {
			for _, f := range files {
				data, err := os.ReadFile(filepath.Join(p.Dir, f))
				if err != nil {
					return "", "", err
				}
				fmt.Fprintf(&b, "%d:%s %s\n", len(f), f, sha256Hex(data))
			}
		}
	}
	if dir == "" {
		return "", "", fmt.Errorf("go list %s: no test binary", pkg)
	}
	return sha256Hex(b.Bytes()), dir, nil
}

// testLogEntry returns the record of a run from its test log: every file
// it opened or looked at (relative to root when under it, absolute
// otherwise; none under excluded), as it is now, each directory it opened
// with its entries, and each environment variable it read. The test ran
// in dir.
func testLogEntry(log []byte, root, dir string, excluded []string) (*stepEntry, error) {
	e := &stepEntry{Files: map[string]string{}, Globs: map[string][]string{}, Env: map[string]string{}}
	sc := bufio.NewScanner(bytes.NewReader(log))
	sc.Buffer(nil, 1<<20)
	if !sc.Scan() || sc.Text() != "# test log" {
		return nil, errors.New("the test wrote no test log")
	}
	pwd := dir
	for n := 2; sc.Scan(); n++ {
		op, name, ok := strings.Cut(sc.Text(), " ")
		if !ok {
			return nil, fmt.Errorf("test log line %d: %q: not an operation and a name", n, sc.Text())
		}
		if op == "getenv" {
			if v, set := os.LookupEnv(name); set {
				e.Env[name] = "set " + v
			} else {
				e.Env[name] = "unset"
			}
			continue
		}
		if !filepath.IsAbs(name) {
			name = filepath.Join(pwd, name)
		}
		switch op {
		case "chdir":
			pwd = name
			continue
		case "open", "stat":
		default:
			return nil, fmt.Errorf("test log line %d: unknown operation %q", n, op)
		}
		if slices.ContainsFunc(excluded, func(r string) bool { return underDir(r, name) }) {
			continue
		}
		path := name
		if underDir(root, name) {
			rel, err := filepath.Rel(root, name)
			if err != nil {
				return nil, err
			}
			path = rel
		}
		if err := recordLogged(e, path, op == "open"); err != nil {
			return nil, err
		}
	}
	if err := sc.Err(); err != nil {
		return nil, err
	}
	return e, nil
}

// underDir reports whether path is dir or under it.
func underDir(dir, path string) bool {
	rel, err := filepath.Rel(dir, path)
	return err == nil && rel != ".." && !strings.HasPrefix(rel, ".."+string(filepath.Separator))
}

// recordLogged records in e what path holds: a regular file's SHA-256,
// or that it is absent, or present; and the entries of a directory that
// was opened, as the glob of its entries.
func recordLogged(e *stepEntry, path string, opened bool) error {
	slash := filepath.ToSlash(path)
	info, err := os.Stat(path)
	switch {
	case errors.Is(err, fs.ErrNotExist):
		e.Files[slash] = absentHash
	case err != nil:
		return err
	case info.Mode().IsRegular():
		data, err := os.ReadFile(path)
		if err != nil {
			return err
		}
		e.Files[slash] = sha256Hex(data)
	default:
		e.Files[slash] = presentHash
		if info.IsDir() && opened {
			pattern := slash + "/*"
			matches, err := filepath.Glob(filepath.FromSlash(pattern))
			if err != nil {
				return err
			}
			slices.Sort(matches)
			e.Globs[pattern] = matches
		}
	}
	return nil
}

// treeHashes returns the SHA-256 of every file under root, by path,
// leaving out dot directories (.git) as gen mtimes does.
func treeHashes(root string) (map[string]string, error) {
	hashes := map[string]string{}
	err := walkFiles(root, func(rel string, _ fs.FileInfo) error {
		sum, err := hashFile(filepath.Join(root, filepath.FromSlash(rel)))
		hashes[rel] = sum
		return err
	})
	return hashes, err
}
