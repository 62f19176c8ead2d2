package site

import (
	"bytes"
	"encoding/json"
	"fmt"
	"html"
	"html/template"
	"io"
	"log"
	"net/http"
	"net/url"
	"slices"
	"strings"
	"time"
	"unicode/utf8"

	"github.com/rfc2396/rfc2396/grammar"
)

// Limits of the server: how long a request may take to arrive and to be
// answered, and how large its header (with the query string) may be. A
// ref or base is at most MaxInput bytes; the header may be much larger, so
// that a longer one still reaches the playground and gets its page saying
// so, rather than net/http's bare 431.
const (
	readTimeout    = 10 * time.Second
	writeTimeout   = 30 * time.Second
	idleTimeout    = 60 * time.Second
	maxHeaderBytes = 1 << 20
	// maxAllRules is the longest input the tree shows with its
	// character-level rules: they add several spans per byte.
	maxAllRules = 1 << 10
)

// Server returns an HTTP server for the site on addr, with timeouts and
// size limits, that logs one line per request to logTo.
func (s *Site) Server(addr string, logTo io.Writer) *http.Server {
	logger := log.New(logTo, "", log.LstdFlags|log.LUTC)
	return &http.Server{
		Addr:              addr,
		Handler:           LogRequests(s.Handler(), logger),
		ReadHeaderTimeout: readTimeout,
		ReadTimeout:       readTimeout,
		WriteTimeout:      writeTimeout,
		IdleTimeout:       idleTimeout,
		MaxHeaderBytes:    maxHeaderBytes,
		ErrorLog:          logger,
	}
}

// Handler serves the site.
func (s *Site) Handler() http.Handler {
	mux := http.NewServeMux()
	mux.HandleFunc("/{$}", func(w http.ResponseWriter, r *http.Request) { s.serveIndex(w, r, s.grammars[0]) })
	mux.HandleFunc("/rule/{name}", func(w http.ResponseWriter, r *http.Request) { s.serveRule(w, r, s.grammars[0]) })
	mux.HandleFunc("/g/{grammar}/{$}", func(w http.ResponseWriter, r *http.Request) {
		if g := s.grammar(r.PathValue("grammar")); g != nil {
			s.serveIndex(w, r, g)
			return
		}
		s.serveError(w, r, http.StatusNotFound, "There is no grammar named "+r.PathValue("grammar")+".")
	})
	mux.HandleFunc("/g/{grammar}/rule/{name}", func(w http.ResponseWriter, r *http.Request) {
		if g := s.grammar(r.PathValue("grammar")); g != nil {
			s.serveRule(w, r, g)
			return
		}
		s.serveError(w, r, http.StatusNotFound, "There is no grammar named "+r.PathValue("grammar")+".")
	})
	mux.HandleFunc("/play", s.servePlay)
	mux.HandleFunc("/api/parse", s.serveAPI)
	mux.HandleFunc("/diagrams/{grammar}/{file}", s.serveDiagram)
	for _, name := range []string{"style.css", "play.js"} {
		mux.HandleFunc("/"+name, func(w http.ResponseWriter, r *http.Request) { s.serveStatic(w, r, name) })
	}
	mux.HandleFunc("/", func(w http.ResponseWriter, r *http.Request) {
		s.serveError(w, r, http.StatusNotFound, "There is no page at "+r.URL.Path+".")
	})
	return securityHeaders(methods(mux, s))
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

func securityHeaders(h http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Security-Policy", "default-src 'none'; style-src 'self' 'unsafe-inline'; script-src 'self'; connect-src 'self'; img-src 'self' data:; base-uri 'none'; form-action 'self'")
		w.Header().Set("X-Content-Type-Options", "nosniff")
		w.Header().Set("Referrer-Policy", "no-referrer")
		h.ServeHTTP(w, r)
	})
}

func (s *Site) grammar(name string) *Grammar {
	for _, g := range s.grammars {
		if g.Name == name {
			return g
		}
	}
	return nil
}

func (s *Site) serveIndex(w http.ResponseWriter, r *http.Request, g *Grammar) {
	p := s.newPage(g, g.Title, false, "/")
	s.write(w, r, http.StatusOK, "index", p)
}

func (s *Site) serveRule(w http.ResponseWriter, r *http.Request, g *Grammar) {
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
		s.serveError(w, r, http.StatusNotFound, fmt.Sprintf("%s has no rule named %q. Rules are named as the RFC spells them (URI-reference, hostname, IPv4address).", g.Spec, name))
		return
	}
	p := s.newPage(g, "", false, "/")
	s.rulePage(p, rule)
	s.write(w, r, http.StatusOK, "rule", p)
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
	s.serveError(w, r, http.StatusNotFound, "There is no diagram "+r.URL.Path+".")
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

// badRequest is a request the playground cannot answer, with its status.
type badRequest struct {
	status int
	msg    string
}

// playRequest reads the playground's parameters: ref, base, rule, all.
func (s *Site) playRequest(r *http.Request) (playForm, *badRequest) {
	f := playForm{Rule: grammar.RuleURIReference.String()}
	q, extended, err := parseQuery(r.URL.RawQuery)
	if err != nil {
		return f, &badRequest{http.StatusBadRequest, "The query string is malformed: " + err.Error() + ". In a ref or base typed into the address bar, write \"%\" as %25, \"&\" as %26, \"+\" as %2B and \"#\" as %23 (the form does it for you)."}
	}
	for _, key := range []string{"ref", "base"} {
		if v := q[key]; len(v) > 1 {
			return f, &badRequest{http.StatusBadRequest, fmt.Sprintf("%q is given %d times; give it once.", key, len(v))}
		}
		if n := len(q.Get(key)); n > MaxInput {
			return f, &badRequest{http.StatusRequestURITooLong, fmt.Sprintf("The %s is %d bytes long; the playground takes at most %d bytes. For longer input use the command line: rfc2396 parse, rfc2396 tree.", key, n, MaxInput)}
		}
	}
	f.Ref, f.Base = q.Get("ref"), q.Get("base")
	// The form says it encoded the fields itself (its spaces are "+");
	// otherwise a "+" was probably typed into the address bar.
	if q.Get("enc") != "form" {
		for _, key := range []string{"ref", "base"} {
			if rawHasPlus(r.URL.RawQuery, key) {
				f.Plus = append(f.Plus, key)
			}
		}
	}
	_, f.HasRef = q["ref"]
	f.Amp = extended
	if name := q.Get("rule"); name != "" {
		rule, ok := grammar.Lookup(name)
		if !ok {
			return f, &badRequest{http.StatusBadRequest, fmt.Sprintf("There is no rule %q in %s Appendix A.", name, s.grammars[0].Spec)}
		}
		f.Rule = rule.String()
	}
	f.All = q.Get("all") != "" && q.Get("all") != "0"
	return f, nil
}

// resultView is what the result template is executed with.
type resultView struct {
	A           *Analysis
	All         bool
	TreeHTML    template.HTML
	OutlineHTML template.HTML
	Caret       caretText
	CaretPad    string
	Notice      string
	page        *page
}

// RuleURL is the page of a rule.
func (v *resultView) RuleURL(name string) string { return v.page.RuleURL(name) }

// RuleABNF is the Appendix A line of a rule.
func (v *resultView) RuleABNF(name string) string {
	if r := v.page.G.Rule(name); r != nil {
		return r.ABNF
	}
	return ""
}

// playResult analyzes the form and renders the result fragment.
func (s *Site) playResult(p *page, f playForm) (*Analysis, template.HTML, error) {
	v := &resultView{page: p, All: f.All}
	var a *Analysis
	if len(f.Amp) > 0 {
		v.Notice += fmt.Sprintf(" The %s in the address has an \"&\" followed by something that is no parameter of the playground: it was read as part of the %s. Write \"&\" as %%26 there.", strings.Join(f.Amp, " and "), strings.Join(f.Amp, " and "))
	}
	if len(f.Plus) > 0 {
		v.Notice += fmt.Sprintf(" The %s in the address has a \"+\", which a query string reads as a space, as here. If you meant a plus, write it %%2B.", strings.Join(f.Plus, " and "))
	}
	if f.HasRef {
		rule, _ := grammar.Lookup(f.Rule)
		all := f.All
		if all && len(f.Ref) > maxAllRules {
			all = false
			v.Notice += fmt.Sprintf(" Character-level rules are shown for inputs of up to %d bytes.", maxAllRules)
		}
		v.All = all
		a = analyze(rule, f.Ref, all)
		if f.Base != "" {
			if rule == grammar.RuleURIReference {
				a.Resolution = traceResolve(f.Base, f.Ref)
			} else {
				v.Notice += " A base is used with the rule URI-reference only: resolution is not shown."
			}
		}
		v.A = a
		if a.Tree != nil {
			v.TreeHTML = template.HTML(treeHTML(f.Ref, a.Tree, p.RuleURL))
			v.OutlineHTML = template.HTML(outlineHTML(f.Ref, a.Tree, p.RuleURL))
		}
		if a.Error != nil {
			v.Caret = caretView(f.Ref, a.Error.Offset)
			v.CaretPad = strings.Repeat(" ", v.Caret.CaretColumn)
		}
	}
	v.Notice = strings.TrimSpace(v.Notice)
	var b bytes.Buffer
	if err := s.pages["play"].ExecuteTemplate(&b, "result", v); err != nil {
		return nil, "", err
	}
	return a, template.HTML(b.String()), nil
}

// outlineHTML renders the tree as nested lists: each rule a link, its byte
// span and its text.
func outlineHTML(input string, t *TreeNode, link func(string) string) string {
	var b strings.Builder
	var walk func(n *TreeNode)
	walk = func(n *TreeNode) {
		fmt.Fprintf(&b, `<li><a class="rule" href="%s">%s</a> <span class="span">[%d, %d)</span> <code>%s</code>`,
			html.EscapeString(link(n.Rule)), n.Rule, n.Begin, n.End, html.EscapeString(input[n.Begin:n.End]))
		if len(n.Children) > 0 {
			b.WriteString("<ul>")
			for _, c := range n.Children {
				walk(c)
			}
			b.WriteString("</ul>")
		}
		b.WriteString("</li>")
	}
	b.WriteString(`<ul class="outline">`)
	walk(t)
	b.WriteString("</ul>")
	return b.String()
}

func (s *Site) servePlay(w http.ResponseWriter, r *http.Request) {
	f, bad := s.playRequest(r)
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
	_, result, err := s.playResult(p, f)
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

func (s *Site) serveAPI(w http.ResponseWriter, r *http.Request) {
	w.Header().Set("Content-Type", "application/json; charset=utf-8")
	w.Header().Set("Cache-Control", "no-store")
	f, bad := s.playRequest(r)
	if bad != nil {
		w.WriteHeader(bad.status)
		json.NewEncoder(w).Encode(map[string]string{"error": bad.msg})
		return
	}
	p := s.newPage(s.grammars[0], "", false, "/")
	a, result, err := s.playResult(p, f)
	if err != nil {
		w.WriteHeader(http.StatusInternalServerError)
		json.NewEncoder(w).Encode(map[string]string{"error": err.Error()})
		return
	}
	if a == nil {
		a = &Analysis{Rule: f.Rule}
	}
	a.HTML = string(result)
	if !utf8.ValidString(a.Input) {
		a.Input = strings.ToValidUTF8(a.Input, "\uFFFD")
	}
	json.NewEncoder(w).Encode(a)
}

func (s *Site) serveError(w http.ResponseWriter, r *http.Request, status int, msg string) {
	p := s.newPage(s.grammars[0], http.StatusText(status), false, "/")
	p.Status, p.Message = status, msg
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
// the path (the query is long and is the user's: only its length is
// logged), the status, the size of the answer and the time it took.
func LogRequests(h http.Handler, logger *log.Logger) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		start := time.Now()
		rec := &recorder{ResponseWriter: w, status: http.StatusOK}
		h.ServeHTTP(rec, r)
		query := ""
		if r.URL.RawQuery != "" {
			query = fmt.Sprintf(" (query %d bytes)", len(r.URL.RawQuery))
		}
		logger.Printf("%s %s %q%s %d %dB %s", r.RemoteAddr, r.Method, r.URL.Path, query, rec.status, rec.size, time.Since(start).Round(time.Microsecond))
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

// urlQueryEscape escapes s for a query string, a space as %20 rather than
// "+" (url.QueryEscape writes "+" itself as %2B, so every "+" it leaves
// was a space): a "+" in a ref would make the playground warn about it.
func urlQueryEscape(s string) string { return strings.ReplaceAll(url.QueryEscape(s), "+", "%20") }

// rawHasPlus reports whether the raw query string gives key a value with a
// literal "+".
func rawHasPlus(raw, key string) bool {
	for _, pair := range strings.Split(raw, "&") {
		if v, ok := strings.CutPrefix(pair, key+"="); ok && strings.Contains(v, "+") {
			return true
		}
	}
	return false
}

// playParams are the parameters the playground knows.
var playParams = map[string]bool{"ref": true, "base": true, "rule": true, "all": true, "enc": true}

// parseQuery reads a query string as a form does (pairs separated by "&",
// "+" for a space, %XX escapes), except that ";" is an ordinary
// character: url.ParseQuery refuses it, and a reference typed into the
// address bar (/play?ref=http://a/b;p) has it often. For the same reason a
// pair that is no playground parameter, after ref or base, is taken as
// part of that value: /play?ref=http://h/?a=1&b=2 is the reference
// http://h/?a=1&b=2. The keys that were so extended are returned.
func parseQuery(raw string) (url.Values, []string, error) {
	q := url.Values{}
	var extended []string
	last := ""
	for raw != "" {
		var pair string
		pair, raw, _ = strings.Cut(raw, "&")
		k, v, _ := strings.Cut(pair, "=")
		key, err := url.QueryUnescape(k)
		if err != nil {
			return nil, nil, err
		}
		if !playParams[key] && (last == "ref" || last == "base") {
			whole, err := url.QueryUnescape(pair)
			if err != nil {
				return nil, nil, fmt.Errorf("%s: %v", last, err)
			}
			values := q[last]
			values[len(values)-1] += "&" + whole
			if !slices.Contains(extended, last) {
				extended = append(extended, last)
			}
			continue
		}
		if pair == "" {
			continue
		}
		value, err := url.QueryUnescape(v)
		if err != nil {
			return nil, nil, fmt.Errorf("%s: %v", key, err)
		}
		q[key] = append(q[key], value)
		last = key
	}
	return q, extended, nil
}
