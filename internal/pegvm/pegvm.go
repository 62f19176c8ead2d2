// Package pegvm runs a parsing expression grammar that gen has encoded as
// data (a [Program]) the way the parsers pointlander/peg compiles from the
// same grammar file run it, with the same matches and the same tokens:
// ordered choice that commits to the first alternative that succeeds,
// repetitions that take all they can and never give any back, predicates
// that consume nothing, one byte a character, and a token (rule, begin,
// end) for every rule that succeeds, in the order the rules complete,
// taken back when what contains it fails.
//
// It is the playground's WebAssembly module's reference parser: one small
// interpreter and a table per grammar, where peg writes a closure for
// every expression of every rule (about 320 KB of code for RFC 2396, RFC
// 3986 and RFC 3987, which the module would carry with their run-time
// tables). Natively the grammar packages keep peg's parsers, and each
// package's TestReferenceVM holds the two to the same verdicts and tokens.
package pegvm

// The operations of a [Program]'s nodes. A node is four bytes: the
// operation, a count N and a little-endian 16-bit argument A.
const (
	OpChoice   = iota // the N nodes listed in Kids from A, the first that succeeds; each with a class (see Any)
	OpSeq             // the N nodes listed in Kids from A, in turn
	OpOptional        // node A, or nothing
	OpStar            // node A as many times as it matches
	OpPlus            // node A once, then as many times as it matches
	OpAnd             // node A matches here; nothing is consumed
	OpNot             // node A does not match here; nothing is consumed
	OpLiteral         // the N bytes of Literals from A
	OpClass           // one byte of class A (32 bytes of Classes: a bit a byte)
	OpDot             // any byte
	OpRule            // rule A (its body and its token)
	OpPick            // the definition the edits in force pick for slot N is A
)

// Any is the class of a choice's alternative that is tried at any byte.
// A choice lists each alternative as its node and a class (4 bytes in
// Kids): the bytes the alternative can start with, so that it is skipped
// at any other byte (where it would fail), or Any, for one that may match
// the empty string or starts with a predicate.
const Any = 0xFFFF

// A Program is a grammar file encoded for [Parser]. Rules are numbered as
// peg numbers them (its pegRule constants: 1 for the file's first rule,
// and so on); gen writes each grammar's program beside peg's parser.
type Program struct {
	// Nodes holds 4 bytes a node (see the Op constants).
	Nodes string
	// Kids holds the nodes of sequences, 2 bytes each, and of choices, 4
	// bytes each (see Any).
	Kids string
	// Classes holds 32 bytes a class, bit c&7 of byte c>>3 set if the
	// class holds byte c.
	Classes string
	// Literals holds the bytes of the literals.
	Literals string
	// Rules holds, 2 bytes a rule from rule 1, the node of each rule's
	// body. (peg writes a function for every rule of the grammars, so
	// every rule has one.)
	Rules string
	// Picks is the number of slots OpPick reads, each set by
	// [Parser.SetPick].
	Picks int
}

// Token is a rule and the byte span [Begin, End) it matched.
type Token struct {
	Rule       uint16
	Begin, End uint32
}

// maxDepth bounds the nesting of rules and expressions a match may reach,
// so that no input makes the interpreter's own recursion run away (the
// grammars are regular as written: their depth does not grow with the
// input, and the deepest of them stays far below it).
const maxDepth = 10000

// A Parser runs a Program. Its zero value is not ready: [New] makes one.
// A Parser is not safe for concurrent use; it keeps its token buffer
// between runs, so callers pool them.
type Parser struct {
	prog   *Program
	in     string
	tokens []Token
	picks  []uint8
	depth  int
}

// New returns a parser of prog with every pick slot 0.
func New(prog *Program) *Parser {
	return &Parser{prog: prog, tokens: make([]Token, 0, 32), picks: make([]uint8, prog.Picks)}
}

// SetPick sets slot k, which OpPick nodes compare with their argument.
func (p *Parser) SetPick(k int, v uint8) { p.picks[k] = v }

// Has reports whether rule is a rule of the program.
func (p *Parser) Has(rule int) bool { return rule >= 1 && 2*rule <= len(p.prog.Rules) }

// Match reports whether rule matches the whole of input; after a
// successful match, Tokens gives its tokens. A rule that Has refuses
// never matches, nor does an input of 4 GiB or more.
func (p *Parser) Match(input string, rule int) bool {
	p.tokens = p.tokens[:0]
	if !p.Has(rule) || uint64(len(input)) >= 1<<32-1 {
		return false
	}
	p.in, p.depth = input, 0
	end := p.rule(rule, 0)
	p.in = ""
	if end != len(input) {
		p.tokens = p.tokens[:0]
		return false
	}
	return true
}

// Tokens returns the tokens of the last successful Match, children before
// parents; the last is the start rule's. They are valid until the next
// Match.
func (p *Parser) Tokens() []Token { return p.tokens }

func (p *Parser) u16(s string, i int) int { return int(s[i]) | int(s[i+1])<<8 }

// rule runs rule at pos and returns where it ends, or -1; on success its
// token follows those of its body.
func (p *Parser) rule(rule, pos int) int {
	end := p.match(p.u16(p.prog.Rules, 2*(rule-1)), pos)
	if end >= 0 {
		p.tokens = append(p.tokens, Token{Rule: uint16(rule), Begin: uint32(pos), End: uint32(end)})
	}
	return end
}

// match runs node n at pos and returns where it ends, or -1 if it fails,
// with the tokens it added taken back. A class, the commonest node, is
// matched in place.
func (p *Parser) match(n, pos int) int {
	nodes := p.prog.Nodes
	if nodes[4*n] == OpClass {
		return p.class(p.u16(nodes, 4*n+2), pos)
	}
	if p.depth >= maxDepth {
		return -1
	}
	p.depth++
	end := p.node(n, pos)
	p.depth--
	return end
}

// class matches one byte of class c at pos.
func (p *Parser) class(c, pos int) int {
	if pos < len(p.in) {
		b := p.in[pos]
		if p.prog.Classes[32*c+int(b>>3)]&(1<<(b&7)) != 0 {
			return pos + 1
		}
	}
	return -1
}

// node is match without the depth check.
func (p *Parser) node(n, pos int) int {
	nodes := p.prog.Nodes
	op, count, arg := nodes[4*n], int(nodes[4*n+1]), p.u16(nodes, 4*n+2)
	mark := len(p.tokens)
	switch op {
	case OpChoice:
		for i := range count {
			k := 2 * (arg + 2*i)
			if c := p.u16(p.prog.Kids, k+2); c != Any && p.class(c, pos) < 0 {
				continue
			}
			if end := p.match(p.u16(p.prog.Kids, k), pos); end >= 0 {
				return end
			}
			p.tokens = p.tokens[:mark]
		}
		return -1
	case OpSeq:
		for i := range count {
			if pos = p.match(p.u16(p.prog.Kids, 2*(arg+i)), pos); pos < 0 {
				p.tokens = p.tokens[:mark]
				return -1
			}
		}
		return pos
	case OpOptional:
		if end := p.match(arg, pos); end >= 0 {
			return end
		}
		return pos
	case OpStar, OpPlus:
		if nodes[4*arg] == OpClass {
			// A run of a class, read in place.
			c, start := p.u16(nodes, 4*arg+2), pos
			for end := p.class(c, pos); end >= 0; end = p.class(c, pos) {
				pos = end
			}
			if op == OpPlus && pos == start {
				return -1
			}
			return pos
		}
		if op == OpPlus {
			if pos = p.match(arg, pos); pos < 0 {
				return -1
			}
		}
		for {
			end := p.match(arg, pos)
			if end < 0 || end == pos {
				// peg's parser would repeat an empty match forever;
				// no grammar has one, and this one stops.
				return pos
			}
			pos = end
		}
	case OpAnd, OpNot:
		end := p.match(arg, pos)
		p.tokens = p.tokens[:mark]
		if (end >= 0) != (op == OpAnd) {
			return -1
		}
		return pos
	case OpLiteral:
		if len(p.in)-pos >= count && p.in[pos:pos+count] == p.prog.Literals[arg:arg+count] {
			return pos + count
		}
		return -1
	case OpDot:
		if pos < len(p.in) {
			return pos + 1
		}
		return -1
	case OpRule:
		return p.rule(arg, pos)
	case OpPick:
		if int(p.picks[count]) == arg {
			return pos
		}
		return -1
	}
	return -1
}
