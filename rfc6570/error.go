package rfc6570

import (
	"strconv"
	"strings"
	"unicode/utf8"
)

// ErrorCode classifies an *[Error]. Its string is a short, stable name for
// programs and test tables ("reserved-operator"); the message says the
// rest.
type ErrorCode string

// The codes of [Error]. The first ones are the template's syntax (section
// 2); the last two are a template meeting its values (sections 2.4.1 and
// 1.6), which only [Template.Expand] and [Expand] report.
const (
	// ErrInvalidUTF8: a byte of the template is not part of a UTF-8
	// character; section 1.6 reads a template as Unicode code points.
	ErrInvalidUTF8 ErrorCode = "invalid-utf8"
	// ErrInvalidLiteral: a character outside an expression that literals
	// does not allow (CTL, SP, DQUOTE, "<", ">", "\", "^", "`", "|", "}"
	// and the code points outside ucschar and iprivate; "'" is a literal,
	// as erratum 6937 corrects section 2.1).
	ErrInvalidLiteral ErrorCode = "invalid-literal"
	// ErrInvalidPctEncoded: a "%" not followed by two HEXDIG.
	ErrInvalidPctEncoded ErrorCode = "invalid-pct-encoded"
	// ErrUnclosedExpression: the template ends inside an expression.
	ErrUnclosedExpression ErrorCode = "unclosed-expression"
	// ErrReservedOperator: one of the operators "=", ",", "!", "@" and
	// "|", which section 2.2 reserves for future extensions.
	ErrReservedOperator ErrorCode = "reserved-operator"
	// ErrInvalidVarname: a character that cannot start or continue a
	// varname there ("{}", "{a.}", "{a..b}", "{a b}").
	ErrInvalidVarname ErrorCode = "invalid-varname"
	// ErrInvalidMaxLength: a prefix whose max-length is not 1 to 9999
	// written without leading zeros ("{a:0}", "{a:01}", "{a:10000}").
	ErrInvalidMaxLength ErrorCode = "invalid-max-length"
	// ErrInvalidVarspec: after a varspec, a character other than "," or
	// "}" ("{a*b}", "{a:2*}").
	ErrInvalidVarspec ErrorCode = "invalid-varspec"
	// ErrPrefixComposite: a prefix modifier on a variable whose value is a
	// list or an associative array, to which section 2.4.1 says prefixes
	// are "not applicable".
	ErrPrefixComposite ErrorCode = "prefix-on-composite"
	// ErrValueNotUTF8: a variable's value (or a member's name or value)
	// is not UTF-8, so it is not the sequence of Unicode code points that
	// sections 1.6 and 3.2.1 expand.
	ErrValueNotUTF8 ErrorCode = "value-not-utf8"
)

// Error is a template that is not a URI-Template by RFC 6570 section 2,
// or (codes [ErrPrefixComposite] and [ErrValueNotUTF8]) one whose values
// it cannot expand. Get it with errors.As.
type Error struct {
	// Template is the template read.
	Template string
	// Offset is the byte offset in Template of the first character that
	// no valid template can have there; it is always at the start of a
	// character (of a single byte when that byte is not UTF-8), and
	// len(Template) when the template ended too early. For the value
	// errors it is the offset of the prefix's ":" ([ErrPrefixComposite])
	// or of the varspec ([ErrValueNotUTF8]).
	Offset int
	// Code classifies the error.
	Code ErrorCode
	// Rule is the ABNF rule being read at Offset, by the RFC's name, as
	// the grammar's automaton reports it ([Grammar]; `rfc2396 parse
	// --standard rfc6570` says the same): "URI-Template" (outside an
	// expression), "expression", "variable-list", "varname", "prefix",
	// "max-length", "modifier-level4", ...; "op-reserve" for
	// [ErrReservedOperator]. For the value errors, "prefix" or "varspec".
	Rule string
	// Expected describes what could come at Offset, in the RFC's rule
	// names and quoted characters, e.g. `"," or "}"`, as the automaton
	// lists it (without the operators of op-reserve, which the prose
	// refuses); "" for [ErrReservedOperator] and the value errors.
	Expected string
	// Detail says what is wrong, e.g. `operator "!" is reserved for
	// future extensions`.
	Detail string
	// Section is the section of RFC 6570 that says so, e.g. "2.2" ("1.6"
	// for [ErrInvalidUTF8]).
	Section string
	// ABNF is the RFC's line of the rule that says what is wrong, e.g.
	// `op-reserve = "=" / "," / "!" / "@" / "|"`: literals for
	// [ErrInvalidLiteral], pct-encoded, expression for
	// [ErrUnclosedExpression], varname, varspec, max-length; where the
	// prose decides (the value errors), what it says; "" for
	// [ErrInvalidUTF8].
	ABNF string

	// core is the run-time core's error a syntax error comes from.
	core *coreError
}

// Unwrap returns the error of the run-time core a syntax error comes from,
// a *[uri.Error] of RFC 6570's grammar, so that errors.As finds it (the
// command reads every grammar's errors through it); nil for the value
// errors.
func (e *Error) Unwrap() error {
	if e == nil || e.core == nil {
		return nil
	}
	return e.core
}

// Error returns the error on one line, e.g.
//
//	rfc6570: at offset 1 ("!"): operator "!" is reserved for future extensions (section 2.2, op-reserve = "=" / "," / "!" / "@" / "|")
func (e *Error) Error() string {
	if e == nil {
		return "rfc6570: <nil *Error>"
	}
	var b strings.Builder
	b.WriteString("rfc6570: at offset ")
	b.WriteString(strconv.Itoa(e.Offset))
	b.WriteString(" (")
	b.WriteString(charAt(e.Template, e.Offset))
	b.WriteString("): ")
	b.WriteString(e.Detail)
	if e.Expected != "" {
		b.WriteString("; expected ")
		b.WriteString(e.Expected)
	}
	b.WriteString(" (section ")
	b.WriteString(e.Section)
	if e.ABNF != "" {
		b.WriteString(", ")
		b.WriteString(e.ABNF)
	}
	b.WriteString(")")
	return b.String()
}

// charAt shows the character of s at byte offset off, quoted as Go
// quotes it (so a control or a byte that is not UTF-8 is shown escaped),
// or says "end of template".
func charAt(s string, off int) string {
	if off < 0 || off >= len(s) {
		return "end of template"
	}
	r, n := utf8.DecodeRuneInString(s[off:])
	if r == utf8.RuneError && n == 1 {
		return strconv.Quote(s[off : off+1])
	}
	return strconv.Quote(string(r))
}

// ruleText returns the section of RFC 6570 that defines rule and the
// rule's ABNF line, whitespace collapsed (section 1.5's for pct-encoded);
// TestABNFLines checks each line against testdata/rfc6570.abnf, which is
// the RFC's text.
func ruleText(rule string) (section, line string) {
	switch rule {
	case "URI-Template":
		return "2", `URI-Template = *( literals / expression )`
	case "literals":
		return "2.1", `literals = %x21 / %x23-24 / %x26-3B / %x3D / %x3F-5B / %x5D / %x5F / %x61-7A / %x7E / ucschar / iprivate / pct-encoded`
	case "expression":
		return "2.2", `expression = "{" [ operator ] variable-list "}"`
	case "operator":
		return "2.2", `operator = op-level2 / op-level3 / op-reserve`
	case "op-reserve":
		return "2.2", `op-reserve = "=" / "," / "!" / "@" / "|"`
	case "variable-list":
		return "2.3", `variable-list = varspec *( "," varspec )`
	case "varspec":
		return "2.3", `varspec = varname [ modifier-level4 ]`
	case "varname":
		return "2.3", `varname = varchar *( ["."] varchar )`
	case "varchar":
		return "2.3", `varchar = ALPHA / DIGIT / "_" / pct-encoded`
	case "modifier-level4":
		return "2.4", `modifier-level4 = prefix / explode`
	case "prefix":
		return "2.4.1", `prefix = ":" max-length`
	case "max-length":
		return "2.4.1", `max-length = %x31-39 0*3DIGIT`
	case "explode":
		return "2.4.2", `explode = "*"`
	case "pct-encoded":
		return "1.5", `pct-encoded = "%" HEXDIG HEXDIG`
	}
	return "", ""
}
