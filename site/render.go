package site

import (
	"fmt"
	"strings"
)

// TemplateError is a page that could not be rendered: the data given to
// a template lacks what an action needs (a nil pointer where the
// template reads a field, an index out of range, a method's error or
// panic). The rendering stops at the action and nothing of the page is
// served or written: [Site.WriteStatic] and [Site.PlayJSON] report it
// (PlayJSON as the answer's "error"), and the server answers 500. The
// pages are rendered by Go compiled from site/templates (render_gen.go,
// written by gen render), which checks what text/template
// checks when it executes a template.
type TemplateError struct {
	Template string // the template's name, e.g. "result"
	Pos      string // where in the template's file, e.g. "result.html:12:34" ("" for a panic)
	Action   string // the action, as the template writes it (escaped)
	Msg      string // what went wrong
}

func (e *TemplateError) Error() string {
	if e == nil {
		return "rfc2396/site: template error <nil>"
	}
	if e.Pos == "" {
		return fmt.Sprintf("rfc2396/site: template %s: %s", e.Template, e.Msg)
	}
	return fmt.Sprintf("rfc2396/site: template %s: %s: executing %s: %s", e.Template, e.Pos, e.Action, e.Msg)
}

// templateError is the error of the action at pos of a template: the
// generated renderers call it rather than build the error in place, which
// would be code at every action that can fail.
func templateError(template, pos, action, msg string) error {
	return &TemplateError{Template: template, Pos: pos, Action: action, Msg: msg}
}

// recoverTemplate, deferred by each renderer the package calls, makes a
// panic of a method a template calls the rendering's error, as
// text/template does.
func recoverTemplate(err *error, template string) {
	if r := recover(); r != nil {
		*err = &TemplateError{Template: template, Msg: fmt.Sprint("panic: ", r)}
	}
}

// writeString writes a template's text, or a value, into w. It is not
// inlined: the generated renderers write at every action, and
// strings.Builder.WriteString inlined at each made the playground's
// result renderer 116 KB of WebAssembly instead of 26 KB (docs/design-notes.md).
//
//go:noinline
func writeString(w *strings.Builder, s string) { w.WriteString(s) }
