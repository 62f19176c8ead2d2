package main

import (
	"fmt"
	"math/rand/v2"
	"strings"
)

// A pegMachine runs the rules of a grammar file, as gen has parsed it,
// the way the parsers pointlander/peg compiles from it run them, one byte
// a character (gen patch makes the compiled parsers read bytes): ordered
// choice that commits to the first alternative that succeeds, repetitions
// that never give back what they took, predicates that consume nothing. It
// lets gen decide what a rule's PEG body accepts before peg has compiled
// anything.
type pegMachine struct {
	rules map[string]*pegRule
	index map[string]int // rule name -> index into bodies and a memo row
	// bodies holds each rule's body with its references resolved to
	// indexes, since the check runs them millions of times.
	bodies []*pnode
	in     string
	memo   []int32 // (rule, position) -> end+2; 1: failed; 0: not yet known
	// reach is how far the last run read: the furthest offset a
	// character of the input was taken or tried at, outside predicates
	// (a lookahead may read to the end of the input without the body
	// getting there). reached holds it for each (rule, position) of memo.
	reach   int
	reached []int32
}

// A pnode is an expr whose rule references are indexes.
type pnode struct {
	op   op
	kids []*pnode
	set  byteSet
	neg  bool
	text string
	rule int // opRef
}

// newPEGMachine returns a machine for rules. It fails if a rule refers to
// a rule that rules lack, or uses a construct it cannot run: a semantic
// predicate &{ ... } holds Go code.
func newPEGMachine(rules []*pegRule) (*pegMachine, error) {
	m := &pegMachine{rules: map[string]*pegRule{}, index: map[string]int{}}
	for _, r := range rules {
		if _, ok := m.rules[r.name]; !ok {
			m.index[r.name] = len(m.index)
		}
		m.rules[r.name] = r
	}
	for _, r := range rules {
		var problem error
		walkExpr(r.body, func(e *expr) {
			switch {
			case problem != nil:
			case e.op == opCode:
				problem = fmt.Errorf("rule %s: a semantic predicate &{ %s } cannot be checked", r.name, e.text)
			case e.op == opRef && m.rules[e.text] == nil:
				problem = fmt.Errorf("rule %s refers to undefined rule %s", r.name, e.text)
			}
		})
		if problem != nil {
			return nil, problem
		}
	}
	m.bodies = make([]*pnode, len(m.index))
	for name, i := range m.index {
		m.bodies[i] = m.resolve(m.rules[name].body)
	}
	return m, nil
}

// resolve returns e with its references resolved.
func (m *pegMachine) resolve(e *expr) *pnode {
	n := &pnode{op: e.op, set: e.set, neg: e.neg, text: e.text}
	if e.op == opRef {
		n.rule = m.index[e.text]
	}
	for _, k := range e.kids {
		n.kids = append(n.kids, m.resolve(k))
	}
	return n
}

// walkExpr calls f on e and every expression inside it.
func walkExpr(e *expr, f func(*expr)) {
	f(e)
	for _, k := range e.kids {
		walkExpr(k, f)
	}
}

// accepts reports whether the rule named rule, run as the start rule,
// matches the whole of s: the parsers succeed only then.
func (m *pegMachine) accepts(rule, s string) bool {
	return m.run(rule, s) == len(s)
}

// run runs the rule named rule at the start of s and returns where its
// match ends, or -1 if it fails.
func (m *pegMachine) run(rule, s string) int {
	m.in = s
	n := len(m.index) * (len(s) + 1)
	if cap(m.memo) < n {
		m.memo = make([]int32, n)
	}
	m.memo = m.memo[:n]
	clear(m.memo)
	if cap(m.reached) < n {
		m.reached = make([]int32, n)
	}
	m.reached = m.reached[:n]
	m.reach = 0
	return m.ref(m.index[rule], 0)
}

// reads returns how far the rule named rule, run as the start rule on s,
// reads s: the end of the furthest character a terminal took, or the
// offset of the furthest one a terminal tried and refused, whichever is
// further (predicates left out). For a string the rule does not accept,
// it says where the body stopped.
func (m *pegMachine) reads(rule, s string) int {
	m.accepts(rule, s)
	return m.reach
}

// ref runs the rule named name at pos, remembering the result: the grammars
// are small and the inputs short, but a choice tried at every position of
// a nested repetition would otherwise repeat work exponentially.
func (m *pegMachine) ref(rule, pos int) int {
	slot := rule*(len(m.in)+1) + pos
	if v := m.memo[slot]; v != 0 {
		m.reach = max(m.reach, int(m.reached[slot]))
		return int(v) - 2
	}
	// The rule's reach is its own, wherever it is called from, so that a
	// rule first run inside a predicate counts when a call outside one
	// later finds it in memo.
	outer := m.reach
	m.reach = pos
	end := m.match(m.bodies[rule], pos)
	m.memo[slot] = int32(end + 2)
	m.reached[slot] = int32(m.reach)
	m.reach = max(outer, m.reach)
	return end
}

// tried records that the byte at pos was read (taken, or tried and
// refused) by a terminal that ends at end (-1: refused).
func (m *pegMachine) tried(pos, end int) {
	m.reach = max(m.reach, pos, end)
}

// match runs e at pos and returns where it ends, or -1 if it fails.
func (m *pegMachine) match(e *pnode, pos int) int {
	switch e.op {
	case opChoice:
		for _, k := range e.kids {
			if end := m.match(k, pos); end >= 0 {
				return end
			}
		}
		return -1
	case opSeq:
		for _, k := range e.kids {
			if pos = m.match(k, pos); pos < 0 {
				return -1
			}
		}
		return pos
	case opOptional:
		if end := m.match(e.kids[0], pos); end >= 0 {
			return end
		}
		return pos
	case opStar, opPlus:
		start := pos
		for {
			end := m.match(e.kids[0], pos)
			if end < 0 || end == pos {
				break
			}
			pos = end
		}
		if e.op == opPlus && (pos == start && m.match(e.kids[0], start) < 0) {
			return -1
		}
		return pos
	case opAnd:
		reach := m.reach
		end := m.match(e.kids[0], pos)
		m.reach = reach
		if end < 0 {
			return -1
		}
		return pos
	case opNot:
		reach := m.reach
		end := m.match(e.kids[0], pos)
		m.reach = reach
		if end >= 0 {
			return -1
		}
		return pos
	case opLiteral:
		end := -1
		if strings.HasPrefix(m.in[pos:], e.text) {
			end = pos + len(e.text)
		}
		m.tried(pos, end)
		return end
	case opClass:
		end := -1
		if pos < len(m.in) && e.set.has(m.in[pos]) != e.neg {
			end = pos + 1
		}
		m.tried(pos, end)
		return end
	case opDot:
		end := -1
		if pos < len(m.in) {
			end = pos + 1
		}
		m.tried(pos, end)
		return end
	case opRef:
		return m.ref(e.rule, pos)
	}
	return -1 // opCode: refused by newPEGMachine
}

// derive returns a random string built from the rule named rule by
// following its PEG body as if it were a grammar: a random alternative of
// each choice, a random number of repetitions, predicates left out. The
// string need not be accepted; the language check runs it either way.
func (m *pegMachine) derive(r *rand.Rand, rule string) string {
	var b strings.Builder
	var walk func(e *expr, depth int)
	walk = func(e *expr, depth int) {
		if depth > 64 {
			return
		}
		switch e.op {
		case opChoice:
			walk(e.kids[r.IntN(len(e.kids))], depth)
		case opSeq:
			for _, k := range e.kids {
				walk(k, depth)
			}
		case opOptional, opStar, opPlus:
			n := r.IntN(3)
			switch e.op {
			case opOptional:
				n = r.IntN(2)
			case opPlus:
				n++
			}
			for range n {
				walk(e.kids[0], depth)
			}
		case opLiteral:
			b.WriteString(e.text)
		case opClass:
			var members []byte
			for c := 0; c < 256; c++ {
				if e.set.has(byte(c)) != e.neg {
					members = append(members, byte(c))
				}
			}
			if len(members) > 0 {
				b.WriteByte(members[r.IntN(len(members))])
			}
		case opDot:
			b.WriteByte(byte(r.IntN(256)))
		case opRef:
			walk(m.rules[e.text].body, depth+1)
		}
	}
	walk(m.rules[rule].body, 0)
	return b.String()
}
