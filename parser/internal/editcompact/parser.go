package editcompact

import "github.com/rfc2396/rfc2396/grammar"

// Parser runs the generated parser. A Parser is not safe for concurrent
// use; it keeps its buffers between runs.
type Parser struct {
	peg   EditCompact
	edits grammar.EditSet
}

// NewParser returns a Parser ready for Match.
func NewParser() *Parser {
	p := &Parser{}
	p.peg.Init(Size(32))
	p.SetEdits(0)
	return p
}

// SetEdits puts the edits of s in force for the following runs: each rule
// that several definitions define takes the last one in force.
func (p *Parser) SetEdits(s grammar.EditSet) {
	p.edits = s
	for k, edits := range pickEdits {
		p.peg.pick[k] = 0
		for j, e := range edits {
			if e == grammar.NoEdit || s.Has(e) {
				p.peg.pick[k] = uint8(j)
			}
		}
	}
}

// Edits returns the edits in force.
func (p *Parser) Edits() grammar.EditSet { return p.edits }

// Match reports whether rule matches the whole of input under the edits in
// force. Input is read one byte at a time. After a successful match, Len
// and Token give the tokens.
func (p *Parser) Match(input string, rule grammar.Rule) bool {
	if rule < 0 || rule >= grammar.NumAllRules || uint64(len(input)) >= 1<<32-1 || fromGrammar[rule] == ruleUnknown {
		return false
	}
	p.peg.Buffer = input
	p.peg.Reset()
	var err error
	if r := fromGrammar[rule]; r == 1 {
		err = p.peg.Parse() // the first rule; giving it would allocate
	} else {
		err = p.peg.Parse(int(r))
	}
	p.peg.Buffer = ""
	t := p.peg.tokens32.tree
	if err != nil || len(t) == 0 || int(t[len(t)-1].end) != len(input) {
		p.peg.tokens32.tree = t[:0]
		return false
	}
	return true
}

// Len returns the number of tokens of the last successful Match.
func (p *Parser) Len() int { return len(p.peg.tokens32.tree) }

// Token returns the i-th token of the last successful Match: the rule and
// the byte span it matched. Tokens come in the order their rules
// completed, children before parents.
func (p *Parser) Token(i int) (rule grammar.Rule, begin, end int) {
	t := p.peg.tokens32.tree[i]
	return toGrammar[t.pegRule], int(t.begin), int(t.end)
}

// appendBytes stores s in dst one rune per byte, reusing dst's memory. The
// generated reset function calls it (see gen patch), so that positions are
// byte offsets.
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
