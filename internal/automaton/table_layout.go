package automaton

import (
	"encoding/binary"
	"fmt"
	"slices"
	"strconv"
)

// The tables of a grammar are one binary blob (a tables.bin that gen
// writes beside the tables_gen.go of an explain package, which embeds it
// as a string, with the blob's [TablesIndex] as Go): [SliceTables] cuts each [Table]
// out of it in place, so that a process reads no more of the blob than
// its inputs reach, and decodes or copies nothing at start-up. Every
// integer is little-endian. Version 2 of the layout is:
//
//	offset  size  field
//	0       4     magic: "DFA\x00"
//	4       2     version: 2 ([TablesVersion])
//	6       2     tables: the number of tables
//	8       4     length: the blob's length in bytes
//	12      4     paths: the number of rule paths the states index
//	16      4     expectations: the number of expectations they index
//	20      4     infos: offset of the state records
//	24      4     the number of state records
//	28      36×n  the directory: for each table, in rule order,
//	                2  classes: the number of byte classes, 1 to 256
//	                2  pairs: the number of pair columns of the
//	                   matcher's transitions, 0 to 255
//	                4  states: the number of states
//	                4  offset of the class map: 256 bytes, byte → class
//	                4  offset of the transitions: 2 bytes an entry,
//	                   states × classes entries, entry s×classes+k the
//	                   next state of state s on class k, premultiplied
//	                   (next × classes), or 0xFFFF ([DeadTrans])
//	                4  offset of the states: 2 bytes a state, bit 15
//	                   set if the state accepts, bits 0 to 14 the index
//	                   of its state record
//	                4  matcher states: the number of states of the
//	                   rule's minimal automaton (the matcher)
//	                2  the matcher's start state, premultiplied
//	                2  the matcher's first accepting state,
//	                   premultiplied: a state accepts if it is this one
//	                   or a later one
//	                4  offset of the pair map: classes² bytes, entry
//	                   k₁×classes+k₂ the pair column of class k₁
//	                   followed by class k₂ (absent when pairs is 0)
//	                4  offset of the matcher's transitions: 2 bytes an
//	                   entry, matcher states × columns entries, where
//	                   columns is pairs + classes: entry s×columns+p,
//	                   for p below pairs, is the state after two bytes
//	                   whose classes the pair map takes to p, and entry
//	                   s×columns+pairs+k the state after one byte of
//	                   class k; each premultiplied (next × columns), or
//	                   [DeadTrans]
//
// then the state records, 6 bytes each, which the tables of the blob share:
//
//	2  the index of the rule path an error in the state reports
//	2  the index of the alternative path
//	2  the index of the expectation
//
// then the class maps, transitions, state entries and pair maps that the
// directory points at, in any order: tables with identical sections share
// one copy. The rule paths and expectations are not in the blob: they are
// values of the grammar's rule type, which the explain package holds as
// Go.
//
// The matcher is the automaton of the rule's language alone (see
// [Minimal]): 12 states for URI-reference under RFC 2396's
// Appendix A as published, where the automaton that explains errors has
// 515. [Table.Match] runs it two bytes
// a step, where it can: reading the next state is what each step waits
// for, and a step that reads two bytes waits half as often. The pair
// columns are the distinct two-byte steps; [EncodeTables] leaves them out (pairs
// 0) where they would not fit in [MaxTrans] entries or 255 columns.
const (
	// TablesMagic is the first 4 bytes of a blob of tables.
	TablesMagic = "DFA\x00"
	// TablesVersion is the version of the layout that this package reads and
	// writes; a blob of another version is an error.
	TablesVersion = 2

	headerSize = 28
	dirSize    = 36
	infoSize   = 6

	// accepts is the bit of a state's entry that says it accepts; the
	// others index its record.
	accepts = 1 << 15
)

// TablesFormatError reports a blob of tables that does not follow the layout
// this package reads: another version, a truncated file, an entry out of
// range. It means the blob and the Go beside it were not written by the
// same run of gen; go generate ./... writes both again.
type TablesFormatError struct {
	// Offset is the byte of the blob where the fault was found.
	Offset int
	// Reason says what is wrong there.
	Reason string
}

func (e *TablesFormatError) Error() string {
	return "automaton: tables blob: offset " + strconv.Itoa(e.Offset) + ": " + e.Reason
}

func formatErr(off int, format string, args ...any) error {
	return &TablesFormatError{Offset: off, Reason: fmt.Sprintf(format, args...)}
}

func u16(s string, off int) int { return int(s[off]) | int(s[off+1])<<8 }

// u32 reads a 32-bit field; on a platform of 32-bit ints, a field of 2³¹
// or more reads as negative, which the callers reject.
func u32(s string, off int) int {
	return int(s[off]) | int(s[off+1])<<8 | int(s[off+2])<<16 | int(s[off+3])<<24
}

// TablesIndex is where the tables of a blob lie: the blob's header and
// directory, as numbers. gen writes it as Go beside the blob as well, so
// that a process slices its tables out of the blob ([SliceTables]) without
// reading a byte of it: the pages of the blob are touched only by the
// inputs that reach them.
type TablesIndex struct {
	// Size is the blob's length in bytes.
	Size int
	// Paths and Expectations are the numbers of rule paths and
	// expectations that the state records index.
	Paths, Expectations int
	// InfosAt is the offset of the state records, Infos their number.
	InfosAt, Infos int
	// Tables are the directory's entries, in rule order.
	Tables []TableEntry
}

// TableEntry is where one table of a blob lies: an entry of its directory.
type TableEntry struct {
	// Classes is the number of byte classes; States the number of states.
	Classes, States int
	// ClassOfAt, TransAt and StatesAt are the offsets of the table's class
	// map, transitions and state entries.
	ClassOfAt, TransAt, StatesAt int
	// Pairs is the number of pair columns of the matcher's transitions,
	// MatchStates the number of its states.
	Pairs, MatchStates int
	// MatchStart and MatchAccept are the matcher's start state and first
	// accepting state, premultiplied.
	MatchStart, MatchAccept int
	// PairOfAt and MatchAt are the offsets of the pair map and of the
	// matcher's transitions.
	PairOfAt, MatchAt int
}

// ReadTablesIndex reads the header and directory of blob, which must be of
// version [TablesVersion] and hold n tables, one for each rule of a grammar.
func ReadTablesIndex(blob string, n int) (TablesIndex, error) {
	if len(blob) < headerSize {
		return TablesIndex{}, formatErr(0, "%d bytes, shorter than the %d-byte header", len(blob), headerSize)
	}
	if blob[:4] != TablesMagic {
		return TablesIndex{}, formatErr(0, "magic %q, want %q", blob[:4], TablesMagic)
	}
	if v := u16(blob, 4); v != TablesVersion {
		return TablesIndex{}, formatErr(4, "layout version %d, this build reads version %d", v, TablesVersion)
	}
	if got := u16(blob, 6); got != n {
		return TablesIndex{}, formatErr(6, "%d tables, the grammar has %d rules", got, n)
	}
	if got := u32(blob, 8); got != len(blob) {
		return TablesIndex{}, formatErr(8, "the header gives a length of %d bytes, the blob has %d", got, len(blob))
	}
	if headerSize+n*dirSize > len(blob) {
		return TablesIndex{}, formatErr(headerSize, "the directory of %d tables overruns the blob", n)
	}
	idx := TablesIndex{Size: len(blob), Paths: u32(blob, 12), Expectations: u32(blob, 16), InfosAt: u32(blob, 20), Infos: u32(blob, 24), Tables: make([]TableEntry, n)}
	for i := range idx.Tables {
		d := headerSize + i*dirSize
		idx.Tables[i] = TableEntry{
			Classes: u16(blob, d), Pairs: u16(blob, d+2), States: u32(blob, d+4),
			ClassOfAt: u32(blob, d+8), TransAt: u32(blob, d+12), StatesAt: u32(blob, d+16),
			MatchStates: u32(blob, d+20), MatchStart: u16(blob, d+24), MatchAccept: u16(blob, d+26),
			PairOfAt: u32(blob, d+28), MatchAt: u32(blob, d+32),
		}
	}
	return idx, nil
}

// SliceTables returns the tables that idx places in blob, n of them (one for
// each rule of the grammar) whose states index paths and expectations. It
// checks that every section of idx lies in blob, and reads nothing of
// blob: the tables are slices of it, and its version is the business of
// [ReadTablesIndex], which gen and the tests run. Entries are not checked
// either: that is [Table.Verify]'s job. An error is a [TablesFormatError] at the
// offset of the blob's field that idx gives wrongly.
func SliceTables[R any](blob string, idx *TablesIndex, n int, paths [][]R, expectations []string) ([]Table[R], error) {
	if idx.Size != len(blob) {
		return nil, formatErr(8, "the index gives a length of %d bytes, the blob has %d", idx.Size, len(blob))
	}
	if len(idx.Tables) != n {
		return nil, formatErr(6, "%d tables, the grammar has %d rules", len(idx.Tables), n)
	}
	if idx.Paths != len(paths) {
		return nil, formatErr(12, "the states index %d rule paths, the Go beside the blob has %d", idx.Paths, len(paths))
	}
	if idx.Expectations != len(expectations) {
		return nil, formatErr(16, "the states index %d expectations, the Go beside the blob has %d", idx.Expectations, len(expectations))
	}
	if idx.InfosAt < 0 || idx.InfosAt > len(blob) || idx.Infos < 0 || idx.Infos > (len(blob)-idx.InfosAt)/infoSize {
		return nil, formatErr(20, "%d state records at offset %d overrun the blob", idx.Infos, idx.InfosAt)
	}
	info := blob[idx.InfosAt : idx.InfosAt+idx.Infos*infoSize]
	tables := make([]Table[R], n)
	for i := range tables {
		e, d := &idx.Tables[i], headerSize+i*dirSize
		if e.Classes < 1 || e.Classes > 256 {
			return nil, formatErr(d, "table %d: %d byte classes", i, e.Classes)
		}
		if e.States < 1 || e.States > MaxTrans/e.Classes {
			return nil, formatErr(d+4, "table %d: %d states × %d byte classes; a table holds 1 to %d transitions", i, e.States, e.Classes, MaxTrans)
		}
		section := func(field, off, size int) (string, error) {
			if off < 0 || off > len(blob) || size > len(blob)-off {
				return "", formatErr(d+field, "table %d: %d bytes at offset %d overrun the blob", i, size, off)
			}
			return blob[off : off+size], nil
		}
		t := &tables[i]
		var err error
		if t.ClassOf, err = section(8, e.ClassOfAt, 256); err != nil {
			return nil, err
		}
		if t.Trans, err = section(12, e.TransAt, 2*e.States*e.Classes); err != nil {
			return nil, err
		}
		if t.States, err = section(16, e.StatesAt, 2*e.States); err != nil {
			return nil, err
		}
		if e.Pairs < 0 || e.Pairs > 255 {
			return nil, formatErr(d+2, "table %d: %d pair columns; a table has 0 to 255", i, e.Pairs)
		}
		columns := e.Pairs + e.Classes
		if e.MatchStates < 1 || e.MatchStates > MaxTrans/columns {
			return nil, formatErr(d+20, "table %d: the matcher's %d states × %d columns; a table holds 1 to %d transitions", i, e.MatchStates, columns, MaxTrans)
		}
		if e.MatchStart < 0 || e.MatchStart >= e.MatchStates*columns || e.MatchStart%columns != 0 {
			return nil, formatErr(d+24, "table %d: the matcher's start state is entry %d, not the start of one of its %d states", i, e.MatchStart, e.MatchStates)
		}
		if e.MatchAccept < 0 || e.MatchAccept > e.MatchStates*columns || e.MatchAccept%columns != 0 {
			return nil, formatErr(d+26, "table %d: the matcher's first accepting state is entry %d, not the start of one of its %d states or the end", i, e.MatchAccept, e.MatchStates)
		}
		pairMap := 0
		if e.Pairs > 0 {
			pairMap = e.Classes * e.Classes
		}
		if t.PairOf, err = section(28, e.PairOfAt, pairMap); err != nil {
			return nil, err
		}
		if t.MatchTrans, err = section(32, e.MatchAt, 2*e.MatchStates*columns); err != nil {
			return nil, err
		}
		t.Classes = int32(e.Classes)
		t.Pairs = int32(e.Pairs)
		t.MatchStart, t.MatchAccept = int32(e.MatchStart), int32(e.MatchAccept)
		t.Infos = info
		t.Paths = paths
		t.Expectations = expectations
	}
	return tables, nil
}

// LoadTables returns the tables of blob, which must hold n tables (one for each
// rule of the grammar) whose states index paths and expectations, as
// [EncodeTables] wrote them: [SliceTables] of the blob's own [ReadTablesIndex].
func LoadTables[R any](blob string, n int, paths [][]R, expectations []string) ([]Table[R], error) {
	idx, err := ReadTablesIndex(blob, n)
	if err != nil {
		return nil, err
	}
	return SliceTables(blob, &idx, n, paths, expectations)
}

// MustSliceTables is [SliceTables] for the tables an explain package embeds, with the
// index gen wrote beside them: it panics, naming the blob, if they do not
// agree, which only a blob and Go from different runs of gen can cause.
func MustSliceTables[R any](name, blob string, idx *TablesIndex, n int, paths [][]R, expectations []string) []Table[R] {
	t, err := SliceTables(blob, idx, n, paths, expectations)
	if err != nil {
		panic(name + ": " + err.Error() + " (go generate ./... writes the blob and its Go again)")
	}
	return t
}

// Verify checks every entry of t: each class below Classes, each
// transition [DeadTrans] or the start of a state, each state's record in the
// blob and each record's path and expectation in Paths and Expectations.
// A table that passes reads nothing out of range on any input.
func (t *Table[R]) Verify() error {
	classes := int(t.Classes)
	for b := 0; b < len(t.ClassOf); b++ {
		if int(t.ClassOf[b]) >= classes {
			return fmt.Errorf("automaton: byte %#x is in class %d of %d", b, t.ClassOf[b], classes)
		}
	}
	entries := len(t.Trans) / 2
	for i := 0; i < entries; i++ {
		if next := u16(t.Trans, 2*i); next != DeadTrans && (next >= entries || next%classes != 0) {
			return fmt.Errorf("automaton: state %d, class %d: the next state is entry %d of %d, not the start of a state", i/classes, i%classes, next, entries)
		}
	}
	for s := 0; s < len(t.States)/2; s++ {
		k := u16(t.States, 2*s) &^ accepts
		if k >= len(t.Infos)/infoSize {
			return fmt.Errorf("automaton: state %d: record %d of %d", s, k, len(t.Infos)/infoSize)
		}
		r := t.Infos[k*infoSize:]
		if p := u16(r, 0); p >= len(t.Paths) {
			return fmt.Errorf("automaton: state %d: path %d of %d", s, p, len(t.Paths))
		}
		if p := u16(r, 2); p >= len(t.Paths) {
			return fmt.Errorf("automaton: state %d: alternative path %d of %d", s, p, len(t.Paths))
		}
		if e := u16(r, 4); e >= len(t.Expectations) {
			return fmt.Errorf("automaton: state %d: expectation %d of %d", s, e, len(t.Expectations))
		}
	}
	return t.verifyMatcher()
}

// verifyMatcher checks the matcher's entries, that each pair column is the
// two steps it stands for, and that the matcher accepts what the automaton
// of the rest of t accepts, input for input: Match and Explain then agree.
func (t *Table[R]) verifyMatcher() error {
	classes, pairs := int(t.Classes), int(t.Pairs)
	columns := pairs + classes
	entries := len(t.MatchTrans) / 2
	for i := 0; i < len(t.PairOf); i++ {
		if int(t.PairOf[i]) >= pairs {
			return fmt.Errorf("automaton: classes %d and %d are in pair column %d of %d", i/classes, i%classes, t.PairOf[i], pairs)
		}
	}
	for i := 0; i < entries; i++ {
		if next := u16(t.MatchTrans, 2*i); next != DeadTrans && (next >= entries || next%columns != 0) {
			return fmt.Errorf("automaton: matcher state %d, column %d: the next state is entry %d of %d, not the start of a state", i/columns, i%columns, next, entries)
		}
	}
	single := func(st, k int) int {
		if st == DeadTrans {
			return DeadTrans
		}
		return tableStep(t.MatchTrans, st, pairs+k)
	}
	for st := 0; st < entries && len(t.PairOf) > 0; st += columns {
		for k1 := 0; k1 < classes; k1++ {
			for k2 := 0; k2 < classes; k2++ {
				if got, want := tableStep(t.MatchTrans, st, int(t.PairOf[k1*classes+k2])), single(single(st, k1), k2); got != want {
					return fmt.Errorf("automaton: matcher state %d, classes %d and %d: the pair column gives entry %d, two steps give %d", st/columns, k1, k2, got, want)
				}
			}
		}
	}
	// Walk the pairs of states that some input reaches in both automata,
	// [DeadTrans] for none, checking that they accept alike.
	type pair struct{ full, m int }
	start := pair{0, int(t.MatchStart)}
	seen := map[pair]bool{start: true}
	for queue := []pair{start}; len(queue) > 0; {
		p := queue[len(queue)-1]
		queue = queue[:len(queue)-1]
		fullAccepts := p.full != DeadTrans && t.state(p.full)&accepts != 0
		if mAccepts := p.m != DeadTrans && p.m >= int(t.MatchAccept); fullAccepts != mAccepts {
			return fmt.Errorf("automaton: the matcher's state %d accepts %v, the automaton's state %d %v: they read some input differently", p.m/columns, mAccepts, p.full/classes, fullAccepts)
		}
		for k := 0; k < classes; k++ {
			next := pair{DeadTrans, single(p.m, k)}
			if p.full != DeadTrans {
				next.full = tableStep(t.Trans, p.full, k)
			}
			if next != (pair{DeadTrans, DeadTrans}) && !seen[next] {
				seen[next] = true
				queue = append(queue, next)
			}
		}
	}
	return nil
}

// EncodedTables is a grammar's tables as [EncodeTables] writes them: the blob, its
// index, and the rule paths (indexes into the grammar's definitions) and
// expectations that its states index; the Go beside the blob holds all
// but the blob.
type EncodedTables struct {
	Blob         []byte
	Index        TablesIndex
	Paths        [][]int
	Expectations []string
}

// EncodeTables writes the tables of the automata ds, one for each rule of a
// grammar in rule order, in the layout of version [TablesVersion]. An automaton
// of more than [MaxTrans] transitions is an error naming its index in ds.
func EncodeTables(ds []*DFA) (*EncodedTables, error) {
	if len(ds) > 0xFFFF {
		return nil, fmt.Errorf("automaton: %d tables; a blob holds at most %d", len(ds), 0xFFFF)
	}
	enc := &EncodedTables{}
	pathIndex, expIndex, infoIndex := map[string]int{}, map[string]int{}, map[string]int{}
	internPath := func(p []int) int {
		key := fmt.Sprint(p)
		if i, ok := pathIndex[key]; ok {
			return i
		}
		pathIndex[key] = len(enc.Paths)
		enc.Paths = append(enc.Paths, p)
		return len(enc.Paths) - 1
	}
	internExp := func(e string) int {
		if i, ok := expIndex[e]; ok {
			return i
		}
		expIndex[e] = len(enc.Expectations)
		enc.Expectations = append(enc.Expectations, e)
		return len(enc.Expectations) - 1
	}
	var infos []byte
	internInfo := func(st State) int {
		var r []byte
		for _, v := range []int{internPath(st.Path), internPath(st.AltPath), internExp(st.Expected)} {
			r = binary.LittleEndian.AppendUint16(r, uint16(v))
		}
		if i, ok := infoIndex[string(r)]; ok {
			return i
		}
		i := len(infos) / infoSize
		infoIndex[string(r)] = i
		infos = append(infos, r...)
		return i
	}

	// Sections are interned by content: a table whose class map,
	// transitions or states equal an earlier table's points at its copy.
	var sections []byte
	sectionIndex := map[string]int{}
	internSection := func(b []byte) int {
		if off, ok := sectionIndex[string(b)]; ok {
			return off
		}
		off := len(sections)
		sectionIndex[string(b)] = off
		sections = append(sections, b...)
		return off
	}
	type dirEntry struct {
		classes, states, classOf, trans, states2            int
		pairs, matchStates, matchStart, matchAccept, pairOf int
		matchTrans                                          int
	}
	dir := make([]dirEntry, len(ds))
	for i, d := range ds {
		if len(d.Trans) > MaxTrans {
			return nil, fmt.Errorf("automaton: table %d: the automaton has %d states × %d byte classes = %d transitions; a table holds at most %d", i, len(d.States), d.Classes, len(d.Trans), MaxTrans)
		}
		if d.Classes < 1 || d.Classes > 256 || len(d.States) == 0 || len(d.Trans) != len(d.States)*d.Classes {
			return nil, fmt.Errorf("automaton: table %d: %d states, %d byte classes and %d transitions do not make an automaton", i, len(d.States), d.Classes, len(d.Trans))
		}
		trans := make([]byte, 0, 2*len(d.Trans))
		for _, next := range d.Trans {
			trans = binary.LittleEndian.AppendUint16(trans, TransEntry(next, d.Classes))
		}
		states := make([]byte, 0, 2*len(d.States))
		for _, st := range d.States {
			entry := internInfo(st)
			if st.Accepting {
				entry |= accepts
			}
			states = binary.LittleEndian.AppendUint16(states, uint16(entry))
		}
		m := encodeMatcher(Minimal(d))
		dir[i] = dirEntry{
			classes: d.Classes, states: len(d.States),
			classOf: internSection(d.ClassOf[:]), trans: internSection(trans), states2: internSection(states),
			pairs: m.pairs, matchStates: m.states, matchStart: m.start, matchAccept: m.accept,
			matchTrans: internSection(m.trans),
		}
		if m.pairs > 0 {
			dir[i].pairOf = internSection(m.pairOf)
		}
	}
	if len(enc.Paths) > 0xFFFF || len(enc.Expectations) > 0xFFFF {
		return nil, fmt.Errorf("automaton: %d rule paths and %d expectations; a blob indexes at most %d of each", len(enc.Paths), len(enc.Expectations), 0xFFFF)
	}
	if len(infos)/infoSize > accepts {
		return nil, fmt.Errorf("automaton: %d different state records; a blob indexes at most %d", len(infos)/infoSize, accepts)
	}

	infoOff := headerSize + len(ds)*dirSize
	base := infoOff + len(infos)
	total := base + len(sections)
	if uint64(total) > 0xFFFFFFFF {
		return nil, fmt.Errorf("automaton: a blob of %d bytes; the layout holds at most %d", total, uint32(0xFFFFFFFF))
	}
	le := binary.LittleEndian
	b := make([]byte, 0, total)
	b = append(b, TablesMagic...)
	b = le.AppendUint16(b, TablesVersion)
	b = le.AppendUint16(b, uint16(len(ds)))
	for _, v := range []int{total, len(enc.Paths), len(enc.Expectations), infoOff, len(infos) / infoSize} {
		b = le.AppendUint32(b, uint32(v))
	}
	enc.Index = TablesIndex{Size: total, Paths: len(enc.Paths), Expectations: len(enc.Expectations), InfosAt: infoOff, Infos: len(infos) / infoSize}
	for _, d := range dir {
		e := TableEntry{
			Classes: d.classes, Pairs: d.pairs, States: d.states,
			ClassOfAt: base + d.classOf, TransAt: base + d.trans, StatesAt: base + d.states2,
			MatchStates: d.matchStates, MatchStart: d.matchStart, MatchAccept: d.matchAccept,
			MatchAt: base + d.matchTrans,
		}
		if e.Pairs > 0 {
			e.PairOfAt = base + d.pairOf
		}
		enc.Index.Tables = append(enc.Index.Tables, e)
		b = le.AppendUint16(b, uint16(e.Classes))
		b = le.AppendUint16(b, uint16(e.Pairs))
		for _, v := range []int{e.States, e.ClassOfAt, e.TransAt, e.StatesAt, e.MatchStates} {
			b = le.AppendUint32(b, uint32(v))
		}
		b = le.AppendUint16(b, uint16(e.MatchStart))
		b = le.AppendUint16(b, uint16(e.MatchAccept))
		b = le.AppendUint32(b, uint32(e.PairOfAt))
		b = le.AppendUint32(b, uint32(e.MatchAt))
	}
	b = append(b, infos...)
	b = append(b, sections...)
	enc.Blob = b
	return enc, nil
}

// matcher is a rule's matcher as [EncodeTables] writes it.
type matcher struct {
	pairs, states, start, accept int
	pairOf, trans                []byte
}

// encodeMatcher lays out m, a minimal automaton (start state 0): its
// states renumbered so that the accepting ones come last, then its pair
// columns, the distinct two-step transitions, unless they would overflow
// the layout.
func encodeMatcher(m *DFA) matcher {
	n, k := len(m.States), m.Classes
	order := make([]int32, 0, n) // order[i] is the state of m numbered i
	for _, accepting := range []bool{false, true} {
		for s, st := range m.States {
			if st.Accepting == accepting {
				order = append(order, int32(s))
			}
		}
	}
	number := make([]int32, n)
	firstAccepting := n
	for i, s := range order {
		number[s] = int32(i)
		if m.States[s].Accepting && i < firstAccepting {
			firstAccepting = i
		}
	}
	// next[i*k+c] is the state numbered i's next state on class c, as a
	// number, or -1.
	next := make([]int32, n*k)
	for i, s := range order {
		for c := 0; c < k; c++ {
			next[i*k+c] = -1
			if t := m.Trans[int(s)*k+c]; t >= 0 {
				next[i*k+c] = number[t]
			}
		}
	}
	// The pair columns: the column of states that each pair of classes
	// leads to, each distinct column once, in the order of first use.
	var columns [][]int32
	pairOf := make([]byte, k*k)
	ids := map[string]int{}
	key := make([]byte, 0, 4*n)
	col := make([]int32, n)
pairing:
	for c1 := 0; c1 < k; c1++ {
		for c2 := 0; c2 < k; c2++ {
			key = key[:0]
			for i := 0; i < n; i++ {
				col[i] = -1
				if t := next[i*k+c1]; t >= 0 {
					col[i] = next[int(t)*k+c2]
				}
				key = binary.LittleEndian.AppendUint32(key, uint32(col[i]))
			}
			id, ok := ids[string(key)]
			if !ok {
				id = len(columns)
				ids[string(key)] = id
				columns = append(columns, slices.Clone(col))
			}
			if id > 0xFF {
				break pairing
			}
			pairOf[c1*k+c2] = byte(id)
		}
	}
	if len(columns) > 0xFF || n*(len(columns)+k) > MaxTrans {
		columns = nil
	}
	pairs := len(columns)
	width := pairs + k
	entry := func(t int32) uint16 {
		if t < 0 {
			return DeadTrans
		}
		return uint16(int(t) * width)
	}
	trans := make([]byte, 0, 2*n*width)
	for i := 0; i < n; i++ {
		for _, c := range columns {
			trans = binary.LittleEndian.AppendUint16(trans, entry(c[i]))
		}
		for c := 0; c < k; c++ {
			trans = binary.LittleEndian.AppendUint16(trans, entry(next[i*k+c]))
		}
	}
	out := matcher{pairs: pairs, states: n, start: int(number[0]) * width, accept: firstAccepting * width, trans: trans}
	if pairs > 0 {
		out.pairOf = pairOf
	}
	return out
}
