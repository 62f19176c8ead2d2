package main

import (
	"bytes"
	"context"
	"errors"
	"flag"
	"fmt"
	"github.com/rfc2396/rfc2396/conformance"
	"io"
	"net"
	"net/http"
	"os"
	"os/exec"
	"os/signal"
	"path/filepath"
	"strings"
	"syscall"
	"time"

	"github.com/rfc2396/rfc2396/site"
)

// defaultAddr is where rfc2396 serve listens unless told otherwise: the
// loopback interface only.
const defaultAddr = "127.0.0.1:8396"

func serveCommand() *command {
	return &command{
		name:    "serve",
		summary: "serve the grammar reference and the playground",
		usage:   "serve [--addr 127.0.0.1:8396]",
		about: `Serves the grammar reference (a page and a railroad diagram per rule) and the
playground. Logs one line per request to standard error; stops on Ctrl-C.`,
		setup: func(fs *flag.FlagSet) func(*invocation) int {
			addr := fs.String("addr", defaultAddr, "listen on this `host:port`")
			return func(inv *invocation) int { return runServe(inv, *addr) }
		},
	}
}

// runServe serves the reference site (rule pages, diagrams, playground)
// until SIGINT or SIGTERM.
func runServe(inv *invocation, addr string) int {
	stdout, stderr := inv.stdout, inv.stderr
	if len(inv.args) != 0 {
		inv.flags.Usage()
		return 2
	}
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	ln, err := net.Listen("tcp", addr)
	if err != nil {
		fmt.Fprintf(stderr, "rfc2396 serve: %v\n", err)
		return 1
	}
	return serve(ctx, ln, stdout, stderr)
}

// serve serves the site on ln until ctx is done, then stops gracefully:
// requests under way get a few seconds to finish.
func serve(ctx context.Context, ln net.Listener, stdout, stderr io.Writer) int {
	s, err := site.New()
	if err != nil {
		ln.Close()
		fmt.Fprintf(stderr, "rfc2396 serve: %v\n", err)
		return 1
	}
	srv := s.Server(ln.Addr().String(), stderr)
	if host, _, err := net.SplitHostPort(ln.Addr().String()); err == nil {
		if ip := net.ParseIP(host); ip == nil || !ip.IsLoopback() {
			fmt.Fprintf(stderr, "rfc2396 serve: listening on %s, which is not a loopback address: anyone who can reach it can use the site\n", host)
		}
	}
	fmt.Fprintf(stdout, "rfc2396: serving the grammar reference on http://%s/ (Ctrl-C stops)\n", ln.Addr())
	done := make(chan error, 1)
	go func() { done <- srv.Serve(ln) }()
	select {
	case err := <-done:
		fmt.Fprintf(stderr, "rfc2396 serve: %v\n", err)
		return 1
	case <-ctx.Done():
	}
	shutdown, cancel := context.WithTimeout(context.Background(), 5*time.Second)
	defer cancel()
	if err := srv.Shutdown(shutdown); err != nil {
		fmt.Fprintf(stderr, "rfc2396 serve: stopping: %v\n", err)
		return 1
	}
	if err := <-done; err != nil && !errors.Is(err, http.ErrServerClosed) {
		fmt.Fprintf(stderr, "rfc2396 serve: %v\n", err)
		return 1
	}
	fmt.Fprintln(stdout, "rfc2396: stopped")
	return 0
}

func siteCommand() *command {
	return &command{
		name:    "site",
		summary: "write the grammar reference as static pages",
		usage:   "site [--force] [--no-playground] DIR",
		about: `Writes the grammar reference as static pages into DIR (created if needed):
index.html, rule/NAME.html, diagrams, style.css, the conformance suite
(vectors/rfc2396/ and vectors/rfc3986/, for download), and the playground
(play.html), which runs the library in the browser: site builds it to
WebAssembly (rfc2396.wasm, with Go's wasm_exec.js) with the go command,
from the module's source, so run it inside the module. With
--no-playground, play.html says that the playground needs rfc2396 serve.

DIR must be new or empty unless --force is given, which replaces the
site's files in it. No symbolic link is followed: DIR itself or anything
under it being one is an error. Nothing is written outside DIR.`,
		setup: func(fs *flag.FlagSet) func(*invocation) int {
			force := fs.Bool("force", false, "write into DIR even if it is not empty, replacing the site's files")
			noPlay := fs.Bool("no-playground", false, "do not build the WebAssembly playground (needs the go command and the module's source)")
			return func(inv *invocation) int {
				return runSite(inv, site.StaticOptions{Force: *force}, !*noPlay)
			}
		},
	}
}

// runSite writes the reference site as static pages into a directory.
func runSite(inv *invocation, opts site.StaticOptions, playground bool) int {
	stdout, stderr := inv.stdout, inv.stderr
	if len(inv.args) != 1 {
		inv.flags.Usage()
		return 2
	}
	dir := inv.args[0]
	if dir == "" {
		fmt.Fprintln(stderr, "rfc2396 site: the directory name is empty")
		return 2
	}
	s, err := site.New()
	if err != nil {
		fmt.Fprintf(stderr, "rfc2396 site: %v\n", err)
		return 1
	}
	if playground {
		fmt.Fprintln(stderr, "rfc2396 site: building the playground's WebAssembly module (go build)…")
		opts.Wasm, opts.WasmExec, err = buildPlayground()
		if err != nil {
			fmt.Fprintf(stderr, "rfc2396 site: %v\n(--no-playground writes the site without it)\n", err)
			return 1
		}
		fmt.Fprintf(stderr, "rfc2396 site: the module is %d bytes, %.2f MB (docs/site.md: size and speed)\n", len(opts.Wasm), float64(len(opts.Wasm))/1e6)
	}
	// The conformance suite, for download (docs/conformance.md).
	files, err := conformance.Published()
	if err != nil {
		fmt.Fprintf(stderr, "rfc2396 site: the conformance suite: %v\n", err)
		return 1
	}
	for _, f := range files {
		opts.Downloads = append(opts.Downloads, site.Download{Name: "vectors/" + f.Name, Data: f.Data})
	}
	written, err := s.WriteStatic(dir, opts)
	if err != nil {
		fmt.Fprintf(stderr, "rfc2396 site: %v\n", err)
		return 1
	}
	if _, err := fmt.Fprintf(stdout, "rfc2396: wrote %d files to %s; open %s\n", len(written), dir, filepath.Join(dir, "index.html")); err != nil {
		fmt.Fprintf(stderr, "rfc2396 site: %v\n", err)
		return 1
	}
	return 0
}

// wasmPackage is the playground's WebAssembly program.
const wasmPackage = "github.com/rfc2396/rfc2396/site/wasm"

// buildPlayground builds the playground's WebAssembly module with the go
// command (GOOS=js GOARCH=wasm, -trimpath: the same source and Go give
// the same bytes) and reads the wasm_exec.js of that Go.
func buildPlayground() (wasm, wasmExec []byte, err error) {
	tmp, err := os.MkdirTemp("", "rfc2396-wasm-")
	if err != nil {
		return nil, nil, err
	}
	defer os.RemoveAll(tmp)
	out := filepath.Join(tmp, "rfc2396.wasm")
	build := exec.Command("go", "build", "-trimpath", "-ldflags=-s -w", "-o", out, wasmPackage)
	build.Env = append(os.Environ(), "GOOS=js", "GOARCH=wasm")
	var msg bytes.Buffer
	build.Stdout, build.Stderr = &msg, &msg
	if err := build.Run(); err != nil {
		return nil, nil, fmt.Errorf("building %s for the browser: %v\n%s", wasmPackage, err, strings.TrimSpace(msg.String()))
	}
	if wasm, err = os.ReadFile(out); err != nil {
		return nil, nil, err
	}
	goroot, err := exec.Command("go", "env", "GOROOT").Output()
	if err != nil {
		return nil, nil, fmt.Errorf("go env GOROOT: %v", err)
	}
	root := strings.TrimSpace(string(goroot))
	for _, name := range []string{"lib/wasm/wasm_exec.js", "misc/wasm/wasm_exec.js"} {
		if wasmExec, err = os.ReadFile(filepath.Join(root, filepath.FromSlash(name))); err == nil {
			return wasm, wasmExec, nil
		}
	}
	return nil, nil, fmt.Errorf("no wasm_exec.js in %s: %v", root, err)
}
