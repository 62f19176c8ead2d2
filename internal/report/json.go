package report

import (
	"errors"
	"io"
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

// Buffer is JSON text being built: its methods append to B. A command
// builds a record in one and writes it out whole; appending to a slice
// costs a fraction of writing each piece to a bufio.Writer. With Out set,
// a string that makes B longer than FlushAt is written to Out as it goes,
// so that a reference of megabytes is not held twice over: the caller
// writes what is left of B to Out at the end of the record.
type Buffer struct {
	B   []byte
	Out io.Writer
	// Spills counts the times B was passed on to Out and emptied: a
	// caller that keeps offsets into B can tell that they no longer hold.
	Spills int
}

// FlushAt is how long a [Buffer] with an Out grows before a string being
// written is passed on.
const FlushAt = 64 << 10

// spill writes b to Out when it is over FlushAt, and returns what to
// append to next.
func (w *Buffer) spill(b []byte) []byte {
	if w.Out == nil || len(b) < FlushAt {
		return b // small enough to inline: every string ends here
	}
	return w.passOn(b)
}

// passOn writes b to Out and returns it emptied. It is kept out of spill
// so that spill inlines.
//
//go:noinline
func (w *Buffer) passOn(b []byte) []byte {
	w.Out.Write(b) // an error is the writer's to remember (bufio.Writer and the command's do)
	w.Spills++
	return b[:0]
}

// WriteByte appends c; it never fails.
func (b *Buffer) WriteByte(c byte) error {
	b.B = append(b.B, c)
	return nil
}

// WriteString appends s; it never fails.
func (b *Buffer) WriteString(s string) (int, error) {
	b.B = append(b.B, s...)
	return len(s), nil
}

// Reset empties the buffer, keeping its memory.
func (b *Buffer) Reset() { b.B = b.B[:0] }

// Object writes one JSON object.
type Object struct {
	W *Buffer // where it is written
	n int     // members written
}

// BeginObject writes "{" and returns the object it opens.
func BeginObject(w *Buffer) Object {
	w.WriteByte('{')
	return Object{W: w}
}

// Key writes the name of the next member; its value follows.
func (o *Object) Key(k string) {
	b := o.W.B
	if o.n > 0 {
		b = append(b, ',')
	}
	o.n++
	b = append(b, '"')
	b = append(b, k...)
	o.W.B = append(b, '"', ':')
}

// Str writes a string member.
func (o *Object) Str(k, v string) {
	o.Key(k)
	WriteString(o.W, v)
}

// Null writes a null member.
func (o *Object) Null(k string) {
	o.Key(k)
	o.W.B = append(o.W.B, "null"...)
}

// StrOrNull writes v, or null when v is empty and null is wanted for it.
func (o *Object) StrOrNull(k, v string, isNull bool) {
	if isNull {
		o.Null(k)
		return
	}
	o.Str(k, v)
}

// Component writes a component's value, or null when it is undefined.
func (o *Object) Component(k string, c parser.Component) {
	o.StrOrNull(k, c.Value, !c.Defined)
}

// Boolean writes a true or false member.
func (o *Object) Boolean(k string, v bool) {
	o.Key(k)
	o.W.B = strconv.AppendBool(o.W.B, v)
}

// Integer writes a number member.
func (o *Object) Integer(k string, v int) {
	o.Key(k)
	o.W.B = strconv.AppendInt(o.W.B, int64(v), 10)
}

// End closes the object and, for a top-level object, ends the line.
func (o *Object) End(line bool) {
	o.W.B = append(o.W.B, '}')
	if line {
		o.W.B = append(o.W.B, '\n')
	}
}

// jsonSafe marks the bytes a JSON string holds as themselves.
var jsonSafe = func() (t [256]bool) {
	for c := 0x20; c < 0x7f; c++ {
		t[c] = c != '"' && c != '\\'
	}
	return t
}()

// safe8 reports whether each of the eight bytes of the word x (see le64)
// is one a JSON string holds as itself (see jsonSafe), testing them
// together: a byte below 0x20, above 0x7e, or equal to '"' or '\\' sets
// the top bit of its lane in one of the terms (the "has a zero byte" and
// "has a byte less than" tests of Hacker's Delight, section 6-1).
func safe8(x uint64) bool {
	const ones, highs = 0x0101010101010101, 0x8080808080808080
	q, bs := x^('"'*ones), x^('\\'*ones)
	return ((x-0x20*ones)&^x|(x+ones)|x|(q-ones)&^q|(bs-ones)&^bs)&highs == 0
}

// le64 is the first eight bytes of s as a little-endian word. Both it and
// safe8 are small enough to inline into WriteString's loop, and with the
// bounds checked once the compiler reads the eight bytes in one load.
func le64(s string) uint64 {
	_ = s[7]
	return uint64(s[0]) | uint64(s[1])<<8 | uint64(s[2])<<16 | uint64(s[3])<<24 |
		uint64(s[4])<<32 | uint64(s[5])<<40 | uint64(s[6])<<48 | uint64(s[7])<<56
}

// WriteString writes s as a JSON string, one character per byte (see
// above).
func WriteString(w *Buffer, s string) {
	w.B = append(w.B, '"')
	writeEscaped(w, s)
	w.B = append(w.B, '"')
}

// WriteStrings writes the pieces joined as one JSON string, without
// joining them first.
func WriteStrings(w *Buffer, pieces ...string) {
	w.B = append(w.B, '"')
	for _, s := range pieces {
		writeEscaped(w, s)
	}
	w.B = append(w.B, '"')
}

// writeEscaped writes s as the inside of a JSON string.
func writeEscaped(w *Buffer, s string) {
	const hexDigits = "0123456789abcdef"
	b := w.B
	start := 0
	for i := 0; i < len(s); i++ {
		// Eight bytes at a time while all of them are safe, which
		// references mostly are.
		for i+8 <= len(s) && safe8(le64(s[i:])) {
			i += 8
		}
		if i >= len(s) {
			break
		}
		c := s[i]
		if jsonSafe[c] {
			continue
		}
		b = w.spill(append(b, s[start:i]...))
		switch c {
		case '"':
			b = append(b, '\\', '"')
		case '\\':
			b = append(b, '\\', '\\')
		case '\n':
			b = append(b, '\\', 'n')
		case '\r':
			b = append(b, '\\', 'r')
		case '\t':
			b = append(b, '\\', 't')
		default:
			b = append(b, '\\', 'u', '0', '0', hexDigits[c>>4], hexDigits[c&15])
		}
		start = i + 1
	}
	w.B = w.spill(append(b, s[start:]...))
}

// WriteError writes the "error" member: null for no error, else the
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
func WriteError(o *Object, err error, in string) {
	if err == nil {
		o.Null("error")
		return
	}
	WriteErrorMessage(o, err, in, err.Error())
}

// WriteErrorMessage is [WriteError] for a caller that has err's message
// (err.Error(), computed once for several outputs), given in pieces to
// join: an error not nil is written with msg as its "message".
func WriteErrorMessage(o *Object, err error, in string, msg ...string) {
	if err == nil {
		o.Null("error")
		return
	}
	o.Key("error")
	e := BeginObject(o.W)
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
		// The syntax error it wraps, most often directly (errors.As
		// would put perr on the heap, and walk the chain, every time).
		if e, ok := err.Err.(*parser.Error); ok {
			perr = e
		} else if wrapped := (*parser.Error)(nil); errors.As(err, &wrapped) {
			perr = wrapped
		}
	case *parser.TooLongError, *rfc3986.TooLongError:
		code = "too-long"
	case *rfc3986.Error:
		writeError3986(&e, msg, err, in, "syntax")
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
		serr, ok := err.Err.(*rfc3986.Error)
		if !ok {
			if wrapped := (*rfc3986.Error)(nil); errors.As(err, &wrapped) {
				serr = wrapped
			}
		}
		if serr != nil {
			writeError3986(&e, msg, serr, in, code)
			return
		}
	}
	e.Str("code", code)
	e.Key("message")
	WriteStrings(o.W, msg...)
	if perr != nil {
		e.Str("in", in)
		e.Integer("offset", perr.Offset)
		e.Str("rule", perr.Rule.String())
		e.Str("expected", perr.Expected)
		e.StrOrNull("gap", perr.Gap.Code(), perr.Gap == parser.NoGap)
	} else {
		e.Null("in")
		e.Null("offset")
		e.Null("rule")
		e.Null("expected")
		e.Null("gap")
	}
	e.End(false)
}

// writeError3986 finishes the error object e for an error whose message
// is msg and whose syntax error serr is itself or the one it wraps: the
// same fields as for RFC 2396, "gap" always null (RFC 3986's grammar has
// none of RFC 2396's gaps).
func writeError3986(e *Object, msg []string, serr *rfc3986.Error, in, code string) {
	e.Str("code", code)
	e.Key("message")
	WriteStrings(e.W, msg...)
	e.Str("in", in)
	e.Integer("offset", serr.Offset)
	e.Str("rule", serr.Rule.String())
	e.Str("expected", serr.Expected)
	e.Null("gap")
	e.End(false)
}

// WriteEditList writes edits as a JSON array of their names.
func WriteEditList(w *Buffer, edits []grammar.Edit) {
	w.WriteByte('[')
	for i, e := range edits {
		if i > 0 {
			w.WriteByte(',')
		}
		WriteString(w, e.Code())
	}
	w.WriteByte(']')
}
