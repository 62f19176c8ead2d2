package site

import (
	"bytes"
	"compress/gzip"
	"context"
	"errors"
	"fmt"
	"io"
	"log"
	"net"
	"net/http"
	"net/http/httptest"
	"net/url"
	"os"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"
)

// blockingWriter blocks every Write until release is closed, and says on
// entered when the first Write has begun.
type blockingWriter struct {
	entered chan struct{}
	release chan struct{}
	once    sync.Once
	mu      sync.Mutex
	b       bytes.Buffer
}

func newBlockingWriter() *blockingWriter {
	return &blockingWriter{entered: make(chan struct{}), release: make(chan struct{})}
}

func (w *blockingWriter) Write(p []byte) (int, error) {
	w.once.Do(func() { close(w.entered) })
	<-w.release
	w.mu.Lock()
	defer w.mu.Unlock()
	return w.b.Write(p)
}

func (w *blockingWriter) String() string {
	w.mu.Lock()
	defer w.mu.Unlock()
	return w.b.String()
}

// TestLogDrops fills a Log whose writer is stuck: Write never waits, the
// lines beyond the queue are dropped and counted, and once the writer
// moves, every queued line is written in order, then one line saying how
// many were dropped.
func TestLogDrops(t *testing.T) {
	w := newBlockingWriter()
	l := NewLog(w)
	l.Write([]byte("line 0\n"))
	<-w.entered // the writer holds line 0; the queue is empty
	const extra = 10
	var want strings.Builder
	want.WriteString("line 0\n")
	for i := 1; i <= logQueueLines+extra; i++ {
		line := fmt.Sprintf("line %d\n", i)
		if n, err := l.Write([]byte(line)); n != len(line) || err != nil {
			t.Fatalf("Write = %d, %v", n, err)
		}
		if i <= logQueueLines {
			want.WriteString(line)
		}
	}
	if got := l.Lost(); got != extra {
		t.Errorf("Lost = %d with the writer stuck, want %d", got, extra)
	}
	if got := l.Pending(); got != logQueueLines {
		t.Errorf("Pending = %d, want %d", got, logQueueLines)
	}
	if l.Flush(10 * time.Millisecond) {
		t.Error("Flush reported success with the writer stuck")
	}
	close(w.release)
	if !l.Flush(10 * time.Second) {
		t.Fatal("Flush did not finish once the writer moved")
	}
	got := w.String()
	body, report, _ := strings.Cut(got, fmt.Sprintf("line %d\n", logQueueLines))
	if diff := cmp.Diff(want.String(), body+fmt.Sprintf("line %d\n", logQueueLines)); diff != "" {
		t.Errorf("lines written (-want +got):\n%s", diff)
	}
	if !strings.HasSuffix(report, fmt.Sprintf(" rfc2396/site: %d log lines dropped: the log was not written as fast as lines came\n", extra)) || strings.Count(report, "\n") != 1 {
		t.Errorf("after the lines: %q, want one line saying %d were dropped", report, extra)
	}
	if l.Err() != nil || l.Pending() != 0 {
		t.Errorf("Err %v, Pending %d", l.Err(), l.Pending())
	}
}

type failingWriter struct{ calls int }

func (w *failingWriter) Write(p []byte) (int, error) {
	w.calls++
	return 0, errors.New("disk full")
}

// TestLogWriteError: a writer that fails is kept as the first error; the
// lines count as lost; Write still returns at once without an error.
func TestLogWriteError(t *testing.T) {
	w := &failingWriter{}
	l := NewLog(w)
	for range 5 {
		if _, err := l.Write([]byte("x\n")); err != nil {
			t.Fatal(err)
		}
	}
	if !l.Flush(10 * time.Second) {
		t.Fatal("Flush did not finish")
	}
	if l.Err() == nil || l.Err().Error() != "disk full" || l.Lost() != 5 {
		t.Errorf("Err %v, Lost %d; want disk full and 5", l.Err(), l.Lost())
	}
}

// TestLogZero: a nil Log, a zero Log and a Log of a nil writer discard.
func TestLogZero(t *testing.T) {
	for _, l := range []*Log{nil, {}, NewLog(nil)} {
		if n, err := l.Write([]byte("x\n")); n != 2 || err != nil {
			t.Errorf("%#v: Write = %d, %v", l, n, err)
		}
		if !l.Flush(time.Second) || l.Lost() != 0 || l.Pending() != 0 || l.Err() != nil {
			t.Errorf("%#v: not empty", l)
		}
	}
	// A long line is cut.
	var b bytes.Buffer
	l := NewLog(&b)
	l.Write(bytes.Repeat([]byte("a"), 3*logMaxLine))
	l.Flush(10 * time.Second)
	if b.Len() > logMaxLine+8 {
		t.Errorf("a %d-byte line was written as %d bytes", 3*logMaxLine, b.Len())
	}
}

// TestServerLogNeverBlocks: with a log writer that never returns, the
// server's handler answers, and logs.
func TestServerLogNeverBlocks(t *testing.T) {
	w := newBlockingWriter()
	defer close(w.release)
	h := newSite(t).Server("127.0.0.1:8396", w).Handler
	for i := range 50 {
		rec := httptest.NewRecorder()
		req := httptest.NewRequest("GET", "/rule/hostname", nil)
		req.Host = "127.0.0.1:8396"
		h.ServeHTTP(rec, req)
		if rec.Code != http.StatusOK {
			t.Fatalf("request %d: %d", i, rec.Code)
		}
	}
}

// checkSecurityHeaders fails the test unless h carries the headers every
// answer of the site carries.
func checkSecurityHeaders(t *testing.T, what string, h http.Header) {
	t.Helper()
	if !strings.Contains(h.Get("Content-Security-Policy"), "frame-ancestors 'none'") || h.Get("X-Frame-Options") != "DENY" || h.Get("X-Content-Type-Options") != "nosniff" || h.Get("Referrer-Policy") != "no-referrer" {
		t.Errorf("%s: security headers missing: %v", what, h)
	}
}

// TestSecurityHeadersEveryAnswer checks the headers on every kind of
// answer: 200, 301, 304, 404, 405, 421, 500 of a zero Site, 503.
func TestSecurityHeadersEveryAnswer(t *testing.T) {
	s := newSite(t)
	server := s.Server("127.0.0.1:8396", io.Discard).Handler
	etag := ""
	for _, c := range []struct {
		method, path, host, ifNoneMatch string
		status                          int
	}{
		{"GET", "/", "127.0.0.1:8396", "", 200},
		{"GET", "/rule/URI_reference", "127.0.0.1:8396", "", 301},
		{"GET", "/nowhere", "127.0.0.1:8396", "", 404},
		{"POST", "/", "127.0.0.1:8396", "", 405},
		{"GET", "/", "evil.example:8396", "", 421},
		{"GET", "/vectors/rfc2396/resolve.tsv", "127.0.0.1:8396", "", 200},
		{"GET", "/vectors/rfc2396/resolve.tsv", "127.0.0.1:8396", "etag", 304},
	} {
		req := httptest.NewRequest(c.method, c.path, nil)
		req.Host = c.host
		if c.ifNoneMatch != "" {
			req.Header.Set("If-None-Match", etag)
		}
		rec := httptest.NewRecorder()
		server.ServeHTTP(rec, req)
		if rec.Code != c.status {
			t.Errorf("%s %s (Host %s): %d, want %d", c.method, c.path, c.host, rec.Code, c.status)
		}
		checkSecurityHeaders(t, fmt.Sprintf("%s %s (Host %s)", c.method, c.path, c.host), rec.Header())
		etag = rec.Header().Get("ETag")
	}
	for _, zero := range []*Site{nil, {}} {
		rec := httptest.NewRecorder()
		zero.Server("127.0.0.1:8396", nil).Handler.ServeHTTP(rec, httptest.NewRequest("GET", "/", nil))
		if rec.Code != http.StatusMisdirectedRequest && rec.Code != http.StatusInternalServerError {
			t.Errorf("zero Site: %d", rec.Code)
		}
		checkSecurityHeaders(t, "a zero Site's server", rec.Header())
		rec = httptest.NewRecorder()
		zero.Handler().ServeHTTP(rec, httptest.NewRequest("GET", "/", nil))
		checkSecurityHeaders(t, "a zero Site's handler", rec.Header())
	}
	// A full lane: 503.
	turns := make(chan struct{}, 1)
	turns <- struct{}{}
	rec := httptest.NewRecorder()
	securityHeaders(s.gate(turns, time.Millisecond, http.NotFoundHandler())).ServeHTTP(rec, httptest.NewRequest("GET", "/", nil))
	if rec.Code != http.StatusServiceUnavailable || rec.Header().Get("Retry-After") == "" {
		t.Errorf("a full lane: %d, Retry-After %q", rec.Code, rec.Header().Get("Retry-After"))
	}
	checkSecurityHeaders(t, "503", rec.Header())
	// LogRequests without a handler: 500.
	rec = httptest.NewRecorder()
	LogRequests(nil, log.New(io.Discard, "", 0)).ServeHTTP(rec, httptest.NewRequest("GET", "/", nil))
	if rec.Code != http.StatusInternalServerError {
		t.Errorf("LogRequests(nil, …): %d", rec.Code)
	}
	checkSecurityHeaders(t, "LogRequests(nil, …)", rec.Header())
}

// TestGateLanes: with every turn of the pages taken, a page waits and
// gets 503, a client that leaves while it waits gets nothing, and the
// playground and the downloads, which have lanes of their own, answer.
func TestGateLanes(t *testing.T) {
	s := newSite(t)
	turns := make(chan struct{}, 2)
	ran := 0
	h := s.gate(turns, 20*time.Millisecond, http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) { ran++ }))
	turns <- struct{}{}
	rec := httptest.NewRecorder()
	h.ServeHTTP(rec, httptest.NewRequest("GET", "/", nil))
	if rec.Code != http.StatusOK || ran != 1 || len(turns) != 1 {
		t.Errorf("a free turn: %d, ran %d, %d turns taken after", rec.Code, ran, len(turns))
	}
	turns <- struct{}{}
	rec = httptest.NewRecorder()
	h.ServeHTTP(rec, httptest.NewRequest("GET", "/", nil))
	if rec.Code != http.StatusServiceUnavailable || !strings.Contains(rec.Body.String(), "busy") || ran != 1 {
		t.Errorf("no turn free: %d, ran %d", rec.Code, ran)
	}
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	rec = httptest.NewRecorder()
	s.gate(turns, time.Hour, http.NotFoundHandler()).ServeHTTP(rec, httptest.NewRequest("GET", "/", nil).WithContext(ctx))
	if rec.Body.Len() != 0 {
		t.Errorf("a client that left while waiting got %d bytes", rec.Body.Len())
	}
}

// TestPagesRenderedOnce: the cached index and rule pages are those the
// templates render for the request, byte for byte, and HEAD gets none of
// the bytes.
func TestPagesRenderedOnce(t *testing.T) {
	s := newSite(t)
	h := s.Handler()
	for _, path := range []string{"/", "/rule/hostname", "/g/rfc3986/", "/g/rfc3986/rule/host"} {
		first, second := httptest.NewRecorder(), httptest.NewRecorder()
		h.ServeHTTP(first, httptest.NewRequest("GET", path, nil))
		h.ServeHTTP(second, httptest.NewRequest("GET", path, nil))
		if first.Code != 200 || !bytes.Equal(first.Body.Bytes(), second.Body.Bytes()) || first.Body.Len() < 1000 {
			t.Errorf("%s: %d, %d and %d bytes", path, first.Code, first.Body.Len(), second.Body.Len())
		}
		head := httptest.NewRecorder()
		h.ServeHTTP(head, httptest.NewRequest("HEAD", path, nil))
		if head.Code != 200 || head.Body.Len() != 0 || head.Header().Get("Content-Type") != "text/html; charset=utf-8" {
			t.Errorf("HEAD %s: %d, %d bytes, %q", path, head.Code, head.Body.Len(), head.Header().Get("Content-Type"))
		}
	}
	// An unknown rule is not kept: 404 every time.
	for range 2 {
		rec := httptest.NewRecorder()
		h.ServeHTTP(rec, httptest.NewRequest("GET", "/rule/no-such-rule", nil))
		if rec.Code != 404 {
			t.Errorf("an unknown rule: %d", rec.Code)
		}
	}
}

// TestVectorsCaching: a file of the suite has an ETag and Cache-Control;
// a request with that ETag gets 304 and no body; a client that takes
// gzip gets the file gzipped (fewer bytes, the same file once
// decompressed); requests at once before the suite is ready all get it.
func TestVectorsCaching(t *testing.T) {
	h := newSite(t).Handler()
	const path = "/vectors/rfc2396/suite.json"
	var wg sync.WaitGroup
	codes := make([]int, 8)
	for i := range codes {
		wg.Go(func() {
			rec := httptest.NewRecorder()
			h.ServeHTTP(rec, httptest.NewRequest("GET", path, nil))
			codes[i] = rec.Code
		})
	}
	wg.Wait()
	if diff := cmp.Diff([]int{200, 200, 200, 200, 200, 200, 200, 200}, codes); diff != "" {
		t.Errorf("eight requests at once (-want +got):\n%s", diff)
	}
	plain := httptest.NewRecorder()
	h.ServeHTTP(plain, httptest.NewRequest("GET", path, nil))
	etag := plain.Header().Get("ETag")
	if plain.Code != 200 || !strings.HasPrefix(etag, `"`) || !strings.Contains(plain.Header().Get("Cache-Control"), "max-age=") || plain.Header().Get("Content-Type") != "application/json" {
		t.Fatalf("GET %s: %d, headers %v", path, plain.Code, plain.Header())
	}
	again := httptest.NewRequest("GET", path, nil)
	again.Header.Set("If-None-Match", etag)
	rec := httptest.NewRecorder()
	h.ServeHTTP(rec, again)
	if rec.Code != http.StatusNotModified || rec.Body.Len() != 0 {
		t.Errorf("GET with If-None-Match %s: %d, %d bytes", etag, rec.Code, rec.Body.Len())
	}
	zipped := httptest.NewRequest("GET", path, nil)
	zipped.Header.Set("Accept-Encoding", "br, gzip")
	rec = httptest.NewRecorder()
	h.ServeHTTP(rec, zipped)
	if rec.Code != 200 || rec.Header().Get("Content-Encoding") != "gzip" || rec.Header().Get("ETag") == etag || rec.Body.Len() >= plain.Body.Len() {
		t.Fatalf("GET with Accept-Encoding gzip: %d, %d bytes, headers %v", rec.Code, rec.Body.Len(), rec.Header())
	}
	zr, err := gzip.NewReader(rec.Body)
	if err != nil {
		t.Fatal(err)
	}
	unzipped, err := io.ReadAll(zr)
	if err != nil || !bytes.Equal(unzipped, plain.Body.Bytes()) {
		t.Errorf("the gzipped file is not the file: %v", err)
	}
	t.Logf("%s: %d bytes, %d gzipped, 0 on 304", path, plain.Body.Len(), rec.Body.Len())
}

func TestAcceptsGzip(t *testing.T) {
	for _, c := range []struct {
		header string
		want   bool
	}{
		{"", false}, {"gzip", true}, {"GZIP", true}, {"deflate, gzip;q=0.5", true}, {"gzip;q=0", false},
		{"gzip; q=0.000", false}, {"gzip;q=0.01", true}, {"br", false}, {"x-gzip", false}, {"*", false},
	} {
		if got := acceptsGzip([]string{c.header}); got != c.want {
			t.Errorf("Accept-Encoding %q: %v, want %v", c.header, got, c.want)
		}
	}
}

// TestNilArguments gives every exported function and method of the
// package nil or zero values: errors or the documented behaviour, never
// a panic.
func TestNilArguments(t *testing.T) {
	s := newSite(t)
	if srv := s.Server("127.0.0.1:0", nil); srv == nil || srv.Handler == nil || srv.ErrorLog == nil {
		t.Error("Server with a nil writer")
	}
	var nilLog *Log
	if srv := s.Server("", nilLog); srv == nil {
		t.Error("Server with a nil *Log")
	}
	rec := httptest.NewRecorder()
	LogRequests(http.NotFoundHandler(), nil).ServeHTTP(rec, httptest.NewRequest("GET", "/", nil))
	if rec.Code != 404 {
		t.Errorf("LogRequests with a nil logger: %d", rec.Code)
	}
	if code, body := s.PlayJSON(nil, "ref=http://a/", false); code != 200 || !bytes.Contains(body, []byte(`"valid":true`)) {
		t.Errorf("PlayJSON with a nil context: %d %.200s", code, body)
	}
	for _, zero := range []*Site{nil, {}} {
		if code, body := zero.PlayJSON(nil, "", false); code != 500 || !bytes.Contains(body, []byte("site.New")) {
			t.Errorf("%#v: PlayJSON: %d %s", zero, code, body)
		}
	}
	var g *Grammar
	if g.Rule("x") != nil || (&Grammar{}).Rule("x") != nil || g.SectionLink("3") != "" || g.SectionURL(nil) != "" || g.SectionName("3") == "" || g.Match("x", "y") == nil {
		t.Error("a nil Grammar")
	}
	if g := s.Grammars()[0]; g.SectionURL(nil) == "" {
		t.Error("SectionURL(nil)")
	}
	var te *TemplateError
	var je *JSONError
	var se *StaticError
	for _, err := range []error{te, je, se, &StaticError{}, &TemplateError{}, &JSONError{}} {
		if err.Error() == "" {
			t.Errorf("%#v: no message", err)
		}
	}
	if se.Unwrap() != nil {
		t.Error("a nil StaticError unwraps to something")
	}
	if _, err := s.WriteStatic(t.TempDir(), StaticOptions{Downloads: []Download{{}}}); err == nil {
		t.Error("WriteStatic wrote a download with no name")
	}
	if _, err := s.WriteStatic("", StaticOptions{}); err == nil {
		t.Error("WriteStatic into \"\"")
	}
	if (Verdict{}).Label() != "" || (NoCancel{}).Err() != nil {
		t.Error("zero Verdict, NoCancel")
	}
}

// TestServerUnderFlood runs the server on loopback and floods it, from
// many connections at once, with the expensive and the slow: the largest
// playground requests, downloads of the suite whose clients read nothing,
// headers sent a byte at a time, and index pages as fast as they come;
// meanwhile an ordinary client asks for rule pages, and each gets 200.
// The flood is bounded in count and time; the ordinary requests are
// checked by status, within the server's own timeouts. It runs with
// RFC2396_LONG=1.
func TestServerUnderFlood(t *testing.T) {
	if os.Getenv("RFC2396_LONG") == "" {
		t.Skip("long check: set RFC2396_LONG=1")
	}
	addr := serveLoopback(t)
	base := "http://" + addr

	stop := make(chan struct{})
	var wg sync.WaitGroup
	flood := func(n int, f func()) {
		for range n {
			wg.Go(func() {
				for {
					select {
					case <-stop:
						return
					default:
					}
					f()
				}
			})
		}
	}
	dial := func() net.Conn {
		c, err := net.DialTimeout("tcp", addr, 5*time.Second)
		if err != nil {
			return nil
		}
		c.SetDeadline(time.Now().Add(20 * time.Second))
		return c
	}
	// Downloads nobody reads.
	flood(16, func() {
		if c := dial(); c != nil {
			fmt.Fprintf(c, "GET /vectors/rfc2396/suite.json HTTP/1.1\r\nHost: %s\r\n\r\n", addr)
			select {
			case <-stop:
			case <-time.After(3 * time.Second):
			}
			c.Close()
		}
	})
	// Headers a byte at a time.
	flood(32, func() {
		if c := dial(); c != nil {
			for _, b := range []byte("GET / HTTP/1.1\r\nHost: " + addr + "\r\nX: ") {
				c.Write([]byte{b})
				select {
				case <-stop:
					c.Close()
					return
				case <-time.After(100 * time.Millisecond):
				}
			}
			c.Close()
		}
	})
	client := &http.Client{Timeout: 30 * time.Second, Transport: &http.Transport{MaxIdleConnsPerHost: 100}}
	get := func(path string) (int, error) {
		resp, err := client.Get(base + path)
		if err != nil {
			return 0, err
		}
		_, err = io.Copy(io.Discard, resp.Body)
		resp.Body.Close()
		return resp.StatusCode, err
	}
	// The largest playground requests, and index pages.
	ref := url.QueryEscape(hostileRefs()[0])
	flood(16, func() { get("/play.json?all=1&base=http://a/b&ref=" + ref) })
	flood(32, func() { get("/") })

	ordinary := &http.Client{Timeout: 30 * time.Second}
	deadline := time.Now().Add(8 * time.Second)
	answered := 0
	for i := 0; time.Now().Before(deadline); i++ {
		path := []string{"/rule/hostname", "/rule/URI-reference", "/style.css", "/g/rfc3986/rule/host"}[i%4]
		resp, err := ordinary.Get(base + path)
		if err != nil {
			t.Errorf("ordinary GET %s during the flood: %v", path, err)
			continue
		}
		io.Copy(io.Discard, resp.Body)
		resp.Body.Close()
		if resp.StatusCode != http.StatusOK {
			t.Errorf("ordinary GET %s during the flood: %d", path, resp.StatusCode)
		}
		answered++
	}
	close(stop)
	wg.Wait()
	if answered == 0 {
		t.Error("no ordinary request was answered during the flood")
	}
	t.Logf("%d ordinary requests answered during the flood", answered)
}

// serveLoopback starts the site's server on a loopback port for the rest
// of the test and returns its address.
func serveLoopback(t *testing.T) string {
	t.Helper()
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	srv := newSite(t).Server(ln.Addr().String(), io.Discard)
	go srv.Serve(ln)
	t.Cleanup(func() { srv.Close() })
	return ln.Addr().String()
}
