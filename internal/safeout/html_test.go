package safeout

import (
	"bufio"
	"html/template"
	"os"
	"strconv"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
)

// contexts are the places the site's templates put a value, each with
// what this package computes for a string there: html/template, given the
// template, must write exactly that.
var contexts = []struct {
	name, tmpl string
	ours       func(string) string
}{
	{"text (htmlescaper)", `<p>{{.}}</p>`, func(s string) string { return "<p>" + HTMLText(s) + "</p>" }},
	{"attribute (attrescaper)", `<p title="{{.}}">`, func(s string) string { return `<p title="` + HTMLText(s) + `">` }},
	{"RCDATA (rcdataescaper)", `<title>{{.}}</title>`, func(s string) string { return "<title>" + HTMLText(s) + "</title>" }},
	{"URL (urlfilter, urlnormalizer, attrescaper)", `<a href="{{.}}">`, func(s string) string {
		return `<a href="` + HTMLText(NormalizeURL(FilterURL(s))) + `">`
	}},
	{"fragment (urlescaper, attrescaper)", `<a href="#x-{{.}}">`, func(s string) string {
		return `<a href="#x-` + HTMLText(EscapeURL(s)) + `">`
	}},
	{"markup in text", `<p>{{.}}</p>`, nil},
	{"markup in RCDATA (rcdataescaper)", `<title>{{.}}</title>`, func(s string) string { return "<title>" + NormHTML(HTML(s)) + "</title>" }},
}

// theirs is what html/template writes for v in template tmpl.
func theirs(t *testing.T, tmpl string, v any) string {
	t.Helper()
	var b strings.Builder
	if err := template.Must(template.New("t").Parse(tmpl)).Execute(&b, v); err != nil {
		t.Fatal(err)
	}
	return b.String()
}

// check compares each context's escaping of s with html/template's, and
// EscapeHTMLString with template.HTMLEscapeString.
func check(t *testing.T, s string) {
	t.Helper()
	for _, c := range contexts {
		var want, got string
		switch {
		case c.ours == nil: // markup as it is
			want, got = theirs(t, c.tmpl, template.HTML(s)), "<p>"+s+"</p>"
		case strings.HasPrefix(c.name, "markup"):
			want, got = theirs(t, c.tmpl, template.HTML(s)), c.ours(s)
		default:
			want, got = theirs(t, c.tmpl, s), c.ours(s)
		}
		if diff := cmp.Diff(want, got); diff != "" {
			t.Errorf("%q in %s (-html/template +safeout):\n%s", s, c.name, diff)
		}
	}
	if want, got := template.HTMLEscapeString(s), EscapeHTMLString(s); got != want {
		t.Errorf("EscapeHTMLString(%q) = %q, template.HTMLEscapeString gives %q", s, got, want)
	}
	var b strings.Builder
	WriteHTMLText(&b, s)
	if b.String() != HTMLText(s) {
		t.Errorf("WriteHTMLText(%q) = %q, Text gives %q", s, b.String(), HTMLText(s))
	}
}

// cases reads testdata/html-strings.txt.
func cases(t testing.TB) []string {
	f, err := os.Open("testdata/html-strings.txt")
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	var out []string
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		line := sc.Text()
		if line == "" || strings.HasPrefix(line, "#") {
			continue
		}
		s, err := strconv.Unquote(line)
		if err != nil {
			t.Fatalf("testdata/html-strings.txt: %s: %v", line, err)
		}
		out = append(out, s)
	}
	if err := sc.Err(); err != nil {
		t.Fatal(err)
	}
	return out
}

func TestEscapersMatchHTMLTemplate(t *testing.T) {
	for _, s := range cases(t) {
		check(t, s)
	}
}

func TestFilterURL(t *testing.T) {
	for _, c := range []struct{ in, want string }{
		{"http://h/", "http://h/"},
		{"javascript:x", "#ZgotmplZ"},
		{"a/b:c", "a/b:c"},
		{"MailTo:x", "MailTo:x"},
	} {
		if got := FilterURL(c.in); got != c.want {
			t.Errorf("FilterURL(%q) = %q, want %q", c.in, got, c.want)
		}
	}
}

// FuzzEscapers: for any string, each escaper writes what html/template
// writes in the same place.
func FuzzEscapers(f *testing.F) {
	for _, s := range cases(f) {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) { check(t, s) })
}
