package main

// codeRun is what an accelerated run's semantic predicate matches: the
// bytes it can start with and whether it can succeed without consuming
// (for the first sets of guardRuleCalls). A semantic predicate without one
// (a pick test) takes nothing.
type codeRun struct {
	first    byteSet
	nullable bool
	// run is the run table the predicate reads ("run3[int(p.pick[11])*1]"),
	// with whether any of its runs has escapes or byte sequences; empty for
	// a host name's labels (class and ends). compileCompact reads the class bytes of a run in
	// the parser itself and calls syntax.Star only from an escape or a byte of
	// 0x80 or above.
	run             string
	escapes, others bool
	// class and ends are the classes of a host name's labels, (A* B)*
	// ("class37": A ∪ B, and B), which compileCompact writes out as a run
	// of class and a step back to the last byte of ends.
	class, ends string
}

// firstSets computes first sets over the kept rules of a compact grammar,
// by name.
type firstSets struct {
	rules map[string]*expr
}

// trueSets returns whether e can succeed without consuming, and the bytes
// a match of e that consumes can start with.
func (c firstSets) trueSets(e *expr) (nullable bool, first byteSet) {
	switch e.op {
	case opRef:
		return c.trueSets(c.rules[e.text])
	case opDot:
		return false, allBytes
	case opLiteral:
		first.add(e.text[0])
		return len(e.text) == 0, first
	case opClass:
		if e.neg {
			return false, allBytes.minus(e.set)
		}
		return false, e.set
	case opChoice:
		for _, k := range e.kids {
			kn, kf := c.trueSets(k)
			nullable = nullable || kn
			first = first.union(kf)
		}
		return nullable, first
	case opSeq:
		for _, k := range e.kids {
			kn, kf := c.trueSets(k)
			first = first.union(kf)
			if !kn {
				return false, first
			}
		}
		return true, first
	case opOptional, opStar:
		_, first = c.trueSets(e.kids[0])
		return true, first
	case opPlus:
		return c.trueSets(e.kids[0])
	case opCode:
		if e.run != nil {
			return e.run.nullable, e.run.first
		}
	}
	return true, byteSet{} // opAnd, opNot, a pick test
}

// allBytes is the set of every byte.
var allBytes = byteSet{^uint64(0), ^uint64(0), ^uint64(0), ^uint64(0)}

func (s byteSet) minus(t byteSet) byteSet {
	for i := range s {
		s[i] &^= t[i]
	}
	return s
}

// guardRuleCalls puts a lookahead of its first set, &[...], before every
// alternative of a choice (the last excepted) that starts with a call of a
// kept rule that cannot match the empty string: where the next byte cannot
// start the rule, the alternative then fails on one byte test instead of a
// call into the rule (host's IPv4address, tried before hostname, is the
// case on nearly every reference). The lookahead is computed from the
// derived grammar, so it follows any edit of the rule, and it changes no
// language: the alternative could not have matched.
func guardRuleCalls(order []string, rules map[string]*expr) {
	c := firstSets{rules: rules}
	var walk func(e *expr)
	walk = func(e *expr) {
		for _, k := range e.kids {
			walk(k)
		}
		if e.op != opChoice {
			return
		}
		for i, alt := range e.kids[:len(e.kids)-1] {
			call := alt
			if call.op == opSeq && len(call.kids) > 0 {
				call = call.kids[0]
			}
			if call.op != opRef {
				continue
			}
			nullable, first := c.trueSets(call)
			if nullable || first == allBytes || first == (byteSet{}) {
				continue
			}
			guard := &expr{op: opAnd, kids: []*expr{{op: opClass, set: first}}}
			if alt.op == opSeq {
				e.kids[i] = &expr{op: opSeq, kids: append([]*expr{guard}, alt.kids...)}
			} else {
				e.kids[i] = &expr{op: opSeq, kids: []*expr{guard, alt}}
			}
		}
	}
	for _, name := range order {
		walk(rules[name])
	}
}
