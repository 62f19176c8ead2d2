package rfc6570

import (
	"strconv"

	"github.com/rfc2396/rfc2396/internal/syntax"
	"github.com/rfc2396/rfc2396/rfc6570/grammar"
)

// Template is a URI Template that [Parse] has checked against section 2
// of RFC 6570; [Template.Expand] expands it. A Template is immutable and
// safe for concurrent use.
type Template struct {
	text  string
	parts []part
}

// part is a run of literals, already as section 3.1 copies them to the
// result, or one expression.
type part struct {
	lit  string
	expr *expression
}

// expression is one "{...}" of the template.
type expression struct {
	op     byte   // 0 (simple string expansion) or one of "+#./;?&"
	offset int    // of its "{"
	raw    string // the whole "{...}", copied to the result on an error
	vars   []varspec
}

// varspec is one variable of an expression, with its modifier.
type varspec struct {
	name    string // as written, pct-encoded triplets kept (section 2.3)
	offset  int
	prefix  int // max-length, 1 to 9999; 0 when there is no prefix
	colon   int // the offset of the prefix's ":"
	explode bool
}

// String returns the template as it was given to [Parse].
func (t *Template) String() string { return t.text }

// Varnames returns the names of the template's variables in the order
// they first appear, each once, as written (section 2.3: a pct-encoded
// triplet is part of the name and is not decoded).
func (t *Template) Varnames() []string {
	var names []string
	seen := map[string]bool{}
	for _, p := range t.parts {
		if p.expr == nil {
			continue
		}
		for _, v := range p.expr.vars {
			if !seen[v.name] {
				seen[v.name] = true
				names = append(names, v.name)
			}
		}
	}
	return names
}

// Parse checks template against the URI-Template rule of RFC 6570
// section 2 and returns it ready to expand. It runs the grammar gen
// generates from rfc6570.peg ([Grammar], which `rfc2396 parse --standard
// rfc6570` runs too): the compact parser reads a valid template's
// expressions, and for an invalid one the rule's automaton says where and
// why, so the offset and the rule of an error are the command's. It
// follows the ABNF exactly, reading the template as Unicode code points
// encoded in UTF-8 (section 1.6), with one addition from the prose: the
// operators of op-reserve ("=", ",", "!", "@", "|"), which the ABNF
// derives, are refused, since section 2.2 reserves them for future
// extensions and section 3 says that an operator a processor does not
// support is an error. An invalid template gives an *[Error] with the
// offset of the first character no template can have there, the rule
// being read and what could come.
func Parse(template string) (*Template, error) {
	t, err := parse(template, false)
	if err != nil {
		return nil, err
	}
	return t, nil
}

// MustParse is [Parse] for templates known to be valid: it panics if
// template is not.
func MustParse(template string) *Template {
	t, err := Parse(template)
	if err != nil {
		panic(err)
	}
	return t
}

// Valid reports whether template is a URI-Template by section 2 (the
// operators of op-reserve refused), as [Parse] does, without allocating:
// it runs the rule's automaton alone.
func Valid(template string) bool { return theGrammar.Matches(grammar.RuleURITemplate, template) }

// parse reads s. Without recovery it stops at the first error. With
// recovery it goes on as section 3 says a processor SHOULD, keeping the
// template's text for what it could not read: an invalid expression is
// kept whole as a literal (up to its "}", or to the end of the template
// if there is none) and reading resumes after it; an invalid literal
// ends the reading, the rest of the template kept as it is. It returns
// the first error.
func parse(s string, recover bool) (*Template, *Error) {
	t := &Template{text: s}
	var p grammar.Parser
	if p.Match(s, grammar.RuleURITemplate) && findReservedOperator(s) < 0 {
		t.parts = appendParts(nil, &p, s, 0, true)
		return t, nil
	}
	first := syntaxError(s)
	if !recover {
		return nil, first
	}
	t.parts = recoverParts(s)
	return t, first
}

// appendParts appends to parts the literals and expressions of s[at:],
// which p has matched (as URI-Template, or as expression when at is its
// "{"; whole is false then, and the literals after it are not
// appended). p's tokens are the rules compact_keep of rfc6570.manifest.json
// keeps (expression, operator, varspec, varname, max-length, explode),
// each after the tokens inside it: a varspec's come before it, and a
// varspec and the operator before their expression.
func appendParts(parts []part, p *grammar.Parser, s string, at int, whole bool) []part {
	lit := at
	var op byte
	var vars []varspec
	var v varspec
	for i, n := 0, p.Len(); i < n; i++ {
		r, b, end := p.Token(i)
		b, end = b+at, end+at
		switch r {
		case grammar.RuleOperator:
			op = s[b]
		case grammar.RuleVarname:
			v.name = s[b:end]
		case grammar.RuleMaxLength:
			v.prefix, _ = strconv.Atoi(s[b:end]) // 1 to 9999, by the grammar
			v.colon = b - 1
		case grammar.RuleExplode:
			v.explode = true
		case grammar.RuleVarspec:
			v.offset = b
			vars = append(vars, v)
			v = varspec{}
		case grammar.RuleExpression:
			if lit < b {
				parts = append(parts, part{lit: literalsOf(s[lit:b])})
			}
			parts = append(parts, part{expr: &expression{op: op, offset: b, raw: s[b:end], vars: vars}})
			op, vars, lit = 0, nil, end
		}
	}
	if whole && lit < len(s) {
		parts = append(parts, part{lit: literalsOf(s[lit:])})
	}
	return parts
}

// literalsOf returns s, a run of literals, as section 3.1 copies it to the
// result: a character allowed in a URI (every ASCII literal, and the
// pct-encoded triplets) as it is, any other (ucschar, iprivate) as the
// pct-encoded triplets of its UTF-8 octets.
func literalsOf(s string) string {
	for i := 0; i < len(s); i++ {
		if s[i] >= 0x80 {
			return string(appendLiterals(make([]byte, 0, len(s)*3), s))
		}
	}
	return s
}

// appendLiterals appends s, a run of literals, to dst as section 3.1
// copies it.
func appendLiterals(dst []byte, s string) []byte {
	for i := 0; i < len(s); i++ {
		if c := s[i]; c >= 0x80 {
			dst = append(dst, '%', upperHex[c>>4], upperHex[c&15])
		} else {
			dst = append(dst, c)
		}
	}
	return dst
}

// recoverParts reads s, which is not a URI-Template, as parse does with
// recovery: each expression the grammar accepts (matched alone, as the
// rule expression) is one, an expression it does not is copied as it is
// up to its "}", and at the first invalid literal the rest of s is copied
// as it is.
func recoverParts(s string) []part {
	var parts []part
	var lit []byte
	flush := func() {
		if len(lit) > 0 {
			parts = append(parts, part{lit: string(lit)})
			lit = nil
		}
	}
	var p grammar.Parser
	for i := 0; i < len(s); {
		if s[i] == '{' {
			end := indexByteFrom(s, i, '}')
			if end < 0 {
				lit = append(lit, s[i:]...)
				break
			}
			x := s[i : end+1]
			if p.Match(x, grammar.RuleExpression) && findReservedOperator(x) < 0 {
				flush()
				parts = appendParts(parts, &p, s, i, false)
			} else {
				lit = append(lit, x...)
			}
			i = end + 1
			continue
		}
		j := indexByteFrom(s, i, '{')
		if j < 0 {
			j = len(s)
		}
		run := s[i:j]
		ce, ok := syntax.ErrorAs[*coreError](theGrammar.Match(grammar.RuleURITemplate, run))
		if !ok {
			lit = appendLiterals(lit, run)
			i = j
			continue
		}
		k := charStart(run, ce.Offset)
		lit = appendLiterals(lit, run[:k])
		lit = append(lit, s[i+k:]...)
		break
	}
	flush()
	return parts
}

// charStart returns where the character that the first error of s, a
// prefix of a URI-Template, is found in starts: off itself but inside a
// pct-encoded triplet, which the error cuts short ("%4" then the end or
// a byte that is not HEXDIG), where its "%" is. A "%" is in a template
// only as the start of a triplet, so the one or two bytes before off say.
func charStart(s string, off int) int {
	switch {
	case off >= 1 && s[off-1] == '%':
		return off - 1
	case off >= 2 && s[off-2] == '%':
		return off - 2
	}
	return off
}

// indexByteFrom returns the index of the first c in s at or after from,
// or -1.
func indexByteFrom(s string, from int, c byte) int {
	for i := from; i < len(s); i++ {
		if s[i] == c {
			return i
		}
	}
	return -1
}

func isDigit(c byte) bool { return c >= '0' && c <= '9' }

func isHex(c byte) bool {
	return isDigit(c) || c >= 'A' && c <= 'F' || c >= 'a' && c <= 'f'
}

const upperHex = "0123456789ABCDEF"

func hex2(c byte) string { return string([]byte{upperHex[c>>4], upperHex[c&15]}) }
