package extract_test

import (
	"bytes"
	"os"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/rfc2396/rfc2396/extract"
)

// inPieces reads text with a Stream in pieces of about size bytes, as a
// reader with a small buffer does (a piece grows while it has no cut),
// and returns the references and abbreviated URLs with offsets and lines
// in text.
func inPieces(text []byte, size int) ([]extract.Reference, []extract.Abbreviation) {
	st := extract.NewStream()
	var refs []extract.Reference
	var abbrs []extract.Abbreviation
	pos, line := 0, 1
	for n := min(len(text), size); ; {
		more := n < len(text)
		rs, as, cut := st.Next(text[pos:n], pos, more)
		if more && cut == 0 {
			n = min(len(text), n+size)
			continue
		}
		for _, r := range rs {
			r.Offset += pos
			r.End += pos
			for i := range r.Notes {
				r.Notes[i].Offset += pos
			}
			r.Line += line - 1
			refs = append(refs, r)
		}
		for _, a := range as {
			a.Offset += pos
			a.End += pos
			a.Line += line - 1
			abbrs = append(abbrs, a)
		}
		line += bytes.Count(text[pos:pos+cut], []byte{'\n'})
		pos += cut
		if !more {
			return refs, abbrs
		}
		n = min(len(text), pos+size)
	}
}

// TestStreamPieces reads the test texts in pieces of many sizes: the
// results are those of Find and FindAbbreviated on the whole text.
func TestStreamPieces(t *testing.T) {
	texts := map[string][]byte{}
	for _, c := range readCases(t) {
		texts["cases.txt:"+c.in[:min(len(c.in), 30)]] = []byte(c.in)
	}
	for _, name := range []string{"rfc-sample.txt", "abbreviated.txt"} {
		data, err := os.ReadFile("testdata/" + name)
		if err != nil {
			t.Fatal(err)
		}
		texts[name] = data
	}
	for name, text := range texts {
		wantRefs, wantAbbrs := extract.Find(text), extract.FindAbbreviated(text)
		for _, size := range []int{1, 2, 3, 5, 8, 13, 21, 34, 55, 89, 144, 233, 377, 1000} {
			refs, abbrs := inPieces(text, size)
			if diff := cmp.Diff(wantRefs, refs); diff != "" {
				t.Fatalf("%s in pieces of %d: references (-whole +pieces):\n%s", name, size, diff)
			}
			if diff := cmp.Diff(wantAbbrs, abbrs); diff != "" {
				t.Fatalf("%s in pieces of %d: abbreviated URLs (-whole +pieces):\n%s", name, size, diff)
			}
		}
	}
}
