package main

import (
	"bufio"
	"errors"
	"strconv"

	"github.com/rfc2396/rfc2396/grammar"
	"github.com/rfc2396/rfc2396/parser"
	"github.com/rfc2396/rfc2396/rfc3986"
)

// JSON output is written straight to the buffered output, one object a
// line, without building values first: a reference of megabytes is not
// copied again, and a line of output costs a few hundred nanoseconds.
//
// Strings are the input's bytes, one JSON character per byte: printable
// ASCII as itself (with the two JSON escapes), every other byte b as the
// character U+00bb, written \u00bb. A string is thus the input read as
// ISO 8859-1: offsets into it are byte offsets into the input, and any
// byte string, UTF-8 or not, round-trips (in Python,
// s.encode("latin-1") gives the bytes back).

// jsonObject writes one JSON object.
type jsonObject struct {
	w *bufio.Writer
	n int // members written
}

func beginObject(w *bufio.Writer) jsonObject {
	w.WriteByte('{')
	return jsonObject{w: w}
}

func (o *jsonObject) key(k string) {
	if o.n > 0 {
		o.w.WriteByte(',')
	}
	o.n++
	o.w.WriteByte('"')
	o.w.WriteString(k)
	o.w.WriteString(`":`)
}

func (o *jsonObject) str(k, v string) {
	o.key(k)
	writeJSONString(o.w, v)
}

func (o *jsonObject) null(k string) {
	o.key(k)
	o.w.WriteString("null")
}

// strOrNull writes v, or null when v is empty and null is wanted for it.
func (o *jsonObject) strOrNull(k, v string, isNull bool) {
	if isNull {
		o.null(k)
		return
	}
	o.str(k, v)
}

// component writes a component's value, or null when it is undefined.
func (o *jsonObject) component(k string, c parser.Component) {
	o.strOrNull(k, c.Value, !c.Defined)
}

func (o *jsonObject) boolean(k string, v bool) {
	o.key(k)
	o.w.WriteString(strconv.FormatBool(v))
}

func (o *jsonObject) integer(k string, v int) {
	o.key(k)
	var buf [20]byte
	o.w.Write(strconv.AppendInt(buf[:0], int64(v), 10))
}

// end closes the object and, for a top-level object, ends the line.
func (o *jsonObject) end(line bool) {
	o.w.WriteByte('}')
	if line {
		o.w.WriteByte('\n')
	}
}

// jsonSafe marks the bytes a JSON string holds as themselves.
var jsonSafe = func() (t [256]bool) {
	for c := 0x20; c < 0x7f; c++ {
		t[c] = c != '"' && c != '\\'
	}
	return t
}()

// writeJSONString writes s as a JSON string, one character per byte (see
// above).
func writeJSONString(w *bufio.Writer, s string) {
	const hexDigits = "0123456789abcdef"
	w.WriteByte('"')
	start := 0
	for i := 0; i < len(s); i++ {
		c := s[i]
		if jsonSafe[c] {
			continue
		}
		w.WriteString(s[start:i])
		switch c {
		case '"':
			w.WriteString(`\"`)
		case '\\':
			w.WriteString(`\\`)
		case '\n':
			w.WriteString(`\n`)
		case '\r':
			w.WriteString(`\r`)
		case '\t':
			w.WriteString(`\t`)
		default:
			w.WriteString(`\u00`)
			w.WriteByte(hexDigits[c>>4])
			w.WriteByte(hexDigits[c&15])
		}
		start = i + 1
	}
	w.WriteString(s[start:])
	w.WriteByte('"')
}

// writeJSONError writes the "error" member: null for no error, else the
// one error shape of every command (docs/cli.md, "JSON output"):
//
//	{"code","message","in","offset","rule","expected","gap"}
//
// code is "syntax" for an input that does not match the grammar, the
// parser.ResolveReason code for what resolve and relativize refuse
// ("invalid-base" and "invalid-reference" carry the syntax error of that
// input), "too-long" for an input over 2 GiB, "unrepresentable" for an RFC
// 3986 resolution section 5.3 cannot write back. in names the input the
// offset is in ("input", "base", "ref" or "target"); in, offset, rule,
// expected and gap are null where they do not apply.
func writeJSONError(o *jsonObject, err error, in string) {
	if err == nil {
		o.null("error")
		return
	}
	o.key("error")
	e := beginObject(o.w)
	code := "error"
	var perr *parser.Error
	switch err := err.(type) {
	case *parser.Error:
		code, perr = "syntax", err
	case *parser.ResolveError:
		code = err.Reason.Code()
		switch err.Reason {
		case parser.InvalidBase:
			in = "base"
		case parser.InvalidReference:
			if err.Op != "relativize" {
				in = "ref"
			} else {
				in = "target"
			}
		}
		errors.As(err, &perr)
	case *parser.TooLongError, *rfc3986.TooLongError:
		code = "too-long"
	case *rfc3986.Error:
		writeJSONError3986(&e, err, err, in, "syntax")
		return
	case *rfc3986.ResolveError:
		// The codes are those of RFC 2396's reasons of the same name.
		code = err.Reason.Code()
		switch err.Reason {
		case rfc3986.InvalidBase:
			in = "base"
		case rfc3986.InvalidReference:
			in = "ref"
			if err.Op == "relativize" {
				in = "target"
			}
		}
		if serr := (*rfc3986.Error)(nil); errors.As(err, &serr) {
			writeJSONError3986(&e, err, serr, in, code)
			return
		}
	}
	e.str("code", code)
	e.str("message", err.Error())
	if perr != nil {
		e.str("in", in)
		e.integer("offset", perr.Offset)
		e.str("rule", perr.Rule.String())
		e.str("expected", perr.Expected)
		e.strOrNull("gap", perr.Gap.Code(), perr.Gap == parser.NoGap)
	} else {
		e.null("in")
		e.null("offset")
		e.null("rule")
		e.null("expected")
		e.null("gap")
	}
	e.end(false)
}

// writeJSONError3986 finishes the error object e for err, whose syntax
// error serr is err itself or the one it wraps: the same fields as for RFC
// 2396, "gap" always null (RFC 3986's grammar has none of RFC 2396's gaps).
func writeJSONError3986(e *jsonObject, err error, serr *rfc3986.Error, in, code string) {
	e.str("code", code)
	e.str("message", err.Error())
	e.str("in", in)
	e.integer("offset", serr.Offset)
	e.str("rule", serr.Rule.String())
	e.str("expected", serr.Expected)
	e.null("gap")
	e.end(false)
}

// writeEditList writes edits as a JSON array of their names.
func writeEditList(w *bufio.Writer, edits []grammar.Edit) {
	w.WriteByte('[')
	for i, e := range edits {
		if i > 0 {
			w.WriteByte(',')
		}
		writeJSONString(w, e.Code())
	}
	w.WriteByte(']')
}
