package main

import "path/filepath"

// renderEntry is one function the site calls: the templates of a page,
// the one to execute, the Go type of its data (in package site) and the
// name the generated function has.
type renderEntry struct {
	set   string   // the page: names the templates executed together
	files []string // under site/templates, in the order site.go parsed them
	name  string   // the template executed
	dot   string   // its data: a type of package site, "*" for a pointer
	fn    string   // the generated function
}

// renderEntries are the renderings of package site: a page (its layout,
// which calls the page's "content") and the playground's result fragment.
var renderEntries = []renderEntry{
	{"index", []string{"layout.html", "result.html", "index.html"}, "layout", "*page", "renderIndexPage"},
	{"rule", []string{"layout.html", "result.html", "rule.html"}, "layout", "*page", "renderRulePage"},
	{"play", []string{"layout.html", "result.html", "play.html"}, "layout", "*page", "renderPlayPage"},
	{"error", []string{"layout.html", "result.html", "error.html"}, "layout", "*page", "renderErrorPage"},
	{"play", []string{"layout.html", "result.html", "play.html"}, "result", "*resultView", "renderResult"},
}

// generateRender (gen render) compiles the site's templates (site/templates/*.html) into
// Go (site/render_gen.go), so that the server, the static writer and the
// playground's WebAssembly module render the pages without
// html/template: one rendering, the templates' own, at a fraction of the
// module's size (docs/site.md).
//
// It parses each page's templates with html/template and has it escape
// them, as it would on their first execution: html/template's escaper
// rewrites each action's pipeline, adding the escapers the action's
// context needs (_html_template_htmlescaper, _html_template_attrescaper,
// _html_template_urlfilter …). It then walks the escaped trees and writes
// Go for each node (render_compile.go), typing every field, method and
// variable with go/types on package site's source (render_load.go), and
// calling package internal/safeout for the escapers. A construct it does
// not compile (a function other than the builtins it knows, a value it
// cannot print, …) stops it with the template's file, line and column and
// the construct.
//
// The generated code calls three functions the package defines
// (site/render.go): writeString(w *strings.Builder, s string);
// templateError(template, pos, action, msg string) error for an action
// that cannot be executed (a nil pointer where a field is read, an index
// out of range, a method's error), where text/template would stop with
// an error too; and recoverTemplate(err *error, template string), deferred
// by each function the package calls, which makes a panic of a method
// the templates call the rendering's error, as text/template's safeCall
// does.
//
// The test TestRenderMatchesHTMLTemplate in package site renders every
// page both ways, html/template over the same files and the generated
// code, and requires the same bytes.
//
// An unchanged site/render_gen.go is left as it is, its modification time
// too (writeFile), so that go test's cache of the tests that read it
// stays valid.
func generateRender() error {
	src, err := compileTemplates("site", renderEntries)
	if err != nil {
		return err
	}
	return writeFile(filepath.Join("site", "render_gen.go"), src)
}
