package main

import (
	"archive/zip"
	"bytes"
	"io/fs"
	"os"
	"os/exec"
	"path/filepath"
	"runtime/debug"
	"strings"
	"testing"
)

// TestFindPlaygroundSource: where site builds the playground from, for
// each way the binary can have been built and run.
func TestFindPlaygroundSource(t *testing.T) {
	checkout := t.TempDir() // looks like a checkout of the module
	if err := os.MkdirAll(filepath.Join(checkout, "site", "wasm"), 0o755); err != nil {
		t.Fatal(err)
	}
	for name, text := range map[string]string{
		"go.mod":            "module " + modulePath + "\n\ngo 1.25\n",
		"site/wasm/main.go": "package main\n",
	} {
		if err := os.WriteFile(filepath.Join(checkout, filepath.FromSlash(name)), []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	other := t.TempDir() // another module
	if err := os.WriteFile(filepath.Join(other, "go.mod"), []byte("module example.com/other\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	inCheckout := filepath.Join(checkout, "cmd", "rfc2396", "playground.go")
	info := func(version string, settings ...string) *debug.BuildInfo {
		bi := &debug.BuildInfo{Main: debug.Module{Path: modulePath, Version: version}}
		for i := 0; i+1 < len(settings); i += 2 {
			bi.Settings = append(bi.Settings, debug.BuildSetting{Key: settings[i], Value: settings[i+1]})
		}
		return bi
	}
	const rev = "0123456789abcdef0123456789abcdef01234567"
	for _, c := range []struct {
		name       string
		cwdModules string
		info       *debug.BuildInfo
		caller     string
		want       playgroundSource
		wantErr    bool
	}{
		{"inside the checkout", modulePath + "\n", info("(devel)"), "", playgroundSource{dir: "."}, false},
		{"in a workspace with the module", "example.com/w\n" + modulePath + "\n", info("(devel)"), "", playgroundSource{dir: "."}, false},
		{"built from a checkout, run elsewhere", "", info("(devel)"), inCheckout, playgroundSource{dir: checkout}, false},
		{"built from a checkout, run in another module", "example.com/other\n", info("(devel)"), inCheckout, playgroundSource{dir: checkout}, false},
		{"go install @version", "", info("v1.2.3"), filepath.Join(other, "x@v1.2.3", "cmd", "rfc2396", "playground.go"), playgroundSource{query: "v1.2.3"}, false},
		{"go install @version, source in the module cache", "", info("v1.2.3"), filepath.Join(t.TempDir(), "rfc2396@v1.2.3", "cmd", "rfc2396", "playground.go"), playgroundSource{query: "v1.2.3"}, false},
		{"a pseudo-version", "", info("v0.0.0-20260101000000-0123456789ab"), "", playgroundSource{query: "v0.0.0-20260101000000-0123456789ab"}, false},
		{"a clean checkout's revision", "", info("(devel)", "vcs.revision", rev, "vcs.modified", "false"), "github.com/rfc2396/rfc2396/cmd/rfc2396/playground.go", playgroundSource{query: rev}, false},
		{"a modified checkout", "", info("v0.0.0-20260101000000-0123456789ab+dirty", "vcs.revision", rev, "vcs.modified", "true"), "", playgroundSource{}, true},
		{"-trimpath, no version", "", info("(devel)"), "github.com/rfc2396/rfc2396/cmd/rfc2396/playground.go", playgroundSource{}, true},
		{"the source gone", "", info("(devel)"), filepath.Join(t.TempDir(), "cmd", "rfc2396", "playground.go"), playgroundSource{}, true},
		{"no build information", "", nil, "", playgroundSource{}, true},
		{"another main module", "", &debug.BuildInfo{Main: debug.Module{Path: "example.com/fork", Version: "v1.0.0"}}, "", playgroundSource{}, true},
	} {
		got, err := findPlaygroundSource(c.cwdModules, c.info, c.caller)
		if (err != nil) != c.wantErr || got != c.want {
			t.Errorf("%s: got %+v, %v; want %+v, error %v", c.name, got, err, c.want, c.wantErr)
		}
		if err != nil && !strings.Contains(err.Error(), "go install "+modulePath+"/cmd/rfc2396@latest") {
			t.Errorf("%s: the error does not say how to get the playground: %v", c.name, err)
		}
	}
}

// TestSiteInstalled installs rfc2396 as a user does, with go install
// ...@VERSION, from a module proxy made of this checkout (offline: a
// file proxy, with the module cache's own downloads for the
// dependencies), and runs site in a directory outside any module: the
// playground's module is built from that version. A binary built with
// -trimpath and no version says how to get the playground.
func TestSiteInstalled(t *testing.T) {
	if os.Getenv("RFC2396_LONG") == "" {
		t.Skip("long check: set RFC2396_LONG=1")
	}
	goEnv := func(name string) string {
		out, err := exec.Command("go", "env", name).Output()
		if err != nil {
			t.Fatalf("go env %s: %v", name, err)
		}
		return strings.TrimSpace(string(out))
	}
	realCache := goEnv("GOMODCACHE")
	root, err := filepath.Abs("../..")
	if err != nil {
		t.Fatal(err)
	}
	tmp := t.TempDir()
	const version = "v0.0.0-installtest"
	proxy := filepath.Join(tmp, "proxy")
	writeModuleProxy(t, proxy, root, version)
	env := append(os.Environ(),
		"GOPROXY=file://"+filepath.ToSlash(proxy)+",file://"+filepath.ToSlash(filepath.Join(realCache, "cache", "download")),
		"GOMODCACHE="+filepath.Join(tmp, "modcache"),
		"GOSUMDB=off", "GOFLAGS=-modcacherw", "GOTOOLCHAIN=local", "GOWORK=off",
		"GOBIN="+filepath.Join(tmp, "bin"))
	run := func(dir, name string, args ...string) (string, error) {
		cmd := exec.Command(name, args...)
		cmd.Dir, cmd.Env = dir, env
		out, err := cmd.CombinedOutput()
		return string(out), err
	}
	work := filepath.Join(tmp, "work") // no go.mod here or above
	if err := os.Mkdir(work, 0o755); err != nil {
		t.Fatal(err)
	}
	if out, err := run(work, "go", "install", modulePath+"/cmd/rfc2396@"+version); err != nil {
		t.Fatalf("go install: %v\n%s", err, out)
	}
	bin := filepath.Join(tmp, "bin", "rfc2396")
	out, err := run(work, bin, "site", "out")
	if err != nil {
		t.Fatalf("site: %v\n%s", err, out)
	}
	if !strings.Contains(out, "from "+modulePath+"@"+version) {
		t.Errorf("site does not say what it built the playground from:\n%s", out)
	}
	wasm, err := os.ReadFile(filepath.Join(work, "out", "rfc2396.wasm"))
	if err != nil || !bytes.HasPrefix(wasm, []byte("\x00asm")) {
		t.Fatalf("rfc2396.wasm: %v, %d bytes", err, len(wasm))
	}
	// A development build without its source.
	trimmed := filepath.Join(tmp, "rfc2396-trimmed")
	if out, err := run(root, "go", "build", "-trimpath", "-buildvcs=false", "-o", trimmed, "./cmd/rfc2396"); err != nil {
		t.Fatalf("go build: %v\n%s", err, out)
	}
	out, err = run(work, trimmed, "site", "out2")
	if code := exitCode(err); code != 1 || !strings.Contains(out, "go install "+modulePath+"/cmd/rfc2396@latest") || !strings.Contains(out, "--no-playground") {
		t.Errorf("site from a -trimpath build = %d, want 1 saying how to get the playground:\n%s", code, out)
	}
	if out, err := run(work, trimmed, "site", "--no-playground", "out3"); err != nil {
		t.Errorf("site --no-playground: %v\n%s", err, out)
	}
}

func exitCode(err error) int {
	if err == nil {
		return 0
	}
	if e, ok := err.(*exec.ExitError); ok {
		return e.ExitCode()
	}
	return -1
}

// writeModuleProxy writes a file module proxy (GOPROXY=file://dir) that
// serves the module in root at version: its go.mod, an .info and a zip
// of its files (not .git, nor a nested module).
func writeModuleProxy(t *testing.T, dir, root, version string) {
	t.Helper()
	at := filepath.Join(dir, filepath.FromSlash(modulePath), "@v")
	if err := os.MkdirAll(at, 0o755); err != nil {
		t.Fatal(err)
	}
	mod, err := os.ReadFile(filepath.Join(root, "go.mod"))
	if err != nil {
		t.Fatal(err)
	}
	var zipped bytes.Buffer
	zw := zip.NewWriter(&zipped)
	err = filepath.WalkDir(root, func(path string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		rel, err := filepath.Rel(root, path)
		if err != nil {
			return err
		}
		if d.IsDir() {
			if rel != "." && (d.Name() == ".git" || fileExists(filepath.Join(path, "go.mod"))) {
				return filepath.SkipDir
			}
			return nil
		}
		if !d.Type().IsRegular() {
			return nil
		}
		b, err := os.ReadFile(path)
		if err != nil {
			return err
		}
		w, err := zw.Create(modulePath + "@" + version + "/" + filepath.ToSlash(rel))
		if err != nil {
			return err
		}
		_, err = w.Write(b)
		return err
	})
	if err == nil {
		err = zw.Close()
	}
	if err != nil {
		t.Fatal(err)
	}
	for name, b := range map[string][]byte{
		"list":            []byte(version + "\n"),
		version + ".info": []byte(`{"Version":"` + version + `","Time":"2026-01-01T00:00:00Z"}`),
		version + ".mod":  mod,
		version + ".zip":  zipped.Bytes(),
	} {
		if err := os.WriteFile(filepath.Join(at, name), b, 0o644); err != nil {
			t.Fatal(err)
		}
	}
}

func fileExists(path string) bool {
	_, err := os.Stat(path)
	return err == nil
}
