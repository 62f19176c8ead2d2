package site

import "fmt"

// TemplateError is a page that could not be rendered: the data given to
// a template lacks what an action needs (a nil pointer where the
// template reads a field, an index out of range, a method's error). The
// rendering stops at the action; nothing of the page is served.
type TemplateError struct {
	Template string // the template's name, e.g. "result"
	Pos      string // where in the template's file, e.g. "result.html:12:34"
	Action   string // the action, as the template writes it (escaped)
	Msg      string // what went wrong
}

func (e *TemplateError) Error() string {
	return fmt.Sprintf("rfc2396/site: template %s: %s: executing %s: %s", e.Template, e.Pos, e.Action, e.Msg)
}
