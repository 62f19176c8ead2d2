// This file, table_layout.go and lazyset.go run the deterministic
// automata that the rest of the package builds, from tables (they were
// package internal/dfa): gen writes a grammar's tables at generate time
// ([EncodeTables]) as a binary blob, which the grammar's package embeds
// (parser for RFC 2396, NAME/grammar for the RFC 3986 family) and
// [LoadTables] reads in place; a profile's grammar is run by [LazyTable],
// which builds the states of its automaton only as inputs reach them, so
// that a profile costs nothing until it is used. [TableFromDFA] converts a
// whole automaton built at run time (tests compare the two).
//
// A [Table] is the engine of two jobs: whole-string matching of a rule
// ([Table.Match]) and error explanation ([Table.Explain]): the first byte
// after the longest prefix that a string of the rule's language can start
// with, the rules the reading was inside, and what could have come instead.
// It is generic in the rule type R, so that each grammar's errors name the
// rules of its own catalogue.

package automaton

import "github.com/rfc2396/rfc2396/grammar/bnf"

// Table is the deterministic automaton of one rule, as tables read in
// place from a blob of the layout above ([LoadTables]): nothing is decoded or
// copied. Trans holds 2-byte entries: for state s (stored premultiplied,
// as s×Classes) and byte class k, entry s+k is the next state,
// premultiplied, or [DeadTrans] where no string of the language continues with
// that byte. The start state is 0. States holds, for each state, whether
// it accepts and the index of its record in Infos (the blob's state
// records, which the tables of one grammar share), and the records index
// Paths and Expectations.
//
// Entries are 16 bits, half the size of the automaton's own, which is
// most of what the tables weigh (RFC 3986's are 170,000 entries); a table
// therefore has at most [MaxTrans] entries.
type Table[R any] struct {
	// Classes is the number of byte classes.
	Classes int32
	// ClassOf is 256 bytes: the class of each byte.
	ClassOf string
	// Trans is the transitions, 2 bytes (little-endian) an entry.
	Trans string
	// States is 2 bytes (little-endian) a state: bit 15 set if it
	// accepts, bits 0 to 14 the index of its record in Infos.
	States string
	// Infos is the state records of the blob, 6 bytes each (see the
	// layout).
	Infos string
	// Paths are the rule paths that the records index.
	Paths [][]R
	// Expectations are the expectations that the records index.
	Expectations []string

	// The matcher: the minimal automaton of the rule's language, which
	// [Table.Match] runs (see the layout). Its entries are premultiplied
	// by Pairs+Classes, its columns: first the Pairs pair columns, then
	// one for each class.
	//
	// Pairs is the number of pair columns, 0 where the table has none.
	Pairs int32
	// PairOf is Classes² bytes, empty when Pairs is 0: entry
	// k₁×Classes+k₂ is the pair column of a byte of class k₁ followed by
	// one of class k₂.
	PairOf string
	// MatchTrans is the matcher's transitions, 2 bytes (little-endian) an
	// entry: the next state, premultiplied, or [DeadTrans].
	MatchTrans string
	// MatchStart is the matcher's start state; states from MatchAccept on
	// accept, and no state before it does.
	MatchStart, MatchAccept int32
}

// DeadTrans is the entry of [Table.Trans] where no string of the language
// continues.
const DeadTrans = 0xFFFF

// MaxTrans is the most entries a [Table] can have (states × classes): every
// premultiplied state is then below [DeadTrans].
const MaxTrans = DeadTrans

// TransEntry is what Trans holds for next, a transition of a
// [DFA] with classes byte classes (a state, or -1 for none).
func TransEntry(next int32, classes int) uint16 {
	if next < 0 {
		return DeadTrans
	}
	return uint16(next * int32(classes))
}

// TableFromDFA makes a Table of a deterministic automaton that package
// automaton built, for a grammar whose definitions are rules (definition i
// of the grammar is rules[i]), by way of the blob [EncodeTables] writes. An
// automaton of more than [MaxTrans] transitions is an error.
func TableFromDFA[R any](d *DFA, rules []R) (*Table[R], error) {
	enc, err := EncodeTables([]*DFA{d})
	if err != nil {
		return nil, err
	}
	paths := make([][]R, len(enc.Paths))
	for i, p := range enc.Paths {
		paths[i] = make([]R, len(p))
		for k, r := range p {
			paths[i][k] = rules[r]
		}
	}
	t, err := LoadTables(string(enc.Blob), 1, paths, enc.Expectations)
	if err != nil {
		return nil, err
	}
	if err := t[0].Verify(); err != nil {
		return nil, err
	}
	return &t[0], nil
}

// Match reports whether s as a whole is in t's language, reading each
// byte once and allocating nothing. It runs the matcher, two bytes a step
// where the table has pair columns: each step waits for the entry the
// last one read, and that wait is most of a byte's cost.
func (t *Table[R]) Match(s string) bool {
	trans, classOf := t.MatchTrans, t.ClassOf[:256]
	pairs := int(t.Pairs)
	st, i := int(t.MatchStart), 0
	if pairs > 0 {
		pairOf, k := t.PairOf, int(t.Classes)
		for ; i+1 < len(s); i += 2 {
			next := tableStep(trans, st, int(pairOf[int(classOf[s[i]])*k+int(classOf[s[i+1]])]))
			if next == DeadTrans {
				return false
			}
			st = next
		}
	}
	for ; i < len(s); i++ {
		next := tableStep(trans, st, pairs+int(classOf[s[i]]))
		if next == DeadTrans {
			return false
		}
		st = next
	}
	return st >= int(t.MatchAccept)
}

// tableStep reads the entry of trans in column c of the state that starts at
// entry st. st and c are below 2¹⁶, so the index cannot overflow: written
// so, one bounds check covers both bytes.
func tableStep(trans string, st, c int) int {
	e := uint64(uint32(st)+uint32(c)) * 2
	return int(trans[e+1])<<8 | int(trans[e])
}

// state is the entry of States of the state that starts at entry st of
// Trans.
func (t *Table[R]) state(st int) int {
	return u16(t.States, 2*int(uint32(st)/uint32(t.Classes)))
}

// Explanation is how an input leaves a rule's language.
type Explanation[R any] struct {
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
	// alternative instead (see State). Rules at the character
	// level are left out. Both are shared: callers must not modify them.
	Path, AltPath []R
	// Expected describes what could have come at Offset, "end of input"
	// included where the prefix is itself a match.
	Expected string
}

// Explain runs t over s and reports where s leaves t's language. It reads
// each byte at most once and allocates nothing.
//
// The offset never splits a character: where the automaton stops inside a
// UTF-8 sequence or right after one that is cut short, or the input ends
// inside one, the offset is the sequence's first byte and the result
// describes the state before it (see [bnf.StartOfChar]).
func (t *Table[R]) Explain(s string) Explanation[R] {
	trans, classOf := t.Trans, t.ClassOf[:256]
	st, off := 0, 0
	// The last two bytes read that start a character, and the states
	// before them.
	charStart, charState, prevStart, prevState := 0, 0, 0, 0
	for ; off < len(s); off++ {
		if !bnf.IsContinuation(s[off]) {
			prevStart, prevState = charStart, charState
			charStart, charState = off, st
		}
		next := tableStep(trans, st, int(classOf[s[off]]))
		if next == DeadTrans {
			break
		}
		st = next
	}
	if off < len(s) || t.state(st)&accepts == 0 {
		switch at := bnf.StartOfChar(s, off); {
		case at == off:
		case at == charStart:
			off, st = at, charState
		case at == prevStart:
			off, st = at, prevState
		}
	}
	k := t.state(st)
	r := t.Infos[infoSize*(k&^accepts):]
	return Explanation[R]{
		Matched:  off == len(s) && k&accepts != 0,
		Offset:   off,
		Path:     t.Paths[u16(r, 0)],
		AltPath:  t.Paths[u16(r, 2)],
		Expected: t.Expectations[u16(r, 4)],
	}
}

// LazyTable runs the on-demand automaton of one rule ([Lazy]) and
// reports in the rules of a catalogue R, as a [Table] does: a profile's
// grammar costs nothing until an input needs a state.
type LazyTable[R any] struct {
	l     *Lazy
	rules []R // definition index → rule
}

// NewLazyTable returns the on-demand automaton of l's rule, for a grammar whose
// definitions are rules (definition i of the grammar is rules[i]).
func NewLazyTable[R any](l *Lazy, rules []R) *LazyTable[R] {
	return &LazyTable[R]{l: l, rules: rules}
}

// Match reports whether s as a whole is in the rule's language; see
// [Lazy.Match].
func (z *LazyTable[R]) Match(s string) bool { return z.l.Match(s) }

// Explain runs the automaton over s and reports where s leaves the rule's
// language, as [Table.Explain] does. The paths are new slices.
func (z *LazyTable[R]) Explain(s string) Explanation[R] {
	off, matched, st := z.l.Explain(s)
	return Explanation[R]{Matched: matched, Offset: off, Path: z.ruleList(st.Path), AltPath: z.ruleList(st.AltPath), Expected: st.Expected}
}

func (z *LazyTable[R]) ruleList(p []int) []R {
	rs := make([]R, len(p))
	for k, r := range p {
		rs[k] = z.rules[r]
	}
	return rs
}

// CacheStats returns how many states the automaton holds and how many
// times its cache was emptied; see [Lazy.CacheStats].
func (z *LazyTable[R]) CacheStats() (states, flushes int) { return z.l.CacheStats() }

// Bytes estimates the memory the automaton holds; see
// [Lazy.Bytes].
func (z *LazyTable[R]) Bytes() int64 { return z.l.Bytes() }
