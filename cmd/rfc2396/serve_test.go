package main

import (
	"bufio"
	"bytes"
	"context"
	"errors"
	"io"
	"net"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"strings"
	"sync"
	"syscall"
	"testing"
	"time"

	"github.com/rfc2396/rfc2396/site"
)

// syncBuffer is a bytes.Buffer safe for the server's goroutines.
type syncBuffer struct {
	mu sync.Mutex
	b  bytes.Buffer
}

func (s *syncBuffer) Write(p []byte) (int, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.b.Write(p)
}

func (s *syncBuffer) String() string {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.b.String()
}

func TestServe(t *testing.T) {
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	var stdout, stderr syncBuffer
	done := make(chan int, 1)
	go func() { done <- serve(ctx, ln, &stdout, &stderr) }()
	base := "http://" + ln.Addr().String()
	for _, c := range []struct {
		path   string
		status int
	}{
		{"/", 200},
		{"/rule/URI-reference", 200},
		{"/play?ref=http%3A%2F%2Fa~b.example%2Fx", 200},
		{"/api/parse?ref=x", 200},
		{"/rule/nope", 404},
		{"/play?ref=" + strings.Repeat("a", 9000), 414},
		// Over the query limit: refused before the query is read.
		{"/api/parse?ref=" + strings.Repeat("&", 60000), 414},
		// Over the header limit: refused by net/http while reading it.
		{"/play?ref=" + strings.Repeat("%25", 100000), 431},
	} {
		resp, err := http.Get(base + c.path)
		if err != nil {
			t.Fatal(err)
		}
		io.Copy(io.Discard, resp.Body)
		resp.Body.Close()
		if resp.StatusCode != c.status {
			t.Errorf("GET %.40s = %d, want %d", c.path, resp.StatusCode, c.status)
		}
	}
	cancel()
	select {
	case code := <-done:
		if code != 0 {
			t.Errorf("serve returned %d; stderr:\n%s", code, stderr.String())
		}
	case <-time.After(10 * time.Second):
		t.Fatal("serve did not stop")
	}
	// The 431 never reaches the handler, so it is not logged.
	if n := strings.Count(stderr.String(), "\n"); n != 7 {
		t.Errorf("%d log lines for the 7 requests that reach the handler:\n%s", n, stderr.String())
	}
	if !strings.Contains(stderr.String(), `GET "/rule/nope" 404`) {
		t.Errorf("log: %s", stderr.String())
	}
	if !strings.Contains(stdout.String(), "serving the grammar reference on http://127.0.0.1:") || !strings.Contains(stdout.String(), "stopped") {
		t.Errorf("stdout: %s", stdout.String())
	}
}

func TestServeUsage(t *testing.T) {
	var stdout, stderr bytes.Buffer
	if code := run([]string{"serve", "extra"}, nil, &stdout, &stderr); code != 2 {
		t.Errorf("serve extra = %d, want 2", code)
	}
	if code := run([]string{"serve", "--addr", "256.0.0.1:1"}, nil, &stdout, &stderr); code != 1 {
		t.Errorf("serve on a bad address = %d, want 1", code)
	}
	if code := run([]string{"site"}, nil, &stdout, &stderr); code != 2 {
		t.Errorf("site without DIR = %d, want 2", code)
	}
}

// TestSiteDirectory: a directory with something in it needs --force; an
// empty name and a symbolic link are refused; with --force the site is
// written beside what was there. It runs beside the other parallel tests:
// a run of site that writes generates the conformance suite, about 0.65 s
// of CPU, so it is the only one (package site's tests cover an empty
// directory, which needs no --force).
func TestSiteDirectory(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	if err := os.WriteFile(filepath.Join(dir, "notes.txt"), []byte("mine"), 0o644); err != nil {
		t.Fatal(err)
	}
	link := filepath.Join(t.TempDir(), "link")
	if err := os.Symlink(t.TempDir(), link); err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		args []string
		code int
		says string
	}{
		{[]string{"site", "--no-playground", dir}, 1, "not empty"},
		{[]string{"site", ""}, 2, "empty"},
		{[]string{"site", "--no-playground", "--force", link}, 1, "symbolic link"},
		{[]string{"site", "--no-playground", "--force", dir}, 0, ""},
	} {
		var stdout, stderr bytes.Buffer
		if code := run(c.args, nil, &stdout, &stderr); code != c.code || !strings.Contains(stderr.String(), c.says) {
			t.Errorf("%q = %d, want %d with %q; stderr: %s", c.args, code, c.code, c.says, stderr.String())
		}
	}
	if b, err := os.ReadFile(filepath.Join(dir, "notes.txt")); err != nil || string(b) != "mine" {
		t.Errorf("--force changed a file that is not the site's: %q %v", b, err)
	}
	for _, f := range []string{"index.html", "play.html", "style.css", "rule/URI-reference.html", "rule/hostname.html", "diagrams/rfc2396/hostname.svg"} {
		if _, err := os.Stat(filepath.Join(dir, f)); err != nil {
			t.Error(err)
		}
	}
}

// TestSitePlayground builds the playground's WebAssembly module as site
// does by default (the go command, inside the module).
func TestSitePlayground(t *testing.T) {
	if os.Getenv("RFC2396_LONG") == "" {
		t.Skip("long check: set RFC2396_LONG=1")
	}
	dir := filepath.Join(t.TempDir(), "site")
	var stdout, stderr bytes.Buffer
	if code := run([]string{"site", dir}, nil, &stdout, &stderr); code != 0 {
		t.Fatalf("site = %d: %s", code, stderr.String())
	}
	wasm, err := os.ReadFile(filepath.Join(dir, "rfc2396.wasm"))
	if err != nil || !bytes.HasPrefix(wasm, []byte("\x00asm")) {
		t.Fatalf("rfc2396.wasm: %v, %d bytes", err, len(wasm))
	}
	t.Logf("rfc2396.wasm: %d bytes", len(wasm))
	play, err := os.ReadFile(filepath.Join(dir, "play.html"))
	if err != nil || !bytes.Contains(play, []byte(`data-wasm="rfc2396.wasm"`)) || !bytes.Contains(play, []byte(`src="wasm_exec.js"`)) {
		t.Errorf("play.html does not load the module: %v", err)
	}
	if _, err := os.Stat(filepath.Join(dir, "wasm_exec.js")); err != nil {
		t.Error(err)
	}
}

// fillPipe returns a pipe whose buffer is full: a write to w blocks until
// someone reads r, which nobody does. Both ends are closed by the test's
// cleanup.
func fillPipe(t *testing.T) (r, w *os.File) {
	t.Helper()
	r, w, err := os.Pipe()
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { r.Close(); w.Close() })
	if err := w.SetWriteDeadline(time.Now().Add(200 * time.Millisecond)); err != nil {
		t.Skipf("the pipe takes no deadline: %v", err)
	}
	junk := bytes.Repeat([]byte("x"), 4096)
	for {
		if _, err := w.Write(junk); err != nil {
			break
		}
	}
	w.SetWriteDeadline(time.Time{})
	return r, w
}

// TestServeLogStalled serves with a standard error that blocks every
// write (a pipe whose buffer is full and that nobody reads): requests are
// answered all the same, and serve stops when told, with status 3 (log
// lines lost). The 10-second bound is a liveness check, far above the
// few seconds a stop takes.
func TestServeLogStalled(t *testing.T) {
	t.Parallel()
	_, stderr := fillPipe(t)
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	var stdout syncBuffer
	done := make(chan int, 1)
	go func() { done <- serve(ctx, ln, &stdout, stderr) }()
	client := &http.Client{Timeout: 10 * time.Second}
	base := "http://" + ln.Addr().String()
	for i := range 200 {
		path := []string{"/", "/rule/hostname", "/play?ref=a", "/nowhere"}[i%4]
		resp, err := client.Get(base + path)
		if err != nil {
			t.Fatalf("request %d, %s, with the log stalled: %v", i, path, err)
		}
		_, err = io.Copy(io.Discard, resp.Body)
		resp.Body.Close()
		if err != nil {
			t.Fatalf("request %d, %s, with the log stalled: reading the answer: %v", i, path, err)
		}
	}
	cancel()
	select {
	case code := <-done:
		if code != statusUnclean {
			t.Errorf("serve returned %d, want %d (log lines lost)", code, statusUnclean)
		}
	case <-time.After(10 * time.Second):
		t.Fatal("serve did not stop within 10 s with its log stalled")
	}
	if !strings.Contains(stdout.String(), "stopped") {
		t.Errorf("stdout: %q", stdout.String())
	}
}

// TestServeCutsOff stops a server while a request is under way and does
// not finish: the grace period ends, the connection is closed, the log
// says so, and the status is 3. It waits out the grace period (5 s), so
// it runs with RFC2396_LONG=1.
func TestServeCutsOff(t *testing.T) {
	if os.Getenv("RFC2396_LONG") == "" {
		t.Skip("long check: set RFC2396_LONG=1")
	}
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	started, release := make(chan struct{}), make(chan struct{})
	defer close(release)
	srv := &http.Server{Handler: http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		close(started)
		<-release
	})}
	done := make(chan error, 1)
	go func() { done <- srv.Serve(ln) }()
	answered := make(chan error, 1)
	go func() {
		resp, err := http.Get("http://" + ln.Addr().String() + "/")
		if err == nil {
			resp.Body.Close()
		}
		answered <- err
	}()
	<-started
	var log syncBuffer
	stopped := make(chan int, 1)
	go func() { stopped <- stopServer(srv, done, site.NewLog(&log)) }()
	select {
	case code := <-stopped:
		if code != statusUnclean {
			t.Errorf("stopServer returned %d, want %d; log:\n%s", code, statusUnclean, log.String())
		}
	case <-time.After(20 * time.Second):
		t.Fatal("stopServer did not return within 20 s")
	}
	if err := <-answered; err == nil {
		t.Error("the request under way was answered, not cut off")
	}
	if !strings.Contains(log.String(), "cut off") {
		t.Errorf("the log does not say requests were cut off:\n%s", log.String())
	}
}

// TestServeSignal runs rfc2396 serve as a process (this test binary,
// running TestServeProcess) with standard error a pipe that nobody reads,
// sends it requests, then SIGTERM: it exits, with status 3, within 10 s
// (a liveness bound, far above the few seconds a stop takes).
func TestServeSignal(t *testing.T) {
	if runtime.GOOS == "windows" || runtime.GOOS == "js" || runtime.GOOS == "wasip1" {
		t.Skip("no SIGTERM")
	}
	t.Parallel()
	_, stderr := fillPipe(t)
	cmd := exec.Command(os.Args[0], "-test.run=^TestServeProcess$")
	cmd.Env = append(os.Environ(), "RFC2396_SERVE_PROCESS=1")
	cmd.Stderr = stderr
	out, err := cmd.StdoutPipe()
	if err != nil {
		t.Fatal(err)
	}
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	exited := make(chan error, 1)
	go func() { exited <- cmd.Wait() }()
	defer cmd.Process.Kill()
	line, err := bufio.NewReader(out).ReadString('\n')
	if err != nil {
		t.Fatalf("no first line from serve: %v", err)
	}
	_, addr, ok := strings.Cut(line, "http://")
	addr, _, _ = strings.Cut(addr, "/")
	if !ok || addr == "" {
		t.Fatalf("first line: %q", line)
	}
	go io.Copy(io.Discard, out)
	client := &http.Client{Timeout: 10 * time.Second}
	for i := range 100 {
		resp, err := client.Get("http://" + addr + []string{"/", "/rule/hostname", "/style.css"}[i%3])
		if err != nil {
			t.Fatalf("request %d with the log stalled: %v", i, err)
		}
		_, err = io.Copy(io.Discard, resp.Body)
		resp.Body.Close()
		if err != nil {
			t.Fatalf("request %d with the log stalled: reading the answer: %v", i, err)
		}
	}
	if err := cmd.Process.Signal(syscall.SIGTERM); err != nil {
		t.Fatal(err)
	}
	select {
	case err := <-exited:
		var exit *exec.ExitError
		if !errors.As(err, &exit) || exit.ExitCode() != statusUnclean {
			t.Errorf("serve exited with %v, want status %d (log lines lost)", err, statusUnclean)
		}
	case <-time.After(10 * time.Second):
		t.Fatal("serve did not exit within 10 s of SIGTERM with its log stalled")
	}
}

// TestServeProcess is rfc2396 serve on 127.0.0.1:0, for TestServeSignal.
func TestServeProcess(t *testing.T) {
	if os.Getenv("RFC2396_SERVE_PROCESS") != "1" {
		t.Skip("run by TestServeSignal")
	}
	os.Exit(run([]string{"serve", "--addr", "127.0.0.1:0"}, nil, os.Stdout, os.Stderr))
}

// TestConnLimit: the listener holds at most its number of connections;
// one more is accepted only when one closes.
func TestConnLimit(t *testing.T) {
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	l := limitConns(ln, 2)
	defer l.Close()
	accepted := make(chan net.Conn, 3)
	go func() {
		for {
			c, err := l.Accept()
			if err != nil {
				close(accepted)
				return
			}
			accepted <- c
		}
	}()
	for range 3 {
		c, err := net.Dial("tcp", ln.Addr().String())
		if err != nil {
			t.Fatal(err)
		}
		defer c.Close()
	}
	first, second := <-accepted, <-accepted
	select {
	case <-accepted:
		t.Fatal("a third connection was accepted with two open and a limit of two")
	case <-time.After(100 * time.Millisecond):
	}
	first.Close()
	first.Close() // a second Close gives back nothing more
	third, ok := <-accepted
	if !ok {
		t.Fatal("the listener stopped")
	}
	if got := len(l.slots); got != 2 {
		t.Errorf("%d places taken with two connections open, want 2", got)
	}
	second.Close()
	third.Close()
	l.Close()
	if _, ok := <-accepted; ok {
		t.Error("Accept after Close returned a connection")
	}
}

type failingLog struct{}

func (failingLog) Write(p []byte) (int, error) { return 0, errors.New("disk full") }

// TestServeLogFails: a log whose writes fail never stops the server; the
// stop says so once and returns 2, as every command's failed write.
func TestServeLogFails(t *testing.T) {
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	s, err := site.New()
	if err != nil {
		t.Fatal(err)
	}
	lg := site.NewLog(failingLog{})
	srv := s.Server(ln.Addr().String(), lg)
	done := make(chan error, 1)
	go func() { done <- srv.Serve(ln) }()
	for range 3 {
		resp, err := http.Get("http://" + ln.Addr().String() + "/style.css")
		if err != nil {
			t.Fatal(err)
		}
		resp.Body.Close()
		if resp.StatusCode != 200 {
			t.Errorf("with the log failing: %d", resp.StatusCode)
		}
	}
	if code := stopServer(srv, done, lg); code != 2 {
		t.Errorf("stopServer = %d with the log failing, want 2", code)
	}
	if lg.Err() == nil || lg.Lost() < 3 {
		t.Errorf("Err %v, Lost %d", lg.Err(), lg.Lost())
	}
}
