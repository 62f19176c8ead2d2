package main

import (
	"bytes"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"runtime/debug"
	"strings"
)

// modulePath is this module's path; wasmPackage the playground's
// WebAssembly program in it.
const (
	modulePath  = "github.com/rfc2396/rfc2396"
	wasmPackage = modulePath + "/site/wasm"
)

// playgroundSource is where site builds the playground's module from:
// the module's source in dir, or, with dir empty, the module at query
// (a version or a revision), fetched by the go command into a temporary
// module that requires it.
type playgroundSource struct {
	dir   string
	query string
}

// errNoPlaygroundSource is the error of a build that has neither a
// version the go command can fetch nor its source at hand.
var errNoPlaygroundSource = errors.New("this rfc2396 is a development build: it has no version the go command can fetch, and its source is not here.\n" +
	"Run site inside a checkout of " + modulePath + " (or run the rfc2396 built there), or install a published version:\n" +
	"  go install " + modulePath + "/cmd/rfc2396@latest")

// findPlaygroundSource decides where the playground's module is built
// from, in this order: the current directory, when it is inside this
// module (cwdModules is what go list -m says there); the source this
// binary was built from, when it is still there (callerFile is this
// file's name as compiled in: an absolute path unless built with
// -trimpath) and is not a copy in the module cache; the version the
// binary was built at (go install ...@VERSION); its VCS revision, when
// the binary was built from a clean checkout. Otherwise it returns
// errNoPlaygroundSource.
func findPlaygroundSource(cwdModules string, info *debug.BuildInfo, callerFile string) (playgroundSource, error) {
	for _, m := range strings.Fields(cwdModules) {
		if m == modulePath {
			return playgroundSource{dir: "."}, nil
		}
	}
	if filepath.IsAbs(callerFile) {
		root := filepath.Dir(filepath.Dir(filepath.Dir(callerFile)))
		if !strings.Contains(root, "@") && isThisModule(root) {
			return playgroundSource{dir: root}, nil
		}
	}
	if info != nil && info.Main.Path == modulePath {
		if v := info.Main.Version; strings.HasPrefix(v, "v") && !strings.Contains(v, "+") {
			return playgroundSource{query: v}, nil
		}
		var rev string
		modified := false
		for _, s := range info.Settings {
			switch s.Key {
			case "vcs.revision":
				rev = s.Value
			case "vcs.modified":
				modified = s.Value == "true"
			}
		}
		if rev != "" && !modified {
			return playgroundSource{query: rev}, nil
		}
	}
	return playgroundSource{}, errNoPlaygroundSource
}

// isThisModule reports whether dir holds this module's source: a go.mod
// declaring modulePath, and the playground's program.
func isThisModule(dir string) bool {
	mod, err := os.ReadFile(filepath.Join(dir, "go.mod"))
	if err != nil {
		return false
	}
	if _, err := os.Stat(filepath.Join(dir, "site", "wasm", "main.go")); err != nil {
		return false
	}
	for _, line := range strings.Split(string(mod), "\n") {
		if f := strings.Fields(line); len(f) == 2 && f[0] == "module" && strings.Trim(f[1], `"`) == modulePath {
			return true
		}
	}
	return false
}

// goCommand runs the go command in dir with extra environment, and
// returns its standard output; an error carries what it wrote.
func goCommand(dir string, env []string, args ...string) ([]byte, error) {
	cmd := exec.Command("go", args...)
	cmd.Dir = dir
	cmd.Env = append(os.Environ(), env...)
	var stdout, stderr bytes.Buffer
	cmd.Stdout, cmd.Stderr = &stdout, &stderr
	if err := cmd.Run(); err != nil {
		if errors.Is(err, exec.ErrNotFound) {
			return nil, errors.New("the go command is not on the PATH: the playground is compiled to WebAssembly with the Go toolchain (https://go.dev/dl/)")
		}
		return stdout.Bytes(), fmt.Errorf("go %s: %v\n%s", strings.Join(args, " "), err, strings.TrimSpace(stderr.String()))
	}
	return stdout.Bytes(), nil
}

// buildPlayground builds the playground's WebAssembly module with the go
// command (GOOS=js GOARCH=wasm, -trimpath: the same source and Go give
// the same bytes; the build tag playground, which leaves out the engines
// of the RFC 3986 family's edits, which the playground never runs) and reads the wasm_exec.js of that Go. It builds from
// the source findPlaygroundSource finds; a binary installed with go
// install ...@VERSION has the go command fetch the module at that version
// (from the module cache when it is there) into a temporary module. say
// reports which.
func buildPlayground(say func(string)) (wasm, wasmExec []byte, err error) {
	wasmEnv := []string{"GOOS=js", "GOARCH=wasm"}
	if _, err := exec.LookPath("go"); err != nil {
		return nil, nil, errors.New("the go command is not on the PATH: the playground is compiled to WebAssembly with the Go toolchain (https://go.dev/dl/)")
	}
	cwdModules, _ := goCommand("", nil, "list", "-m") // fails outside a module
	info, _ := debug.ReadBuildInfo()
	_, callerFile, _, _ := runtime.Caller(0)
	src, err := findPlaygroundSource(string(cwdModules), info, callerFile)
	if err != nil {
		return nil, nil, err
	}
	tmp, err := os.MkdirTemp("", "rfc2396-wasm-")
	if err != nil {
		return nil, nil, err
	}
	defer os.RemoveAll(tmp)
	dir := src.dir
	if dir == "" {
		say(fmt.Sprintf("building the playground from %s@%s (the go command fetches it if it is not in the module cache)", modulePath, src.query))
		dir = filepath.Join(tmp, "module")
		if err := os.Mkdir(dir, 0o755); err != nil {
			return nil, nil, err
		}
		gomod := "module rfc2396-playground\n\ngo 1.25\n"
		if err := os.WriteFile(filepath.Join(dir, "go.mod"), []byte(gomod), 0o644); err != nil {
			return nil, nil, err
		}
		if _, err := goCommand(dir, wasmEnv, "get", wasmPackage+"@"+src.query); err != nil {
			return nil, nil, fmt.Errorf("fetching %s@%s: %v", modulePath, src.query, err)
		}
	} else {
		where := dir
		if where == "." {
			where = "the current directory's module"
		}
		say("building the playground from " + where)
	}
	out := filepath.Join(tmp, "rfc2396.wasm")
	if _, err := goCommand(dir, wasmEnv, "build", "-trimpath", "-tags=playground", "-ldflags=-s -w", "-o", out, wasmPackage); err != nil {
		return nil, nil, fmt.Errorf("building %s for the browser: %v", wasmPackage, err)
	}
	if wasm, err = os.ReadFile(out); err != nil {
		return nil, nil, err
	}
	goroot, err := goCommand(dir, nil, "env", "GOROOT")
	if err != nil {
		return nil, nil, err
	}
	root := strings.TrimSpace(string(goroot))
	for _, name := range []string{"lib/wasm/wasm_exec.js", "misc/wasm/wasm_exec.js"} {
		if wasmExec, err = os.ReadFile(filepath.Join(root, filepath.FromSlash(name))); err == nil {
			return wasm, wasmExec, nil
		}
	}
	return nil, nil, fmt.Errorf("no wasm_exec.js in %s: %v", root, err)
}
