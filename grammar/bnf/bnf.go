// Package bnf reads the two grammar notations of the URI RFCs into one
// syntax tree: the BNF dialect of RFC 2396 (section 2.1, the dialect of
// RFC 822: "|" alternation, juxtaposition, "n*m" repetition, "[ ]" option,
// "( )" grouping and case-sensitive quoted literals, one rule a line), read
// by [Parse], and the ABNF of RFC 5234 that RFC 3986 uses ("/" alternation,
// %x values and ranges, case-insensitive quoted strings, comments,
// continuation lines, the core rules), read by [ParseABNF].
//
// It is how gen and the test oracles read grammar/rfc2396.abnf and
// grammar/rfc3986.abnf, and how the parser packages build the automata they
// use to explain errors. It shares nothing with the PEG files.
package bnf

import (
	"fmt"
	"strconv"
	"strings"
)

// Kind is the kind of a Node in a BNF syntax tree.
type Kind int

// The kinds of Node.
const (
	Alternation   Kind = iota // a | b | ...: Children
	Concatenation             // a b ...: Children
	Repetition                // n*m a, [ a ]: Children[0], Min, Max
	Literal                   // "x": Text (byte for byte; ignoring ASCII case when Fold is set)
	RuleRef                   // name: Text
	CharRange                 // %x30-39 (RFC 5234): one byte, or one code point when CodePoints is set, from Min to Max
	Prose                     // <text> (RFC 5234): Text; only ever repeated zero times
)

// Node is one node of the syntax tree of a rule.
type Node struct {
	Kind     Kind
	Children []*Node
	Min, Max int    // Repetition bounds (Max < 0: no upper bound); CharRange bytes or code points.
	Text     string // Literal text, referenced rule name or prose.
	// Fold is set on a Literal that matches ignoring the case of ASCII
	// letters: an RFC 5234 quoted string ("v" matches "v" and "V"). RFC
	// 2396 literals and RFC 5234 %x strings are exact.
	Fold bool
	// CodePoints is set on a CharRange whose Min and Max are Unicode code
	// points, not bytes: it matches the UTF-8 encoding of one code point
	// from Min to Max (never a surrogate, never an over-long form). ParseABNF
	// sets it on a range that goes beyond 0xFF, such as RFC 3987's
	// %xA0-D7FF. A consumer that reads one byte at a time runs [Bytes] of
	// the node.
	CodePoints bool
}

// Definition is one parsed rule of the BNF: its name, its right-hand side and
// the line it came from.
type Definition struct {
	Name string
	Line string
	Body *Node
}

// SyntaxError reports a line of BNF that Parse cannot read.
type SyntaxError struct {
	Line   int // 1-based line number
	Offset int // byte offset in the line
	Msg    string
}

func (e *SyntaxError) Error() string {
	return fmt.Sprintf("bnf: line %d, offset %d: %s", e.Line, e.Offset, e.Msg)
}

// Parse parses rules written one a line in the RFC's BNF dialect. Blank
// lines are skipped. Prose values such as section 2.4.3's
// "<US-ASCII coded characters 00-1F and 7F hexadecimal>" are not part of
// Appendix A and are rejected: they have no machine-readable meaning. Every
// referenced rule must be defined, and no name may be defined twice.
func Parse(text string) ([]Definition, error) {
	defs, err := ParseFragment(text, RFC2396)
	if err != nil {
		return nil, err
	}
	seen := map[string]bool{}
	for _, d := range defs {
		seen[d.Name] = true
	}
	for _, d := range defs {
		var err error
		walk(d.Body, func(n *Node) {
			if n.Kind == RuleRef && !seen[n.Text] && err == nil {
				err = fmt.Errorf("bnf: rule %s refers to undefined rule %s", d.Name, n.Text)
			}
		})
		if err != nil {
			return nil, err
		}
	}
	return defs, nil
}

func walk(n *Node, f func(*Node)) {
	f(n)
	for _, c := range n.Children {
		walk(c, f)
	}
}

type bnfParser struct {
	src  string
	pos  int
	line int
	abnf bool // RFC 5234 dialect (ParseABNF)
}

// alternative is the byte that separates alternatives in the dialect.
func (p *bnfParser) alternative() byte {
	if p.abnf {
		return '/'
	}
	return '|'
}

func (p *bnfParser) errorf(format string, args ...any) error {
	return &SyntaxError{Line: p.line, Offset: p.pos, Msg: fmt.Sprintf(format, args...)}
}

func (p *bnfParser) skipSpace() {
	for p.pos < len(p.src) && (p.src[p.pos] == ' ' || p.src[p.pos] == '\t') {
		p.pos++
	}
}

func (p *bnfParser) peek() byte {
	p.skipSpace()
	if p.pos < len(p.src) {
		return p.src[p.pos]
	}
	return 0
}

func isNameByte(c byte) bool {
	return c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9' || c == '-' || c == '_'
}

func (p *bnfParser) name() string {
	p.skipSpace()
	start := p.pos
	for p.pos < len(p.src) && isNameByte(p.src[p.pos]) {
		p.pos++
	}
	return p.src[start:p.pos]
}

func (p *bnfParser) definition() (Definition, error) {
	name := p.name()
	if name == "" {
		return Definition{}, p.errorf("expected a rule name")
	}
	if p.peek() != '=' {
		return Definition{}, p.errorf("expected \"=\" after rule name %s", name)
	}
	p.pos++
	body, err := p.alternation()
	if err != nil {
		return Definition{}, err
	}
	if p.peek() != 0 {
		return Definition{}, p.errorf("unexpected %q", p.src[p.pos])
	}
	return Definition{Name: name, Line: p.src, Body: body}, nil
}

func (p *bnfParser) alternation() (*Node, error) {
	var alts []*Node
	for {
		c, err := p.concatenation()
		if err != nil {
			return nil, err
		}
		alts = append(alts, c)
		if p.peek() != p.alternative() {
			break
		}
		p.pos++
	}
	if len(alts) == 1 {
		return alts[0], nil
	}
	return &Node{Kind: Alternation, Children: alts}, nil
}

func (p *bnfParser) concatenation() (*Node, error) {
	var items []*Node
	for {
		switch c := p.peek(); {
		case c == 0 || c == p.alternative() || c == ')' || c == ']':
			if len(items) == 0 {
				return nil, p.errorf("empty alternative")
			}
			if len(items) == 1 {
				return items[0], nil
			}
			return &Node{Kind: Concatenation, Children: items}, nil
		}
		n, err := p.repetition()
		if err != nil {
			return nil, err
		}
		items = append(items, n)
	}
}

func (p *bnfParser) number() (int, bool) {
	start := p.pos
	for p.pos < len(p.src) && p.src[p.pos] >= '0' && p.src[p.pos] <= '9' {
		p.pos++
	}
	if start == p.pos {
		return 0, false
	}
	n, err := strconv.Atoi(p.src[start:p.pos])
	return n, err == nil
}

func (p *bnfParser) repetition() (*Node, error) {
	p.skipSpace()
	start := p.pos
	lo, hasLo := p.number()
	if p.pos < len(p.src) && p.src[p.pos] == '*' {
		p.pos++
		hi, hasHi := p.number()
		if !hasHi {
			hi = -1
		}
		if !hasLo {
			lo = 0
		}
		el, err := p.element()
		if err != nil {
			return nil, err
		}
		if el.Kind == Prose {
			return nil, p.errorf("prose value <%s> is not machine-readable", el.Text)
		}
		return &Node{Kind: Repetition, Children: []*Node{el}, Min: lo, Max: hi}, nil
	}
	if hasLo {
		// "n element" is exactly n repetitions (RFC 822 section 2.7).
		el, err := p.element()
		if err != nil {
			return nil, err
		}
		if el.Kind == Prose && lo != 0 {
			return nil, p.errorf("prose value <%s> is not machine-readable (only zero repetitions of one are)", el.Text)
		}
		return &Node{Kind: Repetition, Children: []*Node{el}, Min: lo, Max: lo}, nil
	}
	p.pos = start
	el, err := p.element()
	if err == nil && el.Kind == Prose {
		return nil, p.errorf("prose value <%s> is not machine-readable (only zero repetitions of one are)", el.Text)
	}
	return el, err
}

func (p *bnfParser) element() (*Node, error) {
	switch c := p.peek(); {
	case c == '"':
		end := strings.IndexByte(p.src[p.pos+1:], '"')
		if end < 0 {
			return nil, p.errorf("unterminated literal")
		}
		lit := p.src[p.pos+1 : p.pos+1+end]
		if lit == "" {
			return nil, p.errorf("empty literal")
		}
		p.pos += end + 2
		return &Node{Kind: Literal, Text: lit, Fold: p.abnf}, nil
	case c == '%' && p.abnf:
		return p.numericValue()
	case c == '<' && p.abnf:
		return p.prose()
	case c == '(' || c == '[':
		p.pos++
		n, err := p.alternation()
		if err != nil {
			return nil, err
		}
		want := byte(')')
		if c == '[' {
			want = ']'
		}
		if p.peek() != want {
			return nil, p.errorf("expected %q", want)
		}
		p.pos++
		if c == '[' {
			return &Node{Kind: Repetition, Children: []*Node{n}, Min: 0, Max: 1}, nil
		}
		return n, nil
	case c == '<':
		return nil, p.errorf("prose value %q is not machine-readable and is not part of Appendix A", p.src[p.pos:])
	case isNameByte(c):
		return &Node{Kind: RuleRef, Text: p.name()}, nil
	case c == 0:
		return nil, p.errorf("unexpected end of line")
	default:
		return nil, p.errorf("unexpected %q", c)
	}
}
