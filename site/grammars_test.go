package site

import (
	"io/fs"
	"net/http"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"testing/fstest"
)

// withSecondGrammar is the site's data with a second, made-up grammar of
// two rules, as later work will add (RFC 3986, profiles). Of the site's
// own grammars it keeps RFC 2396's, which sorts first, and RFC 3986's,
// which the made-up one must sort after: the others' pages are held to
// their links by TestWriteStatic and TestServerLinks, and without them
// the static copy TestSecondGrammar writes is 167 files, not 750.
func withSecondGrammar(t *testing.T) fs.FS {
	t.Helper()
	m := siteData(t, parsedGrammar, "rfc3986")
	m["data/second/grammar.json"] = &fstest.MapFile{Data: []byte(`{
	"name": "second", "title": "A second grammar", "spec": "RFC 3986", "spec_url": "https://www.rfc-editor.org/rfc/rfc3986",
	"notation": "ABNF", "source": "grammar/second.abnf", "grouping": "By section.",
	"groups": [{"section": "3.1", "title": "Scheme", "rules": ["scheme", "ALPHA"]}],
	"rules": [
		{"name": "scheme", "abnf": "scheme = ALPHA *( ALPHA )", "section": "3.1", "uses": ["ALPHA"], "used_by": [], "diagram": "scheme.svg"},
		{"name": "ALPHA", "abnf": "ALPHA = %x41-5A / %x61-7A", "section": "3.1", "uses": [], "used_by": ["scheme"], "diagram": "ALPHA.svg"}
	]}`)}
	m["data/second/diagrams/scheme.svg"] = &fstest.MapFile{Data: []byte(`<svg xmlns="http://www.w3.org/2000/svg" class="railroad"><a class="rr-ref" href="ALPHA"><text>ALPHA</text></a></svg>`)}
	m["data/second/diagrams/ALPHA.svg"] = &fstest.MapFile{Data: []byte(`<svg xmlns="http://www.w3.org/2000/svg" class="railroad"><text>A-Z</text></svg>`)}
	return m
}

func TestSecondGrammar(t *testing.T) {
	s, err := load(withSecondGrammar(t))
	if err != nil {
		t.Fatal(err)
	}
	if g := s.Grammars(); g[0].Name != "rfc2396" || g[len(g)-1].Name != "second" {
		t.Fatalf("grammars: %v", s.Grammars())
	}
	h := s.Handler()
	_, body := get(t, h, "GET", "/")
	if !hrefs(body)["/g/second/"] {
		t.Error("the index does not link the second grammar")
	}
	code, body := get(t, h, "GET", "/g/second/")
	if code != http.StatusOK || !hrefs(body)["/g/second/rule/scheme"] || !hrefs(body)["/g/second/rule/ALPHA"] {
		t.Errorf("/g/second/: %d, links %v", code, hrefs(body))
	}
	code, body = get(t, h, "GET", "/g/second/rule/scheme")
	if code != http.StatusOK || !strings.Contains(body, `class="railroad"`) || !hrefs(body)["/g/second/rule/ALPHA"] || !hrefs(body)["https://www.rfc-editor.org/rfc/rfc3986#section-3.1"] {
		t.Errorf("/g/second/rule/scheme: %d", code)
	}
	// The diagram's relative link reaches the sibling rule of the same grammar.
	if !strings.Contains(body, `href="ALPHA"`) {
		t.Error("the diagram's link is not relative")
	}
	if code, _ := get(t, h, "GET", "/g/nope/"); code != http.StatusNotFound {
		t.Errorf("/g/nope/ = %d", code)
	}
	if code, _ := get(t, h, "GET", "/g/second/rule/hostname"); code != http.StatusNotFound {
		t.Errorf("/g/second/rule/hostname = %d", code)
	}

	dir := t.TempDir()
	written, err := s.WriteStatic(dir, StaticOptions{})
	if err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{"g/second/index.html", "g/second/rule/scheme.html", "diagrams/second/ALPHA.svg"} {
		if _, err := os.Stat(filepath.Join(dir, want)); err != nil {
			t.Error(err)
		}
	}
	for _, name := range written {
		if !strings.HasPrefix(name, "g/") {
			continue
		}
		b, _ := os.ReadFile(filepath.Join(dir, name))
		for link := range hrefs(string(b)) {
			if strings.Contains(link, "://") || strings.HasPrefix(link, "#") || strings.HasPrefix(link, "data:") {
				continue
			}
			if _, err := os.Stat(filepath.Join(filepath.Dir(filepath.Join(dir, name)), link)); err != nil {
				t.Errorf("%s: link %q leads nowhere", name, link)
			}
		}
	}
}
