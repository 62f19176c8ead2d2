// Package explain decides and explains whether a string matches a rule of
// RFC 2396 Appendix A. It runs one deterministic automaton per rule, which
// gen builds from grammar/rfc2396.abnf alone (Glushkov's construction and
// the subset construction, gen/automaton.go) and writes into tables_gen.go;
// nothing here reads the BNF at run time.
//
// Appendix A is regular, so the automaton of a rule knows after every byte
// whether some string of the rule's language still starts with what has
// been read. It is the engine of two jobs: whole-string matching for every
// rule ([Match], behind parser.Match), and error explanation ([Explain],
// behind every parser.Error): the first byte after the longest prefix that
// a valid string can start with, the rules the reading was inside, and what
// could have come instead.
package explain

import (
	"fmt"

	"github.com/rfc2396/rfc2396/grammar"
	"github.com/rfc2396/rfc2396/internal/automaton"
)

// Automaton is the deterministic automaton of one rule. trans holds, for
// state s (stored premultiplied, as s×classes) and byte class k,
// trans[s+k]: the next state, premultiplied, or -1 where no string of the
// language continues with that byte. The start state is 0. paths and
// expectations are what the states' indexes refer to.
type Automaton struct {
	classes      int32
	classOf      [256]uint8
	trans        []int32
	states       []state
	paths        [][]grammar.Rule
	expectations []string
}

// Strict returns the automaton of rule under Appendix A exactly, from the
// generated tables. It panics if rule is not a rule of Appendix A.
func Strict(rule grammar.Rule) *Automaton { return &automata[rule] }

// Build makes an Automaton of a deterministic automaton that package
// automaton built, for a grammar whose definitions are rules (index i of
// the grammar is rules[i]).
func Build(d *automaton.DFA, rules []grammar.Rule) *Automaton {
	a := &Automaton{classes: int32(d.Classes), classOf: d.ClassOf, trans: make([]int32, len(d.Trans))}
	for i, t := range d.Trans {
		if t >= 0 {
			t *= int32(d.Classes)
		}
		a.trans[i] = t
	}
	pathIndex := map[string]uint16{}
	intern := func(p []int) uint16 {
		key := fmt.Sprint(p)
		if i, ok := pathIndex[key]; ok {
			return i
		}
		rs := make([]grammar.Rule, len(p))
		for k, r := range p {
			rs[k] = rules[r]
		}
		pathIndex[key] = uint16(len(a.paths))
		a.paths = append(a.paths, rs)
		return pathIndex[key]
	}
	expIndex := map[string]uint16{}
	for _, st := range d.States {
		e, ok := expIndex[st.Expected]
		if !ok {
			e = uint16(len(a.expectations))
			expIndex[st.Expected] = e
			a.expectations = append(a.expectations, st.Expected)
		}
		a.states = append(a.states, state{accepting: st.Accepting, path: intern(st.Path), altPath: intern(st.AltPath), expected: e})
	}
	return a
}

// state is what an error found in one state reports: indexes into paths and
// expectations.
type state struct {
	accepting     bool
	path, altPath uint16
	expected      uint16
}

// Match reports whether s as a whole matches rule. It allocates nothing and
// reads each byte once. Match panics if rule is not a rule of Appendix A.
func Match(rule grammar.Rule, s string) bool { return automata[rule].Match(s) }

// Match reports whether s as a whole is in a's language, reading each
// byte once and allocating nothing.
func (a *Automaton) Match(s string) bool {
	st := a.run(s)
	return st >= 0 && a.states[st/a.classes].accepting
}

// run returns the state (premultiplied) after reading s, or -1 when some
// byte of s cannot continue any string of the language.
func (a *Automaton) run(s string) int32 {
	trans, classOf := a.trans, &a.classOf
	st := int32(0)
	for i := 0; i < len(s); i++ {
		st = trans[st+int32(classOf[s[i]])]
		if st < 0 {
			return -1
		}
	}
	return st
}

// Result is how an input leaves a rule's language.
type Result struct {
	// Matched reports that the whole input matches the rule; the other
	// fields then describe the end of the input.
	Matched bool
	// Offset is the length of the longest prefix of the input that some
	// string of the rule's language starts with: the byte at Offset (or the
	// end of the input, when Offset is its length) is the first that no
	// valid string can have there.
	Offset int
	// Path lists the rules, from the start rule down, that the reading of
	// the input before Offset is inside, following the RFC's first
	// alternative where readings part (net_path before abs_path, server
	// before reg_name, absoluteURI before relativeURI). AltPath follows the
	// last alternative instead. Rules at the character level (pchar, alpha,
	// ...) are left out. Both are shared: callers must not modify them.
	Path, AltPath []grammar.Rule
	// Expected describes what could have come at Offset, e.g.
	// `pchar, ";", "/", "?" or "#"`, "end of input" included where the
	// prefix is itself a match.
	Expected string
}

// Explain runs the automaton of rule over s and reports where s leaves the
// rule's language. Explain panics if rule is not a rule of Appendix A.
func Explain(rule grammar.Rule, s string) Result { return Strict(rule).Explain(s) }

// Explain runs a over s and reports where s leaves a's language.
func (a *Automaton) Explain(s string) Result {
	st, off := int32(0), 0
	for ; off < len(s); off++ {
		next := a.trans[st+int32(a.classOf[s[off]])]
		if next < 0 {
			break
		}
		st = next
	}
	info := &a.states[st/a.classes]
	return Result{
		Matched:  off == len(s) && info.accepting,
		Offset:   off,
		Path:     a.paths[info.path],
		AltPath:  a.paths[info.altPath],
		Expected: a.expectations[info.expected],
	}
}
