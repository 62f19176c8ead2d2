package syntax

// The operations of a [PEGProgram]'s nodes. A node is four bytes: the
// operation, a count N and a little-endian 16-bit argument A.
const (
	PEGChoice   = iota // the N nodes listed in Kids from A, the first that succeeds; each with a class (see PEGAny)
	PEGSeq             // the N nodes listed in Kids from A, in turn
	PEGOptional        // node A, or nothing
	PEGStar            // node A as many times as it matches
	PEGPlus            // node A once, then as many times as it matches
	PEGAnd             // node A matches here; nothing is consumed
	PEGNot             // node A does not match here; nothing is consumed
	PEGLiteral         // the N bytes of Literals from A
	PEGClass           // one byte of class A (32 bytes of Classes: a bit a byte)
	PEGDot             // any byte
	PEGRule            // rule A (its body and its token)
	PEGPick            // the definition the edits in force pick for slot N is A
)

// PEGAny is the class of a choice's alternative that is tried at any byte.
// A choice lists each alternative as its node and a class (4 bytes in
// Kids): the bytes the alternative can start with, so that it is skipped
// at any other byte (where it would fail), or PEGAny, for one that may match
// the empty string or starts with a predicate.
const PEGAny = 0xFFFF

// A PEGProgram is a grammar file encoded for [PEGParser]. Rules are numbered as
// peg numbers them (its pegRule constants: 1 for the file's first rule,
// and so on); gen writes each grammar's program beside peg's parser.
type PEGProgram struct {
	// Nodes holds 4 bytes a node (see the PEG operation constants).
	Nodes string
	// Kids holds the nodes of sequences, 2 bytes each, and of choices, 4
	// bytes each (see PEGAny).
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
	// Picks is the number of slots PEGPick reads, each set by
	// [PEGParser.SetPick].
	Picks int
}

// PEGToken is a rule and the byte span [Begin, End) it matched.
type PEGToken struct {
	Rule       uint16
	Begin, End uint32
}

// pegMaxDepth bounds the nesting of rules and expressions a match may reach,
// so that no input makes the interpreter's own recursion run away (the
// grammars are regular as written: their depth does not grow with the
// input, and the deepest of them stays far below it).
const pegMaxDepth = 10000

// A PEGParser runs a parsing expression grammar that gen has encoded as
// data (a [PEGProgram]) the way the parsers pointlander/peg compiles from the
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
// tables). Natively the grammar packages keep peg's parsers, and
// TestReferenceVM (here and in parser) holds the two to the same verdicts and tokens.
//
// Its zero value is not ready: [NewPEGParser] makes one.
// A PEGParser is not safe for concurrent use; it keeps its token buffer
// between runs, so callers pool them.
type PEGParser struct {
	prog   *PEGProgram
	in     string
	tokens []PEGToken
	picks  []uint8
	depth  int
}

// NewPEGParser returns a parser of prog with every pick slot 0.
func NewPEGParser(prog *PEGProgram) *PEGParser {
	return &PEGParser{prog: prog, tokens: make([]PEGToken, 0, 32), picks: make([]uint8, prog.Picks)}
}

// SetPick sets slot k, which PEGPick nodes compare with their argument.
func (p *PEGParser) SetPick(k int, v uint8) { p.picks[k] = v }

// Has reports whether rule is a rule of the program.
func (p *PEGParser) Has(rule int) bool { return rule >= 1 && 2*rule <= len(p.prog.Rules) }

// Match reports whether rule matches the whole of input; after a
// successful match, Tokens gives its tokens. A rule that Has refuses
// never matches, nor does an input of 4 GiB or more.
func (p *PEGParser) Match(input string, rule int) bool {
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
func (p *PEGParser) Tokens() []PEGToken { return p.tokens }

func (p *PEGParser) u16(s string, i int) int { return int(s[i]) | int(s[i+1])<<8 }

// rule runs rule at pos and returns where it ends, or -1; on success its
// token follows those of its body.
func (p *PEGParser) rule(rule, pos int) int {
	end := p.match(p.u16(p.prog.Rules, 2*(rule-1)), pos)
	if end >= 0 {
		p.tokens = append(p.tokens, PEGToken{Rule: uint16(rule), Begin: uint32(pos), End: uint32(end)})
	}
	return end
}

// match runs node n at pos and returns where it ends, or -1 if it fails,
// with the tokens it added taken back. A class, the commonest node, is
// matched in place.
func (p *PEGParser) match(n, pos int) int {
	nodes := p.prog.Nodes
	if nodes[4*n] == PEGClass {
		return p.class(p.u16(nodes, 4*n+2), pos)
	}
	if p.depth >= pegMaxDepth {
		return -1
	}
	p.depth++
	end := p.node(n, pos)
	p.depth--
	return end
}

// class matches one byte of class c at pos.
func (p *PEGParser) class(c, pos int) int {
	if pos < len(p.in) {
		b := p.in[pos]
		if p.prog.Classes[32*c+int(b>>3)]&(1<<(b&7)) != 0 {
			return pos + 1
		}
	}
	return -1
}

// node is match without the depth check.
func (p *PEGParser) node(n, pos int) int {
	nodes := p.prog.Nodes
	op, count, arg := nodes[4*n], int(nodes[4*n+1]), p.u16(nodes, 4*n+2)
	mark := len(p.tokens)
	switch op {
	case PEGChoice:
		for i := range count {
			k := 2 * (arg + 2*i)
			if c := p.u16(p.prog.Kids, k+2); c != PEGAny && p.class(c, pos) < 0 {
				continue
			}
			if end := p.match(p.u16(p.prog.Kids, k), pos); end >= 0 {
				return end
			}
			p.tokens = p.tokens[:mark]
		}
		return -1
	case PEGSeq:
		for i := range count {
			if pos = p.match(p.u16(p.prog.Kids, 2*(arg+i)), pos); pos < 0 {
				p.tokens = p.tokens[:mark]
				return -1
			}
		}
		return pos
	case PEGOptional:
		if end := p.match(arg, pos); end >= 0 {
			return end
		}
		return pos
	case PEGStar, PEGPlus:
		if nodes[4*arg] == PEGClass {
			// A run of a class, read in place.
			c, start := p.u16(nodes, 4*arg+2), pos
			for end := p.class(c, pos); end >= 0; end = p.class(c, pos) {
				pos = end
			}
			if op == PEGPlus && pos == start {
				return -1
			}
			return pos
		}
		if op == PEGPlus {
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
	case PEGAnd, PEGNot:
		end := p.match(arg, pos)
		p.tokens = p.tokens[:mark]
		if (end >= 0) != (op == PEGAnd) {
			return -1
		}
		return pos
	case PEGLiteral:
		if len(p.in)-pos >= count && p.in[pos:pos+count] == p.prog.Literals[arg:arg+count] {
			return pos + count
		}
		return -1
	case PEGDot:
		if pos < len(p.in) {
			return pos + 1
		}
		return -1
	case PEGRule:
		return p.rule(arg, pos)
	case PEGPick:
		if int(p.picks[count]) == arg {
			return pos
		}
		return -1
	}
	return -1
}
