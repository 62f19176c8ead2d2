package main

import (
	"fmt"
	"slices"
)

// peg's -switch flag (pointlander/peg v1.0.1, tree/peg.go,
// optimizeAlternates) rewrites an ordered choice into a switch on the next
// byte. For each alternative it computes a first set and whether it
// "consumes", in a way of its own: a semantic predicate &{ } has an empty
// first set and consumes nothing, even when its code moves the position
// (the accelerated runs of the compact grammars do); a sequence's first set
// is the union of its elements' up to the first one that consumes. If
// fewer than all but two alternatives share a byte with a later one, it
// tries those that share one first, in order, then switches among the
// others on the next byte, the one with the largest first set in the
// default case. An alternative whose first set is empty gets the invalid
// case '<nil>'.
//
// That switch is the ordered choice only if each alternative of the choice
// fails on a byte outside the first set peg computed for it: it must not
// succeed without consuming, and every byte it can start with must be in
// peg's set. checkSwitch decides this for every choice that peg would
// rewrite, from the true first sets (an accelerated run's predicate starts
// with the first bytes of its items) and nullability, and so lets gen
// compile a grammar with -switch only where the switch keeps its meaning.

// switchedGrammars lists the grammars that generate.go compiles with peg
// -switch; TestSwitchedGrammars checks the list against generate.go.
var switchedGrammars = []string{"parser/internal/editcompact/editcompact.peg"}

// switched reports whether generate.go compiles the grammar at path with
// peg -switch.
func switched(path string) bool { return slices.Contains(switchedGrammars, path) }

// codeRun is what an accelerated run's semantic predicate matches, for
// checkSwitch: the bytes it can start with and whether it can succeed
// without consuming. A semantic predicate without one (a pick test) takes
// nothing.
type codeRun struct {
	first    byteSet
	nullable bool
}

// switchChecker holds the kept rules of a compact grammar by name.
type switchChecker struct {
	rules map[string]*expr
}

// checkSwitch reports the first choice of rules (name → body) that peg
// -switch would compile into a switch that does not mean the ordered
// choice, with the alternative and why.
func checkSwitch(order []string, rules map[string]*expr) error {
	c := switchChecker{rules: rules}
	for _, name := range order {
		if err := c.walk(name, rules[name]); err != nil {
			return err
		}
	}
	return nil
}

// switchGuard is an alternative that never matches ("!." holds only at
// the end of the input, "." only before it) but that peg -switch takes for
// one that consumes and can start with any byte: appended to a choice, it
// shares a first byte with every other alternative, so peg keeps the
// choice ordered.
func switchGuard() *expr {
	return &expr{op: opSeq, kids: []*expr{{op: opNot, kids: []*expr{{op: opDot}}}, {op: opDot}}}
}

// guardSwitches appends [switchGuard] to every choice of rules that peg
// -switch would rewrite into a switch that does not mean the ordered
// choice, and returns one line per choice guarded. A grammar edit that
// makes a choice unsafe for the switch (an alternative that can match
// nothing, a run peg cannot see into) so costs that choice its switch,
// not a failed go generate. The guard changes no rule's language.
func guardSwitches(order []string, rules map[string]*expr) []string {
	c := switchChecker{rules: rules}
	var guarded []string
	for _, name := range order {
		guarded = c.guard(name, rules[name], guarded)
	}
	return guarded
}

func (c switchChecker) guard(rule string, e *expr, guarded []string) []string {
	for _, k := range e.kids {
		guarded = c.guard(rule, k, guarded)
	}
	if e.op != opChoice || !c.pegSwitches(e) {
		return guarded
	}
	if err := c.checkChoice(rule, e); err != nil {
		guarded = append(guarded, err.Error())
		e.kids = append(e.kids, switchGuard())
	}
	return guarded
}

// checkChoice reports why the switch peg would make of the choice e does
// not mean the ordered choice, or nil.
func (c switchChecker) checkChoice(rule string, e *expr) error {
	for i, k := range e.kids {
		_, pegFirst := c.pegSets(k)
		nullable, first := c.trueSets(k)
		switch {
		case nullable:
			return fmt.Errorf("rule %s: peg -switch would switch on the next byte in %s, but its alternative %d (%s) can succeed without consuming", rule, e, i+1, k)
		case !first.subsetOf(pegFirst):
			return fmt.Errorf("rule %s: peg -switch would switch on the next byte in %s, but its alternative %d (%s) can start with %s, outside the first set peg computes for it", rule, e, i+1, k, &expr{op: opClass, set: first.minus(pegFirst)})
		}
	}
	return nil
}

func (c switchChecker) walk(rule string, e *expr) error {
	if e.op == opChoice && c.pegSwitches(e) {
		if err := c.checkChoice(rule, e); err != nil {
			return err
		}
	}
	for _, k := range e.kids {
		if err := c.walk(rule, k); err != nil {
			return err
		}
	}
	return nil
}

// pegSwitches reports whether peg -switch rewrites the choice e: when fewer
// than len-2 of its alternatives share a first byte (as peg computes first
// sets) with a later one.
func (c switchChecker) pegSwitches(e *expr) bool {
	intersections := 2
	for i := 0; i < len(e.kids)-1; i++ {
		_, a := c.pegSets(e.kids[i])
		for _, k := range e.kids[i+1:] {
			if _, b := c.pegSets(k); a.intersects(b) {
				intersections++
				break
			}
		}
	}
	return intersections < len(e.kids)
}

// pegSets returns what peg -switch computes for e: whether it consumes,
// and its first set.
func (c switchChecker) pegSets(e *expr) (consumes bool, s byteSet) {
	switch e.op {
	case opRef:
		return c.pegSets(c.rules[e.text])
	case opDot:
		return true, allBytes
	case opLiteral:
		s.add(e.text[0])
		return true, s
	case opClass:
		if e.neg {
			return true, allBytes
		}
		return true, e.set
	case opChoice:
		consumes = true
		for _, k := range e.kids {
			kc, ks := c.pegSets(k)
			consumes = consumes && kc
			s = s.union(ks)
		}
		return consumes, s
	case opSeq:
		for _, k := range e.kids {
			kc, ks := c.pegSets(k)
			consumes = kc
			s = s.union(ks)
			if kc {
				break
			}
		}
		return consumes, s
	case opOptional, opStar:
		_, s = c.pegSets(e.kids[0])
		return false, s
	case opPlus:
		return c.pegSets(e.kids[0])
	}
	return false, byteSet{} // opAnd, opNot, opCode
}

// trueSets returns whether e can succeed without consuming, and the bytes
// a match of e that consumes can start with.
func (c switchChecker) trueSets(e *expr) (nullable bool, first byteSet) {
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

func (s byteSet) subsetOf(t byteSet) bool { return s.minus(t) == byteSet{} }

// guardRuleCalls puts a lookahead of its first set, &[...], before every
// alternative of a choice (the last excepted) that starts with a call of a
// kept rule that cannot match the empty string: where the next byte cannot
// start the rule, the alternative then fails on one byte test instead of a
// call into the rule (host's IPv4address, tried before hostname, is the
// case on nearly every reference). The lookahead is computed from the
// derived grammar, so it follows any edit of the rule, and it changes no
// language: the alternative could not have matched.
func guardRuleCalls(order []string, rules map[string]*expr) {
	c := switchChecker{rules: rules}
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
