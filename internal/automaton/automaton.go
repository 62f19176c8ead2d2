// Package automaton builds the deterministic automaton of a rule of a
// regular grammar read by package grammar/bnf, byte by byte: the position
// automaton (Glushkov's construction) of the rule with every rule reference
// expanded, made deterministic by the subset construction, and, for every
// state, what an error found in it reports (the rules the reading is
// inside, and what could come next).
//
// gen runs the whole construction ([Grammar.Build]) at generate time for
// the strict grammar and writes the result as tables ([EncodeTables]: the
// tables.bin and tables_gen.go of package parser and of each NAME/grammar);
// the generated packages run those tables ([SliceTables], [Table]), and a
// profile's grammar, composed from generated syntax trees, with [Lazy],
// which builds the position automaton when the profile first needs a rule
// and each deterministic state only when an input reaches it ([LazySet],
// [LazyTable]). A [Table] and a [LazyTable] answer in the rules of the
// grammar's own catalogue ([Explanation]). Each generated grammar package's
// TestExplainTable checks its table of explained errors with
// [CheckExplainTable]. Nothing here reads grammar text.
//
// Appendix A is regular, and so is every edit of it the project carries,
// so a rule's language is exactly its automaton's: after every byte the
// automaton knows whether some string of the language still starts with
// what has been read, and the first byte after which none does is the
// first byte no valid parse can include.
package automaton

import (
	"fmt"
	"math/bits"
	"slices"
	"strings"
	"sync"
	"unicode/utf8"

	"github.com/rfc2396/rfc2396/grammar/bnf"
)

// DFA is the deterministic automaton of one rule: bytes that no position
// of the rule tells apart share a class, Trans[s*Classes+ClassOf[c]] is
// the state after reading c in state s, or -1 when no string of the
// language continues with c there, and State 0 is the start state.
type DFA struct {
	Classes int
	ClassOf [256]uint8
	Trans   []int32
	States  []State
}

// State is a state of a DFA and what an error found in it reports.
type State struct {
	// Accepting reports that what has been read is a string of the
	// language.
	Accepting bool
	// Path lists the rules (indexes into the grammar's definitions), from
	// the start rule down, that the reading of what has been read is
	// inside: where live readings part at an alternation, the first
	// alternative is followed (as a PEG does: net_path before abs_path,
	// server before reg_name); AltPath follows the last one instead.
	// Character-level rules (alpha, pchar, ...) are left out at the end.
	Path, AltPath []int
	// Expected describes the bytes that could come next, with
	// character-level rules where a whole rule's first bytes are allowed,
	// and "end of input" where the state accepts.
	Expected string
}

// automaton is the position automaton of one rule, and the deterministic
// automaton built from it.
type automaton struct {
	g        *Grammar
	start    int // the rule, as an index into g.Defs
	pos      []position
	sets     []byteSet // the distinct byte sets of the positions
	first    bitset    // positions a match can start with
	nullable bool      // the rule matches the empty string
	last     bitset    // positions a match can end with
	follow   [][]int32 // positions that can follow each position, in order
	byClass  []bitset  // positions whose byte set holds the bytes of a class

	classOf        [256]uint8
	classes        int
	representative []byte // a byte of each class
	trans          []int32
	states         []dfaState
}

type dfaState struct {
	live      bitset
	atStart   bool
	accepting bool
}

// position is one character of the grammar: a set of bytes (an index into
// the automaton's sets), and the path from the start rule down to it.
type position struct {
	set  int32
	call int32 // in a rule's own automaton (see localRule), the rule an item calls; -1 for a character
	path *pathNode
}

// pathNode is the last step of a path, linked to the steps before it:
// positions under one rule share the path to it, and a path costs one
// node per rule or alternative entered.
type pathNode struct {
	up   *pathNode
	step step
	len  int // steps from the start rule, this one included
}

// steps returns the steps of the path ending at n, from the start rule down.
func (n *pathNode) steps() []step {
	if n == nil {
		return nil
	}
	out := make([]step, n.len)
	for ; n != nil; n = n.up {
		out[n.len-1] = n.step
	}
	return out
}

// step is one step of a position's path: into a rule (alt < 0) or into the
// alt-th alternative of an alternation (rule < 0).
type step struct {
	rule int
	alt  int
}

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
func (s byteSet) minus(t byteSet) byteSet {
	for i := range s {
		s[i] &^= t[i]
	}
	return s
}

type bitset []uint64

func (b bitset) set(i int) { b[i>>6] |= 1 << (i & 63) }
func (b bitset) empty() bool {
	for _, w := range b {
		if w != 0 {
			return false
		}
	}
	return true
}

// each calls f for every member of b, in increasing order.
func (b bitset) each(f func(int)) {
	for i, w := range b {
		for w != 0 {
			f(i<<6 + bits.TrailingZeros64(w))
			w &= w - 1
		}
	}
}

// appendKey appends the bytes of b to buf, for use as a map key.
func (b bitset) appendKey(buf []byte) []byte {
	for _, w := range b {
		for k := 0; k < 64; k += 8 {
			buf = append(buf, byte(w>>k))
		}
	}
	return buf
}

// Grammar is a regular grammar, its rules indexed by name, with what the
// automata need to know about each rule.
type Grammar struct {
	Defs      []bnf.Definition
	index     map[string]int
	charLevel []bool
	describe  []string
	single    []singleRule // by rule: whether it is one byte, and which
	setsOnce  sync.Once
	sets      []describedSet // see describedSets
	// altOutside: see AltPathLeavesPathRule.
	altOutside bool
}

// AltPathLeavesPathRule makes [State.AltPath] the reading outside the rule
// Path ends in where the last alternative reaches that same rule by other
// rules, rather than that same rule again. Appendix A's tables are the
// same either way; RFC 3986's differ in IPv6 states, so gen leaves it off
// and the parser's profiles set it. Call it before building automata.
func (g *Grammar) AltPathLeavesPathRule() { g.altOutside = true }

// NewGrammar indexes defs, whose references must all be defined and must
// not recurse, and works out which rules are at the character level (see
// CharacterLevel), or takes it from charLevel when that is not nil (a
// caller that knows it saves building every rule's automaton). describe
// lists the character-level rules, largest first, that an error's
// "expected" list is written with (those defs does not define are left
// out); what no whole rule covers is listed byte by byte.
func NewGrammar(defs []bnf.Definition, charLevel []bool, describe []string) (*Grammar, error) {
	if charLevel != nil {
		return NewGrammarWithLevels(defs, charLevel, describe)
	}
	g, err := newGrammar(defs, describe)
	if err != nil {
		return nil, err
	}
	codePoints := false
	var walk func(n *bnf.Node)
	walk = func(n *bnf.Node) {
		codePoints = codePoints || n.CodePoints
		for _, c := range n.Children {
			walk(c)
		}
	}
	for _, d := range defs {
		walk(d.Body)
	}
	g.charLevel = make([]bool, len(defs))
	for i := range defs {
		g.charLevel[i] = characterLevel(g.build(i), codePoints)
	}
	return g, nil
}

// NewGrammarWithLevels is [NewGrammar] with the character level of every
// rule given (charLevel[i] for rule i). Unlike NewGrammar it never builds
// a whole rule's deterministic automaton, so that a program that builds
// automata only on demand ([Grammar.Lazy]), such as the playground's
// WebAssembly module, does not link that construction.
func NewGrammarWithLevels(defs []bnf.Definition, charLevel []bool, describe []string) (*Grammar, error) {
	if len(charLevel) != len(defs) {
		return nil, fmt.Errorf("automaton: %d character levels for %d rules", len(charLevel), len(defs))
	}
	g, err := newGrammar(defs, describe)
	if err != nil {
		return nil, err
	}
	g.charLevel = charLevel
	return g, nil
}

// newGrammar indexes and checks defs, and finds the rules of one byte. A
// code-point range (RFC 3987's %xA0-D7FF) is run as the byte sequences of
// its UTF-8 encodings (see [bnf.Bytes]): g.Defs holds the lowered bodies,
// which are defs' own when defs has no such range.
func newGrammar(defs []bnf.Definition, describe []string) (*Grammar, error) {
	defs = bnf.BytesOf(defs)
	g := &Grammar{Defs: defs, index: map[string]int{}, describe: describe}
	for i, d := range defs {
		if _, dup := g.index[d.Name]; dup {
			return nil, fmt.Errorf("automaton: rule %s defined twice", d.Name)
		}
		g.index[d.Name] = i
	}
	var err error
	for _, d := range defs {
		visit(d.Body, func(n *bnf.Node) {
			if n.Kind == bnf.RuleRef && err == nil {
				if _, ok := g.index[n.Text]; !ok {
					err = fmt.Errorf("automaton: rule %s refers to undefined rule %s", d.Name, n.Text)
				}
			}
		})
	}
	if err != nil {
		return nil, err
	}
	if r := g.recursive(); r != "" {
		return nil, fmt.Errorf("automaton: rule %s is recursive; the grammar is not regular as written", r)
	}
	single := make([]singleRule, len(defs))
	for i, d := range defs {
		single[i].set, single[i].ok = g.singleByte(d.Body)
	}
	g.single = single
	return g, nil
}

// describedSets returns the rules errors describe expected bytes with,
// and their first bytes, working them out the first time: only an error
// needs them. The first bytes of a rule are those of the first items of
// its own automaton (localRule): a character's set, or the first bytes of
// the rule a call enters (the local automaton's first items already take
// a nullable call's successors). One set of local automata serves every
// described rule, so a rule that several reach (RFC 3987's ucschar, under
// ipchar and iunreserved) is built once, and no frame or position of a
// whole rule is made.
func (g *Grammar) describedSets() []describedSet { return g.describedSetsIn(nil) }

// describedSetsIn is describedSets, building the local automata it needs
// in h, whose caller holds what guards it (the on-demand automaton's
// mutex), so that they are those h has built already: the first error of
// an on-demand automaton builds none again. With h nil it builds them in
// a hier of its own.
func (g *Grammar) describedSetsIn(h *hier) []describedSet {
	g.setsOnce.Do(func() {
		if h == nil {
			h = &hier{g: g, rules: map[int]*localRule{}, setIndex: map[byteSet]int32{}}
		}
		firsts := map[int]byteSet{}
		var first func(r int) byteSet
		first = func(r int) byteSet {
			if s, ok := firsts[r]; ok {
				return s
			}
			lr := h.rule(r)
			var s byteSet
			for _, it := range lr.first {
				if c := lr.items[it].call; c >= 0 {
					s = s.union(first(int(c)))
				} else {
					s = s.union(h.sets[lr.items[it].set])
				}
			}
			firsts[r] = s
			return s
		}
		for _, name := range g.describe {
			if i, ok := g.index[name]; ok {
				g.sets = append(g.sets, describedSet{name, first(i)})
			}
		}
	})
	return g.sets
}

// singleRule is whether a rule matches exactly one byte, and which.
type singleRule struct {
	set byteSet
	ok  bool
}

// Index returns the index of the rule named name.
func (g *Grammar) Index(name string) (int, bool) {
	i, ok := g.index[name]
	return i, ok
}

// CharacterLevel reports whether every string of rule i is one character:
// a single byte, an escape, "%" followed by two bytes (section 2.4.1), or
// in a grammar whose %x values are code points, the UTF-8 encoding of
// one code point (RFC 3987's ucschar).
// Such rules (alpha, pchar, uric, escaped, ...) describe characters rather
// than structure; errors name the structure around them.
func (g *Grammar) CharacterLevel(i int) bool { return g.charLevel[i] }

// Build returns the deterministic automaton of rule start, with what an
// error reports in each state.
func (g *Grammar) Build(start int) *DFA {
	a := g.build(start)
	d := &DFA{Classes: a.classes, ClassOf: a.classOf, Trans: a.trans, States: make([]State, len(a.states))}
	for i, st := range a.states {
		path := a.context(st.live, st.atStart, false, -1)
		d.States[i] = State{
			Accepting: st.accepting,
			Path:      path,
			AltPath:   a.altContext(st.live, st.atStart, path),
			Expected:  a.expected(st.live, st.atStart, g.describedSets()),
		}
	}
	return d
}

// recursive returns the name of a rule that refers to itself, directly or
// through others, or "".
func (g *Grammar) recursive() string {
	const (
		unseen = iota
		active
		done
	)
	state := make([]int, len(g.Defs))
	var found string
	var dfs func(i int)
	dfs = func(i int) {
		state[i] = active
		visit(g.Defs[i].Body, func(n *bnf.Node) {
			if n.Kind != bnf.RuleRef || found != "" {
				return
			}
			j := g.index[n.Text]
			switch state[j] {
			case active:
				found = g.Defs[j].Name
			case unseen:
				dfs(j)
			}
		})
		state[i] = done
	}
	for i := range g.Defs {
		if state[i] == unseen && found == "" {
			dfs(i)
		}
	}
	return found
}

func visit(n *bnf.Node, f func(*bnf.Node)) {
	f(n)
	for _, c := range n.Children {
		visit(c, f)
	}
}

// characterLevel reports whether every string of a's language is a single
// byte or "%" and two bytes.
func characterLevel(a *automaton, codePoints bool) bool {
	if a.nullable {
		return false
	}
	// Only an escape may be longer than one byte, and it starts with "%",
	// which must then be a class of its own.
	percent := int(a.classOf['%'])
	percentAlone := true
	for c := 0; c < 256; c++ {
		if c != '%' && int(a.classOf[c]) == percent {
			percentAlone = false
		}
	}
	// A string of a grammar of code points (RFC 3987's ucschar, %x values
	// that bnf reads as code points) may be one character of several
	// bytes: one whose first byte's class holds only UTF-8 lead bytes of
	// one length, and which is that long. In a grammar of bytes (RFC
	// 2396's, an edit's %xC2 %xA1-BF) a character is a byte.
	length := make([]int, a.classes)
	for c := range length {
		length[c] = -1
	}
	for b := 0; b < 256 && codePoints; b++ {
		n := 1
		switch {
		case b >= 0xC2 && b <= 0xDF:
			n = 2
		case b >= 0xE0 && b <= 0xEF:
			n = 3
		case b >= 0xF0 && b <= 0xF4:
			n = 4
		case b >= 0x80:
			n = 0
		}
		switch c := int(a.classOf[b]); {
		case length[c] == -1:
			length[c] = n
		case length[c] != n:
			length[c] = 0
		}
	}
	ok := true
	var walk func(s int32, depth, first int)
	walk = func(s int32, depth, first int) {
		if a.states[s].accepting && depth != 1 && (depth != 3 || first != percent || !percentAlone) && (depth < 2 || length[first] != depth) {
			ok = false
		}
		for c := 0; c < a.classes && ok; c++ {
			next := a.trans[int(s)*a.classes+c]
			if next < 0 {
				continue
			}
			if depth == 4 || depth == 3 && (first == percent || length[first] != 4) {
				ok = false
				return
			}
			f := first
			if depth == 0 {
				f = c
			}
			walk(next, depth+1, f)
		}
	}
	walk(0, 0, 0)
	return ok
}

type fragment struct {
	first, last []int
	nullable    bool
}

// edge is a follow link: position to may follow position from.
type edge struct{ from, to int32 }

type builder struct {
	g        *Grammar
	pos      []position
	edges    []edge // follow links, in the order they were made
	sets     []byteSet
	setIndex map[byteSet]int32
	// local, when set, makes a rule reference that is not a single byte an
	// item of its own (a call) instead of expanding it: nullable reports
	// whether the called rule matches the empty string.
	local    bool
	nullable func(rule int) bool
	// intern, when not nil, numbers byte sets instead of sets and
	// setIndex.
	intern func(byteSet) int32
}

// build returns the automaton of rule start, determinized.
func (g *Grammar) build(start int) *automaton {
	a := g.positions(start)
	a.determinize()
	return a
}

// positions returns the position automaton of rule start: its positions,
// first, last and follow sets, and its byte classes with the positions of
// each.
func (g *Grammar) positions(start int) *automaton {
	b := &builder{g: g, setIndex: map[byteSet]int32{}}
	root := b.node(&bnf.Node{Kind: bnf.RuleRef, Text: g.Defs[start].Name}, nil)
	n := len(b.pos)
	words := (n + 63) / 64
	newSet := func(members []int) bitset {
		s := make(bitset, words)
		for _, m := range members {
			s.set(m)
		}
		return s
	}
	a := &automaton{
		g:        g,
		start:    start,
		pos:      b.pos,
		sets:     b.sets,
		first:    newSet(root.first),
		last:     newSet(root.last),
		nullable: root.nullable,
		follow:   make([][]int32, n),
	}
	// Follow sets are kept as sorted lists: a position is followed by a
	// handful of others, and a bitset each would make the automaton
	// quadratic in its positions (thousands, with IPv6's repetitions).
	count := make([]int32, n+1)
	for _, e := range b.edges {
		count[e.from+1]++
	}
	for i := 1; i <= n; i++ {
		count[i] += count[i-1]
	}
	all := make([]int32, len(b.edges))
	fill := slices.Clone(count[:n])
	for _, e := range b.edges {
		all[fill[e.from]] = e.to
		fill[e.from]++
	}
	for i := range a.follow {
		list := all[count[i]:count[i+1]:count[i+1]]
		a.follow[i] = sortedSet(list)
	}
	a.classify(words)
	return a
}

func (b *builder) newPosition(set byteSet, path *pathNode) int {
	if b.intern != nil {
		b.pos = append(b.pos, position{set: b.intern(set), call: -1, path: path})
		return len(b.pos) - 1
	}
	k, ok := b.setIndex[set]
	if !ok {
		k = int32(len(b.sets))
		b.sets = append(b.sets, set)
		b.setIndex[set] = k
	}
	b.pos = append(b.pos, position{set: k, call: -1, path: path})
	return len(b.pos) - 1
}

func (b *builder) link(from, to []int) {
	for _, f := range from {
		for _, t := range to {
			b.edges = append(b.edges, edge{int32(f), int32(t)})
		}
	}
}

// singleByte reports whether n matches exactly one byte, and which ones.
func (b *builder) singleByte(n *bnf.Node) (byteSet, bool) {
	return b.g.singleByte(n)
}

// singleByte reports whether n matches exactly one byte, and which ones; a
// rule reference's answer is the one NewGrammar worked out for the rule.
func (g *Grammar) singleByte(n *bnf.Node) (byteSet, bool) {
	if n.Kind == bnf.RuleRef && g.single != nil {
		r := g.single[g.index[n.Text]]
		return r.set, r.ok
	}
	var s byteSet
	switch n.Kind {
	case bnf.Literal:
		if len(n.Text) != 1 {
			return s, false
		}
		return literalByte(n.Text[0], n.Fold), true
	case bnf.CharRange:
		for c := n.Min; c <= n.Max; c++ {
			s.add(byte(c))
		}
		return s, true
	case bnf.RuleRef:
		return g.singleByte(g.Defs[g.index[n.Text]].Body)
	case bnf.Alternation:
		for _, c := range n.Children {
			cs, ok := g.singleByte(c)
			if !ok {
				return s, false
			}
			s = s.union(cs)
		}
		return s, true
	}
	return s, false
}

// literalByte returns the bytes a literal's byte c matches: c, and its
// other case too when the literal ignores ASCII case (RFC 5234).
func literalByte(c byte, fold bool) byteSet {
	var s byteSet
	s.add(c)
	if fold {
		switch {
		case c >= 'a' && c <= 'z':
			s.add(c - 'a' + 'A')
		case c >= 'A' && c <= 'Z':
			s.add(c - 'A' + 'a')
		}
	}
	return s
}

func extend(path *pathNode, s step) *pathNode {
	n := &pathNode{up: path, step: s, len: 1}
	if path != nil {
		n.len = path.len + 1
	}
	return n
}

func (b *builder) node(n *bnf.Node, path *pathNode) fragment {
	switch n.Kind {
	case bnf.CharRange:
		s, _ := b.singleByte(n)
		p := b.newPosition(s, path)
		return fragment{first: []int{p}, last: []int{p}}
	case bnf.Literal:
		if n.Text == "" {
			return fragment{nullable: true}
		}
		var f fragment
		prev := -1
		for i := 0; i < len(n.Text); i++ {
			p := b.newPosition(literalByte(n.Text[i], n.Fold), path)
			if prev < 0 {
				f.first = []int{p}
			} else {
				b.link([]int{prev}, []int{p})
			}
			prev = p
		}
		f.last = []int{prev}
		return f
	case bnf.RuleRef:
		sub := extend(path, step{rule: b.g.index[n.Text], alt: -1})
		if s, ok := b.singleByte(n); ok {
			p := b.newPosition(s, sub)
			return fragment{first: []int{p}, last: []int{p}}
		}
		if b.local {
			r := b.g.index[n.Text]
			b.pos = append(b.pos, position{set: -1, call: int32(r), path: path})
			p := len(b.pos) - 1
			return fragment{first: []int{p}, last: []int{p}, nullable: b.nullable(r)}
		}
		return b.node(b.g.Defs[b.g.index[n.Text]].Body, sub)
	case bnf.Concatenation:
		f := b.node(n.Children[0], path)
		for _, c := range n.Children[1:] {
			g := b.node(c, path)
			b.link(f.last, g.first)
			if f.nullable {
				f.first = append(f.first, g.first...)
			}
			if g.nullable {
				f.last = append(f.last, g.last...)
			} else {
				f.last = g.last
			}
			f.nullable = f.nullable && g.nullable
		}
		return f
	case bnf.Alternation:
		var f fragment
		for i, c := range n.Children {
			g := b.node(c, extend(path, step{rule: -1, alt: i}))
			f.first = append(f.first, g.first...)
			f.last = append(f.last, g.last...)
			f.nullable = f.nullable || g.nullable
		}
		return f
	case bnf.Repetition:
		// n*m x is x...x (n times) followed by m-n optional copies, or by x*
		// when m is unbounded; each copy gets positions of its own. 0x
		// (RFC 3986's "0<pchar>") is the empty string.
		f := fragment{nullable: true}
		if n.Max == 0 {
			return f
		}
		appendCopy := func(optional, loop bool) {
			g := b.node(n.Children[0], path)
			if loop {
				b.link(g.last, g.first)
			}
			b.link(f.last, g.first)
			if f.nullable {
				f.first = append(f.first, g.first...)
			}
			if g.nullable || optional {
				f.last = append(f.last, g.last...)
			} else {
				f.last = g.last
			}
			f.nullable = f.nullable && (g.nullable || optional)
		}
		for i := 0; i < n.Min; i++ {
			appendCopy(false, n.Max < 0 && i == n.Min-1)
		}
		switch {
		case n.Max < 0 && n.Min == 0:
			appendCopy(true, true)
		case n.Max > n.Min:
			for i := n.Min; i < n.Max; i++ {
				appendCopy(true, false)
			}
		}
		return f
	}
	panic(fmt.Sprintf("automaton: BNF node of kind %d (%q) has no automaton", n.Kind, n.Text))
}

// classify puts bytes that belong to the same positions, and so behave the
// same, in one class, numbered in the order of their first bytes, and sets
// byClass.
func (a *automaton) classify(words int) {
	a.classifySets()
	a.byClass = make([]bitset, a.classes)
	for k, c := range a.representative {
		a.byClass[k] = make(bitset, words)
		for i, p := range a.pos {
			if a.sets[p.set].has(c) {
				a.byClass[k].set(i)
			}
		}
	}
}

// classifySets sets the byte classes from a.sets alone: positions share a
// few distinct byte sets, and a byte's class is the list of those that
// hold it.
func (a *automaton) classifySets() {
	sets := a.sets
	classIDs := map[string]uint8{}
	key := make(bitset, (len(sets)+63)/64)
	var keyBuf []byte
	for c := 0; c < 256; c++ {
		clear(key)
		for k, s := range sets {
			if s.has(byte(c)) {
				key.set(k)
			}
		}
		keyBuf = key.appendKey(keyBuf[:0])
		id, ok := classIDs[string(keyBuf)]
		if !ok {
			id = uint8(len(classIDs))
			classIDs[string(keyBuf)] = id
		}
		a.classOf[c] = id
	}
	a.classes = len(classIDs)
	a.representative = make([]byte, a.classes)
	for c := 255; c >= 0; c-- {
		a.representative[a.classOf[c]] = byte(c)
	}
}

// determinize builds the whole deterministic automaton by the subset
// construction. Appendix A's automata have a few hundred states at most.
func (a *automaton) determinize() {
	index := map[string]int32{}
	var keyBuf []byte
	// add returns the state of the live positions, adding it when it is
	// new; live is copied then, so the caller may reuse it.
	add := func(live bitset, atStart bool) int32 {
		keyBuf = live.appendKey(keyBuf[:0])
		if atStart {
			keyBuf = append(keyBuf[:0], "start"...)
		}
		if i, ok := index[string(keyBuf)]; ok {
			return i
		}
		i := int32(len(a.states))
		index[string(keyBuf)] = i
		a.states = append(a.states, dfaState{live: slices.Clone(live), atStart: atStart, accepting: a.accepts(live, atStart)})
		a.trans = append(a.trans, make([]int32, a.classes)...)
		return i
	}
	add(make(bitset, len(a.first)), true)
	reach := make(bitset, len(a.first))
	next := make(bitset, len(a.first))
	for s := 0; s < len(a.states); s++ {
		// The positions that can follow the state, whatever the byte;
		// each class keeps those whose byte set holds its bytes.
		a.reach(a.states[s].live, reach, a.states[s].atStart)
		for class := 0; class < a.classes; class++ {
			by := a.byClass[class]
			for i := range next {
				next[i] = reach[i] & by[i]
			}
			t := int32(-1)
			if !next.empty() {
				t = add(next, false)
			}
			a.trans[s*a.classes+class] = t
		}
	}
}

// reach sets into to the positions that can follow cur, whatever the byte.
func (a *automaton) reach(cur, into bitset, atStart bool) {
	if atStart {
		copy(into, a.first)
		return
	}
	clear(into)
	cur.each(func(p int) {
		for _, q := range a.follow[p] {
			into[q>>6] |= 1 << (q & 63)
		}
	})
}

func (a *automaton) accepts(cur bitset, atStart bool) bool {
	if atStart {
		return a.nullable
	}
	for i := range cur {
		if cur[i]&a.last[i] != 0 {
			return true
		}
	}
	return false
}

// context returns the rules, from the start rule down, that the reading of
// the input read so far is inside. It is the deepest common ancestor of the
// live positions, except that where live positions part ways at an
// alternation, one alternative is followed: the RFC's first (as the PEG
// does: net_path before abs_path, server before reg_name), or, with last,
// the last one (relativeURI rather than absoluteURI, for an input whose
// first segment has no ":" to end a scheme). Rules at the character level
// (pchar, alpha, ...) are left out.
func (a *automaton) context(cur bitset, atStart, last bool, avoid int) []int {
	if atStart {
		return []int{a.start}
	}
	var nodes []*pathNode
	cur.each(func(p int) { nodes = append(nodes, a.pos[p].path) })
	return a.g.context(nodes, last, avoid)
}

// context is automaton.context over the paths of the live positions.
func (g *Grammar) context(nodes []*pathNode, last bool, avoid int) []int {
	var live, outside [][]step
	seen := map[*pathNode][]step{}
	for _, n := range nodes {
		st, ok := seen[n]
		if !ok {
			st = n.steps()
			seen[n] = st
		}
		live = append(live, st)
		if !slices.Contains(st, step{rule: avoid, alt: -1}) {
			outside = append(outside, st)
		}
	}
	if len(outside) > 0 {
		live = outside
	}
	depth := 0
	for {
		same, allAlts, pick := true, true, -1
		for _, path := range live {
			if len(path) <= depth {
				same, allAlts = false, false
				break
			}
			s := path[depth]
			if s != live[0][depth] {
				same = false
			}
			switch {
			case s.rule >= 0:
				allAlts = false
			case pick < 0, !last && s.alt < pick, last && s.alt > pick:
				pick = s.alt
			}
		}
		if same {
			depth++
			continue
		}
		if !allAlts {
			break
		}
		kept := live[:0]
		for _, path := range live {
			if path[depth].alt == pick {
				kept = append(kept, path)
			}
		}
		live = kept
	}
	var rules []int
	for _, s := range live[0][:depth] {
		if s.rule >= 0 {
			rules = append(rules, s.rule)
		}
	}
	for len(rules) > 1 && g.charLevel[rules[len(rules)-1]] {
		rules = rules[:len(rules)-1]
	}
	return rules
}

// altContext is context following the last alternative. With
// [Grammar.AltPathLeavesPathRule] set, when that reading reaches the rule
// that path (the reading that follows the first) ends in by other rules,
// it is taken again from the live positions outside that rule, when there
// are any: the other reading of the input. Under a grammar where a scheme
// may start two alternatives of URI-reference (java's empty-authority),
// "my file" is then read as a relative path, as under Appendix A, rather
// than as the scheme of the last alternative.
func (a *automaton) altContext(cur bitset, atStart bool, path []int) []int {
	if atStart {
		return []int{a.start}
	}
	var nodes []*pathNode
	cur.each(func(p int) { nodes = append(nodes, a.pos[p].path) })
	return a.g.altContext(nodes, path)
}

// altContext is automaton.altContext over the paths of the live positions.
func (g *Grammar) altContext(nodes []*pathNode, path []int) []int {
	alt := g.context(nodes, true, -1)
	if !g.altOutside || len(path) < 2 || alt[len(alt)-1] != path[len(path)-1] || slices.Equal(alt, path) {
		return alt
	}
	return g.context(nodes, true, path[len(path)-1])
}

// describedSet is a character-level rule used to describe a set of expected
// bytes, with the bytes a match of it can start with (a rule that allows
// escaped can start with "%").
type describedSet struct {
	name  string
	bytes byteSet
}

// expected describes the bytes that could follow cur, and the end of input
// when cur is accepting: character-level rules where a whole rule's set is
// allowed, single characters otherwise.
func (a *automaton) expected(cur bitset, atStart bool, sets []describedSet) string {
	var want byteSet
	addFrom := func(set bitset) {
		set.each(func(p int) { want = want.union(a.sets[a.pos[p].set]) })
	}
	if atStart {
		addFrom(a.first)
	} else {
		cur.each(func(p int) {
			for _, q := range a.follow[p] {
				want = want.union(a.sets[a.pos[q].set])
			}
		})
	}
	return describeBytes(want, a.accepts(cur, atStart), sets)
}

// describeBytes describes the bytes of want, and the end of input when
// accepting, with the character-level rules of sets where a whole rule's
// bytes are in want.
//
// A byte from 0x80 up is the first of a character's UTF-8 encoding in a
// grammar of code points (RFC 3987), never a character of its own: one
// left once the rules that fit have been taken is described by a rule
// whose first bytes are all wanted even though an earlier rule took some
// of them (after ipchar, RFC 3987's iquery leaves the first bytes of
// iprivate that ucschar does not share), and if none has it, as the byte
// it is.
func describeBytes(want byteSet, accepting bool, sets []describedSet) string {
	var parts []string
	all := want
	for _, d := range sets {
		if subset(d.bytes, want) {
			parts = append(parts, d.name)
			want = want.minus(d.bytes)
		}
	}
	for _, d := range sets {
		if subset(d.bytes, all) && overlapsNonASCII(d.bytes, want) {
			parts = append(parts, d.name)
			want = want.minus(d.bytes)
		}
	}
	for c := 0; c < utf8.RuneSelf; c++ {
		if want.has(byte(c)) {
			parts = append(parts, fmt.Sprintf("%q", string(rune(c))))
		}
	}
	// The bytes left from 0x80 up, as ranges: within a character (80-BF)
	// its rest, else its first byte.
	if rest := byteRanges(want, utf8.RuneSelf, 0xBF); rest != "" {
		parts = append(parts, "the rest of a character's UTF-8 encoding ("+rest+")")
	}
	if first := byteRanges(want, 0xC0, 0xFF); first != "" {
		parts = append(parts, "a character whose UTF-8 encoding begins with "+first)
	}
	if accepting {
		parts = append(parts, "end of input")
	}
	switch len(parts) {
	case 0:
		return ""
	case 1:
		return parts[0]
	}
	return strings.Join(parts[:len(parts)-1], ", ") + " or " + parts[len(parts)-1]
}

// byteRanges writes the bytes of want from lo to hi as ranges in hex:
// "byte F4", "a byte 80-9F or A1-BF"; "" for none.
func byteRanges(want byteSet, lo, hi int) string {
	var ranges []string
	single := true
	for c := lo; c <= hi; c++ {
		if !want.has(byte(c)) {
			continue
		}
		last := c
		for last < hi && want.has(byte(last+1)) {
			last++
		}
		if last > c {
			ranges = append(ranges, fmt.Sprintf("%02X-%02X", c, last))
			single = false
		} else {
			ranges = append(ranges, fmt.Sprintf("%02X", c))
		}
		c = last
	}
	switch {
	case len(ranges) == 0:
		return ""
	case len(ranges) == 1 && single:
		return "byte " + ranges[0]
	case len(ranges) == 1:
		return "a byte " + ranges[0]
	}
	return "a byte " + strings.Join(ranges[:len(ranges)-1], ", ") + " or " + ranges[len(ranges)-1]
}

// overlapsNonASCII reports whether s and t share a byte from 0x80 up: the
// two upper words of a byteSet.
func overlapsNonASCII(s, t byteSet) bool { return s[2]&t[2]|s[3]&t[3] != 0 }

func subset(s, t byteSet) bool {
	for i := range s {
		if s[i]&^t[i] != 0 {
			return false
		}
	}
	return true
}
