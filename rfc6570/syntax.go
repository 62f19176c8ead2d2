package rfc6570

import (
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/rfc2396/rfc2396/internal/syntax"
	"github.com/rfc2396/rfc2396/rfc6570/grammar"
	"github.com/rfc2396/rfc2396/uri"
)

// coreError is the error of the run-time core for RFC 6570's grammar: what
// [Grammar]'s Match returns for a string that is not of a rule's language.
type coreError = uri.Error[grammar.Rule]

// syntaxError is the *Error for s, which is not a URI-Template (or has an
// operator of op-reserve). The offset, the rule being read and what was
// expected are the automaton's, as [Grammar]'s Match finds them; the code,
// the detail and the section and ABNF line that say so are worked out
// from the characters before the offset, which a template can start with.
func syntaxError(s string) *Error {
	ce, ok := syntax.ErrorAs[*coreError](theGrammar.Match(grammar.RuleURITemplate, s))
	if !ok {
		// Unreachable: parse calls syntaxError only when the compact
		// parser or the prose rule refused s, and the automaton is
		// generated from the same ABNF (TestHandParserAgrees).
		return &Error{Template: s, Code: ErrInvalidLiteral, Rule: "URI-Template", Section: "2",
			Detail: "the grammar's parser and automaton disagree on this template (an internal error; please report it)"}
	}
	o := ce.Offset
	e := &Error{Template: s, Offset: o, Rule: ce.Rule.String(), Expected: ce.Expected, core: ce}
	about := "" // the rule whose line says what is wrong
	open := lastOpen(s[:o])
	switch {
	case ce.Prose != "":
		// Section 2.2's prose rule (findReservedOperator).
		e.Code, about, e.Rule, e.Expected = ErrReservedOperator, "op-reserve", "op-reserve", ""
		e.Detail = `operator "` + s[o:o+1] + `" is reserved for future extensions`
	case charStart(s, o) != o:
		e.Code, about = ErrInvalidPctEncoded, "pct-encoded"
		e.Detail = `"%" must start a pct-encoded triplet, "%" HEXDIG HEXDIG`
		if o == len(s) {
			e.Detail = "the template ends inside the pct-encoded triplet at offset " + strconv.Itoa(charStart(s, o))
		}
	case o < len(s) && s[o] >= utf8.RuneSelf && !startsRune(s[o:]):
		e.Code, e.Section = ErrInvalidUTF8, "1.6"
		e.Detail = "byte 0x" + hex2(s[o]) + " is not UTF-8: a template is Unicode code points"
	case open < 0:
		e.Code, about = ErrInvalidLiteral, "literals"
		e.Detail = literalDetail(s, o)
	case o == len(s):
		e.Code, about = ErrUnclosedExpression, "expression"
		e.Detail = "the template ends inside the expression opened at offset " + strconv.Itoa(open)
	default:
		e.Code, about, e.Detail = expressionError(s[open+1:o], s[o])
	}
	if about != "" {
		e.Section, e.ABNF = ruleText(about)
	}
	if e.Section == "" {
		e.Section, e.ABNF = ruleText(e.Rule)
	}
	if open == o-1 && e.Expected != "" {
		e.Expected = withoutReserved(e.Expected)
	}
	return e
}

// startsRune reports whether s starts with a UTF-8 encoded character.
func startsRune(s string) bool {
	r, n := utf8.DecodeRuneInString(s)
	return r != utf8.RuneError || n > 1
}

// lastOpen returns the offset of the "{" of the expression that prefix,
// the valid start of a template, ends inside, or -1 if it ends outside
// one: literals holds neither "{" nor "}", so the last brace says.
func lastOpen(prefix string) int {
	i := strings.LastIndexAny(prefix, "{}")
	if i < 0 || prefix[i] == '}' {
		return -1
	}
	return i
}

// literalDetail says why the character at o of s is not a literal.
func literalDetail(s string, o int) string {
	c := s[o]
	switch {
	case c == '}':
		return `"}" closes no expression; pct-encode it as %7D`
	case c < utf8.RuneSelf:
		return "U+" + hex4(rune(c)) + " is not allowed in literals; pct-encode it as %" + hex2(c)
	}
	r, _ := utf8.DecodeRuneInString(s[o:])
	return "U+" + hex4(r) + " is neither ucschar nor iprivate, so it is not allowed in literals"
}

// expressionError classifies an error inside an expression whose text
// from after its "{" to the offending character c is in (a valid start
// of one): the code, the rule whose line says what is wrong, and the
// detail.
func expressionError(in string, c byte) (ErrorCode, string, string) {
	if in == "" {
		return ErrInvalidVarname, "expression", "an expression starts with an operator or a varname"
	}
	// The varspec being read: after the last ",", or after the operator.
	v := in
	if i := strings.LastIndexByte(in, ','); i >= 0 {
		v = in[i+1:]
	} else if strings.IndexByte("+#./;?&", in[0]) >= 0 {
		v = in[1:]
	}
	switch {
	case v == "":
		return ErrInvalidVarname, "varname", "a varname starts with a varchar"
	case strings.HasSuffix(v, "."):
		return ErrInvalidVarname, "varname", `"." in a varname must be followed by a varchar`
	case strings.Contains(v, ":"):
		digits := v[strings.IndexByte(v, ':')+1:]
		switch {
		case digits == "":
			return ErrInvalidMaxLength, "max-length", "max-length is a positive integer below 10000, without leading zeros"
		case len(digits) == 4 && isDigit(c):
			return ErrInvalidMaxLength, "max-length", "max-length is at most 9999 (four digits)"
		}
		return ErrInvalidVarspec, "varspec", "a max-length ends the varspec"
	case strings.HasSuffix(v, "*"):
		return ErrInvalidVarspec, "varspec", "a varspec takes at most one modifier, prefix or explode"
	}
	return ErrInvalidVarspec, "varspec", `a varname is followed by a modifier, "," or "}"`
}

// withoutReserved drops the characters of op-reserve from expected, the
// automaton's list of what could come after an expression's "{": the
// ABNF derives them, but section 2.2 reserves them for future extensions.
func withoutReserved(expected string) string {
	items := splitExpected(expected)
	var kept []string
	for _, it := range items {
		if len(it) == 3 && it[0] == '"' && it[2] == '"' && isReservedOperator(it[1]) {
			continue
		}
		kept = append(kept, it)
	}
	if len(kept) == 0 || len(kept) == len(items) {
		return expected
	}
	if len(kept) == 1 {
		return kept[0]
	}
	return strings.Join(kept[:len(kept)-1], ", ") + " or " + kept[len(kept)-1]
}

// splitExpected splits a list the automaton writes ("a, b or c", each
// item a rule name or a quoted character) into its items; a quoted item
// may be "," itself.
func splitExpected(s string) []string {
	var items []string
	for s != "" {
		n := 0
		if s[0] == '"' {
			if j := strings.IndexByte(s[1:], '"'); j >= 0 {
				n = j + 2
			} else {
				n = len(s)
			}
		}
		sep := len(s)
		for _, d := range []string{", ", " or "} {
			if j := strings.Index(s[n:], d); j >= 0 && n+j < sep {
				sep = n + j
			}
		}
		items = append(items, s[:sep])
		s = s[sep:]
		s = strings.TrimPrefix(strings.TrimPrefix(s, ", "), " or ")
	}
	return items
}

// hex4 writes r as Unicode's U+ notation does: at least four digits.
func hex4(r rune) string {
	h := strings.ToUpper(strconv.FormatInt(int64(r), 16))
	return strings.Repeat("0", max(0, 4-len(h))) + h
}
