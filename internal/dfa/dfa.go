// Package dfa runs the deterministic automata that package
// internal/automaton builds, from tables: gen writes a grammar's tables at
// generate time (parser/internal/explain for RFC 2396,
// rfc3986/internal/explain for RFC 3986); a profile's grammar is run by
// [Lazy], which builds the states of its automaton only as inputs reach
// them, so that a profile costs nothing until it is used. [FromDFA]
// converts a whole automaton built at run time (tests compare the two).
//
// A [Table] is the engine of two jobs: whole-string matching of a rule
// ([Table.Match]) and error explanation ([Table.Explain]): the first byte
// after the longest prefix that a string of the rule's language can start
// with, the rules the reading was inside, and what could have come instead.
// It is generic in the rule type R, so that each grammar's errors name the
// rules of its own catalogue.
package dfa

import (
	"fmt"

	"github.com/rfc2396/rfc2396/internal/automaton"
)

// Table is the deterministic automaton of one rule, as tables. Trans holds,
// for state s (stored premultiplied, as s×Classes) and byte class k,
// Trans[s+k]: the next state, premultiplied, or [Dead] where no string of
// the language continues with that byte. The start state is 0. States
// index Paths and Expectations, which tables of one grammar share.
//
// Entries are 16 bits, half the size of the automaton's own, which is
// most of what the generated tables weigh in a binary (RFC 3986's are
// 170,000 entries); a table therefore has at most [MaxTrans] entries.
type Table[R any] struct {
	Classes      int32
	ClassOf      [256]uint8
	Trans        []uint16
	States       []State
	Paths        [][]R
	Expectations []string
}

// State is what an error found in one state of a [Table] reports: whether
// the state accepts, and indexes into the table's Paths and Expectations.
type State struct {
	Accepting     bool
	Path, AltPath uint16
	Expected      uint16
}

// Dead is the entry of [Table.Trans] where no string of the language
// continues.
const Dead = 0xFFFF

// MaxTrans is the most entries a [Table] can have (states × classes): every
// premultiplied state is then below [Dead].
const MaxTrans = Dead

// TransEntry is what Trans holds for next, a transition of a
// [automaton.DFA] with classes byte classes (a state, or -1 for none).
func TransEntry(next int32, classes int) uint16 {
	if next < 0 {
		return Dead
	}
	return uint16(next * int32(classes))
}

// FromDFA makes a Table of a deterministic automaton that package
// automaton built, for a grammar whose definitions are rules (definition i
// of the grammar is rules[i]). An automaton of more than [MaxTrans]
// transitions is an error.
func FromDFA[R any](d *automaton.DFA, rules []R) (*Table[R], error) {
	if len(d.Trans) > MaxTrans {
		return nil, fmt.Errorf("dfa: the automaton has %d states × %d byte classes = %d transitions; a table holds at most %d", len(d.States), d.Classes, len(d.Trans), MaxTrans)
	}
	t := &Table[R]{Classes: int32(d.Classes), ClassOf: d.ClassOf, Trans: make([]uint16, len(d.Trans))}
	for i, next := range d.Trans {
		t.Trans[i] = TransEntry(next, d.Classes)
	}
	pathIndex := map[string]uint16{}
	intern := func(p []int) uint16 {
		key := fmt.Sprint(p)
		if i, ok := pathIndex[key]; ok {
			return i
		}
		rs := make([]R, len(p))
		for k, r := range p {
			rs[k] = rules[r]
		}
		pathIndex[key] = uint16(len(t.Paths))
		t.Paths = append(t.Paths, rs)
		return pathIndex[key]
	}
	expIndex := map[string]uint16{}
	for _, st := range d.States {
		e, ok := expIndex[st.Expected]
		if !ok {
			e = uint16(len(t.Expectations))
			expIndex[st.Expected] = e
			t.Expectations = append(t.Expectations, st.Expected)
		}
		t.States = append(t.States, State{Accepting: st.Accepting, Path: intern(st.Path), AltPath: intern(st.AltPath), Expected: e})
	}
	return t, nil
}

// Match reports whether s as a whole is in t's language, reading each
// byte once and allocating nothing.
func (t *Table[R]) Match(s string) bool {
	trans, classOf := t.Trans, &t.ClassOf
	st := int32(0)
	for i := 0; i < len(s); i++ {
		next := trans[st+int32(classOf[s[i]])]
		if next == Dead {
			return false
		}
		st = int32(next)
	}
	return t.States[st/t.Classes].Accepting
}

// Result is how an input leaves a rule's language.
type Result[R any] struct {
	// Matched reports that the whole input matches the rule; the other
	// fields then describe the end of the input.
	Matched bool
	// Offset is the length of the longest prefix of the input that some
	// string of the rule's language starts with: the byte at Offset (or the
	// end of the input, when Offset is its length) is the first that no
	// valid string can have there.
	Offset int
	// Path lists the rules, from the start rule down, that the reading of
	// the input before Offset is inside, following the grammar's first
	// alternative where readings part; AltPath follows the last
	// alternative instead (see automaton.State). Rules at the character
	// level are left out. Both are shared: callers must not modify them.
	Path, AltPath []R
	// Expected describes what could have come at Offset, "end of input"
	// included where the prefix is itself a match.
	Expected string
}

// Explain runs t over s and reports where s leaves t's language. It reads
// each byte at most once and allocates nothing.
func (t *Table[R]) Explain(s string) Result[R] {
	st, off := int32(0), 0
	for ; off < len(s); off++ {
		next := t.Trans[st+int32(t.ClassOf[s[off]])]
		if next == Dead {
			break
		}
		st = int32(next)
	}
	info := &t.States[st/t.Classes]
	return Result[R]{
		Matched:  off == len(s) && info.Accepting,
		Offset:   off,
		Path:     t.Paths[info.Path],
		AltPath:  t.Paths[info.AltPath],
		Expected: t.Expectations[info.Expected],
	}
}

// Lazy runs the on-demand automaton of one rule ([automaton.Lazy]) and
// reports in the rules of a catalogue R, as a [Table] does: a profile's
// grammar costs nothing until an input needs a state.
type Lazy[R any] struct {
	l     *automaton.Lazy
	rules []R // definition index → rule
}

// NewLazy returns the on-demand automaton of l's rule, for a grammar whose
// definitions are rules (definition i of the grammar is rules[i]).
func NewLazy[R any](l *automaton.Lazy, rules []R) *Lazy[R] {
	return &Lazy[R]{l: l, rules: rules}
}

// Match reports whether s as a whole is in the rule's language; see
// [automaton.Lazy.Match].
func (z *Lazy[R]) Match(s string) bool { return z.l.Match(s) }

// Explain runs the automaton over s and reports where s leaves the rule's
// language, as [Table.Explain] does. The paths are new slices.
func (z *Lazy[R]) Explain(s string) Result[R] {
	off, matched, st := z.l.Explain(s)
	return Result[R]{Matched: matched, Offset: off, Path: z.ruleList(st.Path), AltPath: z.ruleList(st.AltPath), Expected: st.Expected}
}

func (z *Lazy[R]) ruleList(p []int) []R {
	rs := make([]R, len(p))
	for k, r := range p {
		rs[k] = z.rules[r]
	}
	return rs
}
