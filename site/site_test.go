package site

import (
	"bufio"
	"context"
	"encoding/json"
	"errors"
	"html"
	"io"
	"net/http"
	"net/http/httptest"
	"net/url"
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/rfc2396/rfc2396/grammar"
	"github.com/rfc2396/rfc2396/internal/oracle"
	"github.com/rfc2396/rfc2396/parser"
	"github.com/rfc2396/rfc2396/report"
)

func newSite(t *testing.T) *Site {
	t.Helper()
	s, err := New()
	if err != nil {
		t.Fatal(err)
	}
	return s
}

// get requests path from the site's handler and returns the status and
// body.
func get(t *testing.T, h http.Handler, method, path string) (int, string) {
	t.Helper()
	req := httptest.NewRequest(method, path, nil)
	rec := httptest.NewRecorder()
	h.ServeHTTP(rec, req)
	body, _ := io.ReadAll(rec.Result().Body)
	return rec.Code, string(body)
}

var hrefRE = regexp.MustCompile(`href="([^"]*)"`)

func hrefs(body string) map[string]bool {
	links := map[string]bool{}
	for _, m := range hrefRE.FindAllStringSubmatch(body, -1) {
		links[strings.ReplaceAll(m[1], "&amp;", "&")] = true
	}
	return links
}

func TestIndexLinksEveryRule(t *testing.T) {
	s := newSite(t)
	code, body := get(t, s.Handler(), "GET", "/")
	if code != http.StatusOK {
		t.Fatalf("GET / = %d", code)
	}
	links := hrefs(body)
	for _, name := range grammar.Names() {
		if !links["/rule/"+name] {
			t.Errorf("the index does not link /rule/%s", name)
		}
	}
	// Every group heading links its section of the RFC.
	for _, g := range s.Grammars()[0].Groups {
		if !links["https://www.rfc-editor.org/rfc/rfc2396#section-"+g.Section] {
			t.Errorf("the index does not link section %s", g.Section)
		}
	}
}

func TestRulePages(t *testing.T) {
	s := newSite(t)
	h := s.Handler()
	for _, name := range grammar.Names() {
		rule, _ := grammar.Lookup(name)
		code, body := get(t, h, "GET", "/rule/"+name)
		if code != http.StatusOK {
			t.Errorf("GET /rule/%s = %d", name, code)
			continue
		}
		if !strings.Contains(body, `<svg xmlns="http://www.w3.org/2000/svg" class="railroad"`) {
			t.Errorf("/rule/%s has no railroad diagram", name)
		}
		info := rule.Info()
		// The ABNF line, with its rule names linked, reads as the RFC's
		// line once the tags are taken out.
		abnf := between(body, `<pre class="abnf" id="abnf">`, `</pre>`)
		if got := unescape(stripTags(abnf)); got != info.ABNF {
			t.Errorf("/rule/%s shows the ABNF line %q, want %q", name, got, info.ABNF)
		}
		if !strings.Contains(body, `href="https://www.rfc-editor.org/rfc/rfc2396#section-`+info.Section+`"`) {
			t.Errorf("/rule/%s does not link section %s", name, info.Section)
		}
		if !strings.Contains(body, `<pre class="peg" id="peg">`+info.PEGName+" &lt;-") {
			t.Errorf("/rule/%s does not show its rfc2396.peg rule", name)
		}
		links := hrefs(body)
		r := s.Grammars()[0].Rule(name)
		for _, u := range append(append([]string{}, r.Uses...), r.UsedBy...) {
			if !links["/rule/"+u] {
				t.Errorf("/rule/%s does not link /rule/%s, which it uses or is used by", name, u)
			}
		}
		// Every rule named in the diagram is a link.
		svg := between(body, "<svg", "</svg>")
		for _, u := range r.Uses {
			if !strings.Contains(svg, `<a class="rr-ref" href="`+u+`">`) {
				t.Errorf("the diagram of %s does not link %s", name, u)
			}
		}
		if len(r.Valid) == 0 || len(r.Invalid) == 0 {
			t.Errorf("/rule/%s has %d valid and %d invalid examples", name, len(r.Valid), len(r.Invalid))
		}
	}
}

// TestPEGNotes checks that each rule whose transcription is not a literal
// copy shows its PEG: note.
func TestPEGNotes(t *testing.T) {
	h := newSite(t).Handler()
	for _, name := range []string{"URI-reference", "hier_part", "authority", "server", "host", "hostname", "domainlabel", "toplabel"} {
		_, body := get(t, h, "GET", "/rule/"+name)
		if !strings.Contains(body, `<p class="pegnote" id="peg-note"><strong>PEG:</strong>`) {
			t.Errorf("/rule/%s does not show its PEG: note", name)
		}
	}
}

// TestExamples checks the generated examples against the parser, as the
// generator did: a parser change that makes them wrong needs go generate.
// TestExamples checks every example of every grammar against the
// grammar's parser: each valid one is in the rule's language, each invalid
// one is not, and a rule with alternatives has an example that says which
// alternative it takes.
func TestExamples(t *testing.T) {
	for _, g := range newSite(t).Grammars() {
		for _, r := range g.Rules {
			shows := false
			for _, ex := range r.Valid {
				if err := g.Match(r.Name, ex.Text); err != nil {
					t.Errorf("%s: valid example %q of %s: %v", g.Name, ex.Text, r.Name, err)
				}
				shows = shows || ex.Shows != ""
				if len(ex.Text) > 48 {
					t.Errorf("%s: example %q of %s is too long to read well", g.Name, ex.Text, r.Name)
				}
			}
			for _, s := range r.Invalid {
				if g.Match(r.Name, s) == nil {
					t.Errorf("%s: invalid example %q of %s is valid", g.Name, s, r.Name)
				}
			}
			if strings.Contains(r.ABNF, "|") && len(r.Valid) > 0 && !shows && !strings.Contains(r.ABNF, "/") {
				t.Errorf("%s: rule %s has alternatives, but no example says which it takes", g.Name, r.Name)
			}
		}
	}
}

// TestProfileRulePages checks that a rule page of a profile's grammar
// names the profile and, for a rule an edit defines, the edit and the
// document that justifies it.
func TestProfileRulePages(t *testing.T) {
	h := newSite(t).Handler()
	for _, c := range []struct{ path, want string }{
		{"/g/java/rule/host", `<strong id="edit">ipv6</strong>`},
		{"/g/java/rule/host", "RFC 2732 section 3"},
		{"/g/java/rule/IPv4address", `<strong id="edit">ipv4-octets</strong>`},
		{"/g/java/rule/hostname", `<strong id="edit">digit-hostname</strong>`},
		{"/g/rfc2732/rule/scheme", "No edit of the profile defines this rule"},
		{"/g/rfc2732/rule/host", `href="/g/rfc2732/rule/ipv6reference">IPv6reference</a>`},
		{"/g/rfc2732/rule/host", "&amp;profile=rfc2732"},
		{"/g/rfc3986/rule/URI-reference", "&amp;standard=rfc3986"},
		{"/g/java/", `<strong>ipv6-scope</strong>, a relaxation`},
	} {
		code, body := get(t, h, "GET", c.path)
		if code != http.StatusOK || !strings.Contains(body, c.want) {
			t.Errorf("%s (%d) does not show %s", c.path, code, c.want)
		}
		if !strings.Contains(body, `id="profile"`) && strings.HasPrefix(c.path, "/g/rfc2732/") {
			t.Errorf("%s does not name its profile", c.path)
		}
	}
	if _, body := get(t, h, "GET", "/rule/host"); strings.Contains(body, `id="profile"`) {
		t.Error("/rule/host, Appendix A's, names a profile")
	}
}

// doubled finds a word written twice in a row ("character character") in
// the text of a page, outside the reference itself (code, pre, mark and
// the form's fields).
var doubled = regexp.MustCompile(`(?i)\b([a-z]{3,})[ \t]+([a-z]{3,})\b`)

// TestNoDoubledWords renders the playground on every case of
// testdata/play.txt, with and without a base, under every standard and
// profile, and looks for a word written twice in a row in what it says.
func TestNoDoubledWords(t *testing.T) {
	h := newSite(t).Handler()
	label := regexp.MustCompile(`</(dt|th)>\s*<(dd|td)[^>]*>`)
	strip := regexp.MustCompile(`(?s)<(code|pre|mark|textarea|script|style|svg)\b.*?</(code|pre|mark|textarea|script|style|svg)>|<input[^>]*>|<[^>]+>`)
	cases := readPlayCases(t)
	for i, c := range cases {
		for _, q := range []string{"", "&profile=java", "&standard=rfc3986", "&profile=rfc2732&base=" + url.QueryEscape("http://[::1]/a/b")} {
			if i%4 != 0 && strings.Contains(q, "base") {
				continue
			}
			_, body := get(t, h, "GET", "/play?ref="+url.QueryEscape(c.ref)+q)
			// A label and its value read as one phrase; other
			// elements are apart.
			body = label.ReplaceAllString(body, " ")
			text := unescape(strip.ReplaceAllString(body, "\n"))
			for _, m := range doubled.FindAllStringSubmatch(text, -1) {
				if strings.EqualFold(m[1], m[2]) {
					t.Errorf("testdata/play.txt:%d%s: %q written twice: …%s…", c.line, q, m[1], m[0])
				}
			}
		}
	}
}

type playCase struct {
	line   int
	ref    string
	valid  bool
	offset int
	want   map[string]string // component or kind -> value; "-" undefined
}

func readPlayCases(t *testing.T) []playCase {
	t.Helper()
	f, err := os.Open("testdata/play.txt")
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	var cases []playCase
	sc := bufio.NewScanner(f)
	for n := 1; sc.Scan(); n++ {
		line := sc.Text()
		if line == "" || strings.HasPrefix(line, "#") {
			continue
		}
		fields := strings.Split(line, "\t")
		ref, err := strconv.Unquote(fields[0])
		if err != nil || len(fields) < 2 {
			t.Fatalf("testdata/play.txt:%d: bad line", n)
		}
		c := playCase{line: n, ref: ref, want: map[string]string{}}
		switch {
		case fields[1] == "valid":
			c.valid = true
		case strings.HasPrefix(fields[1], "invalid@"):
			c.offset, err = strconv.Atoi(strings.TrimPrefix(fields[1], "invalid@"))
			if err != nil {
				t.Fatalf("testdata/play.txt:%d: bad offset", n)
			}
		default:
			t.Fatalf("testdata/play.txt:%d: want valid or invalid@OFFSET", n)
		}
		for _, kv := range fields[2:] {
			k, v, ok := strings.Cut(kv, "=")
			if !ok {
				t.Fatalf("testdata/play.txt:%d: bad field %q", n, kv)
			}
			if v == `""` {
				v = ""
			}
			c.want[k] = v
		}
		cases = append(cases, c)
	}
	return cases
}

// pageFacts reads back from a rendered result what the tests check: the
// verdict, the components (undefined as "-"), the kinds and the error.
func pageFacts(t *testing.T, body string) (valid bool, got map[string]string, offset int, rule string) {
	t.Helper()
	valid = strings.Contains(body, `id="verdict" data-valid="true"`)
	got = map[string]string{}
	rowRE := regexp.MustCompile(`(?s)<tr data-component="([^"]+)" data-defined="(true|false)">.*?<td class="value">(.*?)</td>`)
	for _, m := range rowRE.FindAllStringSubmatch(body, -1) {
		switch {
		case m[2] == "false":
			got[m[1]] = "-"
		case strings.Contains(m[3], `class="empty"`):
			got[m[1]] = ""
		default:
			got[m[1]] = unescape(stripTags(m[3]))
		}
	}
	if k := between(body, `<span class="kind">(`, `)</span>`); k != "" {
		got["kind"] = k
	}
	if a := between(body, `<strong id="authority-kind">`, `</strong>`); a != "" {
		got["authority"+"-kind"] = a
	}
	if h := between(body, `<strong id="host-kind">`, `</strong>`); h != "" {
		got["host-kind"] = h
	}
	offset = -1
	if o := between(body, `<dd id="error-offset">`, `</dd>`); o != "" {
		offset, _ = strconv.Atoi(o)
	}
	rule = stripTags(between(body, `<dd id="error-rule">`, `</a>`))
	return valid, got, offset, rule
}

func TestPlay(t *testing.T) {
	h := newSite(t).Handler()
	facts := oracle.NewFacts(0)
	for _, c := range readPlayCases(t) {
		if !facts.Hold(c.ref) {
			t.Logf("line %d: %s", c.line, oracle.NotHeld)
			continue
		}
		code, body := get(t, h, "GET", "/play?ref="+url.QueryEscape(c.ref))
		if code != http.StatusOK {
			t.Errorf("line %d: /play?ref=%q = %d", c.line, c.ref, code)
			continue
		}
		valid, got, offset, rule := pageFacts(t, body)
		if valid != c.valid {
			t.Errorf("line %d: %q: page says valid=%v", c.line, c.ref, valid)
			continue
		}
		if !c.valid {
			var perr *parser.Error
			_, err := parser.Parse(c.ref)
			if !errors.As(err, &perr) {
				t.Fatalf("line %d: parser.Parse(%q) = %v", c.line, c.ref, err)
			}
			if offset != c.offset || rule != perr.Rule.String() {
				t.Errorf("line %d: %q: page shows offset %d rule %q, want %d %q", c.line, c.ref, offset, rule, c.offset, perr.Rule)
			}
			continue
		}
		for k, want := range c.want {
			key := k
			if k == "authority" && (want == "server-based" || want == "registry-based" || want == "none") {
				key = "authority-kind"
			}
			if got[key] != want {
				t.Errorf("line %d: %q: %s = %q, want %q", c.line, c.ref, key, got[key], want)
			}
		}
	}
}

func TestAPI(t *testing.T) {
	if !oracle.NewFacts(0).Hold("http://www.example.com:http/x") {
		t.Skip(oracle.NotHeld)
	}
	h := newSite(t).Handler()
	code, body := get(t, h, "GET", "/play.json?ref="+url.QueryEscape("http://www.example.com:http/x"))
	if code != http.StatusOK {
		t.Fatalf("status %d: %s", code, body)
	}
	var a Analysis
	if err := json.Unmarshal([]byte(body), &a); err != nil {
		t.Fatal(err)
	}
	want := []Component{
		{"scheme", "http", true}, {"scheme-specific-part", "//www.example.com:http/x", true},
		{"authority", "www.example.com:http", true}, {"userinfo", "", false}, {"host", "", false},
		{"port", "", false}, {"path", "/x", true}, {"query", "", false}, {"fragment", "", false},
	}
	if diff := cmp.Diff(want, a.Components); diff != "" {
		t.Errorf("components (-want +got):\n%s", diff)
	}
	if !a.Valid || a.AuthorityKind != "registry" || a.Tree == nil || !strings.Contains(a.HTML, `data-rule="reg_name"`) {
		t.Errorf("analysis: valid=%v authority=%q tree=%v html has reg_name: %v", a.Valid, a.AuthorityKind, a.Tree != nil, strings.Contains(a.HTML, `data-rule="reg_name"`))
	}

	_, body = get(t, h, "GET", "/play.json?ref="+url.QueryEscape("http://a b/"))
	a = Analysis{}
	if err := json.Unmarshal([]byte(body), &a); err != nil {
		t.Fatal(err)
	}
	if a.Valid || a.Error == nil || a.Error.Offset != 8 || a.Error.Expected == "" {
		t.Errorf("invalid reference: %+v", a.Error)
	}
}

// TestPlusInAddress checks that a "+" typed into the address bar, which a
// query string reads as a space, is pointed out.
func TestPlusInAddress(t *testing.T) {
	h := newSite(t).Handler()
	_, body := get(t, h, "GET", "/play?ref=svn+ssh://h/x")
	if !strings.Contains(body, `id="notice"`) {
		t.Error("no notice about the + read as a space")
	}
	_, body = get(t, h, "GET", "/play?enc=form&ref=a+b")
	if strings.Contains(body, `id="notice"`) {
		t.Error("a form's + (a space) is pointed out")
	}
	_, body = get(t, h, "GET", "/play?ref=svn%2Bssh://h/x")
	if strings.Contains(body, `id="notice"`) || !strings.Contains(body, `data-valid="true"`) {
		t.Error("svn%2Bssh://h/x: a notice, or not valid")
	}
	// The page's own links to the playground write a space as %20.
	_, body = get(t, h, "GET", "/play")
	for link := range hrefs(body) {
		if strings.HasPrefix(link, "/play?") && strings.Contains(link, "+") {
			t.Errorf("link %s has a +", link)
		}
	}
}

// TestAmpersandInAddress checks that a reference typed into the address bar
// with its own "&" is read whole.
func TestAmpersandInAddress(t *testing.T) {
	h := newSite(t).Handler()
	for path, want := range map[string]string{
		"/play?ref=http://h/?a=1&b=2":                 "http://h/?a=1&amp;b=2",
		"/play?ref=http://h/?a&b&base=http://a/b":     "http://h/?a&amp;b",
		"/play?base=http://a/b&ref=g?x=1&&y":          "g?x=1&amp;&amp;y",
		"/play?ref=http://h/p;q?a=1&b=%41&rule=query": "http://h/p;q?a=1&amp;b=A",
	} {
		_, body := get(t, h, "GET", path)
		if !strings.Contains(body, `id="ref" name="ref" type="text" value="`+want+`"`) || !strings.Contains(body, `id="notice"`) {
			t.Errorf("%s: the ref is not read whole as %s, or no notice", path, want)
		}
	}
}

func TestBadRequests(t *testing.T) {
	h := newSite(t).Handler()
	long := strings.Repeat("a", MaxInput+1)
	for _, c := range []struct {
		method, path string
		status       int
		says         string
	}{
		{"GET", "/rule/no-such-rule", http.StatusNotFound, "has no rule named"},
		{"GET", "/nowhere", http.StatusNotFound, "There is no page"},
		{"GET", "/play?ref=%zz", http.StatusBadRequest, "malformed"},
		{"GET", "/play?rule=nope&ref=a", http.StatusBadRequest, "There is no rule"},
		{"GET", "/play?ref=a&ref=b", http.StatusBadRequest, "give it once"},
		{"GET", "/play?ref=" + long, http.StatusRequestURITooLong, "at most 8192 bytes"},
		{"GET", "/play?ref=a&base=" + long, http.StatusRequestURITooLong, "The base is"},
		{"GET", "/play.json?ref=" + long, http.StatusRequestURITooLong, "at most 8192 bytes"},
		{"POST", "/play", http.StatusMethodNotAllowed, "only answers GET"},
		{"GET", "/diagrams/rfc2396/nope.svg", http.StatusNotFound, "no diagram"},
	} {
		code, body := get(t, h, c.method, c.path)
		if code != c.status || !strings.Contains(body, c.says) {
			t.Errorf("%s %.60s = %d, want %d with %q; body: %.300s", c.method, c.path, code, c.status, c.says, stripTags(between(body, "<main>", "</main>")+body[:min(len(body), 200)]))
		}
	}
	// The PEG spelling of a rule name leads to the RFC's.
	req := httptest.NewRequest("GET", "/rule/URI_reference", nil)
	rec := httptest.NewRecorder()
	h.ServeHTTP(rec, req)
	if rec.Code != http.StatusMovedPermanently || rec.Header().Get("Location") != "/rule/URI-reference" {
		t.Errorf("/rule/URI_reference = %d to %q", rec.Code, rec.Header().Get("Location"))
	}
}

// TestPlayInputsAnyBytes feeds the playground bytes that are no reference:
// control characters, invalid UTF-8, markup. The page must show them
// escaped, never as markup.
func TestPlayInputsAnyBytes(t *testing.T) {
	h := newSite(t).Handler()
	for _, ref := range []string{"<script>alert(1)</script>", "a\x00b", "\xff\xfe", "http://h/é", `"'&<>`, strings.Repeat("a/", MaxInput/2)} {
		code, body := get(t, h, "GET", "/play?ref="+url.QueryEscape(ref)+"&base="+url.QueryEscape("http://a/b"))
		if code != http.StatusOK {
			t.Errorf("%.40q: status %d", ref, code)
		}
		if strings.Contains(body, "<script>alert") {
			t.Errorf("%q: the input is in the page unescaped", ref)
		}
	}
}

func TestResolutionTrace(t *testing.T) {
	for _, file := range []string{"../testdata/resolve/appendix-c.txt", "../testdata/resolve/cases.txt"} {
		f, err := os.Open(file)
		if err != nil {
			t.Fatal(err)
		}
		sc := bufio.NewScanner(f)
		n := 0
		for sc.Scan() {
			line := sc.Text()
			if line == "" || strings.HasPrefix(line, "#") {
				continue
			}
			fields := strings.Split(line, "\t")
			base, err1 := strconv.Unquote(fields[0])
			ref, err2 := strconv.Unquote(fields[1])
			if err1 != nil || err2 != nil {
				t.Fatalf("%s: bad line %q", file, line)
			}
			n++
			for _, p := range parser.Profiles() {
				tr := traceResolve(p, base, ref)
				if !tr.Agrees {
					t.Errorf("%s: %s profile: %q against %q: trace %q (error %q, warnings %v), %s %q (error %q)", file, p.Name(), ref, base, tr.Result, tr.Error, tr.Warnings, tr.By, tr.Library, tr.LibraryError)
				}
				if len(tr.Steps) == 0 && tr.LibraryError == "" {
					t.Errorf("%s profile: %q against %q: no steps", p.Name(), ref, base)
				}
				if len(tr.Warnings) != len(tr.WarningNotes) {
					t.Errorf("%s profile: %q against %q: warnings %v without their text", p.Name(), ref, base, tr.Warnings)
				}
			}
		}
		f.Close()
		if n == 0 {
			t.Errorf("%s: no cases", file)
		}
	}
}

func TestPlayShowsResolution(t *testing.T) {
	if !oracle.NewFacts(0).Hold("http://a/b/c/d;p?q", "../../../g") {
		t.Skip(oracle.NotHeld)
	}
	h := newSite(t).Handler()
	_, body := get(t, h, "GET", "/play?ref="+url.QueryEscape("../../../g")+"&base="+url.QueryEscape("http://a/b/c/d;p?q"))
	for _, want := range []string{`<code id="resolved">http://a/../g</code>`, `data-step="6e"`, `<code>dotdot-above-root</code>`, "parser.Resolve gives the same"} {
		if !strings.Contains(body, want) {
			t.Errorf("the resolution of ../../../g does not show %s", want)
		}
	}
}

func TestWriteStatic(t *testing.T) {
	dir := t.TempDir()
	s := newSite(t)
	written, err := s.WriteStatic(dir, StaticOptions{})
	if err != nil {
		t.Fatal(err)
	}
	// index, play, css; a page and a diagram per rule of every grammar,
	// and an index for each grammar but the first.
	want := 3
	for i, g := range s.Grammars() {
		want += 2 * len(g.Rules)
		if i > 0 {
			want++
		}
	}
	if len(written) != want {
		t.Errorf("wrote %d files, want %d", len(written), want)
	}
	// Every relative link of every page leads to a file that was written.
	for _, name := range written {
		if !strings.HasSuffix(name, ".html") && !strings.HasSuffix(name, ".svg") {
			continue
		}
		b, err := os.ReadFile(filepath.Join(dir, name))
		if err != nil {
			t.Fatal(err)
		}
		for link := range hrefs(string(b)) {
			if strings.Contains(link, "://") || strings.HasPrefix(link, "#") || strings.HasPrefix(link, "data:") {
				continue
			}
			if strings.HasPrefix(link, "/") {
				t.Errorf("%s: absolute link %q does not work from a directory", name, link)
				continue
			}
			target := filepath.Join(filepath.Dir(filepath.Join(dir, name)), strings.SplitN(link, "#", 2)[0])
			if _, err := os.Stat(target); err != nil {
				t.Errorf("%s: link %q leads nowhere", name, link)
			}
		}
	}
	play, _ := os.ReadFile(filepath.Join(dir, "play.html"))
	if !strings.Contains(string(play), `id="static-notice"`) {
		t.Error("play.html does not say that the playground needs the server")
	}
}

func TestCharClassLabels(t *testing.T) {
	h := newSite(t).Handler()
	// These rules list single characters: their box shows them in the
	// ABNF's order, a run of three or more consecutive letters or digits
	// as a range (a–z, A–F a–f), read from the catalogue so that an edit
	// of a rule needs no change here.
	alnum := func(c byte) bool { return c >= '0' && c <= '9' || c >= 'A' && c <= 'Z' || c >= 'a' && c <= 'z' }
	listed := func(rule grammar.Rule) string {
		var chars []string
		for _, m := range regexp.MustCompile(`"(.)"`).FindAllStringSubmatch(rule.Info().ABNF, -1) {
			chars = append(chars, m[1])
		}
		var label []string
		for i := 0; i < len(chars); {
			j := i
			for j+1 < len(chars) && chars[j+1][0] == chars[j][0]+1 && alnum(chars[j][0]) && alnum(chars[j+1][0]) {
				j++
			}
			if j-i >= 2 {
				label = append(label, chars[i]+"–"+chars[j])
			} else {
				label = append(label, chars[i:j+1]...)
			}
			i = j + 1
		}
		return strings.NewReplacer("&", "&amp;", "'", "&#39;", "<", "&lt;", ">", "&gt;", `"`, "&#34;").Replace(strings.Join(label, " "))
	}
	for rule, label := range map[string]string{
		"lowalpha": listed(grammar.RuleLowalpha), "upalpha": listed(grammar.RuleUpalpha), "digit": listed(grammar.RuleDigit),
		"hex": listed(grammar.RuleHex), "mark": listed(grammar.RuleMark), "reserved": listed(grammar.RuleReserved),
	} {
		_, body := get(t, h, "GET", "/rule/"+rule)
		if !strings.Contains(body, ">"+label+"</text>") {
			t.Errorf("the diagram of %s has no class box %q", rule, label)
		}
	}
}

func between(s, start, end string) string {
	i := strings.Index(s, start)
	if i < 0 {
		return ""
	}
	s = s[i+len(start):]
	if j := strings.Index(s, end); j >= 0 {
		return s[:j]
	}
	return s
}

var tagRE = regexp.MustCompile(`<[^>]*>`)

func stripTags(s string) string { return tagRE.ReplaceAllString(s, "") }

func unescape(s string) string {
	r := strings.NewReplacer("&#34;", `"`, "&quot;", `"`, "&#39;", "'", "&lt;", "<", "&gt;", ">", "&amp;", "&")
	return r.Replace(s)
}

// TestAnalysisJSON checks that an empty, defined component is told from an
// undefined one in JSON.
func TestAnalysisJSON(t *testing.T) {
	facts := oracle.NewFacts(0)
	for _, c := range []struct{ ref, name string }{
		{"http://h:/", "port"},
		{"http://h/?", "query"},
		{"http://h/#", "fragment"},
	} {
		if !facts.Hold(c.ref) {
			t.Logf("%q: %s", c.ref, oracle.NotHeld)
			continue
		}
		a := analyzeStrict(t, c.ref)
		b, err := json.Marshal(a)
		if err != nil {
			t.Fatal(err)
		}
		if want := `{"name":"` + c.name + `","value":"","defined":true}`; !strings.Contains(string(b), want) {
			t.Errorf("%q: an empty defined %s does not show in JSON: %s", c.ref, c.name, b)
		}
	}
}

// FuzzPlay runs the playground on any bytes as ref and base: no panic, an
// answer for every input, and nothing of the input in the page unescaped.
func FuzzPlay(f *testing.F) {
	for _, seed := range [][2]string{
		{"http://a_b.example/x", ""}, {"http://a b/", ""}, {"../../../g", "http://a/b/c/d;p?q"},
		{"?y", "http://a/b/c/d;p?q"}, {"\xff<b>", "mailto:x"}, {"#", "http://a"}, {"g", "http://a"},
	} {
		f.Add(seed[0], seed[1])
	}
	s, err := New()
	if err != nil {
		f.Fatal(err)
	}
	f.Fuzz(func(t *testing.T, ref, base string) {
		if len(ref) > MaxInput || len(base) > MaxInput {
			return
		}
		p := s.newPage(s.grammars[0], "", false, "/")
		a, result, err := s.playResult(context.Background(), p, playForm{Ref: ref, Base: base, HasRef: true, Rule: "URI-reference", All: true})
		if err != nil {
			t.Fatal(err)
		}
		if a == nil || a.Valid != parser.Valid(ref) {
			t.Fatalf("%q: analysis %+v, parser.Valid %v", ref, a, parser.Valid(ref))
		}
		for _, m := range tagNameRE.FindAllStringSubmatch(string(result), -1) {
			if !pageTags[strings.ToLower(m[1])] {
				t.Fatalf("%q: the result has a <%s> tag, which the templates do not write: the input is in the page unescaped", ref, m[1])
			}
		}
		if a.Resolution != nil && !a.Resolution.Agrees {
			t.Fatalf("%q against %q: the trace (%q, %q) and parser.Resolve (%q, %q) disagree", ref, base, a.Resolution.Result, a.Resolution.Error, a.Resolution.Library, a.Resolution.LibraryError)
		}
	})
}

var tagNameRE = regexp.MustCompile(`</?([a-zA-Z][a-zA-Z0-9-]*)`)

// pageTags are the elements the result templates write.
var pageTags = map[string]bool{}

func init() {
	for _, tag := range strings.Fields("section p span a h2 table thead tbody tr th td code strong div details summary ul li pre mark dl dt dd ol") {
		pageTags[tag] = true
	}
}

func TestDiagramFile(t *testing.T) {
	h := newSite(t).Handler()
	req := httptest.NewRequest("GET", "/diagrams/rfc2396/hostname.svg", nil)
	rec := httptest.NewRecorder()
	h.ServeHTTP(rec, req)
	body := rec.Body.String()
	if rec.Code != http.StatusOK || rec.Header().Get("Content-Type") != "image/svg+xml" || !strings.Contains(body, `href="../../rule/domainlabel"`) {
		t.Errorf("/diagrams/rfc2396/hostname.svg: %d %s, links to the rule pages: %v", rec.Code, rec.Header().Get("Content-Type"), strings.Contains(body, `href="../../rule/domainlabel"`))
	}
}

func TestCaretView(t *testing.T) {
	long := strings.Repeat("a", 100) + " " + strings.Repeat("b", 100)
	for _, c := range []struct {
		input  string
		offset int
		want   caretText
	}{
		{"http://a b/", 8, caretText{Before: "http://a", At: " ", After: "b/", CaretColumn: 8, InputLength: 11}},
		{"foo:", 4, caretText{Before: "foo:", CaretColumn: 4, InputLength: 4}},
		{"a\xffb", 1, caretText{Before: "a", At: `\xFF`, After: "b", CaretColumn: 1, InputLength: 3}},
		{"\x00\x01x", 2, caretText{Before: `\x00\x01`, At: "x", CaretColumn: 8, InputLength: 3}},
		{long, 100, caretText{Before: strings.Repeat("a", 48), At: " ", After: strings.Repeat("b", 48), ElidedStart: true, ElidedEnd: true, CaretColumn: 49, InputLength: 201}},
	} {
		if diff := cmp.Diff(c.want, caretView(c.input, c.offset)); diff != "" {
			t.Errorf("caretView(%.20q, %d) (-want +got):\n%s", c.input, c.offset, diff)
		}
	}
}

// FuzzParseQuery reads any query string: no panic, and a query string
// made by url.Values.Encode reads back as it was.
func FuzzParseQuery(f *testing.F) {
	for _, seed := range []string{"ref=a&b", "ref=%zz", "&&ref=&base=x&y=z", "ref=a+b;c&rule=port", "=&=", "ref"} {
		f.Add(seed, "x", "y")
	}
	f.Fuzz(func(t *testing.T, raw, ref, base string) {
		parseQuery(raw)
		enc := url.Values{"ref": {ref}, "base": {base}}.Encode()
		q, extended, err := parseQuery(enc)
		if err != nil || len(extended) != 0 || q.Get("ref") != ref || q.Get("base") != base {
			t.Fatalf("%q: %v %v %q %q", enc, err, extended, q.Get("ref"), q.Get("base"))
		}
	})
}

// TestProfileTrace traces section 5.2 under the profiles
// (testdata/trace-profiles.txt): the result, the warnings and the steps.
func TestProfileTrace(t *testing.T) {
	b, err := os.ReadFile("testdata/trace-profiles.txt")
	if err != nil {
		t.Fatal(err)
	}
	for n, line := range strings.Split(string(b), "\n") {
		if line == "" || strings.HasPrefix(line, "#") {
			continue
		}
		f := strings.Split(line, "\t")
		if len(f) != 5 {
			t.Fatalf("testdata/trace-profiles.txt:%d: want 5 fields", n+1)
		}
		p, ok := parser.LookupProfile(f[0])
		base, err1 := strconv.Unquote(f[1])
		ref, err2 := strconv.Unquote(f[2])
		if !ok || err1 != nil || err2 != nil {
			t.Fatalf("testdata/trace-profiles.txt:%d: bad line", n+1)
		}
		// The row states what the published grammar makes of the base,
		// the reference and the result.
		refs := []string{base, ref}
		if res, err := strconv.Unquote(f[3]); err == nil {
			refs = append(refs, res)
		}
		if !oracle.NewFacts(p.Edits()).Hold(refs...) {
			t.Logf("testdata/trace-profiles.txt:%d: %s", n+1, oracle.NotHeld)
			continue
		}
		tr := traceResolve(p, base, ref)
		got := "error"
		if tr.Error == "" {
			got = strconv.Quote(tr.Result)
		}
		warnings := "-"
		if len(tr.Warnings) > 0 {
			warnings = strings.Join(tr.Warnings, ",")
		}
		if diff := cmp.Diff([]string{f[3], f[4]}, []string{got, warnings}); diff != "" {
			t.Errorf("testdata/trace-profiles.txt:%d: %s profile, %q against %q (-want +got):\n%s", n+1, f[0], ref, base, diff)
		}
		if !tr.Agrees {
			t.Errorf("testdata/trace-profiles.txt:%d: the trace disagrees with %s: %q %q", n+1, tr.By, tr.Library, tr.LibraryError)
		}
		if got != "error" && len(tr.Steps) < 2 {
			t.Errorf("testdata/trace-profiles.txt:%d: %d steps", n+1, len(tr.Steps))
		}
	}
}

// TestServerLinks follows every link of the server's pages from the index,
// the playground's "try" links included, and requires each to answer 200:
// no page of any grammar (RFC 2396, RFC 3986, each profile) links to a
// page that is not there.
func TestServerLinks(t *testing.T) {
	h := newSite(t).Handler()
	seen := map[string]bool{"/": true}
	queue := []string{"/"}
	for len(queue) > 0 {
		page := queue[0]
		queue = queue[1:]
		code, body := get(t, h, "GET", page)
		if code != http.StatusOK {
			t.Errorf("%s = %d", page, code)
			continue
		}
		if strings.HasPrefix(page, "/play") || strings.HasSuffix(page, ".svg") || strings.HasSuffix(page, ".css") || strings.HasSuffix(page, ".js") {
			continue // the playground's own links are the rule pages already queued
		}
		base, err := url.Parse(page)
		if err != nil {
			t.Fatal(err)
		}
		for link := range hrefs(body) {
			u, err := url.Parse(link)
			if err != nil {
				t.Errorf("%s: link %q: %v", page, link, err)
				continue
			}
			if u.Scheme != "" || u.Host != "" || strings.HasPrefix(link, "#") {
				continue
			}
			u = base.ResolveReference(u)
			u.Fragment = ""
			if target := u.String(); !seen[target] {
				seen[target] = true
				queue = append(queue, target)
			}
		}
	}
	if len(seen) < 300 {
		t.Errorf("only %d pages reached from the index", len(seen))
	}
}

// TestPlaySamples follows each "Try:" link of the playground page, as a
// reader clicks it, and checks the verdict the page shows against the
// ABNF oracle of the sample's standard (package oracle, which shares no
// code with the parsers): RFC 2396's strict oracle for a sample without
// a standard, the standard's own ABNF otherwise. It also checks that the
// samples show both verdicts, and that one sample at least reads each
// standard the site offers besides RFC 2396.
func TestPlaySamples(t *testing.T) {
	h := newSite(t).Handler()
	code, body := get(t, h, "GET", "/play")
	if code != http.StatusOK {
		t.Fatalf("/play = %d", code)
	}
	try := between(body, `<p class="note" id="try">`, `</p>`)
	if try == "" {
		t.Fatal(`/play has no <p id="try">`)
	}
	seen, verdicts := map[string]bool{}, map[bool]bool{}
	for _, part := range strings.Split(try, `<a href="`)[1:] {
		link, rest, _ := strings.Cut(part, `"`)
		label, _, _ := strings.Cut(rest[1:], "</a>")
		link = html.UnescapeString(link)
		u, err := url.Parse(link)
		if err != nil {
			t.Fatalf("%s: link %q: %v", label, link, err)
		}
		seen[u.Query().Get("standard")] = true
		code, page := get(t, h, "GET", "/play?"+u.RawQuery)
		if code != http.StatusOK {
			t.Errorf("%s: %s = %d", label, link, code)
			continue
		}
		valid, _, offset, rule := pageFacts(t, page)
		if want := sampleValid(t, u.Query()); valid != want {
			t.Errorf("%s: %s: the page says valid=%v (offset %d, rule %q), the oracle %v", label, link, valid, offset, rule, want)
		}
		verdicts[valid] = true
	}
	if !verdicts[true] || !verdicts[false] {
		t.Errorf("the samples show only valid=%v: a reader is offered no %v one", verdicts[true], !verdicts[true])
	}
	for _, st := range report.Standards() {
		if !st.ParserProfiles() && !seen[st.Name] {
			t.Errorf("no sample reads %s (%s): add one to the playground's Samples (site.go)", st.Name, st.Spec)
		}
	}
}

// sampleValid is the ABNF oracle's verdict on a playground link's query:
// ref read by rule under standard (RFC 2396's Appendix A when none).
func sampleValid(t *testing.T, q url.Values) bool {
	t.Helper()
	ref, ruleName, std := q.Get("ref"), q.Get("rule"), q.Get("standard")
	if std == "" || std == "rfc2396" {
		if ruleName == "" { // PlayLink leaves out the start rule
			ruleName = grammar.RuleURIReference.String()
		}
		r, ok := grammar.Lookup(ruleName)
		if !ok {
			t.Fatalf("link names rule %q, which Appendix A does not have", ruleName)
		}
		return oracle.New().Match(r, ref)
	}
	st, err := report.LookupStandard(std)
	if err != nil {
		t.Fatal(err)
	}
	o, err := oracle.NewABNF(st.ABNF())
	if err != nil {
		t.Fatalf("%s: %v", std, err)
	}
	if !o.Has(ruleName) {
		t.Fatalf("link names rule %q, which %s does not have", ruleName, std)
	}
	return o.Match(ruleName, ref)
}
