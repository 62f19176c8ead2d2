package site_test

import (
	"bytes"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/rfc2396/rfc2396/conformance"
	"github.com/rfc2396/rfc2396/site"
)

// TestVectorsDownload checks that the site offers the conformance suite,
// on the server and in a static copy, and that what it offers is the
// published suite committed under testdata/vectors.
func TestVectorsDownload(t *testing.T) {
	s, err := site.New()
	if err != nil {
		t.Fatal(err)
	}
	h := s.Handler()
	// The static copy offers the files the server was just found to
	// serve: conformance.Published() again would be a second generation
	// of the suite (most of this test's time) for the same bytes.
	var downloads []site.Download
	index := httptest.NewRecorder()
	h.ServeHTTP(index, httptest.NewRequest("GET", "/", nil))
	for _, std := range conformance.Standards() {
		for _, f := range []string{conformance.SuiteFile, conformance.ValidityFile, conformance.ComponentsFile, conformance.ResolveFile, conformance.SchemaFile} {
			name := "vectors/" + string(std) + "/" + f
			if !strings.Contains(index.Body.String(), `href="/`+name+`"`) {
				t.Errorf("the index does not link %s", name)
			}
			w := httptest.NewRecorder()
			h.ServeHTTP(w, httptest.NewRequest("GET", "/"+name, nil))
			committed, err := os.ReadFile(filepath.Join("..", "testdata", "vectors", string(std), f))
			if err != nil {
				t.Fatalf("%v (generate.go's line \"go run ./cmd/rfc2396 vectors --standard %s\" writes the suite of every standard of the registry)", err, std)
			}
			if w.Code != 200 || !bytes.Equal(w.Body.Bytes(), committed) {
				t.Errorf("GET /%s: status %d, %d bytes; want 200 and the %d bytes of testdata/vectors/%s/%s (the committed suite is stale: generate.go's line \"go run ./cmd/rfc2396 vectors --standard %s\" rewrites it)", name, w.Code, w.Body.Len(), len(committed), std, f, std)
			}
			downloads = append(downloads, site.Download{Name: name, Data: committed})
		}
	}
	w := httptest.NewRecorder()
	h.ServeHTTP(w, httptest.NewRequest("GET", "/vectors/rfc2396/nothing.txt", nil))
	if w.Code != 404 {
		t.Errorf("GET an unknown suite file: status %d, want 404", w.Code)
	}

	dir := t.TempDir()
	if _, err := s.WriteStatic(dir, site.StaticOptions{Downloads: downloads}); err != nil {
		t.Fatal(err)
	}
	page, err := os.ReadFile(filepath.Join(dir, "index.html"))
	if err != nil {
		t.Fatal(err)
	}
	for _, d := range downloads {
		got, err := os.ReadFile(filepath.Join(dir, filepath.FromSlash(d.Name)))
		if err != nil || !bytes.Equal(got, d.Data) {
			t.Errorf("static copy: %s: %v, %d bytes; want %d", d.Name, err, len(got), len(d.Data))
		}
		if !strings.Contains(string(page), `href="`+d.Name+`"`) {
			t.Errorf("static copy: index.html does not link %s", d.Name)
		}
	}
	if _, err := s.WriteStatic(t.TempDir(), site.StaticOptions{Downloads: []site.Download{{Name: "../outside", Data: nil}}}); err == nil {
		t.Errorf("a download named ../outside was written")
	}
}

// TestGrades checks that the site shows the table of other parsers' grades
// that docs/conformance.md holds (grade-all.sh writes both).
func TestGrades(t *testing.T) {
	s, err := site.New()
	if err != nil {
		t.Fatal(err)
	}
	doc, err := os.ReadFile(filepath.Join("..", "docs", "conformance.md"))
	if err != nil {
		t.Fatal(err)
	}
	table, err := os.ReadFile(filepath.Join("data", "grades.md"))
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(string(doc), "<!-- grades:begin -->\n"+string(table)+"<!-- grades:end -->") {
		t.Errorf("site/data/grades.md is not the table of docs/conformance.md; run conformance/adapters/grade-all.sh")
	}
	w := httptest.NewRecorder()
	s.Handler().ServeHTTP(w, httptest.NewRequest("GET", "/", nil))
	for _, want := range []string{`id="grades"`, "<td>uriparser</td>", "<td>Go net/url</td>", "<th scope=\"col\">validity</th>"} {
		if !strings.Contains(w.Body.String(), want) {
			t.Errorf("the index does not show %q", want)
		}
	}
}
