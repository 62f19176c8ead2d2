// Package compact holds the parser that pointlander/peg generates from
// compact.peg, the grammar gen derives from rfc2396.peg for speed: only the
// rules whose spans fill a URI's components produce tokens, every other rule
// is inlined, and runs of a character class are skipped by the functions of
// run.go. parser.Parse and parser.Valid run it. compact.peg.go is generated
// by peg; compact.peg and adapter_gen.go by gen.
package compact

import "github.com/rfc2396/rfc2396/grammar"

// Parser runs the compact parser. A Parser is not safe for concurrent use;
// it is meant to be reused, one per goroutine, since it keeps its buffers
// between runs.
type Parser struct {
	peg Compact
}

// NewParser returns a Parser ready for Match.
func NewParser() *Parser {
	p := &Parser{}
	p.peg.Init(Size(32))
	return p
}

// MatchReference reports whether input is a URI-reference. Input is read
// one byte at a time. After a successful match, Len and Token give the
// tokens of the rules the compact grammar keeps.
func (p *Parser) MatchReference(input string) bool {
	if uint64(len(input)) >= 1<<32-1 {
		return false
	}
	p.peg.Buffer = input
	p.peg.Reset()
	// URI_reference is the grammar's first rule, which Parse runs when it
	// is given none (giving it would allocate the variadic slice).
	err := p.peg.Parse()
	p.peg.Buffer = ""
	t := p.peg.tokens32.tree
	if err != nil || len(t) == 0 || int(t[len(t)-1].end) != len(input) {
		p.peg.tokens32.tree = t[:0]
		return false
	}
	return true
}

// Len returns the number of tokens of the last successful match.
func (p *Parser) Len() int { return len(p.peg.tokens32.tree) }

// Token returns the i-th token of the last successful match: the rule and
// the byte span it matched. Tokens come in the order their rules completed,
// children before parents.
func (p *Parser) Token(i int) (rule grammar.Rule, begin, end int) {
	t := p.peg.tokens32.tree[i]
	return toGrammar[t.pegRule], int(t.begin), int(t.end)
}

// appendBytes stores s in dst one rune per byte, reusing dst's memory. The
// generated reset function calls it (see gen patch), so that positions are
// byte offsets and a run allocates nothing once dst is large enough.
func appendBytes(dst []rune, s string) []rune {
	if cap(dst) < len(s)+1 {
		dst = make([]rune, 0, len(s)+1)
	}
	dst = dst[:len(s)]
	for i := 0; i < len(s); i++ {
		dst[i] = rune(s[i])
	}
	return dst
}
