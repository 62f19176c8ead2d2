package rfc3986

import (
	"fmt"
	"slices"
	"strings"
	"sync"

	"github.com/rfc2396/rfc2396/grammar/bnf"
	grammar "github.com/rfc2396/rfc2396/grammar/rfc3986"
)

// Errors are explained by a nondeterministic automaton built, at first use,
// from grammar/rfc3986.abnf itself (the ABNF text that package
// grammar/rfc3986 holds, read by bnf.ParseABNF), not from rfc3986.peg: it
// runs over the input a byte at a time, keeping every reading of the bytes
// so far that can still be completed, and the first byte that leaves no
// reading is the error's offset. The oracle tests check that offset against
// Go's regexp engine running expressions generated from the same ABNF.
// The automaton only runs on inputs the generated parser has rejected;
// its cost per byte is bounded by the number of live readings, which the
// grammar bounds, so it stays linear in the input.

// byteSet is a set of bytes.
type byteSet [4]uint64

func (s *byteSet) add(c byte)      { s[c>>6] |= 1 << (c & 63) }
func (s *byteSet) has(c byte) bool { return s[c>>6]&(1<<(c&63)) != 0 }

// nfaState is a state of the automaton: it either consumes one byte of set
// and goes to next, or (set empty) moves without input to each of eps.
type nfaState struct {
	set   byteSet
	next  int32
	eps   []int32
	frame int32 // the rule instance the state belongs to
}

// frame is one use of a rule: inlining a rule reference makes a new frame
// whose parent is the frame of the reference.
type frame struct {
	parent int32
	depth  int32
	rule   grammar.Rule
}

type automaton struct {
	states []nfaState
	frames []frame
	start  int32
	accept int32
	// Computed once the states are built: the consuming and accepting
	// states reachable without input from the start, and from each
	// consuming state after its byte (succ, indexed by state).
	startSet []int32
	succ     [][]int32
	scratch  sync.Pool // *marks
	dfa      *dfa      // the same automaton made deterministic, or nil if too large
}

// dfa is the subset construction of an automaton, over classes of bytes
// that every state treats alike. State 0 is the dead state (no reading
// left); each state keeps its set of automaton states for the explanation.
type dfa struct {
	class  [256]uint8
	nclass int
	next   []int32   // next[state*nclass+class]
	sets   [][]int32 // the automaton states of each state
	start  int32
}

// maxDFAStates bounds the subset construction; past it explain runs the
// nondeterministic automaton.
const maxDFAStates = 1 << 14

func (a *automaton) determinize() *dfa {
	d := &dfa{}
	// Byte classes: bytes with the same membership in every state's set.
	sig := map[string]uint8{}
	for c := 0; c < 256; c++ {
		key := make([]byte, 0, len(a.states)/8+1)
		var acc byte
		n := 0
		for i := range a.states {
			if a.states[i].next < 0 {
				continue
			}
			acc <<= 1
			if a.states[i].set.has(byte(c)) {
				acc |= 1
			}
			if n++; n%8 == 0 {
				key = append(key, acc)
				acc = 0
			}
		}
		key = append(key, acc)
		k := string(key)
		id, ok := sig[k]
		if !ok {
			id = uint8(len(sig))
			sig[k] = id
		}
		d.class[c] = id
	}
	d.nclass = len(sig)
	var rep [256]byte // a byte of each class
	for c := 255; c >= 0; c-- {
		rep[d.class[c]] = byte(c)
	}
	index := map[string]int32{}
	keyOf := func(set []int32) string {
		b := make([]byte, 0, 4*len(set))
		for _, s := range set {
			b = append(b, byte(s), byte(s>>8), byte(s>>16), byte(s>>24))
		}
		return string(b)
	}
	add := func(set []int32) int32 {
		k := keyOf(set)
		if id, ok := index[k]; ok {
			return id
		}
		id := int32(len(d.sets))
		index[k] = id
		d.sets = append(d.sets, set)
		d.next = append(d.next, make([]int32, d.nclass)...)
		return id
	}
	add(nil) // the dead state
	d.start = add(slices.Sorted(slices.Values(a.startSet)))
	seen := make([]bool, len(a.states))
	for i := int32(1); int(i) < len(d.sets); i++ {
		if len(d.sets) > maxDFAStates {
			return nil
		}
		for cl := 0; cl < d.nclass; cl++ {
			c := rep[cl]
			var set []int32
			for _, s := range d.sets[i] {
				st := &a.states[s]
				if st.next < 0 || !st.set.has(c) {
					continue
				}
				for _, t := range a.succ[s] {
					if !seen[t] {
						seen[t] = true
						set = append(set, t)
					}
				}
			}
			for _, t := range set {
				seen[t] = false
			}
			slices.Sort(set)
			d.next[int(i)*d.nclass+cl] = add(set)
		}
	}
	return d
}

// marks records which states a step has reached: state s is reached in the
// current step when seen[s] == gen. gen grows by one a step and across
// runs, so the array is cleared only when gen wraps around.
type marks struct {
	seen []uint32
	gen  uint32
}

// automata holds the automaton of each rule, built on first use and never
// changed after.
var automata [grammar.NumRules]struct {
	once sync.Once
	a    *automaton
}

func automatonFor(rule grammar.Rule) *automaton {
	slot := &automata[rule]
	slot.once.Do(func() { slot.a = buildAutomaton(rule) })
	return slot.a
}

type nfaBuilder struct {
	a    *automaton
	defs map[string]*bnf.Node
}

func buildAutomaton(rule grammar.Rule) *automaton {
	defs, err := bnf.ParseABNF(grammar.ABNF)
	if err != nil {
		panic("rfc3986: the embedded ABNF does not read: " + err.Error())
	}
	b := &nfaBuilder{a: &automaton{}, defs: map[string]*bnf.Node{}}
	for _, d := range bnf.WithCore(defs) {
		b.defs[d.Name] = d.Body
	}
	b.a.frames = append(b.a.frames, frame{parent: -1, rule: rule})
	in, out := b.node(b.defs[rule.String()], 0)
	b.a.start, b.a.accept = in, out
	a := b.a
	seen := make([]uint32, len(a.states))
	mark := uint32(1)
	a.startSet = a.closure(nil, seen, mark, a.start)
	a.succ = make([][]int32, len(a.states))
	for s := range a.states {
		if a.states[s].next >= 0 {
			mark++
			a.succ[s] = a.closure(nil, seen, mark, a.states[s].next)
		}
	}
	a.scratch.New = func() any { return &marks{seen: make([]uint32, len(a.states))} }
	a.dfa = a.determinize()
	return a
}

func (b *nfaBuilder) state(set byteSet, fr int32) int32 {
	b.a.states = append(b.a.states, nfaState{set: set, next: -1, frame: fr})
	return int32(len(b.a.states) - 1)
}

func (b *nfaBuilder) eps(from, to int32) {
	b.a.states[from].eps = append(b.a.states[from].eps, to)
}

// node adds the states of n and returns its entry and exit states (both
// moving without input).
func (b *nfaBuilder) node(n *bnf.Node, fr int32) (in, out int32) {
	in, out = b.state(byteSet{}, fr), b.state(byteSet{}, fr)
	switch n.Kind {
	case bnf.Literal, bnf.CharRange:
		prev := in
		var sets []byteSet
		if n.Kind == bnf.CharRange {
			var s byteSet
			for c := n.Min; c <= n.Max; c++ {
				s.add(byte(c))
			}
			sets = append(sets, s)
		}
		for i := 0; i < len(n.Text) && n.Kind == bnf.Literal; i++ {
			var s byteSet
			c := n.Text[i]
			s.add(c)
			if lower := c | 0x20; n.Fold && lower >= 'a' && lower <= 'z' {
				s.add(lower)
				s.add(lower &^ 0x20)
			}
			sets = append(sets, s)
		}
		for _, s := range sets {
			st := b.state(s, fr)
			b.eps(prev, st)
			after := b.state(byteSet{}, fr)
			b.a.states[st].next = after
			prev = after
		}
		b.eps(prev, out)
	case bnf.RuleRef:
		child := fr
		if r, ok := grammar.Lookup(n.Text); ok {
			b.a.frames = append(b.a.frames, frame{parent: fr, depth: b.a.frames[fr].depth + 1, rule: r})
			child = int32(len(b.a.frames) - 1)
		}
		i, o := b.node(b.defs[n.Text], child)
		b.eps(in, i)
		b.eps(o, out)
	case bnf.Concatenation:
		prev := in
		for _, c := range n.Children {
			i, o := b.node(c, fr)
			b.eps(prev, i)
			prev = o
		}
		b.eps(prev, out)
	case bnf.Alternation:
		for _, c := range n.Children {
			i, o := b.node(c, fr)
			b.eps(in, i)
			b.eps(o, out)
		}
	case bnf.Repetition:
		prev := in
		for k := 0; k < n.Min; k++ {
			i, o := b.node(n.Children[0], fr)
			b.eps(prev, i)
			prev = o
		}
		switch {
		case n.Max < 0:
			i, o := b.node(n.Children[0], fr)
			b.eps(prev, i)
			b.eps(o, prev)
			b.eps(prev, out)
		default:
			for k := n.Min; k < n.Max; k++ {
				i, o := b.node(n.Children[0], fr)
				b.eps(prev, i)
				b.eps(prev, out)
				prev = o
			}
			b.eps(prev, out)
		}
	default:
		panic(fmt.Sprintf("rfc3986: ABNF node kind %d in the automaton", n.Kind))
	}
	return in, out
}

// closure adds to set every state reachable from s without input, marking
// them in seen with mark.
func (a *automaton) closure(set []int32, seen []uint32, mark uint32, s int32) []int32 {
	stack := []int32{s}
	for len(stack) > 0 {
		s := stack[len(stack)-1]
		stack = stack[:len(stack)-1]
		if seen[s] == mark {
			continue
		}
		seen[s] = mark
		st := &a.states[s]
		if st.next >= 0 || s == a.accept {
			set = append(set, s)
		}
		for i := len(st.eps) - 1; i >= 0; i-- {
			stack = append(stack, st.eps[i])
		}
	}
	return set
}

// explain returns the error for input, which rule does not match.
func explain(rule grammar.Rule, input string) error {
	a := automatonFor(rule)
	if a.dfa == nil {
		return a.explainNFA(rule, input)
	}
	return a.explainDFA(rule, input)
}

// explainDFA runs the deterministic automaton: one table lookup a byte.
func (a *automaton) explainDFA(rule grammar.Rule, input string) error {
	d := a.dfa
	cur := d.start
	offset := len(input)
	for i := 0; i < len(input); i++ {
		next := d.next[int(cur)*d.nclass+int(d.class[input[i]])]
		if next == 0 {
			offset = i
			break
		}
		cur = next
	}
	set := d.sets[cur]
	return &Error{Input: input, Start: rule, Offset: offset, Rule: a.commonRule(set), Expected: a.expected(set)}
}

// explainNFA runs the nondeterministic automaton, keeping the set of live
// states; it is used when the deterministic one would be too large.
func (a *automaton) explainNFA(rule grammar.Rule, input string) error {
	m := a.scratch.Get().(*marks)
	seen := m.seen
	cur := append(make([]int32, 0, 2*len(a.startSet)), a.startSet...)
	next := make([]int32, 0, 2*len(a.startSet))
	offset := len(input)
	for i := 0; i < len(input); i++ {
		c := input[i]
		if m.gen++; m.gen == 0 {
			clear(seen)
			m.gen = 1
		}
		mark := m.gen
		next = next[:0]
		for _, s := range cur {
			st := &a.states[s]
			if st.next < 0 || !st.set.has(c) {
				continue
			}
			for _, t := range a.succ[s] {
				if seen[t] != mark {
					seen[t] = mark
					next = append(next, t)
				}
			}
		}
		if len(next) == 0 {
			offset = i
			break
		}
		cur, next = next, cur
	}
	a.scratch.Put(m)
	return &Error{Input: input, Start: rule, Offset: offset, Rule: a.commonRule(cur), Expected: a.expected(cur)}
}

// commonRule returns the innermost rule whose frame contains every
// consuming state of cur (the accepting state belongs to the start rule).
func (a *automaton) commonRule(cur []int32) grammar.Rule {
	common := int32(-1)
	for _, s := range cur {
		if a.states[s].next < 0 {
			continue
		}
		f := a.states[s].frame
		if common < 0 {
			common = f
			continue
		}
		for a.frames[f].depth > a.frames[common].depth {
			f = a.frames[f].parent
		}
		for a.frames[common].depth > a.frames[f].depth {
			common = a.frames[common].parent
		}
		for f != common {
			f, common = a.frames[f].parent, a.frames[common].parent
		}
	}
	if common < 0 {
		common = 0
	}
	return a.frames[common].rule
}

// expected describes the bytes the states of cur can take, and the end of
// input when cur accepts.
func (a *automaton) expected(cur []int32) string {
	var set byteSet
	atEnd := false
	for _, s := range cur {
		if s == a.accept {
			atEnd = true
		}
		if st := &a.states[s]; st.next >= 0 {
			for i := range set {
				set[i] |= st.set[i]
			}
		}
	}
	return describe(set, atEnd)
}

// firstBytes returns the bytes a string of rule's language can start with.
func firstBytes(rule grammar.Rule) byteSet {
	a := automatonFor(rule)
	var set byteSet
	for _, s := range a.startSet {
		if st := &a.states[s]; st.next >= 0 {
			for i := range set {
				set[i] |= st.set[i]
			}
		}
	}
	return set
}

// describedRules are the character-level rules an expected set is described
// with, when it holds all of one's first bytes: "pchar" rather than 80
// quoted characters.
var describedRules = []grammar.Rule{grammar.RulePchar, grammar.RuleUnreserved, grammar.RuleSubDelims}

// describe writes a set of bytes for people: the character-level rules it
// contains whole ("pchar", "unreserved", "sub-delims"), "a letter", "a
// digit" or "a hex digit", and each other byte quoted.
func describe(set byteSet, atEnd bool) string {
	var parts []string
	for _, r := range describedRules {
		f := firstBytes(r)
		whole := true
		for i := range f {
			if set[i]&f[i] != f[i] {
				whole = false
			}
		}
		if whole {
			parts = append(parts, r.String())
			for i := range f {
				set[i] &^= f[i]
			}
		}
	}
	all := func(lo, hi byte) bool {
		for c := int(lo); c <= int(hi); c++ {
			if !set.has(byte(c)) {
				return false
			}
		}
		return true
	}
	clear := func(chars string) {
		for i := 0; i < len(chars); i++ {
			set[chars[i]>>6] &^= 1 << (chars[i] & 63)
		}
	}
	switch {
	case all('a', 'z') && all('A', 'Z'):
		parts = append(parts, "a letter")
		clear("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ")
		if all('0', '9') {
			parts = append(parts, "a digit")
			clear("0123456789")
		}
	case all('0', '9') && all('a', 'f') && all('A', 'F'):
		parts = append(parts, "a hex digit")
		clear("0123456789abcdefABCDEF")
	case all('0', '9'):
		parts = append(parts, "a digit")
		clear("0123456789")
	}
	for c := 0; c < 256; c++ {
		if set.has(byte(c)) {
			if c >= 0x20 && c < 0x7f {
				parts = append(parts, fmt.Sprintf("%q", string(rune(c))))
			} else {
				parts = append(parts, fmt.Sprintf("byte %#02x", c))
			}
		}
	}
	if atEnd {
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
