package main

import (
	"bytes"
	"context"
	"io"
	"net"
	"net/http"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"
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

func TestSite(t *testing.T) {
	dir := t.TempDir()
	var stdout, stderr bytes.Buffer
	if code := run([]string{"site", "--no-playground", dir}, nil, &stdout, &stderr); code != 0 {
		t.Fatalf("site = %d: %s", code, stderr.String())
	}
	for _, f := range []string{"index.html", "play.html", "style.css", "rule/URI-reference.html", "rule/hostname.html", "diagrams/rfc2396/hostname.svg"} {
		if _, err := os.Stat(filepath.Join(dir, f)); err != nil {
			t.Error(err)
		}
	}
}

// TestSiteDirectory: a directory with something in it needs --force; an
// empty name and a symbolic link are refused.
func TestSiteDirectory(t *testing.T) {
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
	if _, err := os.Stat(filepath.Join(dir, "index.html")); err != nil {
		t.Error(err)
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
