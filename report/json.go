package report

import (
	"encoding/base64"
	"errors"
	"io"
	"strconv"
	"unicode/utf8"

	"github.com/rfc2396/rfc2396/grammar"
	"github.com/rfc2396/rfc2396/internal/syntax"
	"github.com/rfc2396/rfc2396/parser"
	"github.com/rfc2396/rfc2396/rfc3986"
	"github.com/rfc2396/rfc2396/uri"
)

// JSON output is written straight to the buffered output, one object a
// line, without building values first: a reference of megabytes is not
// copied again, and a line of output costs a few hundred nanoseconds.
//
// Strings are UTF-8: valid UTF-8 in the input is written as it is (the
// control characters, '"', '\\' and DEL escaped), and each byte that is
// not part of valid UTF-8 as U+FFFD, as encoding/json writes it. What
// U+FFFD loses is kept beside it: a string member "k" whose value is not
// valid UTF-8 is followed by a member "k_bytes" holding the value's exact
// bytes in standard base64 (RFC 4648 section 4, padded; what encoding/json
// reads into a []byte), and only then (see [Object.Str]). Offsets in
// records count bytes of the input, which for valid UTF-8 are the bytes
// of the string's UTF-8 encoding.

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

// Str writes a string member. When v is not valid UTF-8 it is written
// with U+FFFD for each byte that is not, and followed by the member
// k+"_bytes" with v's bytes in base64 (see above).
func (o *Object) Str(k, v string) {
	o.Key(k)
	if !writeString(o.W, v) {
		o.bytesMember(k, v)
	}
}

// AfterString writes, when v (just written as the value of the member k)
// is not valid UTF-8, the member k+"_bytes" that holds its bytes: for a
// caller that writes a member's value with [WriteString] itself.
func (o *Object) AfterString(k, v string) {
	if !utf8.ValidString(v) {
		o.bytesMember(k, v)
	}
}

// AppendBytesMember writes to w, when v is not valid UTF-8, the member
// k+"_bytes" that holds its bytes (with the comma before it), for a
// caller that writes records in pieces rather than through an [Object].
func AppendBytesMember(w *Buffer, k, v string) {
	if utf8.ValidString(v) {
		return
	}
	o := Object{W: w, n: 1}
	o.bytesMember(k, v)
}

// bytesMember writes the member k+"_bytes": v in base64, passed on to Out
// as it goes when v is long.
//
//go:noinline
func (o *Object) bytesMember(k, v string) {
	o.Key(k + "_bytes")
	w := o.W
	w.B = append(w.B, '"')
	const chunk = 3 * 16 << 10 // a multiple of 3: no padding but at the end
	for len(v) > 0 {
		n := min(chunk, len(v))
		w.B = w.spill(base64.StdEncoding.AppendEncode(w.B, []byte(v[:n])))
		v = v[n:]
	}
	w.B = append(w.B, '"')
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

// safe8 reports whether each of the eight bytes of the word x (see
// [syntax.Word8])
// is one a JSON string holds as itself (see jsonSafe), testing them
// together: a byte below 0x20, above 0x7e, or equal to '"' or '\\' sets
// the top bit of its lane in one of the terms (the "has a zero byte" and
// "has a byte less than" tests of Hacker's Delight, section 6-1).
func safe8(x uint64) bool {
	const ones, highs = 0x0101010101010101, 0x8080808080808080
	q, bs := x^('"'*ones), x^('\\'*ones)
	return ((x-0x20*ones)&^x|(x+ones)|x|(q-ones)&^q|(bs-ones)&^bs)&highs == 0
}

// WriteString writes s as a JSON string (see above: invalid UTF-8 as
// U+FFFD; a member's value is best written with [Object.Str], which keeps
// the bytes U+FFFD stands for).
func WriteString(w *Buffer, s string) {
	writeString(w, s)
}

// writeString is WriteString, reporting whether s was valid UTF-8.
func writeString(w *Buffer, s string) bool {
	w.B = append(w.B, '"')
	valid := writeEscaped(w, s)
	w.B = append(w.B, '"')
	return valid
}

// WriteStrings writes the pieces joined as one JSON string, without
// joining them first. A piece should end on a character's boundary: the
// bytes of a character cut between two pieces are written as U+FFFD each.
func WriteStrings(w *Buffer, pieces ...string) {
	w.B = append(w.B, '"')
	for _, s := range pieces {
		writeEscaped(w, s)
	}
	w.B = append(w.B, '"')
}

// writeEscaped writes s as the inside of a JSON string, and reports
// whether s is valid UTF-8.
func writeEscaped(w *Buffer, s string) bool {
	const hexDigits = "0123456789abcdef"
	b := w.B
	start := 0
	valid := true
	for i := 0; i < len(s); i++ {
		// Eight bytes at a time while all of them are safe, which
		// references mostly are.
		for i+8 <= len(s) && safe8(syntax.Word8(s[i:])) {
			i += 8
		}
		if i >= len(s) {
			break
		}
		c := s[i]
		if jsonSafe[c] {
			continue
		}
		if c >= utf8.RuneSelf {
			if r, size := utf8.DecodeRuneInString(s[i:]); r != utf8.RuneError || size > 1 {
				if r == 0x85 || r == 0x2028 || r == 0x2029 {
					// NEL and the line and paragraph separators: valid
					// in a JSON string, but line breaks to readers that
					// split a stream of records on them (JavaScript,
					// Python's splitlines), so escaped, as
					// encoding/json escapes the last two.
					b = w.spill(append(b, s[start:i]...))
					b = append(b, '\\', 'u', hexDigits[r>>12], hexDigits[r>>8&15], hexDigits[r>>4&15], hexDigits[r&15])
					start = i + size
				}
				i += size - 1 // valid UTF-8: written as it is
				continue
			}
			valid = false
			b = w.spill(append(b, s[start:i]...))
			b = append(b, `\ufffd`...)
			start = i + 1
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
	return valid
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
	case uri.SyntaxError:
		// The *uri.Error of any grammar of the RFC 3986 family.
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
		serr, ok := err.Err.(uri.SyntaxError)
		if !ok {
			if wrapped := uri.SyntaxError(nil); errors.As(err.Err, &wrapped) {
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
		e.NullPlace()
	}
	e.End(false)
}

// NullPlace writes the members of an error object that place the error
// in its input ("in", "offset", "rule", "expected", "gap") as null, for
// an error that has no place there (a line too long to hold, a base that
// could not be read).
func (o *Object) NullPlace() {
	for _, k := range [...]string{"in", "offset", "rule", "expected", "gap"} {
		o.Null(k)
	}
}

// writeError3986 finishes the error object e for an error whose message
// is msg and whose syntax error serr is itself or the one it wraps: the
// same fields as for RFC 2396, "gap" always null (RFC 3986's grammar has
// none of RFC 2396's gaps).
func writeError3986(e *Object, msg []string, serr uri.SyntaxError, in, code string) {
	_, offset, rule, expected := serr.Syntax()
	e.Str("code", code)
	e.Key("message")
	WriteStrings(e.W, msg...)
	e.Str("in", in)
	e.Integer("offset", offset)
	e.Str("rule", rule)
	e.Str("expected", expected)
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

// WriteStringList writes ss as a JSON array of strings.
func WriteStringList(w *Buffer, ss []string) {
	w.WriteByte('[')
	for i, s := range ss {
		if i > 0 {
			w.WriteByte(',')
		}
		WriteString(w, s)
	}
	w.WriteByte(']')
}
