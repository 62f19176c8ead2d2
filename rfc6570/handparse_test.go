package rfc6570

// The parser of this file is the hand-written reader of RFC 6570 section 2
// that package rfc6570 had before its grammar went through gen: it reads
// a template character by character with no code in common with the
// generated grammar (rfc6570.peg, its automata and compact parser). The
// tests keep it as a second reading: TestHandParserAgrees and
// FuzzHandParserAgrees hold Parse to it (validity, offset, code), and
// BenchmarkParse measures the generated engines against it.

import (
	"strconv"
	"unicode/utf8"
)

// parse reads s. Without recovery it stops at the first error. With
// recovery it goes on as section 3 says a processor SHOULD, keeping the
// template's text for what it could not read: an invalid expression is
// kept whole as a literal (up to its "}", or to the end of the template
// if there is none) and reading resumes after it; an invalid literal
// ends the reading, the rest of the template kept as it is. It returns
// the first error.
func handParse(s string, recover bool) (*Template, *Error) {
	t := &Template{text: s}
	var lit []byte
	var first *Error
	flush := func() {
		if len(lit) > 0 {
			t.parts = append(t.parts, part{lit: string(lit)})
			lit = lit[:0]
		}
	}
	for i := 0; i < len(s); {
		if s[i] == '{' {
			e, end, err := handExpression(s, i)
			if err == nil {
				flush()
				t.parts = append(t.parts, part{expr: e})
				i = end
				continue
			}
			if !recover {
				return nil, err
			}
			if first == nil {
				first = err
			}
			end = handIndexByte(s, i, '}')
			if end < 0 {
				end = len(s)
			} else {
				end++
			}
			lit = append(lit, s[i:end]...)
			i = end
			continue
		}
		var err *Error
		lit, i, err = handLiteral(lit, s, i)
		if err != nil {
			if !recover {
				return nil, err
			}
			if first == nil {
				first = err
			}
			lit = append(lit, s[i:]...)
			break
		}
	}
	flush()
	return t, first
}

// indexByteFrom returns the index of the first c in s at or after from,
// or -1.
func handIndexByte(s string, from int, c byte) int {
	for i := from; i < len(s); i++ {
		if s[i] == c {
			return i
		}
	}
	return -1
}

// newError returns the error at offset of s while reading rule.
func handError(s string, offset int, code ErrorCode, rule, expected, detail string) *Error {
	section, line := ruleText(rule)
	return &Error{Template: s, Offset: offset, Code: code, Rule: rule, Expected: expected,
		Detail: detail, Section: section, ABNF: line}
}

const (
	handExpectLiteral = `literals, "{" or end of template`
	handExpectVarchar = `ALPHA, DIGIT, "_" or pct-encoded`
	handExpectVarEnd  = `ALPHA, DIGIT, "_", pct-encoded, ".", ":", "*", "," or "}"`
	handExpectListEnd = `"," or "}"`
)

// appendLiteral reads the literals character of s at i (section 2.1),
// appends it to dst as section 3.1 copies it to the result, and returns
// the offset after it.
func handLiteral(dst []byte, s string, i int) ([]byte, int, *Error) {
	c := s[i]
	if c == '%' {
		if err := handPct(s, i, "literals"); err != nil {
			return dst, i, err
		}
		// Section 3.1: a pct-encoded triplet is allowed in a URI and is
		// copied as it is.
		return append(dst, s[i:i+3]...), i + 3, nil
	}
	if c < utf8.RuneSelf {
		if literalASCII(c) {
			// Section 3.1: every ASCII literal is reserved or unreserved.
			return append(dst, c), i + 1, nil
		}
		detail := "U+" + hex4(rune(c)) + " is not allowed in literals; pct-encode it as %" + hex2(c)
		if c == '}' {
			detail = `"}" closes no expression; pct-encode it as %7D`
		}
		return dst, i, handError(s, i, ErrInvalidLiteral, "literals", handExpectLiteral, detail)
	}
	r, n := utf8.DecodeRuneInString(s[i:])
	if r == utf8.RuneError && n == 1 {
		return dst, i, handError(s, i, ErrInvalidUTF8, "literals", handExpectLiteral,
			"byte 0x"+hex2(c)+" is not UTF-8 (section 1.6 reads a template as Unicode code points)")
	}
	if !ucschar(r) && !iprivate(r) {
		return dst, i, handError(s, i, ErrInvalidLiteral, "literals", handExpectLiteral,
			"U+"+hex4(r)+" is neither ucschar nor iprivate, so it is not allowed in literals")
	}
	// Section 3.1: a character not allowed in a URI is copied as the
	// pct-encoded triplets of its UTF-8 octets.
	return appendPct(dst, s[i:i+n]), i + n, nil
}

// checkPct checks that s[i], a "%", starts a pct-encoded triplet, read
// within rule.
func handPct(s string, i int, rule string) *Error {
	for k := i + 1; k < i+3; k++ {
		if k >= len(s) {
			return handError(s, len(s), ErrInvalidPctEncoded, "pct-encoded", "HEXDIG",
				`the template ends inside the pct-encoded triplet at offset `+strconv.Itoa(i))
		}
		if !isHex(s[k]) {
			return handError(s, k, ErrInvalidPctEncoded, "pct-encoded", "HEXDIG",
				`"%" in `+rule+` must start a pct-encoded triplet, "%" HEXDIG HEXDIG`)
		}
	}
	return nil
}

// parseExpression reads the expression of s starting with the "{" at i
// (section 2.2) and returns it with the offset after its "}".
func handExpression(s string, i int) (*expression, int, *Error) {
	e := &expression{offset: i}
	j := i + 1
	unclosed := func(rule, expected string) *Error {
		return handError(s, len(s), ErrUnclosedExpression, rule, expected,
			"the template ends inside the expression opened at offset "+strconv.Itoa(i))
	}
	if j == len(s) {
		return nil, 0, unclosed("expression", "operator, "+handExpectVarchar)
	}
	switch c := s[j]; c {
	case '+', '#', '.', '/', ';', '?', '&':
		e.op = c
		j++
	case '=', ',', '!', '@', '|':
		// The ABNF derives these (operator = ... / op-reserve), but
		// section 2.2 reserves them for future extensions, and section 3
		// and Appendix A make an operator a processor does not implement
		// an error.
		return nil, 0, handError(s, j, ErrReservedOperator, "op-reserve", "",
			`operator "`+string(c)+`" is reserved for future extensions`)
	}
	for {
		v := varspec{offset: j}
		// varname = varchar *( ["."] varchar )
		start := j
		for {
			if j == len(s) {
				if j == start {
					return nil, 0, unclosed("varname", handExpectVarchar)
				}
				return nil, 0, unclosed("varname", `varchar after "."`)
			}
			c := s[j]
			switch {
			case isVarchar(c):
				j++
			case c == '%':
				if err := handPct(s, j, "varname"); err != nil {
					return nil, 0, err
				}
				j += 3
			default:
				expected := handExpectVarchar
				detail := "a varname starts with a varchar"
				if j > start {
					detail = `"." in a varname must be followed by a varchar`
				} else if j == i+1 {
					expected = "operator, " + handExpectVarchar
					detail = "an expression starts with an operator or a varname"
					if c == '}' {
						detail = "an expression names at least one variable"
					}
				}
				return nil, 0, handError(s, j, ErrInvalidVarname, "varname", expected, detail)
			}
			if j < len(s) && s[j] == '.' {
				j++
				continue
			}
			if j < len(s) && (isVarchar(s[j]) || s[j] == '%') {
				continue
			}
			break
		}
		v.name = s[start:j]
		if j == len(s) {
			return nil, 0, unclosed("varspec", handExpectVarEnd)
		}
		afterModifier, digits := "variable-list", 0
		switch s[j] {
		case ':':
			// prefix = ":" max-length; max-length = %x31-39 0*3DIGIT
			v.colon = j
			j++
			if j == len(s) {
				return nil, 0, unclosed("max-length", `"1" to "9"`)
			}
			if s[j] < '1' || s[j] > '9' {
				detail := "max-length is a positive integer below 10000"
				if s[j] == '0' {
					detail = "max-length is a positive integer, without leading zeros"
				}
				return nil, 0, handError(s, j, ErrInvalidMaxLength, "max-length", `"1" to "9"`, detail)
			}
			n := 0
			for ; j < len(s) && isDigit(s[j]); digits++ {
				if digits == 4 {
					return nil, 0, handError(s, j, ErrInvalidMaxLength, "max-length", handExpectListEnd,
						"max-length is at most 9999 (four digits)")
				}
				n = n*10 + int(s[j]-'0')
				j++
			}
			v.prefix = n
			afterModifier = "max-length"
		case '*':
			j++
			v.explode = true
		default:
			afterModifier = ""
		}
		e.vars = append(e.vars, v)
		if j == len(s) {
			if afterModifier == "max-length" && digits < 4 {
				return nil, 0, unclosed("max-length", `DIGIT, "," or "}"`)
			}
			if afterModifier == "max-length" {
				return nil, 0, unclosed("max-length", handExpectListEnd)
			}
			return nil, 0, unclosed("variable-list", handExpectListEnd)
		}
		switch c := s[j]; {
		case c == ',':
			j++
			continue
		case c == '}':
			e.raw = s[i : j+1]
			return e, j + 1, nil
		case afterModifier == "":
			return nil, 0, handError(s, j, ErrInvalidVarspec, "varspec", handExpectVarEnd,
				"a varname is followed by a modifier, \",\" or \"}\"")
		case afterModifier != "" && (c == ':' || c == '*'):
			return nil, 0, handError(s, j, ErrInvalidVarspec, afterModifier, handExpectListEnd,
				"a varspec takes at most one modifier, prefix or explode")
		case afterModifier == "max-length" && digits < 4:
			return nil, 0, handError(s, j, ErrInvalidVarspec, afterModifier, `DIGIT, "," or "}"`,
				"a max-length ends the varspec")
		default:
			return nil, 0, handError(s, j, ErrInvalidVarspec, afterModifier, handExpectListEnd,
				"a modifier ends the varspec")
		}
	}
}

// literalASCII reports whether c, an ASCII byte other than "%", is in
// literals (section 2.1, as erratum 6937 corrects it): %x21 / %x23-24 /
// %x26-3B / %x3D / %x3F-5B / %x5D / %x5F / %x61-7A / %x7E. The published
// ABNF has "%x26 / %x28-3B", leaving out the apostrophe, which the prose
// of section 2.1 copies literally as a reserved character (see the
// package documentation).
func literalASCII(c byte) bool {
	switch {
	case c == 0x21, c == 0x23, c == 0x24, c >= 0x26 && c <= 0x3B, c == 0x3D,
		c >= 0x3F && c <= 0x5B, c == 0x5D, c == 0x5F, c >= 0x61 && c <= 0x7A, c == 0x7E:
		return true
	}
	return false
}

// ucschar reports whether r is in ucschar (RFC 3987, imported by section
// 1.5).
func ucschar(r rune) bool {
	switch {
	case r >= 0xA0 && r <= 0xD7FF, r >= 0xF900 && r <= 0xFDCF, r >= 0xFDF0 && r <= 0xFFEF:
		return true
	case r >= 0x10000 && r <= 0xDFFFD:
		return r&0xFFFF <= 0xFFFD
	case r >= 0xE1000 && r <= 0xEFFFD:
		return true
	}
	return false
}

// iprivate reports whether r is in iprivate (RFC 3987, imported by
// section 1.5).
func iprivate(r rune) bool {
	return r >= 0xE000 && r <= 0xF8FF || r >= 0xF0000 && r <= 0xFFFFD || r >= 0x100000 && r <= 0x10FFFD
}

func isVarchar(c byte) bool {
	return c >= 'A' && c <= 'Z' || c >= 'a' && c <= 'z' || isDigit(c) || c == '_'
}

// appendPct appends the pct-encoded triplets of the octets of s.
func appendPct(dst []byte, s string) []byte {
	for i := 0; i < len(s); i++ {
		dst = append(dst, '%', upperHex[s[i]>>4], upperHex[s[i]&15])
	}
	return dst
}
