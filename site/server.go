//go:build !js

// The server: everything that needs net/http, which the WebAssembly
// module (GOOS=js) leaves out.

package site

import (
	"bytes"
	"cmp"
	"compress/gzip"
	"context"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"log"
	"net"
	"net/http"
	"net/url"
	"slices"
	"strings"
	"sync"
	"time"

	"github.com/rfc2396/rfc2396/conformance"
	"github.com/rfc2396/rfc2396/report"
)

// Server returns an HTTP server for the site on addr, with timeouts and
// size limits, that logs one line per request, and net/http's own errors,
// to logTo. The log never keeps a request waiting: unless logTo is a
// [*Log] already, Server makes one of it, so that lines the writer does
// not take in time are dropped and counted rather than waited for. A nil
// logTo logs nothing. If addr is a loopback address (127.0.0.1:8396,
// [::1]:8396, localhost:8396), the server answers only requests whose
// Host header names it on that port: a web page that a DNS name rebound
// to 127.0.0.1 cannot use it. Server also starts generating the
// conformance suite that /vectors serves, in the background, so that the
// first download does not wait for it.
func (s *Site) Server(addr string, logTo io.Writer) *http.Server {
	lg, ok := logTo.(*Log)
	if !ok {
		lg = NewLog(logTo)
	}
	logger := log.New(lg, "", log.LstdFlags|log.LUTC)
	h := s.Handler()
	if hosts := loopbackHosts(addr); hosts != nil {
		// The 421 carries the security headers too.
		h = securityHeaders(checkHost(h, hosts))
	}
	if s.check() == nil {
		published.start()
	}
	return &http.Server{
		Addr:              addr,
		Handler:           LogRequests(h, logger),
		ReadHeaderTimeout: readTimeout,
		ReadTimeout:       readTimeout,
		WriteTimeout:      writeTimeout,
		IdleTimeout:       idleTimeout,
		MaxHeaderBytes:    maxHeaderBytes,
		ErrorLog:          logger,
	}
}

// loopbackHosts returns the Host header values that name addr, if addr
// is a loopback address with a port, or nil.
func loopbackHosts(addr string) map[string]bool {
	host, port, err := net.SplitHostPort(addr)
	if err != nil || port == "" || port == "0" {
		return nil
	}
	if ip := net.ParseIP(host); host != "localhost" && (ip == nil || !ip.IsLoopback()) {
		return nil
	}
	hosts := map[string]bool{}
	for _, name := range []string{host, "localhost", "127.0.0.1", "::1"} {
		hosts[strings.ToLower(net.JoinHostPort(name, port))] = true
		if port == "80" {
			hosts[strings.ToLower(strings.Trim(name, "[]"))] = true
			if strings.Contains(name, ":") {
				hosts["["+name+"]"] = true
			}
		}
	}
	return hosts
}

// checkHost refuses, with 421, a request whose Host header is not one of
// hosts.
func checkHost(h http.Handler, hosts map[string]bool) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if !hosts[strings.ToLower(r.Host)] {
			w.Header().Set("Content-Type", "text/plain; charset=utf-8")
			w.WriteHeader(http.StatusMisdirectedRequest)
			fmt.Fprintf(w, "rfc2396 serve: this server answers for its loopback address only; the Host header %.100q names another, so the request is refused (a page on another site may be reaching it through DNS rebinding).\n", r.Host)
			return
		}
		h.ServeHTTP(w, r)
	})
}

// Bounds of the pages other than the playground's (see also answer.go).
// The pages that never change (the indexes, the rule pages, the
// diagrams, style.css, play.js, the 404 page) take turns among
// maxPages, the downloads of the conformance suite among maxDownloads,
// each kind apart from the other and from the playground's two lanes, so
// that a flood of one kind does not hold up the others. A request that
// waits longer than pageWait (downloadWait) for its turn gets 503 with
// Retry-After.
const (
	maxPages     = 32
	pageWait     = 2 * time.Second
	maxDownloads = 4
	downloadWait = 5 * time.Second
	// vectorsWait is how long a download waits for the suite to be
	// generated (once, at the server's start or on the first request)
	// before it gets 503: within writeTimeout.
	vectorsWait = 20 * time.Second
	// vectorsMaxAge is how long a client may keep a file of the suite
	// without asking again; after that it asks with its ETag.
	vectorsMaxAge = "public, max-age=3600"
)

// Handler serves the site. A nil or zero Site (not made by [New]) serves
// 500 with a message saying so. Every answer carries the security
// headers (a Content-Security-Policy that forbids framing and anything
// from elsewhere, nosniff, no referrer). The rendered indexes and rule
// pages are kept by the handler once rendered: one of each at most.
func (s *Site) Handler() http.Handler {
	if err := s.check(); err != nil {
		return securityHeaders(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
			http.Error(w, err.Error(), http.StatusInternalServerError)
		}))
	}
	pages := &pageCache{pages: map[string][]byte{}}
	pageTurns := make(chan struct{}, maxPages)
	page := func(h http.HandlerFunc) http.Handler { return s.gate(pageTurns, pageWait, h) }
	mux := http.NewServeMux()
	mux.Handle("/{$}", page(func(w http.ResponseWriter, r *http.Request) { s.serveIndex(w, r, pages, s.grammars[0]) }))
	mux.Handle("/rule/{name}", page(func(w http.ResponseWriter, r *http.Request) { s.serveRule(w, r, pages, s.grammars[0]) }))
	mux.Handle("/g/{grammar}/{$}", page(func(w http.ResponseWriter, r *http.Request) {
		if g := s.grammar(r.PathValue("grammar")); g != nil {
			s.serveIndex(w, r, pages, g)
			return
		}
		s.serveError(w, r, http.StatusNotFound, "There is no grammar named "+echo(r.PathValue("grammar"))+".")
	}))
	mux.Handle("/g/{grammar}/rule/{name}", page(func(w http.ResponseWriter, r *http.Request) {
		if g := s.grammar(r.PathValue("grammar")); g != nil {
			s.serveRule(w, r, pages, g)
			return
		}
		s.serveError(w, r, http.StatusNotFound, "There is no grammar named "+echo(r.PathValue("grammar"))+".")
	}))
	// The playground and its JSON are the expensive pages: they take
	// turns, and each has a deadline. Short queries (what a person types)
	// have turns of their own, so that a flood of long ones does not keep
	// them waiting.
	turns := lanes{short: make(chan struct{}, maxConcurrent), long: make(chan struct{}, maxConcurrent)}
	mux.Handle("/play", s.limit(turns, queueWait, http.HandlerFunc(s.servePlay), false))
	mux.Handle("/play.json", s.limit(turns, queueWait, http.HandlerFunc(s.servePlayJSON), true))
	mux.Handle("/api/parse", s.limit(turns, queueWait, http.HandlerFunc(serveAPIParse), true))
	mux.Handle("/diagrams/{grammar}/{file}", page(s.serveDiagram))
	mux.Handle("/vectors/{standard}/{file}", s.gate(make(chan struct{}, maxDownloads), downloadWait, http.HandlerFunc(s.serveVectors)))
	for _, name := range []string{"style.css", "play.js"} {
		mux.Handle("/"+name, page(func(w http.ResponseWriter, r *http.Request) { s.serveStatic(w, r, name) }))
	}
	mux.Handle("/", page(func(w http.ResponseWriter, r *http.Request) {
		s.serveError(w, r, http.StatusNotFound, "There is no page at "+echo(r.URL.Path)+".")
	}))
	return securityHeaders(methods(mux, s))
}

// gate runs h when one of turns is free. A request that waits longer
// than patience gets 503 with Retry-After; one whose client leaves while
// it waits gets nothing.
func (s *Site) gate(turns chan struct{}, patience time.Duration, h http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		select {
		case turns <- struct{}{}:
		default:
			wait := time.NewTimer(patience)
			defer wait.Stop()
			select {
			case turns <- struct{}{}:
			case <-r.Context().Done():
				return
			case <-wait.C:
				w.Header().Set("Retry-After", "1")
				s.serveError(w, r, http.StatusServiceUnavailable, "The server is busy with other requests; try again in a moment.")
				return
			}
		}
		defer func() { <-turns }()
		h.ServeHTTP(w, r)
	})
}

// pageCache keeps rendered pages that never change, by a key naming a
// page that exists (a grammar's index, one of its rules): it holds at
// most one page per rule of each grammar, and an index per grammar.
type pageCache struct {
	mu    sync.Mutex
	pages map[string][]byte
}

// get returns the page of key, rendering it with render the first time.
// Rendering holds the lock: requests for a page not yet rendered wait for
// the one rendering rather than each render it.
func (c *pageCache) get(key string, render func() ([]byte, error)) ([]byte, error) {
	c.mu.Lock()
	defer c.mu.Unlock()
	if b, ok := c.pages[key]; ok {
		return b, nil
	}
	b, err := render()
	if err != nil {
		return nil, err
	}
	c.pages[key] = b
	return b, nil
}

// shortQuery is the longest query string that takes a short turn.
const shortQuery = 1 << 10

// lanes are the turns of the expensive handlers: one set for short
// queries, one for long.
type lanes struct{ short, long chan struct{} }

// limit runs h when one of the turns of its lane is free, with a deadline
// of handlerTimeout on the request's context. A request that waits longer
// than patience gets 503; one whose client leaves while it waits gets
// nothing.
func (s *Site) limit(lanes lanes, patience time.Duration, h http.Handler, asJSON bool) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		// The cheapest refusal first: a query too long to read.
		if n := len(r.URL.RawQuery); n > maxQuery {
			s.refuse(w, r, asJSON, http.StatusRequestURITooLong, fmt.Sprintf("The query string is %d bytes long; the playground reads at most %d (a ref and a base of at most %d bytes each). For longer input use the command line: rfc2396 parse, rfc2396 tree.", n, maxQuery, MaxInput))
			return
		}
		turns := lanes.long
		if len(r.URL.RawQuery) <= shortQuery {
			turns = lanes.short
		}
		ctx, cancel := context.WithTimeout(r.Context(), handlerTimeout)
		defer cancel()
		wait := time.NewTimer(patience)
		defer wait.Stop()
		select {
		case turns <- struct{}{}:
			defer func() { <-turns }()
		case <-ctx.Done():
			return
		case <-wait.C:
			w.Header().Set("Retry-After", "1")
			s.refuse(w, r, asJSON, http.StatusServiceUnavailable, "The server is busy with other playground requests; try again in a moment.")
			return
		}
		h.ServeHTTP(w, r.WithContext(ctx))
	})
}

// refuse answers a playground request with an error, as a page or as
// JSON.
func (s *Site) refuse(w http.ResponseWriter, r *http.Request, asJSON bool, status int, msg string) {
	if asJSON {
		writeJSONError(w, status, msg)
		return
	}
	s.serveError(w, r, status, msg)
}

func writeJSONError(w http.ResponseWriter, status int, msg string) {
	w.Header().Set("Content-Type", "application/json; charset=utf-8")
	w.Header().Set("Cache-Control", "no-store")
	w.WriteHeader(status)
	json.NewEncoder(w).Encode(map[string]string{"error": msg})
}

// methods answers anything but GET and HEAD with 405.
func methods(h http.Handler, s *Site) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.Method != http.MethodGet && r.Method != http.MethodHead {
			w.Header().Set("Allow", "GET, HEAD")
			s.serveError(w, r, http.StatusMethodNotAllowed, "The site only answers GET and HEAD requests.")
			return
		}
		h.ServeHTTP(w, r)
	})
}

// securityHeaders forbids what the pages never do: scripts or styles
// from elsewhere, being framed by another page.
func securityHeaders(h http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Security-Policy", "default-src 'none'; style-src 'self' 'unsafe-inline'; script-src 'self'; connect-src 'self'; img-src 'self' data:; base-uri 'none'; form-action 'self'; frame-ancestors 'none'")
		w.Header().Set("X-Frame-Options", "DENY")
		w.Header().Set("X-Content-Type-Options", "nosniff")
		w.Header().Set("Referrer-Policy", "no-referrer")
		h.ServeHTTP(w, r)
	})
}

func (s *Site) serveIndex(w http.ResponseWriter, r *http.Request, pages *pageCache, g *Grammar) {
	b, err := pages.get("index\x00"+g.Name, func() ([]byte, error) {
		p := s.newPage(g, g.Title, false, "/")
		p.Downloads = vectorNames()
		return s.render("index", p)
	})
	s.writePage(w, r, "index", b, err)
}

func (s *Site) serveRule(w http.ResponseWriter, r *http.Request, pages *pageCache, g *Grammar) {
	name := r.PathValue("name")
	rule := g.Rule(name)
	if rule == nil {
		// The peg spelling (URI_reference) is a common slip: point to the
		// RFC's.
		if alt := g.Rule(strings.ReplaceAll(name, "_", "-")); alt != nil {
			p := s.newPage(g, "", false, "/")
			http.Redirect(w, r, p.RuleURL(alt.Name), http.StatusMovedPermanently)
			return
		}
		s.serveError(w, r, http.StatusNotFound, fmt.Sprintf("%s has no rule named %q. Rules are named as the RFC spells them (URI-reference, hostname, IPv4address).", g.Spec, echo(name)))
		return
	}
	b, err := pages.get("rule\x00"+g.Name+"\x00"+rule.Name, func() ([]byte, error) {
		p := s.newPage(g, "", false, "/")
		s.rulePage(p, rule)
		return s.render("rule", p)
	})
	s.writePage(w, r, "rule", b, err)
}

// writePage answers with a page rendered before (b), or with 500 if it
// could not be rendered.
func (s *Site) writePage(w http.ResponseWriter, r *http.Request, name string, b []byte, err error) {
	if err != nil {
		http.Error(w, "rfc2396: rendering "+name+": "+err.Error(), http.StatusInternalServerError)
		return
	}
	w.Header().Set("Content-Type", "text/html; charset=utf-8")
	w.WriteHeader(http.StatusOK)
	if r.Method != http.MethodHead {
		w.Write(b)
	}
}

func (s *Site) serveDiagram(w http.ResponseWriter, r *http.Request) {
	g := s.grammar(r.PathValue("grammar"))
	file := r.PathValue("file")
	if g != nil {
		if rule := g.Rule(strings.TrimSuffix(file, ".svg")); rule != nil && strings.HasSuffix(file, ".svg") {
			w.Header().Set("Content-Type", "image/svg+xml")
			// Links in a standalone diagram lead to the rule pages.
			rules := "../../rule/"
			if g != s.grammars[0] {
				rules = "../../g/" + g.Name + "/rule/"
			}
			io.WriteString(w, strings.ReplaceAll(string(rule.svg), `href="`, `href="`+rules))
			return
		}
	}
	s.serveError(w, r, http.StatusNotFound, "There is no diagram "+echo(r.URL.Path)+".")
}

func (s *Site) serveStatic(w http.ResponseWriter, r *http.Request, name string) {
	b, err := staticFile(name)
	if err != nil {
		s.serveError(w, r, http.StatusNotFound, "There is no file "+name+".")
		return
	}
	if strings.HasSuffix(name, ".css") {
		w.Header().Set("Content-Type", "text/css; charset=utf-8")
	} else {
		w.Header().Set("Content-Type", "text/javascript; charset=utf-8")
	}
	w.Write(b)
}

func (s *Site) servePlay(w http.ResponseWriter, r *http.Request) {
	f, bad := s.playRequest(r.URL.RawQuery)
	if bad != nil {
		s.serveError(w, r, bad.status, bad.msg)
		return
	}
	p := s.newPage(s.grammars[0], "Playground", false, "/")
	p.Script = true
	p.Play = f
	if f.Ref != "" {
		p.Title = "Playground: " + safeTitle(f.Ref)
	}
	_, result, err := s.playResult(r.Context(), p, f)
	if r.Context().Err() != nil {
		// The client left or the deadline passed: nobody reads an answer.
		return
	}
	if err != nil {
		s.serveError(w, r, http.StatusInternalServerError, err.Error())
		return
	}
	p.ResultHTML = result
	s.write(w, r, http.StatusOK, "play", p)
}

// safeTitle shortens an input for a page title.
func safeTitle(s string) string {
	if len(s) > 60 {
		s = s[:60] + "…"
	}
	return strings.ToValidUTF8(s, "\uFFFD")
}

// servePlayJSON answers the playground's script as it types: an
// [Analysis] with its HTML (see [Site.PlayJSON]).
func (s *Site) servePlayJSON(w http.ResponseWriter, r *http.Request) {
	status, body := s.PlayJSON(r.Context(), r.URL.RawQuery, false)
	if r.Context().Err() != nil {
		// The client left or the deadline passed: nobody reads an answer.
		return
	}
	w.Header().Set("Content-Type", "application/json; charset=utf-8")
	w.Header().Set("Cache-Control", "no-store")
	w.WriteHeader(status)
	w.Write(body)
}

// apiParams are the parameters of /api/parse: those of rfc2396 parse's
// flags of the same names.
var apiParams = []string{"ref", "rule", "standard", "profile", "allow", "explain"}

// serveAPIParse answers /api/parse?ref=REF[&rule=&standard=&profile=
// &allow=&explain=1] with the line rfc2396 parse --json writes for REF
// under the same options, byte for byte (package report writes both), and
// status 200 whether REF is valid or not; a request it cannot read gets
// 400 and {"error": "..."} saying why, a REF over MaxInput bytes 414.
func serveAPIParse(w http.ResponseWriter, r *http.Request) {
	body, err := apiParse(r.URL.RawQuery)
	if r.Context().Err() != nil {
		return
	}
	if err != nil {
		status := http.StatusBadRequest
		if errors.As(err, new(*apiTooLong)) {
			status = http.StatusRequestURITooLong
		}
		writeJSONError(w, status, err.Error())
		return
	}
	w.Header().Set("Content-Type", "application/json; charset=utf-8")
	w.Header().Set("Cache-Control", "no-store")
	w.Write(body)
}

// apiTooLong is a ref over MaxInput, which /api/parse answers with 414:
// like the playground, it bounds the work and the answer of a request.
type apiTooLong struct{ n int }

func (e *apiTooLong) Error() string {
	return fmt.Sprintf("the ref is %d bytes long; /api/parse takes at most %d bytes (for longer input use the command line: rfc2396 parse --json)", e.n, MaxInput)
}

// apiQuery reads the query string of /api/parse: pairs separated by "&",
// each key and value unescaped as a form's ("+" is a space, %XX a byte;
// ";" is an ordinary character). Unlike the playground's, it takes no
// "&" that is not escaped as part of a value: a program sends what it
// means.
func apiQuery(raw string) (url.Values, error) {
	q := url.Values{}
	for raw != "" {
		var pair string
		pair, raw, _ = strings.Cut(raw, "&")
		if pair == "" {
			continue
		}
		k, v, _ := strings.Cut(pair, "=")
		key, err := url.QueryUnescape(k)
		if err == nil {
			v, err = url.QueryUnescape(v)
		}
		if err != nil {
			return nil, fmt.Errorf("the query string is malformed: %v; escape \"%%\" as %%25, \"&\" as %%26, \"+\" as %%2B and \"#\" as %%23 in a value", err)
		}
		q[key] = append(q[key], v)
	}
	return q, nil
}

// apiParse is the body of /api/parse's answer to rawQuery, or why the
// query cannot be answered.
func apiParse(rawQuery string) ([]byte, error) {
	q, err := apiQuery(rawQuery)
	if err != nil {
		return nil, err
	}
	for key, v := range q {
		if !slices.Contains(apiParams, key) {
			return nil, fmt.Errorf("%q is no parameter of /api/parse; its parameters are %s", echo(key), strings.Join(apiParams, ", "))
		}
		if len(v) > 1 {
			return nil, fmt.Errorf("%q is given %d times; give it once", key, len(v))
		}
	}
	if !q.Has("ref") {
		return nil, errors.New("no ref: give the reference to check as the parameter ref")
	}
	std := cmp.Or(q.Get("standard"), report.StandardRFC2396)
	s, err := report.LookupStandard(std)
	if err != nil {
		return nil, fmt.Errorf("the standard must be one of %s, not %q", strings.Join(report.StandardNames(), ", "), echo(std))
	}
	rd, err := s.ReaderUnder(q.Get("profile"), q.Get("allow"))
	var pe *report.ProfileError
	switch {
	case errors.As(err, &pe):
		return nil, fmt.Errorf("%s has no profile %q; its profiles are %s", pe.Spec, echo(pe.Name), strings.Join(pe.Profiles, ", "))
	case err != nil:
		return nil, err
	}
	explain := false
	switch e := q.Get("explain"); e {
	case "", "0":
	case "1":
		explain = true
	default:
		return nil, fmt.Errorf("explain must be 1 or 0, not %q", echo(e))
	}
	ruleName := q.Get("rule")
	if ruleName == "" {
		ruleName = rd.StartRule()
	}
	rule, err := rd.LookupRule(ruleName)
	if err != nil {
		return nil, err
	}
	ref := q.Get("ref")
	if len(ref) > MaxInput {
		return nil, &apiTooLong{len(ref)}
	}
	var b report.Buffer
	reading := rd.Read(rule, ref, explain)
	report.ReadIRI(rd, &reading, ref, nil) // RFC 3987: the URI it maps to, the bidi warnings
	report.WriteParse(&b, rd, rule, ref, explain, &reading)
	return b.B, nil
}

func (s *Site) serveError(w http.ResponseWriter, r *http.Request, status int, msg string) {
	p := s.newPage(s.grammars[0], http.StatusText(status), false, "/")
	p.Status, p.StatusText, p.Message = status, http.StatusText(status), msg
	s.write(w, r, status, "error", p)
}

func (s *Site) write(w http.ResponseWriter, r *http.Request, status int, name string, p *page) {
	b, err := s.render(name, p)
	if err != nil {
		http.Error(w, "rfc2396: rendering "+name+": "+err.Error(), http.StatusInternalServerError)
		return
	}
	w.Header().Set("Content-Type", "text/html; charset=utf-8")
	w.WriteHeader(status)
	if r.Method != http.MethodHead {
		w.Write(b)
	}
}

// LogRequests logs one line per request to logger: the client, the method,
// the path (its first 200 bytes; the query is long and is the user's:
// only its length is logged), the status, the size of the answer and the
// time it took. The line is written when the answer is, so a logger that
// blocks holds up the request: [Site.Server] logs through a [Log], which
// never blocks. A nil logger logs nothing; a nil h answers every request
// with 500.
func LogRequests(h http.Handler, logger *log.Logger) http.Handler {
	if h == nil {
		h = securityHeaders(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
			http.Error(w, "rfc2396/site: LogRequests was given no handler", http.StatusInternalServerError)
		}))
	}
	if logger == nil {
		return h
	}
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		start := time.Now()
		rec := &recorder{ResponseWriter: w, status: http.StatusOK}
		h.ServeHTTP(rec, r)
		query := ""
		if r.URL.RawQuery != "" {
			query = fmt.Sprintf(" (query %d bytes)", len(r.URL.RawQuery))
		}
		logger.Printf("%s %s %q%s %d %dB %s", r.RemoteAddr, r.Method, echo(r.URL.Path), query, rec.status, rec.size, time.Since(start).Round(time.Microsecond))
	})
}

type recorder struct {
	http.ResponseWriter
	status int
	size   int
}

func (r *recorder) WriteHeader(status int) {
	r.status = status
	r.ResponseWriter.WriteHeader(status)
}

func (r *recorder) Write(b []byte) (int, error) {
	n, err := r.ResponseWriter.Write(b)
	r.size += n
	return n, err
}

// Unwrap lets http.ResponseController reach the connection's writer.
func (r *recorder) Unwrap() http.ResponseWriter { return r.ResponseWriter }

// suite is the conformance suite (package conformance, the seed of the
// published copy) as /vectors/STANDARD/FILE serves it: generated once
// per process, in the background from the start of a server (or on the
// first request), and kept: a few megabytes, the same for every Site.
type suite struct {
	once  sync.Once
	ready chan struct{} // closed when files and err are set
	files map[string]*vectorFile
	err   error
}

// vectorFile is a file of the suite, with what its answers need.
type vectorFile struct {
	data, gzipped []byte
	etag          string // of data; the gzipped copy's ends in "-gzip"
	ctype         string
}

// published is the process's copy of the suite.
var published = &suite{ready: make(chan struct{})}

// start begins generating the suite, unless it is under way or done.
func (v *suite) start() {
	v.once.Do(func() { go v.generate() })
}

func (v *suite) generate() {
	defer close(v.ready)
	files, err := conformance.Published()
	if err != nil {
		v.err = err
		return
	}
	v.files = map[string]*vectorFile{}
	for _, f := range files {
		sum := sha256.Sum256(f.Data)
		vf := &vectorFile{data: f.Data, etag: `"` + hex.EncodeToString(sum[:16]) + `"`, ctype: "text/tab-separated-values; charset=utf-8"}
		if strings.HasSuffix(f.Name, ".json") {
			vf.ctype = "application/json"
		}
		var b bytes.Buffer
		zw, _ := gzip.NewWriterLevel(&b, gzip.BestCompression)
		zw.Write(f.Data)
		if zw.Close() == nil && b.Len() < len(f.Data) {
			vf.gzipped = b.Bytes()
		}
		v.files[f.Name] = vf
	}
}

// vectorNames lists the paths of the suite's files under the site's root.
func vectorNames() []string {
	var names []string
	for _, std := range conformance.Standards() {
		for _, f := range []string{conformance.SuiteFile, conformance.SchemaFile, conformance.ValidityFile, conformance.ComponentsFile, conformance.ResolveFile} {
			names = append(names, "vectors/"+string(std)+"/"+f)
		}
	}
	return names
}

// serveVectors answers /vectors/STANDARD/FILE from the suite generated
// once: with an ETag (a hash of the file) and Cache-Control, 304 to a
// request whose If-None-Match has that ETag, ranges, and the file
// gzipped to a client that accepts it.
func (s *Site) serveVectors(w http.ResponseWriter, r *http.Request) {
	name := r.PathValue("standard") + "/" + r.PathValue("file")
	if !slices.Contains(vectorNames(), "vectors/"+name) {
		s.serveError(w, r, http.StatusNotFound, "The conformance suite has no file "+echo(name)+".")
		return
	}
	published.start()
	wait := time.NewTimer(vectorsWait)
	defer wait.Stop()
	select {
	case <-published.ready:
	case <-r.Context().Done():
		return
	case <-wait.C:
		w.Header().Set("Retry-After", "5")
		s.serveError(w, r, http.StatusServiceUnavailable, "The conformance suite is still being generated; try again in a moment.")
		return
	}
	if published.err != nil {
		s.serveError(w, r, http.StatusInternalServerError, "The conformance suite could not be generated: "+published.err.Error())
		return
	}
	f, ok := published.files[name]
	if !ok {
		s.serveError(w, r, http.StatusNotFound, "The conformance suite has no file "+echo(name)+".")
		return
	}
	h := w.Header()
	h.Set("Content-Type", f.ctype)
	h.Set("Cache-Control", vectorsMaxAge)
	h.Add("Vary", "Accept-Encoding")
	data, etag := f.data, f.etag
	if f.gzipped != nil && acceptsGzip(r.Header.Values("Accept-Encoding")) {
		data, etag = f.gzipped, strings.TrimSuffix(etag, `"`)+`-gzip"`
		h.Set("Content-Encoding", "gzip")
	}
	h.Set("ETag", etag)
	http.ServeContent(w, r, "", time.Time{}, bytes.NewReader(data))
}

// acceptsGzip reports whether an Accept-Encoding header lists gzip with a
// weight above zero.
func acceptsGzip(values []string) bool {
	for _, v := range values {
		for _, item := range strings.Split(v, ",") {
			coding, params, _ := strings.Cut(strings.TrimSpace(item), ";")
			if !strings.EqualFold(strings.TrimSpace(coding), "gzip") {
				continue
			}
			q := strings.ReplaceAll(strings.ToLower(params), " ", "")
			if q == "q=0" || q == "q=0." || strings.HasPrefix(q, "q=0.0") && strings.Trim(q[len("q=0.0"):], "0") == "" {
				return false
			}
			return true
		}
	}
	return false
}
