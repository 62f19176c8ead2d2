package site

import (
	"bufio"
	"context"
	"errors"
	"html/template"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
	"text/template/parse"

	"github.com/google/go-cmp/cmp"
	"github.com/rfc2396/rfc2396/internal/safeout"
)

// The pages are rendered by the Go that gen render compiles from
// templates/*.html (render_gen.go). These tests hold it to what
// html/template renders from the same files with the same data: every
// page of every grammar, on the server and in a static copy, the
// playground's page and its result for every case of
// testdata/render.txt and testdata/play.txt, and error pages.

// templateSets are the templates as site.go used to parse them, for
// html/template: a page's set by its name.
var templateSets = map[string][]string{
	"index": {"layout.html", "result.html", "index.html"},
	"rule":  {"layout.html", "result.html", "rule.html"},
	"play":  {"layout.html", "result.html", "play.html"},
	"error": {"layout.html", "result.html", "error.html"},
}

// asHTML gives html/template an safeout.HTML as its own template.HTML, so
// that it writes the markup as it is, as it did when the site's values
// were template.HTML; any other value is returned as it is.
func asHTML(v any) any {
	if h, ok := v.(safeout.HTML); ok {
		return template.HTML(h)
	}
	return v
}

// referenceSets parses the templates for html/template, each printing
// action's pipeline ending in asHTML (before html/template adds its
// escapers, on the first execution).
func referenceSets(t *testing.T) map[string]*template.Template {
	t.Helper()
	sets := map[string]*template.Template{}
	for name, files := range templateSets {
		var paths []string
		for _, f := range files {
			paths = append(paths, filepath.Join("templates", f))
		}
		set, err := template.New(files[0]).Funcs(template.FuncMap{"asHTML": asHTML}).ParseFiles(paths...)
		if err != nil {
			t.Fatal(err)
		}
		for _, tmpl := range set.Templates() {
			if tmpl.Tree != nil {
				addAsHTML(tmpl.Tree.Root)
			}
		}
		sets[name] = set
	}
	return sets
}

// addAsHTML appends asHTML to the pipeline of every action under n that
// prints its value.
func addAsHTML(n parse.Node) {
	switch n := n.(type) {
	case *parse.ListNode:
		if n == nil {
			return
		}
		for _, c := range n.Nodes {
			addAsHTML(c)
		}
	case *parse.ActionNode:
		if len(n.Pipe.Decl) == 0 {
			id := parse.NewIdentifier("asHTML").SetPos(n.Pos)
			n.Pipe.Cmds = append(n.Pipe.Cmds, &parse.CommandNode{NodeType: parse.NodeCommand, Pos: n.Pos, Args: []parse.Node{id}})
		}
	case *parse.IfNode:
		addAsHTML(n.List)
		addAsHTML(n.ElseList)
	case *parse.WithNode:
		addAsHTML(n.List)
		addAsHTML(n.ElseList)
	case *parse.RangeNode:
		addAsHTML(n.List)
		addAsHTML(n.ElseList)
	}
}

// renderBoth renders page name of p both ways and reports a difference.
func renderBoth(t *testing.T, s *Site, sets map[string]*template.Template, what, name string, p *page) {
	t.Helper()
	got, err := s.render(name, p)
	if err != nil {
		t.Fatalf("%s: generated: %v", what, err)
	}
	var want strings.Builder
	if err := sets[name].ExecuteTemplate(&want, "layout", p); err != nil {
		t.Fatalf("%s: html/template: %v", what, err)
	}
	if diff := cmp.Diff(want.String(), string(got)); diff != "" {
		t.Errorf("%s: the generated rendering differs from html/template's (-html/template +generated):\n%s", what, diff)
	}
}

func TestRenderMatchesHTMLTemplate(t *testing.T) {
	s := newSite(t)
	sets := referenceSets(t)
	pages := 0
	for i, g := range s.grammars {
		for _, static := range []bool{false, true} {
			for _, playHere := range []bool{false, true} {
				if !static && playHere {
					continue
				}
				root := "/"
				if static {
					root = strings.Repeat("../", min(i, 1)*2)
				}
				p := s.newPage(g, g.Title, static, root)
				p.PlayHere = playHere
				p.Downloads = vectorNames()
				renderBoth(t, s, sets, g.Name+" index", "index", p)
				pages++
				for _, r := range g.Rules {
					p := s.newPage(g, "", static, root+"../")
					p.PlayHere = playHere
					s.rulePage(p, r)
					renderBoth(t, s, sets, g.Name+" rule "+r.Name, "rule", p)
					pages++
				}
			}
		}
	}
	for _, msg := range []string{"There is no file x.", `RFC 2396 has no rule named "<b>&'+\x00".`, ""} {
		p := s.newPage(s.grammars[0], "Not Found", false, "/")
		p.Status, p.StatusText, p.Message = 404, "Not Found", msg
		renderBoth(t, s, sets, "error page "+strconv.Quote(msg), "error", p)
		pages++
	}
	t.Logf("%d pages", pages)
}

// renderCases are the playground's queries of testdata/render.txt and a
// query for each reference of testdata/play.txt.
func renderCases(t *testing.T) []string {
	t.Helper()
	var queries []string
	for _, file := range []string{"render.txt", "play.txt"} {
		f, err := os.Open(filepath.Join("testdata", file))
		if err != nil {
			t.Fatal(err)
		}
		sc := bufio.NewScanner(f)
		for sc.Scan() {
			line := sc.Text()
			if line == "" || strings.HasPrefix(line, "#") {
				continue
			}
			if file == "render.txt" {
				queries = append(queries, line)
				continue
			}
			ref, err := strconv.Unquote(strings.SplitN(line, "\t", 2)[0])
			if err != nil {
				t.Fatalf("play.txt: %q: %v", line, err)
			}
			queries = append(queries, "ref="+urlQueryEscape(ref))
		}
		f.Close()
		if err := sc.Err(); err != nil {
			t.Fatal(err)
		}
	}
	return queries
}

func TestRenderPlayMatchesHTMLTemplate(t *testing.T) {
	s := newSite(t)
	sets := referenceSets(t)
	ctx := context.Background()
	for _, q := range renderCases(t) {
		f, bad := s.playRequest(q)
		if bad != nil {
			t.Fatalf("%s: %s", q, bad.msg)
		}
		for _, static := range []bool{false, true} {
			what := q
			if static {
				what += " (static)"
			}
			p := s.newPage(s.grammars[0], "Playground", static, "/")
			if static {
				p = s.newPage(s.grammars[0], "Playground", true, "")
				p.PlayHere, p.Wasm, p.Script = true, true, true
			} else {
				p.Script = true
			}
			p.Play = f
			v, err := s.playView(ctx, p, f)
			if err != nil {
				t.Fatalf("%s: %v", what, err)
			}
			var got, want strings.Builder
			if err := renderResult(&got, v); err != nil {
				t.Fatalf("%s: generated: %v", what, err)
			}
			if err := sets["play"].ExecuteTemplate(&want, "result", v); err != nil {
				t.Fatalf("%s: html/template: %v", what, err)
			}
			if diff := cmp.Diff(want.String(), got.String()); diff != "" {
				t.Errorf("%s: the result differs from html/template's (-html/template +generated):\n%s", what, diff)
			}
			p.ResultHTML = safeout.HTML(got.String())
			renderBoth(t, s, sets, what+" page", "play", p)
		}
	}
	// The static copy without the module: the form disabled.
	p := s.newPage(s.grammars[0], "Playground", true, "")
	renderBoth(t, s, sets, "static playground without the module", "play", p)
}

// Data the templates cannot be executed with is an error of the
// rendering, where and why, never a panic: a nil pointer read (as
// text/template reports it) and a method that panics (as text/template
// recovers it).
func TestRenderErrors(t *testing.T) {
	s := newSite(t)
	for _, c := range []struct {
		what   string
		render func(*strings.Builder) error
		want   TemplateError
	}{
		{"no page", func(b *strings.Builder) error { return renderIndexPage(b, nil) },
			TemplateError{Template: "layout", Pos: "layout.html:7:9", Action: ".Title", Msg: "nil pointer evaluating *page.Title"}},
		{"no grammar", func(b *strings.Builder) error {
			return renderErrorPage(b, &page{Title: "t", Grammars: s.grammars})
		}, TemplateError{Template: "layout", Pos: "layout.html:17:13", Action: ".G.SpecURL", Msg: "nil pointer evaluating *Grammar.SpecURL"}},
		{"a method panics", func(b *strings.Builder) error {
			return renderResult(b, &resultView{A: &Analysis{Rule: "x"}})
		}, TemplateError{Template: "result", Msg: "panic: runtime error: invalid memory address or nil pointer dereference"}},
	} {
		var b strings.Builder
		err := c.render(&b)
		var te *TemplateError
		if !errors.As(err, &te) {
			t.Errorf("%s: error %v, want a *TemplateError", c.what, err)
			continue
		}
		if diff := cmp.Diff(c.want, *te); diff != "" {
			t.Errorf("%s (-want +got):\n%s", c.what, diff)
		}
	}
}
