package rfc6570

import (
	"io"
	"strconv"
	"unicode/utf8"

	"github.com/rfc2396/rfc2396/internal/syntax"
)

// Expand expands template with vars: [Parse] and [Template.Expand] in one
// step.
//
// On an error it returns, with the *[Error] of the first problem, what
// section 3 says a processor SHOULD produce, an incompletely expanded
// template "only intended for diagnostic use": the expressions it could
// expand expanded, an invalid expression copied as it is (to its "}")
// and the rest expanded after it, and at an invalid literal the rest of
// the template copied as it is.
func Expand(template string, vars Values) (string, error) {
	t, perr := parse(template, true)
	s, eerr := t.expand(vars)
	if perr != nil {
		return s, perr
	}
	if eerr != nil {
		return s, eerr
	}
	return s, nil
}

// Expand expands t with vars by RFC 6570 section 3, following the
// algorithm of Appendix A for all four levels, except where the
// normative text of section 3.2.1 says otherwise (see the package
// documentation). Values are read as Unicode code points and
// pct-encoded as UTF-8.
//
// Two things are errors, reported as an *[Error]: a prefix modifier on a list or associative array
// ([ErrPrefixComposite], at the offset of its ":"; section 2.4.1 says
// prefixes are "not applicable to variables that have composite
// values"), and a value that is not UTF-8 ([ErrValueNotUTF8], at the
// offset of the varspec). The expression is then copied to the result
// as it is, the others expanded, as section 3 says; the result is for
// diagnostics only. [Template.ExpandTo] writes the expansion without
// holding it whole.
func (t *Template) Expand(vars Values) (string, error) {
	s, err := t.expand(vars)
	if err != nil {
		return s, err
	}
	return s, nil
}

func (t *Template) expand(vars Values) (string, *Error) {
	x := expansion{b: make([]byte, 0, len(t.text)+len(t.text)/2+16)}
	var first *Error
	for _, p := range t.parts {
		if p.expr == nil {
			x.b = append(x.b, p.lit...)
			continue
		}
		if err := check(t.text, p.expr, vars, nil); err != nil {
			if first == nil {
				first = err
			}
			x.b = append(x.b, p.expr.raw...)
			continue
		}
		x.expression(p.expr, vars)
	}
	return string(x.b), first
}

// ExpandTo writes the expansion of t with vars, the string
// [Template.Expand] returns, to w, without holding it whole: a template
// that names a variable many times expands to far more bytes than it and
// its variables hold, and ExpandTo's memory stays in proportion to the
// longest value however long the expansion is. It returns the number of
// bytes written.
//
// Every expression is checked before anything is written: on an *[Error]
// (see [Template.Expand]) nothing is written. Otherwise the error is
// w's first, after which nothing more is written.
func (t *Template) ExpandTo(w io.Writer, vars Values) (int64, error) {
	valid := map[string]bool{}
	for _, p := range t.parts {
		if p.expr != nil {
			if err := check(t.text, p.expr, vars, valid); err != nil {
				return 0, err
			}
		}
	}
	x := expansion{w: w}
	for _, p := range t.parts {
		if p.expr == nil {
			x.b = append(x.b, p.lit...)
		} else {
			x.expression(p.expr, vars)
		}
		if x.spill(); x.err != nil {
			break
		}
	}
	x.flush()
	return x.n, x.err
}

// spillAt is the length at which an [expansion] writing to a writer
// hands its bytes over.
const spillAt = 32 << 10

// expansion is the expansion being built: whole in b, or, with w, in
// pieces written to w as b grows past spillAt (n counts them; err is
// w's first error, after which nothing is written).
type expansion struct {
	b   []byte
	w   io.Writer
	n   int64
	err error
}

// spill writes b to w once it holds spillAt bytes.
func (x *expansion) spill() {
	if x.w != nil && len(x.b) >= spillAt {
		x.flush()
	}
}

// flush writes what b holds to w.
func (x *expansion) flush() {
	if x.w == nil || len(x.b) == 0 {
		return
	}
	if x.err == nil {
		n, err := x.w.Write(x.b)
		x.n += int64(n)
		x.err = err
	}
	x.b = x.b[:0]
}

// operator is one column of Appendix A's table.
type operator struct {
	first, sep byte // first is 0 for ""
	named      bool
	ifemp      string
	reserved   bool // allow is U+R, not U
}

// operatorOf returns the column of Appendix A's table for op:
//
//	      NUL    +      .      /      ;      ?      &      #
//	first ""     ""     "."    "/"    ";"    "?"    "&"    "#"
//	sep   ","    ","    "."    "/"    ";"    "&"    "&"    ","
//	named false  false  false  false  true   true   true   false
//	ifemp ""     ""     ""     ""     ""     "="    "="    ""
//	allow U      U+R    U      U      U      U      U      U+R
func operatorOf(op byte) operator {
	switch op {
	case '+':
		return operator{sep: ',', reserved: true}
	case '#':
		return operator{first: '#', sep: ',', reserved: true}
	case '.':
		return operator{first: '.', sep: '.'}
	case '/':
		return operator{first: '/', sep: '/'}
	case ';':
		return operator{first: ';', sep: ';', named: true}
	case '?':
		return operator{first: '?', sep: '&', named: true, ifemp: "="}
	case '&':
		return operator{first: '&', sep: '&', named: true, ifemp: "="}
	}
	return operator{sep: ','}
}

// check returns the error e's variables would give, before anything of
// e is written. valid, when not nil, holds the names whose values are
// known to be UTF-8, so that a variable named many times is read once.
func check(tmpl string, e *expression, vars Values, valid map[string]bool) *Error {
	for _, v := range e.vars {
		val := vars[v.name]
		if !val.Defined() {
			continue
		}
		if v.prefix > 0 && val.kind != KindString {
			article := "a "
			if val.kind == KindAssoc {
				article = "an "
			}
			return &Error{Template: tmpl, Offset: v.colon, Code: ErrPrefixComposite, Rule: "prefix",
				Detail:  "the prefix modifier :" + strconv.Itoa(v.prefix) + " of " + strconv.Quote(v.name) + " does not apply to its value, " + article + val.kind.String(),
				Section: "2.4.1", ABNF: "prefix modifiers are not applicable to variables that have composite values"}
		}
		if valid[v.name] {
			continue
		}
		bad := ""
		switch val.kind {
		case KindString:
			if !utf8.ValidString(val.str) {
				bad = "its value"
			}
		case KindList:
			for i, m := range val.list {
				if !utf8.ValidString(m) {
					bad = "its member " + strconv.Itoa(i)
					break
				}
			}
		case KindAssoc:
			for i, p := range val.pairs {
				if !utf8.ValidString(p.Name) || !utf8.ValidString(p.Value) {
					bad = "its pair " + strconv.Itoa(i) + " (" + strconv.Quote(p.Name) + ")"
					break
				}
			}
		}
		if bad != "" {
			return &Error{Template: tmpl, Offset: v.offset, Code: ErrValueNotUTF8, Rule: "varspec",
				Detail:  "the value of " + strconv.Quote(v.name) + " is not UTF-8 in " + bad,
				Section: "1.6", ABNF: "a template processor MUST first encode the string as UTF-8"}
		}
		if valid != nil {
			valid[v.name] = true
		}
	}
	return nil
}

// expression appends the expansion of e (Appendix A, after the operator
// is known), spilling after each string it encodes.
func (x *expansion) expression(e *expression, vars Values) {
	op := operatorOf(e.op)
	defined := 0
	for _, v := range e.vars {
		if x.err != nil {
			return // nothing more is written
		}
		val := vars[v.name]
		if !val.Defined() {
			continue
		}
		if defined == 0 {
			if op.first != 0 {
				x.b = append(x.b, op.first)
			}
		} else {
			x.b = append(x.b, op.sep)
		}
		defined++
		if val.kind == KindString {
			if op.named {
				// The varname's characters (varchar, ".", pct-encoded) are
				// all copied by literal encoding.
				x.b = append(x.b, v.name...)
				if val.str == "" {
					x.b = append(x.b, op.ifemp...)
					continue
				}
				x.b = append(x.b, '=')
			}
			s := val.str
			if v.prefix > 0 {
				s = prefix(s, v.prefix, op.reserved)
			}
			x.encode(s, op.reserved)
			continue
		}
		if !v.explode {
			if op.named {
				// A defined composite has a member, so it is never the
				// empty value that takes ifemp.
				x.b = append(x.b, v.name...)
				x.b = append(x.b, '=')
			}
			if val.kind == KindList {
				for i, m := range val.list {
					if i > 0 {
						x.b = append(x.b, ',')
					}
					x.encode(m, op.reserved)
				}
			} else {
				for i, p := range val.pairs {
					if i > 0 {
						x.b = append(x.b, ',')
					}
					x.encode(p.Name, op.reserved)
					x.b = append(x.b, ',')
					x.encode(p.Value, op.reserved)
				}
			}
			continue
		}
		if val.kind == KindList {
			for i, m := range val.list {
				if i > 0 {
					x.b = append(x.b, op.sep)
				}
				if op.named {
					x.b = append(x.b, v.name...)
					if m == "" {
						x.b = append(x.b, op.ifemp...)
						continue
					}
					x.b = append(x.b, '=')
				}
				x.encode(m, op.reserved)
			}
			continue
		}
		for i, p := range val.pairs {
			if i > 0 {
				x.b = append(x.b, op.sep)
			}
			// Section 3.2.1: "Both name and value strings are encoded in
			// the same way as simple string values" (Appendix A encodes
			// the name of a named pair as a literal; the normative text
			// is followed).
			x.encode(p.Name, op.reserved)
			if p.Value == "" {
				// Section 3.2.1: an empty value gives "name" alone unless
				// the type is form-style ("?" or "&", whose ifemp is "=");
				// Appendix A writes "name=value" for the operators that
				// are not named, but the normative text is followed.
				x.b = append(x.b, op.ifemp...)
				continue
			}
			x.b = append(x.b, '=')
			x.encode(p.Value, op.reserved)
		}
	}
}

// encode appends s encoded (see [encode]) and spills.
func (x *expansion) encode(s string, reserved bool) {
	x.b = encode(x.b, s, reserved)
	x.spill()
}

// encode appends s, pct-encoding (as UTF-8 octets) every character not
// in the allowed set: unreserved, or with reserved also reserved and the
// pct-encoded triplets already in s (section 3.2.1). s is UTF-8.
func encode(b []byte, s string, reserved bool) []byte {
	for i := 0; i < len(s); i++ {
		c := s[i]
		switch {
		case unreserved(c), reserved && reservedChar(c):
			b = append(b, c)
		case reserved && c == '%' && i+2 < len(s) && isHex(s[i+1]) && isHex(s[i+2]):
			b = append(b, s[i:i+3]...)
			i += 2
		default:
			b = append(b, '%', upperHex[c>>4], upperHex[c&15])
		}
	}
	return b
}

// prefix returns the first n characters of s (section 2.4.1), counting
// code points. With reserved (the "+" and "#" operators, which copy
// pct-encoded triplets), a triplet counts as one character, and so does
// a run of triplets that is the UTF-8 encoding of one code point, so
// that neither is split (Appendix A: "taking care not to split
// multi-octet or pct-encoded triplet characters that represent a single
// Unicode code point").
func prefix(s string, n int, reserved bool) string {
	i := 0
	for k := 0; k < n && i < len(s); k++ {
		if reserved && s[i] == '%' && i+2 < len(s) && isHex(s[i+1]) && isHex(s[i+2]) {
			i += pctChar(s[i:])
			continue
		}
		_, size := utf8.DecodeRuneInString(s[i:])
		i += size
	}
	return s[:i]
}

// pctChar returns the length of the pct-encoded character at the start
// of s, which starts with a triplet: the triplets of one UTF-8 encoded
// code point, or the first triplet alone.
func pctChar(s string) int {
	lead := syntax.HexValue(s[1])<<4 | syntax.HexValue(s[2])
	want := 0
	switch {
	case lead >= 0xC2 && lead <= 0xDF:
		want = 2
	case lead >= 0xE0 && lead <= 0xEF:
		want = 3
	case lead >= 0xF0 && lead <= 0xF4:
		want = 4
	default:
		return 3
	}
	if len(s) < 3*want {
		return 3
	}
	var buf [4]byte
	for k := range want {
		t := s[3*k:]
		if t[0] != '%' || !isHex(t[1]) || !isHex(t[2]) {
			return 3
		}
		buf[k] = syntax.HexValue(t[1])<<4 | syntax.HexValue(t[2])
	}
	if r, size := utf8.DecodeRune(buf[:want]); r == utf8.RuneError && size == 1 || size != want {
		return 3
	}
	return 3 * want
}

// unreserved reports whether c is in unreserved (RFC 3986, imported by
// section 1.5): ALPHA / DIGIT / "-" / "." / "_" / "~".
func unreserved(c byte) bool {
	return c >= 'A' && c <= 'Z' || c >= 'a' && c <= 'z' || isDigit(c) || c == '-' || c == '.' || c == '_' || c == '~'
}

// reservedChar reports whether c is in reserved (gen-delims /
// sub-delims, RFC 3986, imported by section 1.5).
func reservedChar(c byte) bool {
	switch c {
	case ':', '/', '?', '#', '[', ']', '@', '!', '$', '&', '\'', '(', ')', '*', '+', ',', ';', '=':
		return true
	}
	return false
}
