package site

import (
	"strconv"
	"unicode/utf8"
)

// The playground's answer is written as JSON by hand rather than with
// encoding/json, which (with the reflection it needs) is 0.6 MB of the
// WebAssembly module (docs/design-notes.md). The bytes are encoding/json's:
// answer_json_test.go compares them for every playground case, and the
// string writer with a fuzz target.

// appendAnalysisJSON appends a's JSON, as json.Encoder with
// SetEscapeHTML(false) writes it (the fields in order, those marked
// omitempty left out when empty), and a newline.
func appendAnalysisJSON(b []byte, a *Analysis) []byte {
	b = append(b, `{"input":`...)
	b = appendJSONString(b, a.Input, false)
	b = appendJSONKey(b, "rule")
	b = appendJSONString(b, a.Rule, false)
	b = appendJSONKey(b, "standard")
	b = appendJSONString(b, a.Standard, false)
	if a.Profile != "" {
		b = appendJSONKey(b, "profile")
		b = appendJSONString(b, a.Profile, false)
	}
	b = appendJSONKey(b, "valid")
	b = appendJSONBool(b, a.Valid)
	if len(a.Verdicts) > 0 {
		b = appendJSONKey(b, "verdicts")
		b = append(b, '[')
		for i, v := range a.Verdicts {
			if i > 0 {
				b = append(b, ',')
			}
			b = append(b, `{"standard":`...)
			b = appendJSONString(b, v.Standard, false)
			if v.Profile != "" {
				b = appendJSONKey(b, "profile")
				b = appendJSONString(b, v.Profile, false)
			}
			b = appendJSONKey(b, "valid")
			b = appendJSONBool(b, v.Valid)
			if v.Error != "" {
				b = appendJSONKey(b, "error")
				b = appendJSONString(b, v.Error, false)
			}
			if v.Current {
				b = append(b, `,"current":true`...)
			}
			b = append(b, '}')
		}
		b = append(b, ']')
	}
	if len(a.ValidUnder) > 0 {
		b = appendJSONKey(b, "valid_under")
		b = appendJSONStrings(b, a.ValidUnder)
	}
	if a.Kind != "" {
		b = appendJSONKey(b, "kind")
		b = appendJSONString(b, a.Kind, false)
	}
	if len(a.Components) > 0 {
		b = appendJSONKey(b, "components")
		b = append(b, '[')
		for i, c := range a.Components {
			if i > 0 {
				b = append(b, ',')
			}
			b = append(b, `{"name":`...)
			b = appendJSONString(b, c.Name, false)
			b = appendJSONKey(b, "value")
			b = appendJSONString(b, c.Value, false)
			b = appendJSONKey(b, "defined")
			b = appendJSONBool(b, c.Defined)
			b = append(b, '}')
		}
		b = append(b, ']')
	}
	if a.AuthorityKind != "" {
		b = appendJSONKey(b, "authority_kind")
		b = appendJSONString(b, a.AuthorityKind, false)
	}
	if a.HostKind != "" {
		b = appendJSONKey(b, "host_kind")
		b = appendJSONString(b, a.HostKind, false)
	}
	if a.Tree != nil {
		b = appendJSONKey(b, "tree")
		b = appendTreeJSON(b, a.Tree)
	}
	if a.TreeOmitted != 0 {
		b = appendJSONKey(b, "tree_omitted")
		b = strconv.AppendInt(b, int64(a.TreeOmitted), 10)
	}
	if e := a.Error; e != nil {
		b = appendJSONKey(b, "error")
		b = append(b, `{"offset":`...)
		b = strconv.AppendInt(b, int64(e.Offset), 10)
		b = appendJSONKey(b, "message")
		b = appendJSONString(b, e.Message, false)
		b = appendJSONKey(b, "rule")
		b = appendJSONString(b, e.Rule, false)
		b = appendJSONKey(b, "path")
		b = appendJSONStrings(b, e.Path)
		b = appendJSONKey(b, "expected")
		b = appendJSONString(b, e.Expected, false)
		b = appendJSONKey(b, "char")
		b = appendJSONString(b, e.Char, false)
		b = appendJSONKey(b, "at_end")
		b = appendJSONBool(b, e.AtEnd)
		if e.Gap != "" {
			b = appendJSONKey(b, "gap")
			b = appendJSONString(b, e.Gap, false)
		}
		b = append(b, '}')
	}
	if r := a.Resolution; r != nil {
		b = appendJSONKey(b, "resolution")
		b = appendTraceJSON(b, r)
	}
	b = appendJSONKey(b, "html")
	b = appendJSONString(b, a.HTML, false)
	return append(b, '}', '\n')
}

// appendTreeJSON appends a parse tree's node and, depth first, its
// children.
func appendTreeJSON(b []byte, n *TreeNode) []byte {
	if n == nil {
		return append(b, "null"...)
	}
	b = append(b, `{"rule":`...)
	b = appendJSONString(b, n.Rule, false)
	b = append(b, `,"begin":`...)
	b = strconv.AppendInt(b, int64(n.Begin), 10)
	b = append(b, `,"end":`...)
	b = strconv.AppendInt(b, int64(n.End), 10)
	if len(n.Children) > 0 {
		b = append(b, `,"children":[`...)
		for i, c := range n.Children {
			if i > 0 {
				b = append(b, ',')
			}
			b = appendTreeJSON(b, c)
		}
		b = append(b, ']')
	}
	return append(b, '}')
}

// appendTraceJSON appends a resolution's trace.
func appendTraceJSON(b []byte, r *Trace) []byte {
	b = append(b, `{"base":`...)
	b = appendJSONString(b, r.Base, false)
	b = appendJSONKey(b, "ref")
	b = appendJSONString(b, r.Ref, false)
	b = appendJSONKey(b, "steps")
	if r.Steps == nil {
		b = append(b, "null"...)
	} else {
		b = append(b, '[')
		for i, s := range r.Steps {
			if i > 0 {
				b = append(b, ',')
			}
			b = append(b, `{"step":`...)
			b = appendJSONString(b, s.Number, false)
			b = appendJSONKey(b, "text")
			b = appendJSONString(b, s.Text, false)
			if s.Buffer != "" {
				b = appendJSONKey(b, "buffer")
				b = appendJSONString(b, s.Buffer, false)
			}
			if s.HasBuffer {
				b = append(b, `,"has_buffer":true`...)
			}
			b = append(b, '}')
		}
		b = append(b, ']')
	}
	for _, m := range [...]struct{ key, v string }{{"result", r.Result}, {"error", r.Error}} {
		if m.v != "" {
			b = appendJSONKey(b, m.key)
			b = appendJSONString(b, m.v, false)
		}
	}
	if len(r.Warnings) > 0 {
		b = appendJSONKey(b, "warnings")
		b = appendJSONStrings(b, r.Warnings)
	}
	if len(r.WarningNotes) > 0 {
		b = appendJSONKey(b, "warning_notes")
		b = append(b, '[')
		for i, w := range r.WarningNotes {
			if i > 0 {
				b = append(b, ',')
			}
			b = append(b, `{"code":`...)
			b = appendJSONString(b, w.Code, false)
			b = appendJSONKey(b, "text")
			b = appendJSONString(b, w.Text, false)
			b = append(b, '}')
		}
		b = append(b, ']')
	}
	for _, m := range [...]struct{ key, v string }{{"note", r.Note}, {"library", r.Library}, {"library_error", r.LibraryError}} {
		if m.v != "" {
			b = appendJSONKey(b, m.key)
			b = appendJSONString(b, m.v, false)
		}
	}
	b = appendJSONKey(b, "agrees")
	b = appendJSONBool(b, r.Agrees)
	return append(b, '}')
}

// appendJSONBool is [strconv.AppendBool], not inlined: inlined at each of
// its calls it made the answer's JSON writer 2 KB larger in the
// playground's WebAssembly module.
//
//go:noinline
func appendJSONBool(b []byte, v bool) []byte { return strconv.AppendBool(b, v) }

// appendJSONKey appends a comma and a member's name (a plain ASCII
// name), then the colon. It is not inlined: inlined at each of its 37
// calls it made the answer's JSON writer 17 KB larger in the playground's
// WebAssembly module, for no time an answer would notice.
//
//go:noinline
func appendJSONKey(b []byte, k string) []byte {
	b = append(b, ',', '"')
	b = append(b, k...)
	return append(b, '"', ':')
}

// appendJSONStrings appends a list of strings; null for nil, as
// encoding/json writes a nil slice.
func appendJSONStrings(b []byte, list []string) []byte {
	if list == nil {
		return append(b, "null"...)
	}
	b = append(b, '[')
	for i, s := range list {
		if i > 0 {
			b = append(b, ',')
		}
		b = appendJSONString(b, s, false)
	}
	return append(b, ']')
}

// appendErrorJSON appends {"error":msg} and a newline, as json.Marshal
// writes it (escaping "<", ">" and "&") with the newline PlayJSON adds.
// It is not inlined: inlined at PlayJSON's five error answers it weighed
// 1 KB of the playground's WebAssembly module.
//
//go:noinline
func appendErrorJSON(b []byte, msg string) []byte {
	b = append(b, `{"error":`...)
	b = appendJSONString(b, msg, true)
	return append(b, '}', '\n')
}

// appendJSONString appends s as encoding/json writes a string: '"' and
// '\\' escaped, the control characters as \b, \f, \n, \r, \t or \u00XX,
// each byte of invalid UTF-8 as \ufffd, U+2028 and U+2029 as \u2028 and
// \u2029, and with html "<", ">" and "&" as \u003c, \u003e and \u0026.
func appendJSONString(b []byte, s string, html bool) []byte {
	const hex = "0123456789abcdef"
	b = append(b, '"')
	start := 0
	for i := 0; i < len(s); {
		c := s[i]
		if c < utf8.RuneSelf {
			if c >= 0x20 && c != '"' && c != '\\' && (!html || c != '<' && c != '>' && c != '&') {
				i++
				continue
			}
			b = append(b, s[start:i]...)
			switch c {
			case '\\', '"':
				b = append(b, '\\', c)
			case '\b':
				b = append(b, '\\', 'b')
			case '\f':
				b = append(b, '\\', 'f')
			case '\n':
				b = append(b, '\\', 'n')
			case '\r':
				b = append(b, '\\', 'r')
			case '\t':
				b = append(b, '\\', 't')
			default:
				b = append(b, '\\', 'u', '0', '0', hex[c>>4], hex[c&15])
			}
			i++
			start = i
			continue
		}
		r, size := utf8.DecodeRuneInString(s[i:])
		if r == utf8.RuneError && size == 1 {
			b = append(b, s[start:i]...)
			b = append(b, `\ufffd`...)
			i++
			start = i
			continue
		}
		if r == '\u2028' || r == '\u2029' {
			b = append(b, s[start:i]...)
			b = append(b, '\\', 'u', '2', '0', '2', hex[r&15])
			i += size
			start = i
			continue
		}
		i += size
	}
	b = append(b, s[start:]...)
	return append(b, '"')
}
