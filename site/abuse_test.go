package site

import (
	"context"
	"encoding/json"
	"fmt"
	"io"
	"net"
	"net/http"
	"net/http/httptest"
	"net/url"
	"os"
	"runtime"
	"strings"
	"sync"
	"testing"
	"time"
	"unicode/utf8"

	"github.com/rfc2396/rfc2396/parser"
	"github.com/rfc2396/rfc2396/rfc3986"
)

// maxAnswer is the most any one answer of the server may weigh, whatever
// the request: the playground's largest pages are a few hundred kilobytes.
const maxAnswer = 512 << 10

// hostileRefs are references of the largest size the playground takes,
// shaped to make the tree, the escaping or the resolution as large as
// they can.
func hostileRefs() []string {
	return []string{
		strings.Repeat("a/", MaxInput/2),
		"http://h/" + strings.Repeat("a;p/", (MaxInput-9)/4),
		"http://h/" + strings.Repeat(";", MaxInput-9),
		"http://h/?" + strings.Repeat("&", MaxInput-10),
		"a:" + strings.Repeat("&", MaxInput-2),
		strings.Repeat("/", MaxInput),
		strings.Repeat("../", MaxInput/3),
		strings.Repeat("a/", MaxInput/2-10) + "../..",
		"http://" + strings.Repeat("a.", MaxInput/2-4) + "/",
		"http://" + strings.Repeat("%41", MaxInput/3-3) + "/",
		strings.Repeat("<", MaxInput),
		strings.Repeat("\xff", MaxInput),
	}
}

// TestParseQueryLinear holds parseQuery to memory linear in its input:
// it once appended each "&" pair to the value with +=, which allocated
// (and copied) a quadratic number of bytes.
func TestParseQueryLinear(t *testing.T) {
	for _, n := range []int{10_000, 100_000} {
		// The first "&" ends the ref's own pair, the others are each
		// taken in as an empty pair "&".
		raw := "ref=a" + strings.Repeat("&", n)
		var before, after runtime.MemStats
		runtime.ReadMemStats(&before)
		q, extended, err := parseQuery(raw)
		runtime.ReadMemStats(&after)
		if err != nil || len(extended) != 1 || q.Get("ref") != "a"+strings.Repeat("&", n-1) {
			t.Fatalf("%d ampersands: %v %v, ref of %d bytes", n, err, extended, len(q.Get("ref")))
		}
		if alloc := after.TotalAlloc - before.TotalAlloc; alloc > uint64(100*len(raw)) {
			t.Errorf("%d ampersands: parseQuery allocated %d bytes for a %d-byte query, more than 100 a byte", n, alloc, len(raw))
		}
	}
}

// TestRefusedBeforeParsing sends queries over the limit that would take a
// long parse, or would not parse at all: the answer is 414, so the query
// was never read.
func TestRefusedBeforeParsing(t *testing.T) {
	h := newSite(t).Handler()
	for _, raw := range []string{
		"ref=a" + strings.Repeat("&", maxQuery),
		"ref=" + strings.Repeat("%zz", maxQuery/3+1),
	} {
		for _, path := range []string{"/play", "/play.json"} {
			rec := httptest.NewRecorder()
			h.ServeHTTP(rec, httptest.NewRequest("GET", path+"?"+raw, nil))
			if rec.Code != http.StatusRequestURITooLong || !strings.Contains(rec.Body.String(), "at most") {
				t.Errorf("%s with a %d-byte query: %d %.200s", path, len(raw), rec.Code, rec.Body.String())
			}
		}
	}
	// Just under the limit, the query is read, and the ref in it is over
	// MaxInput.
	rec := httptest.NewRecorder()
	h.ServeHTTP(rec, httptest.NewRequest("GET", "/play.json?ref=a"+strings.Repeat("&", maxQuery-6), nil))
	if rec.Code != http.StatusRequestURITooLong || !strings.Contains(rec.Body.String(), "The ref is") {
		t.Errorf("a query just under the limit: %d %.200s", rec.Code, rec.Body.String())
	}
}

// TestAnswerSizeBounded sends the largest references of the worst shapes:
// every answer stays under maxAnswer, large trees are summarised and the
// JSON says how much was left out.
func TestAnswerSizeBounded(t *testing.T) {
	h := newSite(t).Handler()
	for _, ref := range hostileRefs() {
		for _, path := range []string{"/play", "/play.json"} {
			for _, extra := range []string{"", "&base=" + url.QueryEscape("http://a/b/c/d;p?q"), "&standard=rfc3986&base=" + url.QueryEscape("http://a/"+strings.Repeat("b/", MaxInput/2-5))} {
				rec := httptest.NewRecorder()
				h.ServeHTTP(rec, httptest.NewRequest("GET", path+"?ref="+url.QueryEscape(ref)+extra, nil))
				if rec.Code != http.StatusOK || rec.Body.Len() > maxAnswer {
					t.Errorf("%s %.20q%s: %d, %d bytes (at most %d)", path, ref, extra, rec.Code, rec.Body.Len(), maxAnswer)
				}
				if path != "/play.json" {
					continue
				}
				var a Analysis
				if err := json.Unmarshal(rec.Body.Bytes(), &a); err != nil {
					t.Fatalf("%.20q: %v", ref, err)
				}
				if n := countNodes(a.Tree); n > maxTreeNodes {
					t.Errorf("%.20q: %d nodes in the tree, more than %d", ref, n, maxTreeNodes)
				}
				valid := parser.Valid
				if strings.Contains(extra, "standard=rfc3986") {
					valid = rfc3986.Valid
				}
				if a.Valid != valid(ref) {
					t.Errorf("%.20q%s: valid %v, the library's Valid %v", ref, extra, a.Valid, valid(ref))
				}
			}
		}
	}
}

func countNodes(n *TreeNode) int {
	if n == nil {
		return 0
	}
	c := 1
	for _, k := range n.Children {
		c += countNodes(k)
	}
	return c
}

// TestAPIParseBounded sends /api/parse the largest references of the
// worst shapes, with explain=1 and under each standard: each is answered,
// with the CLI's record, in less than maxAnswer.
func TestAPIParseBounded(t *testing.T) {
	h := newSite(t).Handler()
	for _, ref := range hostileRefs() {
		for _, extra := range []string{"&explain=1", "&profile=java", "&standard=rfc3986"} {
			query := "ref=" + url.QueryEscape(ref) + extra
			rec := httptest.NewRecorder()
			h.ServeHTTP(rec, httptest.NewRequest("GET", "/api/parse?"+query, nil))
			if rec.Code != http.StatusOK || rec.Body.Len() > maxAnswer {
				t.Errorf("/api/parse %.20q%s: %d, %d bytes (at most %d)", ref, extra, rec.Code, rec.Body.Len(), maxAnswer)
				continue
			}
			checkAPIParse(t, query, rec.Code, rec.Body.String())
		}
	}
}

func TestPruneTree(t *testing.T) {
	leaf := func(b int) *TreeNode { return &TreeNode{Rule: "x", Begin: b, End: b + 1} }
	build := func() *TreeNode {
		return &TreeNode{Rule: "r", Children: []*TreeNode{
			{Rule: "a", Children: []*TreeNode{leaf(0), leaf(1)}},
			{Rule: "b", Children: []*TreeNode{leaf(2)}},
			leaf(3),
		}}
	}
	for _, c := range []struct {
		limit, omitted, kept int
	}{{100, 0, 7}, {7, 0, 7}, {6, 1, 6}, {4, 3, 4}, {2, 5, 2}, {1, 6, 1}} {
		tree := build()
		omitted := pruneTree(tree, c.limit)
		if omitted != c.omitted || countNodes(tree) != c.kept {
			t.Errorf("limit %d: omitted %d, kept %d; want %d, %d", c.limit, omitted, countNodes(tree), c.omitted, c.kept)
		}
	}
	// The kept nodes are the first in breadth-first order: with 4, the
	// root and its three children.
	tree := build()
	pruneTree(tree, 4)
	if len(tree.Children) != 3 || len(tree.Children[0].Children) != 0 {
		t.Errorf("limit 4 kept %+v", tree)
	}
}

// TestHandlerStopsWhenContextDone sends a request whose client has gone:
// nothing is rendered or written.
func TestHandlerStopsWhenContextDone(t *testing.T) {
	h := newSite(t).Handler()
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	for _, path := range []string{"/play", "/play.json"} {
		rec := httptest.NewRecorder()
		req := httptest.NewRequest("GET", path+"?ref="+url.QueryEscape(hostileRefs()[0]), nil).WithContext(ctx)
		h.ServeHTTP(rec, req)
		if rec.Body.Len() != 0 {
			t.Errorf("%s with a done context: %d bytes written", path, rec.Body.Len())
		}
	}
	s := newSite(t)
	p := s.newPage(s.grammars[0], "", false, "/")
	if _, _, err := s.playResult(ctx, p, playForm{Ref: "http://a/", HasRef: true, Rule: "URI-reference"}); err != context.Canceled {
		t.Errorf("playResult with a done context: %v", err)
	}
}

// TestTurns fills the turns of the expensive handlers: a request waits,
// then gets 503; a request whose client leaves while it waits gets
// nothing, and the handler never runs.
func TestTurns(t *testing.T) {
	s := newSite(t)
	ran := 0
	h := http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		ran++
		if _, ok := r.Context().Deadline(); !ok {
			t.Error("the handler runs without a deadline")
		}
	})
	turns := lanes{short: make(chan struct{}, 1), long: make(chan struct{}, 1)}
	turns.short <- struct{}{}
	for _, asJSON := range []bool{false, true} {
		rec := httptest.NewRecorder()
		s.limit(turns, time.Millisecond, h, asJSON).ServeHTTP(rec, httptest.NewRequest("GET", "/play?ref=a", nil))
		if rec.Code != http.StatusServiceUnavailable || rec.Header().Get("Retry-After") == "" || !strings.Contains(rec.Body.String(), "busy") {
			t.Errorf("all turns taken (JSON %v): %d %q", asJSON, rec.Code, rec.Body.String())
		}
	}
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	rec := httptest.NewRecorder()
	s.limit(turns, time.Hour, h, false).ServeHTTP(rec, httptest.NewRequest("GET", "/play?ref=a", nil).WithContext(ctx))
	if rec.Body.Len() != 0 {
		t.Errorf("a client that left while waiting got %d bytes", rec.Body.Len())
	}
	if ran != 0 {
		t.Errorf("the handler ran %d times with no turn free", ran)
	}
	// The long lane full does not hold up a short query.
	<-turns.short
	turns.long <- struct{}{}
	rec = httptest.NewRecorder()
	s.limit(turns, time.Hour, h, false).ServeHTTP(rec, httptest.NewRequest("GET", "/play?ref=a", nil))
	if ran != 1 || len(turns.short) != 0 {
		t.Errorf("with a short turn free: ran %d times, %d short turns still taken after", ran, len(turns.short))
	}
	// Nor the other way round.
	rec = httptest.NewRecorder()
	s.limit(turns, time.Millisecond, h, false).ServeHTTP(rec, httptest.NewRequest("GET", "/play?ref="+strings.Repeat("a", shortQuery), nil))
	if rec.Code != http.StatusServiceUnavailable || ran != 1 {
		t.Errorf("a long query with the long lane full: %d, ran %d times", rec.Code, ran)
	}
}

func TestHostCheck(t *testing.T) {
	s := newSite(t)
	for _, c := range []struct {
		addr, host string
		status     int
	}{
		{"127.0.0.1:8396", "127.0.0.1:8396", http.StatusOK},
		{"127.0.0.1:8396", "localhost:8396", http.StatusOK},
		{"127.0.0.1:8396", "LOCALHOST:8396", http.StatusOK},
		{"127.0.0.1:8396", "[::1]:8396", http.StatusOK},
		{"[::1]:8396", "[::1]:8396", http.StatusOK},
		{"localhost:8396", "localhost:8396", http.StatusOK},
		{"127.0.0.1:80", "localhost", http.StatusOK},
		{"127.0.0.1:8396", "evil.example:8396", http.StatusMisdirectedRequest},
		{"127.0.0.1:8396", "127.0.0.1:8397", http.StatusMisdirectedRequest},
		{"127.0.0.1:8396", "127.0.0.1", http.StatusMisdirectedRequest},
		{"127.0.0.1:8396", "", http.StatusMisdirectedRequest},
		{"127.0.0.1:8396", "localhost.evil.example:8396", http.StatusMisdirectedRequest},
		{"[::1]:8396", "evil.example:8396", http.StatusMisdirectedRequest},
		// Not a loopback bind: the user chose to be reachable by any name.
		{"0.0.0.0:8396", "evil.example:8396", http.StatusOK},
		{"192.0.2.1:8396", "example.com", http.StatusOK},
	} {
		h := s.Server(c.addr, io.Discard).Handler
		req := httptest.NewRequest("GET", "/", nil)
		req.Host = c.host
		rec := httptest.NewRecorder()
		h.ServeHTTP(rec, req)
		if rec.Code != c.status {
			t.Errorf("listening on %s, Host %q: %d, want %d", c.addr, c.host, rec.Code, c.status)
		}
	}
}

func TestSecurityHeaders(t *testing.T) {
	h := newSite(t).Handler()
	for _, path := range []string{"/", "/play?ref=a", "/play.json?ref=a", "/nowhere", "/style.css"} {
		rec := httptest.NewRecorder()
		h.ServeHTTP(rec, httptest.NewRequest("GET", path, nil))
		if csp := rec.Header().Get("Content-Security-Policy"); !strings.Contains(csp, "frame-ancestors 'none'") || rec.Header().Get("X-Frame-Options") != "DENY" {
			t.Errorf("%s: the page may be framed: CSP %q, X-Frame-Options %q", path, csp, rec.Header().Get("X-Frame-Options"))
		}
	}
}

// TestZeroSite uses a Site not made by New: errors, never a panic.
func TestZeroSite(t *testing.T) {
	for _, s := range []*Site{nil, {}} {
		rec := httptest.NewRecorder()
		s.Handler().ServeHTTP(rec, httptest.NewRequest("GET", "/play?ref=a", nil))
		if rec.Code != http.StatusInternalServerError || !strings.Contains(rec.Body.String(), "site.New") {
			t.Errorf("%#v: %d %q", s, rec.Code, rec.Body.String())
		}
		if s.Server("127.0.0.1:1", io.Discard) == nil || s.Grammars() != nil {
			t.Errorf("%#v: no server, or grammars", s)
		}
		if _, err := s.WriteStatic(t.TempDir()+"/out", StaticOptions{}); err == nil {
			t.Errorf("%#v: WriteStatic did not fail", s)
		}
	}
}

// TestServerUnderAbuse runs the server on loopback and sends it, from
// several clients at once, the requests of issue 17 and the largest
// playground requests, while an ordinary client asks for pages: every
// hostile request is answered (or refused) quickly with a bounded answer,
// and the ordinary requests are answered meanwhile. The time bounds are
// generous, for a loaded machine; it runs with RFC2396_LONG=1.
func TestServerUnderAbuse(t *testing.T) {
	if os.Getenv("RFC2396_LONG") == "" {
		t.Skip("long check: set RFC2396_LONG=1")
	}
	addr := serveLoopback(t)
	base := "http://" + addr

	var hostile []string
	for _, n := range []int{50_000, 100_000, 200_000} {
		hostile = append(hostile, "/play.json?ref=a"+strings.Repeat("&", n))
	}
	hostile = append(hostile, "/play.json?ref=a"+strings.Repeat("&", maxQuery-10))
	hostile = append(hostile, "/api/parse?ref=a"+strings.Repeat("&", maxQuery-11))
	for _, ref := range hostileRefs() {
		hostile = append(hostile, "/play.json?ref="+url.QueryEscape(ref), "/play?all=1&base=http://a/b&ref="+url.QueryEscape(ref), "/api/parse?explain=1&ref="+url.QueryEscape(ref))
	}
	hostile = append(hostile, "/"+strings.Repeat("x", 100_000), "/rule/"+strings.Repeat("y", 50_000))

	client := &http.Client{Timeout: 30 * time.Second}
	fetch := func(path string) (int, int64, time.Duration, error) {
		start := time.Now()
		resp, err := client.Get(base + path)
		if err != nil {
			return 0, 0, time.Since(start), err
		}
		defer resp.Body.Close()
		n, err := io.Copy(io.Discard, resp.Body)
		return resp.StatusCode, n, time.Since(start), err
	}

	// Each hostile request alone: answered within 2 s, at most maxAnswer.
	for _, path := range hostile {
		code, n, took, err := fetch(path)
		if err != nil || code >= 500 || n > maxAnswer || took > 2*time.Second {
			t.Errorf("GET %.50s… (%d bytes): %v, status %d, %d bytes, %v", path, len(path), err, code, n, took)
		}
	}

	// Eight clients repeat them all for a few rounds while an ordinary
	// client asks for pages: each ordinary page within 5 s.
	const clients, rounds = 8, 3
	var wg sync.WaitGroup
	stop := make(chan struct{})
	errs := make(chan error, clients*rounds*len(hostile)+100)
	for range clients {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for range rounds {
				for _, path := range hostile {
					code, n, _, err := fetch(path)
					if err != nil || (code >= 500 && code != http.StatusServiceUnavailable) || n > maxAnswer {
						errs <- fmt.Errorf("under load, GET %.50s: %v, status %d, %d bytes", path, err, code, n)
					}
				}
			}
		}()
	}
	go func() { wg.Wait(); close(stop) }()
	ordinary := []string{"/", "/rule/URI-reference", "/play?ref=http%3A%2F%2Fa%2Fb", "/style.css"}
	answered := 0
	for i := 0; ; i++ {
		select {
		case <-stop:
			close(errs)
			for err := range errs {
				t.Error(err)
			}
			if answered == 0 {
				t.Error("no ordinary request was answered during the load")
			}
			t.Logf("%d ordinary requests answered during the load", answered)
			return
		default:
		}
		path := ordinary[i%len(ordinary)]
		code, _, took, err := fetch(path)
		if err != nil || code != http.StatusOK || took > 5*time.Second {
			t.Errorf("ordinary GET %s during the load: %v, status %d, %v", path, err, code, took)
		}
		answered++
	}
}

// TestClientLeaves starts the largest requests and leaves at once: the
// server's work on them stops, and it goes on answering.
func TestClientLeaves(t *testing.T) {
	if os.Getenv("RFC2396_LONG") == "" {
		t.Skip("long check: set RFC2396_LONG=1")
	}
	addr := serveLoopback(t)
	for range 50 {
		conn, err := net.Dial("tcp", addr)
		if err != nil {
			t.Fatal(err)
		}
		fmt.Fprintf(conn, "GET /play?all=1&ref=%s HTTP/1.1\r\nHost: %s\r\n\r\n", url.QueryEscape(hostileRefs()[0]), addr)
		conn.Close()
	}
	resp, err := (&http.Client{Timeout: 10 * time.Second}).Get("http://" + addr + "/play?ref=a")
	if err != nil {
		t.Fatal(err)
	}
	resp.Body.Close()
	if resp.StatusCode != http.StatusOK {
		t.Errorf("after 50 clients left: status %d", resp.StatusCode)
	}
}

// FuzzHandler sends any path and query string to the site's handler and
// holds every answer to the server's promises: a status the site gives
// (never a 5xx), the security headers, an answer under maxAnswer, a
// query over the limit refused with 414, valid JSON from /play.json whose
// verdict is the parser's, and never a tag of the input in a page.
func FuzzHandler(f *testing.F) {
	for _, seed := range [][2]string{
		{"/play", "ref=http%3A%2F%2Fa_b.example%2Fx"}, {"/play.json", "ref=a&&&&b"}, {"/play.json", "ref=%zz"},
		{"/play", "ref=../g&base=http://a/b/c/d;p?q&all=1"}, {"/play.json", "rule=hostname&ref=a.b"},
		{"/rule/URI_reference", ""}, {"/g/rfc3986/", ""}, {"/diagrams/rfc2396/hostname.svg", ""},
		{"/play.json", "ref=%3Cb%3E&ref=x"}, {"/api/parse", "ref=http%3A%2F%2F%5B%3A%3A1%5D%2F&profile=java&explain=1"},
		{"/api/parse", "ref=%FF&standard=rfc3986"}, {"/api/parse", "ref=a%20b"}, {"/api/parse", "ref=a&b"}, {"/play", "ref=" + strings.Repeat("a/", 100) + "&all=1"},
	} {
		f.Add(seed[0], seed[1])
	}
	s, err := New()
	if err != nil {
		f.Fatal(err)
	}
	h := s.Handler()
	statuses := map[int]bool{200: true, 301: true, 307: true, 400: true, 404: true, 414: true}
	f.Fuzz(func(t *testing.T, path, rawQuery string) {
		if !strings.HasPrefix(path, "/") {
			path = "/" + path
		}
		req := &http.Request{Method: "GET", URL: &url.URL{Path: path, RawQuery: rawQuery}, Header: http.Header{}, Host: "example.com"}
		req = req.WithContext(context.Background())
		rec := httptest.NewRecorder()
		h.ServeHTTP(rec, req)
		body := rec.Body.String()
		if !statuses[rec.Code] {
			t.Fatalf("%q ? %q: status %d: %.300s", path, rawQuery, rec.Code, body)
		}
		if !strings.Contains(rec.Header().Get("Content-Security-Policy"), "frame-ancestors 'none'") || rec.Header().Get("X-Content-Type-Options") != "nosniff" || rec.Header().Get("Content-Type") == "" && rec.Code/100 != 3 {
			t.Fatalf("%q ? %q: headers %v", path, rawQuery, rec.Header())
		}
		if len(body) > maxAnswer {
			t.Fatalf("%q ? %q: %d bytes", path, rawQuery, len(body))
		}
		isPlay := path == "/play" || path == "/play.json" || path == "/api/parse"
		if isPlay && len(rawQuery) > maxQuery && rec.Code != http.StatusRequestURITooLong {
			t.Fatalf("%q: a %d-byte query answered %d", path, len(rawQuery), rec.Code)
		}
		if path == "/api/parse" && len(rawQuery) <= maxQuery {
			checkAPIParse(t, rawQuery, rec.Code, body)
		}
		if path == "/play.json" {
			var fields map[string]json.RawMessage
			if err := json.Unmarshal(rec.Body.Bytes(), &fields); err != nil {
				t.Fatalf("%q: the JSON does not read: %v: %.300s", rawQuery, err, body)
			}
			var msg string
			if rec.Code != http.StatusOK {
				if err := json.Unmarshal(fields["error"], &msg); err != nil || msg == "" || len(fields) != 1 {
					t.Fatalf("%q: status %d without an error message: %.300s", rawQuery, rec.Code, body)
				}
				return
			}
			var a Analysis
			if err := json.Unmarshal(rec.Body.Bytes(), &a); err != nil {
				t.Fatalf("%q: the analysis does not read: %v", rawQuery, err)
			}
			q, _, err := parseQuery(rawQuery)
			if rec.Code == http.StatusOK && err == nil && q.Has("ref") && q.Get("rule") == "" && utf8.ValidString(q.Get("ref")) && a.Valid != parser.Valid(q.Get("ref")) {
				t.Fatalf("%q: valid %v, parser.Valid %v", rawQuery, a.Valid, !a.Valid)
			}
		}
		if strings.HasPrefix(rec.Header().Get("Content-Type"), "text/html") {
			for _, m := range tagNameRE.FindAllStringSubmatch(between(body, "<main", "</main>"), -1) {
				if !pageTags[strings.ToLower(m[1])] && !mainTags[strings.ToLower(m[1])] {
					t.Fatalf("%q ? %q: the page has a <%s> tag the templates do not write", path, rawQuery, m[1])
				}
			}
		}
	})
}

// mainTags are the elements the page templates write in <main> besides
// those of the result.
var mainTags = map[string]bool{}

func init() {
	for _, tag := range strings.Fields("main h1 h3 form label input select option optgroup datalist button textarea fieldset legend nav img svg path g text rect line title em br hr small abbr sup blockquote q i b figure figcaption caption col colgroup tfoot") {
		mainTags[tag] = true
	}
}

// checkAPIParse holds an answer of /api/parse to its promises: one line of
// JSON; on 200 the record of parse --json, whose verdict is the parser's
// for a plain URI-reference under the strict profile; otherwise
// {"error": message} alone.
func checkAPIParse(t *testing.T, rawQuery string, code int, body string) {
	t.Helper()
	if !strings.HasSuffix(body, "\n") || strings.Count(body, "\n") != 1 {
		t.Fatalf("/api/parse?%q: not one line: %.300q", rawQuery, body)
	}
	var fields map[string]json.RawMessage
	if err := json.Unmarshal([]byte(body), &fields); err != nil {
		t.Fatalf("/api/parse?%q: the JSON does not read: %v: %.300s", rawQuery, err, body)
	}
	if code != http.StatusOK {
		var msg string
		if err := json.Unmarshal(fields["error"], &msg); err != nil || msg == "" || len(fields) != 1 {
			t.Fatalf("/api/parse?%q: status %d without an error message: %.300s", rawQuery, code, body)
		}
		return
	}
	var rec struct {
		Input      string `json:"input"`
		InputBytes []byte `json:"input_bytes"`
		Valid      bool   `json:"valid"`
	}
	if err := json.Unmarshal([]byte(body), &rec); err != nil {
		t.Fatalf("/api/parse?%q: %v", rawQuery, err)
	}
	q, err := apiQuery(rawQuery)
	if err != nil {
		t.Fatalf("/api/parse?%q: answered 200 to a query it cannot read: %v", rawQuery, err)
	}
	// The input comes back as itself when it is UTF-8, and in
	// "input_bytes" exactly when it is not.
	ref := q.Get("ref")
	back := rec.Input
	if rec.InputBytes != nil {
		back = string(rec.InputBytes)
	}
	if back != ref || (rec.InputBytes != nil) == utf8.ValidString(ref) {
		t.Fatalf("/api/parse?%q: input %.100q, input_bytes %v; want %.100q", rawQuery, back, rec.InputBytes != nil, ref)
	}
	if len(q) == 1 && rec.Valid != parser.Valid(ref) {
		t.Fatalf("/api/parse?%q: valid %v, parser.Valid %v", rawQuery, rec.Valid, !rec.Valid)
	}
}
