package parser

import (
	"fmt"
	"math/bits"
	"slices"
	"strings"
	"sync"

	"github.com/rfc2396/rfc2396/grammar"
	"github.com/rfc2396/rfc2396/grammar/bnf"
)

// Errors are explained with a position automaton (Glushkov's construction)
// built from grammar/rfc2396.abnf, not from the PEG. Appendix A is regular,
// so the automaton decides exactly which prefixes of an input can still be
// completed; the first byte after the longest such prefix is the first byte
// that no valid parse can include. The PEG parser decides validity and
// components; the automaton only runs once the PEG has rejected an input.

// automaton is the position automaton of one rule, and the deterministic
// automaton built from it by the subset construction.
type automaton struct {
	start    grammar.Rule
	pos      []position
	first    bitset // positions a match can start with
	nullable bool   // the rule matches the empty string
	last     bitset // positions a match can end with
	follow   []bitset
	byByte   [256]bitset // positions whose byte set holds the byte

	// The deterministic automaton: bytes that no position tells apart
	// share a class; trans[s*classes+classOf[c]] is the state after
	// reading c in state s, or -1 when no valid parse can read c there.
	// State 0 is the start state.
	classOf [256]uint8
	classes int
	trans   []int32
	states  []dfaState
}

// dfaState is a state of the deterministic automaton: a set of live
// positions, with what an error found in that state reports.
type dfaState struct {
	live      bitset
	atStart   bool
	accepting bool
	path      []grammar.Rule // see context
	expected  string         // see expected
}

// position is one character of the grammar: a set of bytes, and the path
// from the start rule down to it.
type position struct {
	set  byteSet
	path []step
}

// step is one step of a position's path: into a rule (alt < 0) or into the
// alt-th alternative of an alternation (rule < 0).
type step struct {
	rule grammar.Rule
	alt  int
}

type byteSet [4]uint64

func (s *byteSet) add(c byte)      { s[c>>6] |= 1 << (c & 63) }
func (s *byteSet) has(c byte) bool { return s[c>>6]&(1<<(c&63)) != 0 }

type bitset []uint64

func (b bitset) has(i int) bool { return b[i>>6]&(1<<(i&63)) != 0 }
func (b bitset) set(i int)      { b[i>>6] |= 1 << (i & 63) }
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

// automata holds each rule's automaton once it has been built: an error
// about a rule builds that rule's automaton on first use. They are never
// modified once built.
var automata [grammar.NumRules]struct {
	once sync.Once
	a    *automaton
}

// automatonFor returns the automaton of rule, building it on first use. The
// automata are immutable once built.
func automatonFor(rule grammar.Rule) *automaton {
	slot := &automata[rule]
	slot.once.Do(func() {
		slot.a = buildAutomaton(rule)
		slot.a.determinize()
	})
	return slot.a
}

// determinize builds the deterministic automaton by the subset
// construction, and works out for every state what an error in it reports.
// Appendix A's automata have a few hundred states at most.
func (a *automaton) determinize() {
	// Bytes that belong to the same positions behave the same.
	classIDs := map[string]uint8{}
	for c := 0; c < 256; c++ {
		key := bitsetKey(a.byByte[c])
		id, ok := classIDs[key]
		if !ok {
			id = uint8(len(classIDs))
			classIDs[key] = id
		}
		a.classOf[c] = id
	}
	a.classes = len(classIDs)
	representative := make([]byte, a.classes)
	for c := 255; c >= 0; c-- {
		representative[a.classOf[c]] = byte(c)
	}
	index := map[string]int32{}
	add := func(live bitset, atStart bool) int32 {
		key := bitsetKey(live)
		if atStart {
			key = "start"
		}
		if i, ok := index[key]; ok {
			return i
		}
		i := int32(len(a.states))
		index[key] = i
		a.states = append(a.states, dfaState{live: live, atStart: atStart})
		a.trans = append(a.trans, make([]int32, a.classes)...)
		return i
	}
	add(make(bitset, len(a.first)), true)
	for s := 0; s < len(a.states); s++ {
		for class := 0; class < a.classes; class++ {
			next := make(bitset, len(a.first))
			a.step(a.states[s].live, next, a.states[s].atStart, representative[class])
			t := int32(-1)
			if !next.empty() {
				t = add(next, false)
			}
			a.trans[s*a.classes+class] = t
		}
	}
	for i := range a.states {
		st := &a.states[i]
		st.accepting = a.accepts(st.live, st.atStart)
		st.path = a.context(st.live, st.atStart)
		st.expected = a.expected(st.live, st.atStart)
	}
}

func bitsetKey(b bitset) string {
	buf := make([]byte, 0, 8*len(b))
	for _, w := range b {
		buf = append(buf, byte(w), byte(w>>8), byte(w>>16), byte(w>>24), byte(w>>32), byte(w>>40), byte(w>>48), byte(w>>56))
	}
	return string(buf)
}

type fragment struct {
	first, last []int
	nullable    bool
}

type builder struct {
	defs   map[string]*bnf.Node
	pos    []position
	follow [][]int
}

func buildAutomaton(rule grammar.Rule) *automaton {
	defs, err := bnf.Parse(grammar.ABNF)
	if err != nil {
		panic("parser: grammar/rfc2396.abnf does not parse: " + err.Error()) // checked by go generate and tests
	}
	b := &builder{defs: map[string]*bnf.Node{}}
	for _, d := range defs {
		b.defs[d.Name] = d.Body
	}
	root := b.node(&bnf.Node{Kind: bnf.RuleRef, Text: rule.String()}, nil)
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
		start:    rule,
		pos:      b.pos,
		first:    newSet(root.first),
		last:     newSet(root.last),
		nullable: root.nullable,
		follow:   make([]bitset, n),
	}
	for i := range a.follow {
		a.follow[i] = newSet(b.follow[i])
	}
	for c := 0; c < 256; c++ {
		a.byByte[c] = make(bitset, words)
		for i, p := range b.pos {
			if p.set.has(byte(c)) {
				a.byByte[c].set(i)
			}
		}
	}
	return a
}

func (b *builder) newPosition(set byteSet, path []step) int {
	b.pos = append(b.pos, position{set: set, path: path})
	b.follow = append(b.follow, nil)
	return len(b.pos) - 1
}

func (b *builder) link(from, to []int) {
	for _, f := range from {
		b.follow[f] = append(b.follow[f], to...)
	}
}

// singleByte reports whether n matches exactly one byte, and which ones.
func (b *builder) singleByte(n *bnf.Node) (byteSet, bool) {
	var s byteSet
	switch n.Kind {
	case bnf.Literal:
		if len(n.Text) != 1 {
			return s, false
		}
		s.add(n.Text[0])
		return s, true
	case bnf.RuleRef:
		return b.singleByte(b.defs[n.Text])
	case bnf.Alternation:
		for _, c := range n.Children {
			cs, ok := b.singleByte(c)
			if !ok {
				return s, false
			}
			for i := range s {
				s[i] |= cs[i]
			}
		}
		return s, true
	}
	return s, false
}

func (b *builder) node(n *bnf.Node, path []step) fragment {
	switch n.Kind {
	case bnf.Literal:
		var f fragment
		prev := -1
		for i := 0; i < len(n.Text); i++ {
			var s byteSet
			s.add(n.Text[i])
			p := b.newPosition(s, path)
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
		r, _ := grammar.Lookup(n.Text)
		sub := append(append([]step(nil), path...), step{rule: r, alt: -1})
		if s, ok := b.singleByte(n); ok {
			p := b.newPosition(s, sub)
			return fragment{first: []int{p}, last: []int{p}}
		}
		return b.node(b.defs[n.Text], sub)
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
			g := b.node(c, append(append([]step(nil), path...), step{rule: -1, alt: i}))
			f.first = append(f.first, g.first...)
			f.last = append(f.last, g.last...)
			f.nullable = f.nullable || g.nullable
		}
		return f
	case bnf.Repetition:
		// n*m x is x...x (n times) followed by m-n optional copies, or by x*
		// when m is unbounded; each copy gets positions of its own.
		f := fragment{nullable: true}
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
	panic(fmt.Sprintf("parser: unknown BNF node kind %d", n.Kind))
}

// explain returns the *Error for an input that the PEG parser rejected as a
// match of rule.
func explain(rule grammar.Rule, input string) error {
	a := automatonFor(rule)
	state, offset := int32(0), 0
	for ; offset < len(input); offset++ {
		next := a.trans[int(state)*a.classes+int(a.classOf[input[offset]])]
		if next < 0 {
			break
		}
		state = next
	}
	st := &a.states[state]
	e := &Error{Input: input, Start: rule, Offset: offset}
	if offset == len(input) && st.accepting {
		// The automaton accepts what the PEG rejected: the two readings of
		// Appendix A disagree. The conformance tests exist to make this
		// unreachable; say so rather than invent a position.
		e.Rule, e.Path = rule, []grammar.Rule{rule}
		e.Expected = "nothing: Appendix A accepts this input but the generated parser rejected it (an internal error; please report it)"
		return e
	}
	e.Path = slices.Clone(st.path)
	e.Rule = st.path[len(st.path)-1]
	e.Expected = st.expected
	switch {
	case offset < len(input) && (input[offset] == '[' || input[offset] == ']'):
		e.Gap = GapIPv6Literal
	case rule == grammar.RuleURIReference && offset == 0 && len(input) > 0 && input[0] == '?':
		e.Gap = GapEmptyRelativePath
	}
	return e
}

// step sets next to the positions reached from cur by reading c.
func (a *automaton) step(cur, next bitset, atStart bool, c byte) {
	if atStart {
		for i := range next {
			next[i] = a.first[i] & a.byByte[c][i]
		}
		return
	}
	clear(next)
	cur.each(func(p int) {
		for i, w := range a.follow[p] {
			next[i] |= w
		}
	})
	for i := range next {
		next[i] &= a.byByte[c][i]
	}
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

// context returns the rules, from the start rule down, that the preferred
// reading of the input read so far is inside. It is the deepest common
// ancestor of the live positions, except that where live positions part
// ways at an alternation, the RFC's first alternative is followed, as the
// PEG does (net_path before abs_path, server before reg_name). Rules at the
// character level (pchar, alpha, ...) are left out.
func (a *automaton) context(cur bitset, atStart bool) []grammar.Rule {
	if atStart {
		return []grammar.Rule{a.start}
	}
	var live [][]step
	cur.each(func(p int) { live = append(live, a.pos[p].path) })
	depth := 0
	for {
		same, allAlts, minAlt := true, true, -1
		for _, path := range live {
			if len(path) <= depth {
				same, allAlts = false, false
				break
			}
			s := path[depth]
			if s != live[0][depth] {
				same = false
			}
			if s.rule >= 0 {
				allAlts = false
			} else if minAlt < 0 || s.alt < minAlt {
				minAlt = s.alt
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
			if path[depth].alt == minAlt {
				kept = append(kept, path)
			}
		}
		live = kept
	}
	var rules []grammar.Rule
	for _, s := range live[0][:depth] {
		if s.rule >= 0 {
			rules = append(rules, s.rule)
		}
	}
	for len(rules) > 1 && rules[len(rules)-1].IsCharacterLevel() {
		rules = rules[:len(rules)-1]
	}
	return rules
}

// describedSets are the character-level rules used, largest first, to
// describe a set of expected bytes, with the bytes each can start with (a
// rule that allows escaped can start with "%").
var describedSets = sync.OnceValue(func() []describedSet {
	var sets []describedSet
	for _, r := range []grammar.Rule{grammar.RuleUric, grammar.RuleUricNoSlash, grammar.RulePchar, grammar.RuleReserved, grammar.RuleUnreserved,
		grammar.RuleAlphanum, grammar.RuleMark, grammar.RuleAlpha, grammar.RuleHex, grammar.RuleDigit} {
		sets = append(sets, describedSet{r, firstBytes(buildAutomaton(r))})
	}
	return sets
})

type describedSet struct {
	rule  grammar.Rule
	bytes byteSet
}

// expected describes the bytes that could follow cur, and the end of input
// when cur is accepting.
func (a *automaton) expected(cur bitset, atStart bool) string {
	var want byteSet
	addFrom := func(set bitset) {
		set.each(func(p int) {
			for i := range want {
				want[i] |= a.pos[p].set[i]
			}
		})
	}
	if atStart {
		addFrom(a.first)
	} else {
		cur.each(func(p int) { addFrom(a.follow[p]) })
	}
	var parts []string
	for _, d := range describedSets() {
		s := d.bytes
		if !subset(s, want) {
			continue
		}
		parts = append(parts, d.rule.String())
		for i := range want {
			want[i] &^= s[i]
		}
	}
	for c := 0; c < 256; c++ {
		if want.has(byte(c)) {
			parts = append(parts, fmt.Sprintf("%q", string(rune(c))))
		}
	}
	if a.accepts(cur, atStart) {
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

// firstBytes returns the bytes a match of a's rule can start with.
func firstBytes(a *automaton) byteSet {
	var s byteSet
	a.first.each(func(p int) {
		for i := range s {
			s[i] |= a.pos[p].set[i]
		}
	})
	return s
}

func subset(s, t byteSet) bool {
	for i := range s {
		if s[i]&^t[i] != 0 {
			return false
		}
	}
	return true
}
