package main

import (
	"fmt"
	"strconv"
	"strings"
)

// A pegFile is the part of a pointlander/peg grammar file that gen reads:
// the header lines before the first rule, and the rules with the comment
// block written above each.
type pegFile struct {
	header []string
	rules  []*pegRule
}

type pegRule struct {
	name    string
	comment []string // comment lines right above the rule, without "# "
	body    *expr
}

// An expr is a parsing expression. Only the constructs rfc2396.peg uses are
// supported: choice, sequence, the suffixes ? * +, the predicates & and !,
// single-quoted literals, character classes, "." and rule names.
type expr struct {
	op   op
	kids []*expr
	set  byteSet // opClass
	neg  bool    // opClass: [^...]
	text string  // opLiteral, opRef, opCode
	// run is what an opCode of an accelerated run matches (see
	// checkSwitch); nil for other code.
	run *codeRun
}

type op int

const (
	opChoice op = iota
	opSeq
	opOptional
	opStar
	opPlus
	opAnd
	opNot
	opLiteral
	opClass
	opDot
	opRef
	opCode // &{ Go code }: a semantic predicate, text holds the code
)

// byteSet is a set of bytes.
type byteSet [4]uint64

func (s *byteSet) add(c byte)      { s[c>>6] |= 1 << (c & 63) }
func (s *byteSet) has(c byte) bool { return s[c>>6]&(1<<(c&63)) != 0 }
func (s byteSet) union(t byteSet) byteSet {
	for i := range s {
		s[i] |= t[i]
	}
	return s
}
func (s byteSet) intersects(t byteSet) bool {
	for i := range s {
		if s[i]&t[i] != 0 {
			return true
		}
	}
	return false
}

func parsePEG(src string) (*pegFile, error) {
	return parsePEGFile(src, "rfc2396.peg", false)
}

// parsePEGFile reads a grammar file named name. With fold, double-quoted
// literals are accepted and read as pointlander/peg reads them, ignoring
// case: each letter becomes a class of its two cases (RFC 5234 quoted
// strings, rfc3986.peg); without it they are refused (RFC 2396 literals are
// exact).
func parsePEGFile(src, name string, fold bool) (*pegFile, error) {
	f := &pegFile{}
	lines := strings.Split(src, "\n")
	var comment []string
	inHeader := true
	for i := 0; i < len(lines); i++ {
		line := lines[i]
		switch {
		case strings.HasPrefix(line, "#"):
			comment = append(comment, strings.TrimPrefix(strings.TrimPrefix(line, "#"), " "))
			if inHeader {
				f.header = append(f.header, line)
			}
			continue
		case strings.TrimSpace(line) == "":
			if inHeader {
				f.header = append(f.header, line)
			}
			comment = nil
			continue
		case !strings.Contains(line, "<-"):
			if !inHeader {
				return nil, fmt.Errorf("%s:%d: expected a rule", name, i+1)
			}
			f.header = append(f.header, line)
			comment = nil
			continue
		}
		inHeader = false
		text := line
		for i+1 < len(lines) && (strings.HasPrefix(lines[i+1], " ") || strings.HasPrefix(lines[i+1], "\t")) {
			i++
			text += " " + strings.TrimSpace(lines[i])
		}
		ruleName, body, _ := strings.Cut(text, "<-")
		ruleName = strings.TrimSpace(ruleName)
		p := &exprParser{src: body, fold: fold}
		e, err := p.choice()
		if err == nil && p.peek() != 0 {
			err = fmt.Errorf("unexpected %q", p.src[p.pos:])
		}
		if err != nil {
			return nil, fmt.Errorf("%s:%d: rule %s: %v", name, i+1, ruleName, err)
		}
		f.rules = append(f.rules, &pegRule{name: ruleName, comment: comment, body: e})
		comment = nil
	}
	// The header ends with the last non-comment line before the first rule.
	for len(f.header) > 0 {
		last := f.header[len(f.header)-1]
		if strings.TrimSpace(last) != "" && !strings.HasPrefix(last, "#") {
			break
		}
		f.header = f.header[:len(f.header)-1]
	}
	return f, nil
}

type exprParser struct {
	src  string
	pos  int
	fold bool // double-quoted literals allowed, matching ignoring case
}

func (p *exprParser) peek() byte {
	for p.pos < len(p.src) && (p.src[p.pos] == ' ' || p.src[p.pos] == '\t') {
		p.pos++
	}
	if p.pos < len(p.src) {
		return p.src[p.pos]
	}
	return 0
}

func (p *exprParser) choice() (*expr, error) {
	var alts []*expr
	for {
		s, err := p.sequence()
		if err != nil {
			return nil, err
		}
		alts = append(alts, s)
		if p.peek() != '/' {
			break
		}
		p.pos++
	}
	if len(alts) == 1 {
		return alts[0], nil
	}
	return &expr{op: opChoice, kids: alts}, nil
}

func (p *exprParser) sequence() (*expr, error) {
	var items []*expr
	for {
		c := p.peek()
		if c == 0 || c == '/' || c == ')' {
			break
		}
		e, err := p.prefixed()
		if err != nil {
			return nil, err
		}
		items = append(items, e)
	}
	switch len(items) {
	case 0:
		return nil, fmt.Errorf("empty sequence at %d", p.pos)
	case 1:
		return items[0], nil
	}
	return &expr{op: opSeq, kids: items}, nil
}

func (p *exprParser) prefixed() (*expr, error) {
	switch p.peek() {
	case '&', '!':
		if p.src[p.pos] == '&' && p.pos+1 < len(p.src) && p.src[p.pos+1] == '{' {
			end := strings.IndexByte(p.src[p.pos:], '}')
			if end < 0 {
				return nil, fmt.Errorf("unterminated &{")
			}
			code := strings.TrimSpace(p.src[p.pos+2 : p.pos+end])
			p.pos += end + 1
			return &expr{op: opCode, text: code}, nil
		}
		o := opAnd
		if p.src[p.pos] == '!' {
			o = opNot
		}
		p.pos++
		e, err := p.suffixed()
		if err != nil {
			return nil, err
		}
		return &expr{op: o, kids: []*expr{e}}, nil
	}
	return p.suffixed()
}

func (p *exprParser) suffixed() (*expr, error) {
	e, err := p.primary()
	if err != nil {
		return nil, err
	}
	if p.pos < len(p.src) {
		switch p.src[p.pos] {
		case '?':
			p.pos++
			return &expr{op: opOptional, kids: []*expr{e}}, nil
		case '*':
			p.pos++
			return &expr{op: opStar, kids: []*expr{e}}, nil
		case '+':
			p.pos++
			return &expr{op: opPlus, kids: []*expr{e}}, nil
		}
	}
	return e, nil
}

func (p *exprParser) char() (byte, error) {
	if p.pos >= len(p.src) {
		return 0, fmt.Errorf("unexpected end of rule")
	}
	c := p.src[p.pos]
	p.pos++
	if c != '\\' {
		return c, nil
	}
	if p.pos >= len(p.src) {
		return 0, fmt.Errorf("unexpected end of rule")
	}
	c = p.src[p.pos]
	p.pos++
	switch c {
	case '\\', '\'', '"', '[', ']', '-':
		return c, nil
	case 'n':
		return '\n', nil
	case 'r':
		return '\r', nil
	case 't':
		return '\t', nil
	case '0':
		// \0xHH, a byte by its value, as pointlander/peg writes it. peg
		// reads every hex digit that follows, so gen does too: \0xD7FF is
		// one value, not \0xD7 and two F's.
		if p.pos < len(p.src) && p.src[p.pos] == 'x' {
			end := p.pos + 1
			for end < len(p.src) && isHexDigit(p.src[end]) {
				end++
			}
			v, err := strconv.ParseUint(p.src[p.pos+1:end], 16, 32)
			if err != nil {
				return 0, fmt.Errorf("bad escape \\0%s", p.src[p.pos:end])
			}
			if v > 0xFF {
				// peg would compare it with a rune, but the patched
				// parsers read one byte a rune (gen patch): it would
				// never match a character's UTF-8 bytes.
				return 0, fmt.Errorf("escape \\0%s is a code point beyond a byte; the parsers read bytes, so write its UTF-8 encoding as byte classes (see utf8PEG: %s)", p.src[p.pos:end], utf8PEG(rune(v), rune(v)))
			}
			p.pos = end
			return byte(v), nil
		}
	}
	return 0, fmt.Errorf("unsupported escape \\%c", c)
}

func (p *exprParser) primary() (*expr, error) {
	switch c := p.peek(); {
	case c == '(':
		p.pos++
		e, err := p.choice()
		if err != nil {
			return nil, err
		}
		if p.peek() != ')' {
			return nil, fmt.Errorf("expected ) at %d", p.pos)
		}
		p.pos++
		return e, nil
	case c == '\'':
		p.pos++
		var lit []byte
		for p.pos < len(p.src) && p.src[p.pos] != '\'' {
			b, err := p.char()
			if err != nil {
				return nil, err
			}
			lit = append(lit, b)
		}
		if p.pos >= len(p.src) || len(lit) == 0 {
			return nil, fmt.Errorf("bad literal")
		}
		p.pos++
		return &expr{op: opLiteral, text: string(lit)}, nil
	case c == '"' && p.fold:
		return p.foldLiteral()
	case c == '"':
		return nil, fmt.Errorf("double-quoted literals match case-insensitively in pointlander/peg; RFC 2396 literals are exact: use single quotes")
	case c == '[':
		p.pos++
		e := &expr{op: opClass}
		if p.pos < len(p.src) && p.src[p.pos] == '^' {
			e.neg = true
			p.pos++
		}
		for p.pos < len(p.src) && p.src[p.pos] != ']' {
			lo, err := p.char()
			if err != nil {
				return nil, err
			}
			hi := lo
			if p.pos+1 < len(p.src) && p.src[p.pos] == '-' && p.src[p.pos+1] != ']' {
				p.pos++
				if hi, err = p.char(); err != nil {
					return nil, err
				}
			}
			for b := int(lo); b <= int(hi); b++ {
				e.set.add(byte(b))
			}
		}
		if p.pos >= len(p.src) {
			return nil, fmt.Errorf("unterminated class")
		}
		p.pos++
		return e, nil
	case c == '.':
		p.pos++
		return &expr{op: opDot}, nil
	case c == '_' || c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z':
		start := p.pos
		for p.pos < len(p.src) {
			c := p.src[p.pos]
			if c == '_' || c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9' {
				p.pos++
				continue
			}
			break
		}
		return &expr{op: opRef, text: p.src[start:p.pos]}, nil
	}
	return nil, fmt.Errorf("unexpected %q at %d", p.src[p.pos:], p.pos)
}

// foldLiteral reads a double-quoted literal, which pointlander/peg matches
// ignoring case, as a sequence of exact literals and, for letters, classes
// of both cases.
func (p *exprParser) foldLiteral() (*expr, error) {
	p.pos++
	var items []*expr
	for p.pos < len(p.src) && p.src[p.pos] != '"' {
		b, err := p.char()
		if err != nil {
			return nil, err
		}
		lower, upper := b|0x20, b&^0x20
		if lower >= 'a' && lower <= 'z' {
			e := &expr{op: opClass}
			e.set.add(lower)
			e.set.add(upper)
			items = append(items, e)
			continue
		}
		if n := len(items); n > 0 && items[n-1].op == opLiteral {
			items[n-1].text += string(b)
			continue
		}
		items = append(items, &expr{op: opLiteral, text: string(b)})
	}
	if p.pos >= len(p.src) || len(items) == 0 {
		return nil, fmt.Errorf("bad literal")
	}
	p.pos++
	if len(items) == 1 {
		return items[0], nil
	}
	return &expr{op: opSeq, kids: items}, nil
}

// String prints e in pointlander/peg syntax.
func (e *expr) String() string {
	var b strings.Builder
	e.print(&b, 0)
	return b.String()
}

// precedence: 0 choice, 1 sequence, 2 prefix, 3 suffix/primary.
func (e *expr) print(b *strings.Builder, outer int) {
	prec := map[op]int{opChoice: 0, opSeq: 1, opAnd: 2, opNot: 2, opCode: 2}[e.op]
	if e.op != opChoice && e.op != opSeq && e.op != opAnd && e.op != opNot && e.op != opCode {
		prec = 3
	}
	paren := prec < outer
	if paren {
		b.WriteByte('(')
	}
	switch e.op {
	case opChoice:
		for i, k := range e.kids {
			if i > 0 {
				b.WriteString(" / ")
			}
			k.print(b, 1)
		}
	case opSeq:
		for i, k := range e.kids {
			if i > 0 {
				b.WriteByte(' ')
			}
			k.print(b, 2)
		}
	case opAnd, opNot:
		b.WriteString(map[op]string{opAnd: "&", opNot: "!"}[e.op])
		e.kids[0].print(b, 3)
	case opOptional, opStar, opPlus:
		e.kids[0].print(b, 4)
		b.WriteString(map[op]string{opOptional: "?", opStar: "*", opPlus: "+"}[e.op])
	case opLiteral:
		b.WriteByte('\'')
		for i := 0; i < len(e.text); i++ {
			b.WriteString(escapeChar(e.text[i], false))
		}
		b.WriteByte('\'')
	case opClass:
		b.WriteByte('[')
		if e.neg {
			b.WriteByte('^')
		}
		for c := 0; c < 256; c++ {
			if !e.set.has(byte(c)) {
				continue
			}
			hi := c
			for hi+1 < 256 && e.set.has(byte(hi+1)) {
				hi++
			}
			b.WriteString(escapeChar(byte(c), true))
			if hi >= c+2 {
				b.WriteByte('-')
				b.WriteString(escapeChar(byte(hi), true))
				c = hi
			}
		}
		b.WriteByte(']')
	case opDot:
		b.WriteByte('.')
	case opCode:
		b.WriteString("&{ " + e.text + " }")
	case opRef:
		b.WriteString(e.text)
	}
	if paren {
		b.WriteByte(')')
	}
}

func isHexDigit(c byte) bool {
	return c >= '0' && c <= '9' || c >= 'a' && c <= 'f' || c >= 'A' && c <= 'F'
}

func escapeChar(c byte, inClass bool) string {
	switch {
	case c == '\\':
		return `\\`
	case c == '\'' && !inClass:
		return `\'`
	case inClass && (c == '-' || c == '[' || c == ']'):
		return `\` + string(c)
	case c == '\n':
		return `\n`
	case c == '\r':
		return `\r`
	case c == '\t':
		return `\t`
	case c < 0x20 || c >= 0x7f:
		return fmt.Sprintf(`\0x%x`, c)
	}
	return string(c)
}
