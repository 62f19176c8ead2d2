package automaton

import (
	"bytes"
	"encoding/binary"
	"errors"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/rfc2396/rfc2396/grammar/bnf"
)

// pairGrammar is the grammar of the tests: three rules, two of them with
// the same automaton as a rule of their own would have.
const pairGrammar = "pair = key \"=\" value\nkey = 1*ALPHA\nvalue = 1*DIGIT / \"-\"\n"

// encoded builds the automata of the first three rules of pairGrammar
// and encodes them.
func encoded(t testing.TB) (*EncodedTables, []*DFA) {
	t.Helper()
	defs, err := bnf.ParseABNF(pairGrammar)
	if err != nil {
		t.Fatal(err)
	}
	g, err := NewGrammar(bnf.WithCore(defs), nil, []string{"ALPHA", "DIGIT"})
	if err != nil {
		t.Fatal(err)
	}
	ds := []*DFA{g.Build(0), g.Build(1), g.Build(2)}
	enc, err := EncodeTables(ds)
	if err != nil {
		t.Fatal(err)
	}
	return enc, ds
}

// pathNames are the paths of enc as strings, for LoadTables.
func pathNames(enc *EncodedTables) [][]string {
	names := []string{"pair", "key", "value"}
	out := make([][]string, len(enc.Paths))
	for i, p := range enc.Paths {
		for _, r := range p {
			out[i] = append(out[i], names[r])
		}
	}
	return out
}

// TestEncodeLoadTables: the tables LoadTables reads back from EncodeTables's blob match and
// explain as the automata do, pass Verify, and EncodeTables writes the same
// bytes every time.
func TestEncodeLoadTables(t *testing.T) {
	enc, ds := encoded(t)
	tables, err := LoadTables(string(enc.Blob), len(ds), pathNames(enc), enc.Expectations)
	if err != nil {
		t.Fatal(err)
	}
	for i := range tables {
		if err := tables[i].Verify(); err != nil {
			t.Errorf("table %d: %v", i, err)
		}
	}
	idx, err := ReadTablesIndex(string(enc.Blob), len(ds))
	if err != nil {
		t.Fatal(err)
	}
	if diff := cmp.Diff(enc.Index, idx); diff != "" {
		t.Errorf("the index Encode returns and the blob's (-encode +blob):\n%s", diff)
	}
	again, err := EncodeTables(ds)
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(enc.Blob, again.Blob) {
		t.Error("two encodings of the same automata differ")
	}
	for _, in := range []string{"", "a", "a=", "a=1", "ab=-", "a=-1", "1", "-", "a\xff", "="} {
		for i, d := range ds {
			if got, want := tables[i].Match(in), runDFA(d, in); got != want {
				t.Errorf("table %d: Match(%q) = %v, the automaton says %v", i, in, got, want)
			}
		}
	}
}

// TestEncodeShares: a table identical to an earlier one adds only its
// directory entry to the blob.
func TestEncodeShares(t *testing.T) {
	enc, ds := encoded(t)
	twice, err := EncodeTables(append(ds, ds...))
	if err != nil {
		t.Fatal(err)
	}
	if got, want := len(twice.Blob), len(enc.Blob)+len(ds)*dirSize; got != want {
		t.Errorf("the tables twice: %d bytes, want %d (once: %d)", got, want, len(enc.Blob))
	}
}

// TestLoadRejects: a blob that does not follow the layout, or does not
// agree with the Go beside it, is a FormatError at the offset of the
// fault, never a table that reads out of range.
func TestLoadRejects(t *testing.T) {
	enc, ds := encoded(t)
	paths := pathNames(enc)
	le := binary.LittleEndian
	dir0 := headerSize // the directory entry of table 0
	tests := []struct {
		name   string
		edit   func(b []byte) []byte
		tables int // 0: len(ds)
		paths  int // paths dropped from the Go side
		offset int
		reason string
	}{
		{"short", func(b []byte) []byte { return b[:10] }, 0, 0, 0, "shorter than the 28-byte header"},
		{"magic", func(b []byte) []byte { b[0] = 'X'; return b }, 0, 0, 0, "magic"},
		{"version", func(b []byte) []byte { le.PutUint16(b[4:], 1); return b }, 0, 0, 4, "layout version 1, this build reads version 2"},
		{"rules", func(b []byte) []byte { return b }, 5, 0, 6, "3 tables, the grammar has 5 rules"},
		{"truncated", func(b []byte) []byte { return b[:len(b)-1] }, 0, 0, 8, "the header gives a length of"},
		{"appended", func(b []byte) []byte { return append(b, 0) }, 0, 0, 8, "the header gives a length of"},
		{"paths", func(b []byte) []byte { return b }, 0, 1, 12, "rule paths, the Go beside the blob has"},
		{"expectations", func(b []byte) []byte { le.PutUint32(b[16:], 99); return b }, 0, 0, 16, "the states index 99 expectations"},
		{"records", func(b []byte) []byte { le.PutUint32(b[24:], 1<<20); return b }, 0, 0, 20, "state records at offset"},
		{"classes", func(b []byte) []byte { le.PutUint16(b[dir0:], 0); return b }, 0, 0, dir0, "table 0: 0 byte classes"},
		{"states", func(b []byte) []byte { le.PutUint32(b[dir0+4:], 1<<20); return b }, 0, 0, dir0 + 4, "a table holds 1 to 65535 transitions"},
		{"class map", func(b []byte) []byte { le.PutUint32(b[dir0+8:], uint32(len(b)-10)); return b }, 0, 0, dir0 + 8, "table 0: 256 bytes at offset"},
		{"transitions", func(b []byte) []byte { le.PutUint32(b[dir0+12:], 1<<31); return b }, 0, 0, dir0 + 12, "overrun the blob"},
		{"state indexes", func(b []byte) []byte { le.PutUint32(b[dir0+16:], uint32(len(b))); return b }, 0, 0, dir0 + 16, "overrun the blob"},
		{"pairs", func(b []byte) []byte { le.PutUint16(b[dir0+2:], 256); return b }, 0, 0, dir0 + 2, "table 0: 256 pair columns"},
		{"matcher states", func(b []byte) []byte { le.PutUint32(b[dir0+20:], 0); return b }, 0, 0, dir0 + 20, "the matcher's 0 states"},
		{"matcher start", func(b []byte) []byte { le.PutUint16(b[dir0+24:], 1); return b }, 0, 0, dir0 + 24, "the matcher's start state is entry 1"},
		{"matcher accepts", func(b []byte) []byte { le.PutUint16(b[dir0+26:], 0xFFFF); return b }, 0, 0, dir0 + 26, "the matcher's first accepting state is entry 65535"},
		{"pair map", func(b []byte) []byte { le.PutUint32(b[dir0+28:], uint32(len(b)-1)); return b }, 0, 0, dir0 + 28, "overrun the blob"},
		{"matcher transitions", func(b []byte) []byte { le.PutUint32(b[dir0+32:], uint32(len(b)-1)); return b }, 0, 0, dir0 + 32, "overrun the blob"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			blob := tt.edit(bytes.Clone(enc.Blob))
			n := len(ds)
			if tt.tables != 0 {
				n = tt.tables
			}
			_, err := LoadTables(string(blob), n, paths[:len(paths)-tt.paths], enc.Expectations)
			var fe *TablesFormatError
			if !errors.As(err, &fe) {
				t.Fatalf("Load: %v, want a *FormatError", err)
			}
			if fe.Offset != tt.offset || !strings.Contains(fe.Reason, tt.reason) {
				t.Errorf("Load: %v, want offset %d, a reason with %q", err, tt.offset, tt.reason)
			}
		})
	}
}

// TestVerifyRejects: an entry out of range in a blob whose header and
// directory are sound is an error of Verify.
func TestVerifyRejects(t *testing.T) {
	enc, ds := encoded(t)
	paths := pathNames(enc)
	le := binary.LittleEndian
	section := func(b []byte, field int) int { return int(le.Uint32(b[headerSize+field:])) }
	tests := []struct {
		name string
		edit func(b []byte)
		want string
	}{
		{"class", func(b []byte) { b[section(b, 8)+'a'] = 200 }, "byte 0x61 is in class 200"},
		{"transition", func(b []byte) { le.PutUint16(b[section(b, 12):], 1) }, "not the start of a state"},
		{"past the last state", func(b []byte) { le.PutUint16(b[section(b, 12):], 0xFFFE) }, "not the start of a state"},
		{"record", func(b []byte) { le.PutUint16(b[section(b, 16):], 0x7FFE) }, "state 0: record 32766"},
		{"accepting record", func(b []byte) { le.PutUint16(b[section(b, 16):], 0xFFFE) }, "state 0: record 32766"},
		{"path", func(b []byte) { le.PutUint16(b[le.Uint32(b[20:]):], 999) }, "path 999 of"},
		{"expectation", func(b []byte) { le.PutUint16(b[le.Uint32(b[20:])+4:], 999) }, "expectation 999 of"},
		{"pair column", func(b []byte) { b[section(b, 28)] = 200 }, "are in pair column 200"},
		{"matcher transition", func(b []byte) { le.PutUint16(b[section(b, 32):], 1) }, "not the start of a state"},
		{"two steps", func(b []byte) { b[section(b, 28)] = byte(le.Uint16(b[headerSize+2:]) - 1) }, "two steps give"},
		{"matcher accepts", func(b []byte) { le.PutUint16(b[headerSize+26:], 0) }, "they read some input differently"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			blob := bytes.Clone(enc.Blob)
			tt.edit(blob)
			tables, err := LoadTables(string(blob), len(ds), paths, enc.Expectations)
			if err != nil {
				t.Fatalf("Load: %v", err)
			}
			var errs []string
			for i := range tables {
				if err := tables[i].Verify(); err != nil {
					errs = append(errs, err.Error())
				}
			}
			if len(errs) == 0 || !strings.Contains(errs[0], tt.want) {
				t.Errorf("Verify: %q, want an error with %q", errs, tt.want)
			}
		})
	}
}

// TestMustSliceTables: MustSliceTables names the blob in its panic.
func TestMustSliceTables(t *testing.T) {
	enc, ds := encoded(t)
	paths := pathNames(enc)
	if got := MustSliceTables("x/tables.bin", string(enc.Blob), &enc.Index, len(ds), paths, enc.Expectations); len(got) != len(ds) {
		t.Fatalf("MustSlice: %d tables", len(got))
	}
	defer func() {
		msg, _ := recover().(string)
		if want := "x/tables.bin: automaton: tables blob: offset 6: 3 tables, the grammar has 4 rules"; !strings.HasPrefix(msg, want) {
			t.Errorf("MustSlice panics with %q, want %q...", msg, want)
		}
	}()
	MustSliceTables("x/tables.bin", string(enc.Blob), &enc.Index, 4, paths, enc.Expectations)
}

// TestSliceRejects: an index that does not fit the blob beside it is a
// FormatError at the offset of the blob's field it gives wrongly.
func TestSliceRejects(t *testing.T) {
	enc, ds := encoded(t)
	paths := pathNames(enc)
	tests := []struct {
		name   string
		edit   func(idx *TablesIndex)
		offset int
		reason string
	}{
		{"size", func(idx *TablesIndex) { idx.Size++ }, 8, "the index gives a length of"},
		{"tables", func(idx *TablesIndex) { idx.Tables = idx.Tables[1:] }, 6, "2 tables, the grammar has 3 rules"},
		{"records", func(idx *TablesIndex) { idx.InfosAt = -1 }, 20, "state records at offset -1"},
		{"classes", func(idx *TablesIndex) { idx.Tables[1].Classes = 257 }, headerSize + dirSize, "table 1: 257 byte classes"},
		{"transitions", func(idx *TablesIndex) { idx.Tables[2].TransAt = idx.Size - 1 }, headerSize + 2*dirSize + 12, "overrun the blob"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			idx := enc.Index
			idx.Tables = append([]TableEntry(nil), enc.Index.Tables...)
			tt.edit(&idx)
			_, err := SliceTables(string(enc.Blob), &idx, len(ds), paths, enc.Expectations)
			var fe *TablesFormatError
			if !errors.As(err, &fe) {
				t.Fatalf("Slice: %v, want a *FormatError", err)
			}
			if fe.Offset != tt.offset || !strings.Contains(fe.Reason, tt.reason) {
				t.Errorf("Slice: %v, want offset %d, a reason with %q", err, tt.offset, tt.reason)
			}
		})
	}
}

// TestEncodeLimits: automata that a blob cannot index are errors.
func TestEncodeLimits(t *testing.T) {
	bad := &DFA{Classes: 2, Trans: []int32{-1}, States: []State{{}}}
	if _, err := EncodeTables([]*DFA{bad}); err == nil || !strings.Contains(err.Error(), "do not make an automaton") {
		t.Errorf("Encode of 1 state, 2 classes and 1 transition: %v", err)
	}
	if _, err := EncodeTables(make([]*DFA, 0x10000)); err == nil || !strings.Contains(err.Error(), "at most 65535") {
		t.Errorf("Encode of 65536 tables: %v", err)
	}
}

// FuzzLoadTables: whatever bytes of a sound blob are overwritten, LoadTables and
// Verify return errors, never panic, and a table that passes both matches
// and explains any input without reading out of range, Match agreeing
// with Explain. edits is read 3 bytes at a time: the offset to write
// (little-endian, modulo the blob's length) and the byte.
func FuzzLoadTables(f *testing.F) {
	enc, _ := encoded(f)
	paths := pathNames(enc)
	f.Add([]byte{}, "a=1")
	f.Add([]byte{4, 0, 2}, "")
	f.Add([]byte{headerSize + 8, 0, 0xFF}, "ab=-")
	f.Fuzz(func(t *testing.T, edits []byte, in string) {
		blob := bytes.Clone(enc.Blob)
		for i := 0; i+2 < len(edits); i += 3 {
			blob[(int(edits[i])|int(edits[i+1])<<8)%len(blob)] = edits[i+2]
		}
		tables, err := LoadTables(string(blob), 3, paths, enc.Expectations)
		if err != nil {
			var fe *TablesFormatError
			if !errors.As(err, &fe) || fe.Offset < 0 || fe.Offset > len(blob) {
				t.Fatalf("Load: %v", err)
			}
			return
		}
		for i := range tables {
			tab := &tables[i]
			if tab.Verify() != nil {
				continue
			}
			res := tab.Explain(in)
			if res.Matched != tab.Match(in) || res.Offset < 0 || res.Offset > len(in) {
				t.Fatalf("table %d on %q: Explain %+v, Match %v", i, in, res, tab.Match(in))
			}
		}
	})
}

// TestExplanationUnchanged: the fields of an Explanation come from the blob's state
// records as they came from the automaton's states.
func TestExplanationUnchanged(t *testing.T) {
	enc, ds := encoded(t)
	tables, err := LoadTables(string(enc.Blob), len(ds), pathNames(enc), enc.Expectations)
	if err != nil {
		t.Fatal(err)
	}
	want := Explanation[string]{Offset: 2, Path: []string{"pair"}, AltPath: []string{"pair"}, Expected: `DIGIT or "-"`}
	if diff := cmp.Diff(want, tables[0].Explain("a=")); diff != "" {
		t.Errorf("Explain(%q) (-want +got):\n%s", "a=", diff)
	}
}
