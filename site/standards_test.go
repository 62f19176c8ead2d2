package site

import (
	"bufio"
	"encoding/json"
	"net/http"
	"net/http/httptest"
	"net/url"
	"os"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/rfc2396/rfc2396/grammar"
	"github.com/rfc2396/rfc2396/internal/oracle"
	"github.com/rfc2396/rfc2396/parser"
	"github.com/rfc2396/rfc2396/report"
)

// TestStandards runs the cases of testdata/standards.txt against
// /play.json.
func TestStandards(t *testing.T) {
	h := newSite(t).Handler()
	f, err := os.Open("testdata/standards.txt")
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	sc := bufio.NewScanner(f)
	facts3986 := oracle.NewFacts3986()
	// facts holds the oracles of each set of edits a row asks for: making
	// them (compiling their regular expressions) was three quarters of the
	// test's time when each row made its own.
	facts := map[grammar.EditSet]*oracle.Facts[*oracle.Oracle]{}
	factsFor := func(set grammar.EditSet) *oracle.Facts[*oracle.Oracle] {
		if facts[set] == nil {
			facts[set] = oracle.NewFacts(set)
		}
		return facts[set]
	}
	// holds reports whether the query's reference and base read under the
	// grammar in force as under the published one of its standard and
	// profile, edits allowed included; and, for a row that lists where the
	// reference is valid ("under"), under every standard and profile.
	holds := func(query string, fields []string) bool {
		// By hand: url.ParseQuery refuses the ";" of "base=http://a/b/c/d;p?q".
		var refs []string
		standard, profile := "", parser.Strict
		var allowed []grammar.Edit
		for _, kv := range strings.Split(query, "&") {
			k, v, _ := strings.Cut(kv, "=")
			if u, err := url.QueryUnescape(v); err == nil {
				v = u
			}
			switch k {
			case "ref", "base":
				refs = append(refs, v)
			case "standard":
				standard = v
			case "profile":
				if p, ok := parser.LookupProfile(v); ok {
					profile = p
				}
			case "allow":
				for _, name := range strings.Split(v, ",") {
					if e, ok := grammar.LookupEdit(name); ok {
						allowed = append(allowed, e)
					}
				}
			}
		}
		profiles := []*parser.Profile{profile.With(allowed...)}
		if slices.ContainsFunc(fields, func(f string) bool { return strings.HasPrefix(f, "under=") }) {
			standard = "all"
			profiles = parser.Profiles()
		}
		if (standard == "rfc3986" || standard == "all") && !facts3986.Hold(refs...) {
			return false
		}
		if standard == "rfc3986" {
			return true
		}
		for _, p := range profiles {
			if !factsFor(p.Edits()).Hold(refs...) {
				return false
			}
		}
		return true
	}
	for n := 1; sc.Scan(); n++ {
		line := sc.Text()
		if line == "" || strings.HasPrefix(line, "#") {
			continue
		}
		fields := strings.Split(line, "\t")
		query, err := strconv.Unquote(fields[0])
		if err != nil || len(fields) < 2 {
			t.Fatalf("testdata/standards.txt:%d: bad line", n)
		}
		status, err := strconv.Atoi(fields[1])
		if err != nil {
			t.Fatalf("testdata/standards.txt:%d: bad status", n)
		}
		if !holds(query, fields[2:]) {
			t.Logf("testdata/standards.txt:%d: %s", n, oracle.NotHeld)
			continue
		}
		code, body := get(t, h, "GET", "/play.json?"+query)
		if code != status {
			t.Errorf("line %d: %s: status %d, want %d: %.200s", n, query, code, status, body)
			continue
		}
		var a struct {
			Analysis
			Message string `json:"-"`
		}
		var errMsg string
		if code != http.StatusOK {
			var e map[string]string
			json.Unmarshal([]byte(body), &e)
			errMsg = e["error"]
		} else if err := json.Unmarshal([]byte(body), &a.Analysis); err != nil {
			t.Fatalf("line %d: %v", n, err)
		} else if a.Error != nil {
			errMsg = a.Error.Message
		}
		comps := map[string]string{}
		for _, c := range a.Components {
			comps[c.Name] = c.Value
			if !c.Defined {
				comps[c.Name] = "-"
			}
		}
		for _, kv := range fields[2:] {
			k, want, ok := strings.Cut(kv, "=")
			if !ok {
				t.Fatalf("testdata/standards.txt:%d: bad field %q", n, kv)
			}
			var got string
			switch {
			case k == "valid":
				got = strconv.FormatBool(a.Valid)
			case k == "standard":
				got = a.Standard
			case k == "profile":
				got = a.Profile
			case k == "under":
				got = strings.Join(rowsUnder(t, a.Analysis), "; ")
			case strings.HasPrefix(k, "c."):
				got = comps[strings.TrimPrefix(k, "c.")]
			case k == "html":
				if !strings.Contains(a.HTML, want) {
					t.Errorf("line %d: %s: the result does not contain %q", n, query, want)
				}
				continue
			case k == "error":
				if !strings.Contains(errMsg, want) {
					t.Errorf("line %d: %s: error %q does not contain %q", n, query, errMsg, want)
				}
				continue
			default:
				t.Fatalf("testdata/standards.txt:%d: unknown field %q", n, k)
			}
			if got != want {
				t.Errorf("line %d: %s: %s = %q, want %q", n, query, k, got, want)
			}
		}
	}
}

// rowsProfiles are the RFC 2396 profiles of edits/edits.txt that the
// "under" lists of testdata/standards.txt were written for.
var rowsProfiles = map[string]bool{"": true, "rfc2732": true, "rfc2732-intent": true, "java": true}

// rowsUnder returns a.ValidUnder without the RFC 2396 profiles added to
// edits/edits.txt since the rows were written, after holding the verdict
// of each of those to the oracle under its edits: adding a profile needs
// no change to the rows.
func rowsUnder(t *testing.T, a Analysis) []string {
	t.Helper()
	var out []string
	for _, v := range a.Verdicts {
		if v.Standard == "RFC 2396" && !rowsProfiles[v.Profile] {
			p, ok := parser.LookupProfile(v.Profile)
			if !ok {
				t.Errorf("%q: a verdict under RFC 2396 profile %q, which package parser does not have", a.Input, v.Profile)
			} else if accepts := oracle.NewFor(p.Edits()).Match(grammar.RuleURIReference, a.Input); v.Valid != accepts {
				t.Errorf("%q: under RFC 2396 profile %s valid %v; the oracle under its edits: %v", a.Input, v.Profile, v.Valid, accepts)
			}
			continue
		}
		if v.Valid {
			out = append(out, v.Label())
		}
	}
	return out
}

// TestGrammarPages3986 checks that RFC 3986 has its pages, like RFC 2396.
func TestGrammarPages3986(t *testing.T) {
	h := newSite(t).Handler()
	for _, path := range []string{"/g/rfc3986/", "/g/rfc3986/rule/URI-reference", "/g/rfc3986/rule/IP-literal", "/g/rfc3986/rule/path-empty", "/diagrams/rfc3986/IPv6address.svg"} {
		if code, _ := get(t, h, "GET", path); code != http.StatusOK {
			t.Errorf("%s = %d", path, code)
		}
	}
}

// TestTrace3986 resolves RFC 3986's own examples step by step.
func TestTrace3986(t *testing.T) {
	b, err := os.ReadFile("testdata/resolve3986.txt")
	if err != nil {
		t.Fatal(err)
	}
	facts := oracle.NewFacts3986()
	for n, line := range strings.Split(string(b), "\n") {
		if line == "" || strings.HasPrefix(line, "#") {
			continue
		}
		ref, want, ok := strings.Cut(line, "\t")
		if !ok {
			t.Fatalf("testdata/resolve3986.txt:%d: no tab", n+1)
		}
		if !facts.Hold("http://a/b/c/d;p?q", ref, want) {
			t.Logf("testdata/resolve3986.txt:%d: %s", n+1, oracle.NotHeld)
			continue
		}
		tr := trace3986("http://a/b/c/d;p?q", ref)
		if tr.Result != want || !tr.Agrees || tr.Error != "" || len(tr.Steps) < 3 {
			t.Errorf("%q: %q (agrees %v, error %q, %d steps), want %q", ref, tr.Result, tr.Agrees, tr.Error, len(tr.Steps), want)
		}
	}
	// A long path of dot segments: the trace shows maxDotSteps rounds and
	// counts the others.
	tr := trace3986("http://a/b", strings.Repeat("x/../", 1000)+"y")
	if !facts.Hold("http://a/b", "x/../y", "http://a/y") {
		t.Logf("x/../y: %s", oracle.NotHeld)
	} else if tr.Result != "http://a/y" || !tr.Agrees || len(tr.Steps) > maxDotSteps+5 {
		t.Errorf("long: %q agrees %v, %d steps", tr.Result, tr.Agrees, len(tr.Steps))
	}
	if tr := trace3986("g", "h"); tr.Error == "" || !tr.Agrees {
		t.Errorf("a relative base: %+v", tr)
	}
}

// FuzzTrace3986: the step-by-step resolution under RFC 3986 always gives
// rfc3986.Resolve's answer.
func FuzzTrace3986(f *testing.F) {
	for _, seed := range [][2]string{{"http://a/b/c/d;p?q", "../../g"}, {"http://a", "g"}, {"a:b", "./c"}, {"a:/b/", "../../x/."}, {"http://a/b", "//c"}} {
		f.Add(seed[0], seed[1])
	}
	f.Fuzz(func(t *testing.T, base, ref string) {
		if len(base) > MaxInput || len(ref) > MaxInput {
			return
		}
		tr := trace3986(base, ref)
		if !tr.Agrees {
			t.Fatalf("%q against %q: the trace gives %q, rfc3986.Resolve %q (%s)", ref, base, tr.Result, tr.Library, tr.LibraryError)
		}
	})
}

// trace3986 is the trace under RFC 3986.
func trace3986(base, ref string) *Trace {
	st, _ := standardOf("rfc3986")
	return traceFamily(st, st.NewReader(nil), base, ref)
}

// TestEveryStandard checks that every standard the tools offer
// (report.Standards) has its pages, and that the playground answers
// under it: its index and every rule page answer 200; a rule page of a
// rule the grammar imports links to that rule's page in the grammar it
// comes from; and the playground, given the examples of each rule of
// the grammar (examples.json, which TestExamples checks against the
// parser), says valid for those in the language, with a tree whose root
// is the rule and spans the input, and invalid for the others, at the
// offset the grammar's own Match gives.
func TestEveryStandard(t *testing.T) {
	s := newSite(t)
	h := s.Handler()
	get := func(target string) (int, string) {
		rec := httptest.NewRecorder()
		h.ServeHTTP(rec, httptest.NewRequest(http.MethodGet, target, nil))
		return rec.Code, rec.Body.String()
	}
	for _, st := range report.Standards() {
		if st.ParserProfiles() {
			continue
		}
		g := s.grammar(st.Name)
		if g == nil {
			t.Errorf("%s: no pages (data/%s), which gen standard writes from a manifest with \"site\" and without \"no_site\" (docs/adding-a-grammar.md)", st.Name, st.Name)
			continue
		}
		if code, _ := get("/g/" + st.Name + "/"); code != http.StatusOK {
			t.Errorf("/g/%s/: status %d", st.Name, code)
		}
		own := map[string]bool{}
		for _, info := range st.Rules() {
			own[info.Name] = true
		}
		checked := 0
		for _, r := range g.Rules {
			code, body := get("/g/" + st.Name + "/rule/" + r.Name)
			if code != http.StatusOK {
				t.Errorf("/g/%s/rule/%s: status %d", st.Name, r.Name, code)
				continue
			}
			if r.From != "" && !strings.Contains(body, `href="/g/`+r.From+`/rule/`+r.Name+`"`) {
				t.Errorf("/g/%s/rule/%s: no link to the rule's page in %s", st.Name, r.Name, r.From)
			}
			if !own[r.Name] {
				continue // a core rule of RFC 5234, matched only within others
			}
			for _, ex := range r.Valid {
				a := playAnswer(t, h, st.Name, r.Name, ex.Text)
				if !a.Valid || a.Tree == nil || a.Tree.Rule != r.Name || a.Tree.Begin != 0 || a.Tree.End != len(ex.Text) {
					t.Errorf("%s %s %q: valid %v, tree %+v; want valid, a tree of %s over the whole input", st.Name, r.Name, ex.Text, a.Valid, a.Tree, r.Name)
				}
				checked++
			}
			for _, text := range r.Invalid {
				a := playAnswer(t, h, st.Name, r.Name, text)
				syn, ok := report.SyntaxOf(st.Match(r.Name, text))
				switch {
				case a.Valid || a.Error == nil:
					t.Errorf("%s %s %q: valid, want invalid", st.Name, r.Name, text)
				case !ok:
					t.Errorf("%s %s %q: Match gives no syntax error", st.Name, r.Name, text)
				case a.Error.Offset != syn.Offset || a.Error.Rule == "":
					t.Errorf("%s %s %q: offset %d rule %q, want offset %d and a rule", st.Name, r.Name, text, a.Error.Offset, a.Error.Rule, syn.Offset)
				}
				checked++
			}
		}
		if checked < 2*len(own) {
			t.Errorf("%s: %d examples checked in the playground, want at least two a rule", st.Name, checked)
		}
	}
}

// playAnswer asks /play.json to check in against rule under standard.
func playAnswer(t *testing.T, h http.Handler, standard, rule, in string) *Analysis {
	t.Helper()
	rec := httptest.NewRecorder()
	h.ServeHTTP(rec, httptest.NewRequest(http.MethodGet, "/play.json?standard="+url.QueryEscape(standard)+"&rule="+url.QueryEscape(rule)+"&ref="+urlQueryEscape(in), nil))
	if rec.Code != http.StatusOK {
		t.Fatalf("%s %s %q: status %d: %s", standard, rule, in, rec.Code, rec.Body)
	}
	var a Analysis
	if err := json.Unmarshal(rec.Body.Bytes(), &a); err != nil {
		t.Fatal(err)
	}
	return &a
}

// TestKindsOnlyForReferences checks that the playground's page names the
// kinds of authority and host only for a URI reference: not for a
// request-target, a URN or a template, whose strings have none.
func TestKindsOnlyForReferences(t *testing.T) {
	h := newSite(t).Handler()
	for _, tt := range []struct {
		query string
		kinds bool
	}{
		{"ref=http://a/b&standard=rfc3986", true},
		{"ref=http://r%C3%A9sum%C3%A9.example/&standard=rfc3987", true},
		{"ref=/a%3Fb&standard=rfc9112", false},
		{"ref=urn:example:a&standard=rfc8141", false},
		{"ref={a}&standard=rfc6570", false},
	} {
		rec := httptest.NewRecorder()
		h.ServeHTTP(rec, httptest.NewRequest(http.MethodGet, "/play?"+tt.query, nil))
		body := rec.Body.String()
		if rec.Code != http.StatusOK || !strings.Contains(body, "✓ valid") {
			t.Errorf("/play?%s: %d", tt.query, rec.Code)
			continue
		}
		if got := strings.Contains(body, `id="authority-kind"`); got != tt.kinds {
			t.Errorf("/play?%s: kinds shown %v, want %v", tt.query, got, tt.kinds)
		}
	}
}

// TestPlayGap: an input that runs into one of RFC 2396's known gaps says
// which in the error's "gap" (as parse --json does), under RFC 2396 and
// its profiles that keep the gap; the other standards have none.
func TestPlayGap(t *testing.T) {
	h := newSite(t).Handler()
	for _, c := range []struct {
		query, gap string
	}{
		{"ref=%3Fy", "a reference with a query and no path"},
		{"ref=about%3A", "nothing after the scheme"},
		{"ref=http%3A%2F%2F%5B%3A%3A1%5D%2F", "IPv6 literals"},
		{"ref=http%3A%2F%2F%5B%3A%3A1%5D%2F&profile=java", ""},
		{"ref=http%3A%2F%2Fa%20b%2F", ""},
		{"ref=%3Fy&standard=rfc3986", ""},
		{"ref=a%20b&standard=rfc3987", ""},
	} {
		code, body := get(t, h, "GET", "/play.json?"+c.query)
		if code != http.StatusOK {
			t.Errorf("%s: status %d: %.200s", c.query, code, body)
			continue
		}
		var a struct {
			Valid bool
			Error *struct{ Gap string }
		}
		if err := json.Unmarshal([]byte(body), &a); err != nil {
			t.Fatalf("%s: %v", c.query, err)
		}
		gap := ""
		if a.Error != nil {
			gap = a.Error.Gap
		}
		if c.gap == "" && gap != "" || !strings.Contains(gap, c.gap) {
			t.Errorf("%s: gap %q, want one that says %q", c.query, gap, c.gap)
		}
	}
}
