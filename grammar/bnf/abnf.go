package bnf

import (
	"fmt"
	"strconv"
	"strings"
	"unicode/utf8"
)

// The RFC 5234 dialect (ABNF), the notation of RFC 3986 Appendix A. It
// differs from the RFC 2396 dialect that Parse reads in these ways:
//
//   - alternatives are separated by "/", not "|";
//   - a rule may continue on following lines that start with white space;
//     ";" starts a comment that runs to the end of the line;
//   - a quoted string matches case-insensitively (RFC 5234 section 2.3):
//     its Node has Fold set;
//   - numeric values: %x41 (one byte), %x30-39 (a range of bytes, a
//     CharRange node) and %x41.42 (a case-sensitive string); %d and %b are
//     read the same way in decimal and binary;
//   - a numeric value beyond one byte is a Unicode code point, up to
//     %x10FFFF: a range with a bound above 0xFF (RFC 3987's %xA0-D7FF)
//     is a CharRange with CodePoints set, which matches the UTF-8 encoding
//     of one code point of the range; a value or a string with a value
//     above 0xFF is a Literal of the UTF-8 encoding of its code points. A
//     value or range within one byte stays a byte (RFC 3629's UTF-8 ABNF,
//     %xC2 %xA1-BF, is written in bytes). A surrogate (%xD800-DFFF) alone
//     has no encoding and is an error; a range that spans them matches the
//     code points around them;
//   - rule names are case-insensitive; references are resolved to the
//     spelling of the definition;
//   - "=/" adds alternatives to a rule defined earlier;
//   - the core rules of RFC 5234 Appendix B.1 (ALPHA, DIGIT, HEXDIG, ...)
//     may be referred to without being defined: [CoreRules] supplies them;
//   - a prose value (<pchar>) is accepted only where it is repeated zero
//     times, as in RFC 3986's "path-empty = 0<pchar>": the repetition
//     matches the empty string whatever the prose says. Anywhere else it has
//     no machine-readable meaning and is an error.

// coreRulesText is RFC 5234 Appendix B.1, the core rules, in the dialect
// ParseABNF reads (the RFC's comments left out).
const coreRulesText = `ALPHA = %x41-5A / %x61-7A
BIT = "0" / "1"
CHAR = %x01-7F
CR = %x0D
CRLF = CR LF
CTL = %x00-1F / %x7F
DIGIT = %x30-39
DQUOTE = %x22
HEXDIG = DIGIT / "A" / "B" / "C" / "D" / "E" / "F"
HTAB = %x09
LF = %x0A
LWSP = *(WSP / CRLF WSP)
OCTET = %x00-FF
SP = %x20
VCHAR = %x21-7E
WSP = SP / HTAB
`

// CoreRules returns the core rules of RFC 5234 Appendix B.1 (ALPHA, DIGIT,
// HEXDIG, ...), read by [ParseABNF]. HEXDIG's letters are quoted strings,
// so, as RFC 5234 reads them, they match in either case.
func CoreRules() []Definition {
	defs, err := parseABNF(coreRulesText, nil, true)
	if err != nil {
		panic("bnf: core rules: " + err.Error())
	}
	return defs
}

// WithCore returns defs followed by the core rules (see [CoreRules]) that
// defs refer to, directly or through one another, so that every reference
// in the result is defined in it.
func WithCore(defs []Definition) []Definition {
	have := map[string]bool{}
	for _, d := range defs {
		have[strings.ToLower(d.Name)] = true
	}
	core := CoreRules()
	out := append([]Definition(nil), defs...)
	for changed := true; changed; {
		changed = false
		need := map[string]bool{}
		for _, d := range out {
			walk(d.Body, func(n *Node) {
				if n.Kind == RuleRef && !have[strings.ToLower(n.Text)] {
					need[strings.ToLower(n.Text)] = true
				}
			})
		}
		for _, c := range core {
			if need[strings.ToLower(c.Name)] {
				out = append(out, c)
				have[strings.ToLower(c.Name)] = true
				changed = true
			}
		}
	}
	return out
}

// ParseABNF parses rules in the ABNF of RFC 5234 (see the comment above
// coreRulesText for what it reads). It returns the rules the text defines,
// in the text's order; references to the core rules of RFC 5234 Appendix
// B.1 need no definition (use [WithCore] to add them). Definition.Line is
// the rule with its continuation lines joined, comments removed and runs of
// white space collapsed to one space.
func ParseABNF(text string) ([]Definition, error) {
	return parseABNF(text, CoreRules(), true)
}

// parseABNF reads rules in RFC 5234 ABNF; with checked, every reference
// must be to a rule of text or of core, and takes its spelling.
func parseABNF(text string, core []Definition, checked bool) ([]Definition, error) {
	type logical struct {
		line int
		text string
	}
	var rules []logical
	for i, line := range strings.Split(text, "\n") {
		line = stripComment(strings.TrimRight(line, "\r"))
		if strings.TrimSpace(line) == "" {
			continue
		}
		if line[0] == ' ' || line[0] == '\t' {
			if len(rules) == 0 {
				return nil, &SyntaxError{Line: i + 1, Msg: "continuation line before the first rule"}
			}
			rules[len(rules)-1].text += " " + strings.TrimSpace(line)
			continue
		}
		rules = append(rules, logical{i + 1, strings.TrimSpace(line)})
	}
	var defs []Definition
	index := map[string]int{}
	for _, l := range rules {
		src := strings.Join(strings.Fields(l.text), " ")
		p := &bnfParser{src: src, line: l.line, abnf: true}
		name := p.name()
		if name == "" {
			return nil, p.errorf("expected a rule name")
		}
		if p.peek() != '=' {
			return nil, p.errorf("expected \"=\" after rule name %s", name)
		}
		p.pos++
		incremental := false
		if p.pos < len(p.src) && p.src[p.pos] == '/' {
			incremental = true
			p.pos++
		}
		body, err := p.alternation()
		if err != nil {
			return nil, err
		}
		if p.peek() != 0 {
			return nil, p.errorf("unexpected %q", p.src[p.pos])
		}
		key := strings.ToLower(name)
		i, seen := index[key]
		switch {
		case incremental && !seen:
			return nil, &SyntaxError{Line: l.line, Msg: fmt.Sprintf("rule %s: \"=/\" before the rule is defined", name)}
		case incremental:
			d := &defs[i]
			alts := []*Node{d.Body}
			if d.Body.Kind == Alternation {
				alts = d.Body.Children
			}
			if body.Kind == Alternation {
				alts = append(alts, body.Children...)
			} else {
				alts = append(alts, body)
			}
			d.Body = &Node{Kind: Alternation, Children: alts}
			d.Line += "\n" + src
		case seen:
			return nil, &SyntaxError{Line: l.line, Msg: fmt.Sprintf("rule %s defined twice", name)}
		default:
			index[key] = len(defs)
			defs = append(defs, Definition{Name: name, Line: src, Body: body})
		}
	}
	spelling := map[string]string{}
	for _, d := range core {
		spelling[strings.ToLower(d.Name)] = d.Name
	}
	for _, d := range defs {
		spelling[strings.ToLower(d.Name)] = d.Name
	}
	for _, d := range defs {
		var err error
		walk(d.Body, func(n *Node) {
			if n.Kind != RuleRef || err != nil {
				return
			}
			s, ok := spelling[strings.ToLower(n.Text)]
			if !ok && !checked {
				return
			}
			if !ok {
				err = fmt.Errorf("bnf: rule %s refers to undefined rule %s", d.Name, n.Text)
				return
			}
			n.Text = s
		})
		if err != nil {
			return nil, err
		}
	}
	return defs, nil
}

// stripComment removes a ";" comment, leaving quoted strings and prose
// values alone.
func stripComment(line string) string {
	var quote byte
	for i := 0; i < len(line); i++ {
		c := line[i]
		switch {
		case quote != 0:
			if c == quote {
				quote = 0
			}
		case c == '"':
			quote = '"'
		case c == '<':
			quote = '>'
		case c == ';':
			return line[:i]
		}
	}
	return line
}

// numericValue reads %x41, %x30-39 or %x41.42 (and %d, %b) at p.pos, which
// is at the "%".
func (p *bnfParser) numericValue() (*Node, error) {
	p.pos++
	if p.pos >= len(p.src) {
		return nil, p.errorf("unexpected end of line after %%")
	}
	base := 0
	switch p.src[p.pos] {
	case 'x', 'X':
		base = 16
	case 'd', 'D':
		base = 10
	case 'b', 'B':
		base = 2
	default:
		return nil, p.errorf("expected x, d or b after %%, found %q", p.src[p.pos])
	}
	p.pos++
	digits := func() (int, error) {
		start := p.pos
		for p.pos < len(p.src) && isDigitIn(p.src[p.pos], base) {
			p.pos++
		}
		if start == p.pos {
			return 0, p.errorf("expected a base-%d number", base)
		}
		n, err := strconv.ParseInt(p.src[start:p.pos], base, 32)
		if err != nil || n > MaxCodePoint {
			return 0, p.errorf("value %s is beyond the last code point, %%x10FFFF", p.src[start:p.pos])
		}
		return int(n), nil
	}
	lo, err := digits()
	if err != nil {
		return nil, err
	}
	switch {
	case p.pos < len(p.src) && p.src[p.pos] == '-':
		p.pos++
		hi, err := digits()
		if err != nil {
			return nil, err
		}
		if hi < lo {
			return nil, p.errorf("empty range %#x-%#x", lo, hi)
		}
		n := &Node{Kind: CharRange, Min: lo, Max: hi, CodePoints: hi > 0xFF}
		if n.CodePoints && UTF8Sequences(rune(lo), rune(hi)) == nil {
			return nil, p.errorf("range %s holds only surrogates, which have no UTF-8 encoding", n.RangeLabel())
		}
		return n, nil
	case p.pos < len(p.src) && p.src[p.pos] == '.':
		values := []int{lo}
		for p.pos < len(p.src) && p.src[p.pos] == '.' {
			p.pos++
			c, err := digits()
			if err != nil {
				return nil, err
			}
			values = append(values, c)
		}
		return p.valueLiteral(values)
	}
	return p.valueLiteral([]int{lo})
}

// valueLiteral returns the Literal of the values of %x41 or %x41.42: their
// bytes, or, when one of them is above 0xFF, the UTF-8 encoding of each as
// a code point.
func (p *bnfParser) valueLiteral(values []int) (*Node, error) {
	codePoints := false
	for _, v := range values {
		codePoints = codePoints || v > 0xFF
	}
	var text []byte
	for _, v := range values {
		switch {
		case !codePoints:
			text = append(text, byte(v))
		case v >= 0xD800 && v <= 0xDFFF:
			return nil, p.errorf("value %X is a surrogate, which has no UTF-8 encoding", v)
		default:
			text = utf8.AppendRune(text, rune(v))
		}
	}
	return &Node{Kind: Literal, Text: string(text)}, nil
}

func isDigitIn(c byte, base int) bool {
	switch base {
	case 2:
		return c == '0' || c == '1'
	case 10:
		return c >= '0' && c <= '9'
	}
	return c >= '0' && c <= '9' || c >= 'a' && c <= 'f' || c >= 'A' && c <= 'F'
}

// prose reads a prose value <...> at p.pos. RFC 5234 gives it no formal
// meaning, so it is accepted only under a repetition of zero (see the
// dialect notes); the caller checks that.
func (p *bnfParser) prose() (*Node, error) {
	end := strings.IndexByte(p.src[p.pos:], '>')
	if end < 0 {
		return nil, p.errorf("unterminated prose value")
	}
	n := &Node{Kind: Prose, Text: p.src[p.pos+1 : p.pos+end]}
	p.pos += end + 1
	return n, nil
}
