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

// shifted returns refs with offsets and lines moved from a piece at
// offset, which starts on line line, to the input.
func shifted(refs []extract.Reference, offset, line int) []extract.Reference {
	out := make([]extract.Reference, len(refs))
	for i, r := range refs {
		r.Offset += offset
		r.End += offset
		r.Line += line - 1
		r.Notes = append([]extract.Note(nil), r.Notes...)
		for k := range r.Notes {
			r.Notes[k].Offset += offset
		}
		out[i] = r
	}
	return out
}

// TestWindowGuesses guesses each line start of the test texts as a cut,
// as a reader that reads windows at once does: Window says the guess
// holds exactly when the text read whole has no construct across it,
// returns the references of the whole text before its cut, and a Fork
// of a Stream that skipped the text before a cut that holds reads the
// rest as the whole text does.
func TestWindowGuesses(t *testing.T) {
	texts := map[string][]byte{}
	for _, name := range []string{"rfc-sample.txt", "abbreviated.txt", "cases.txt"} {
		data, err := os.ReadFile("testdata/" + name)
		if err != nil {
			t.Fatal(err)
		}
		texts[name] = data
	}
	texts["XML prefix marked after"] = []byte("<D:href>x</D:href> and <E:prop>\n<R:x> xmlns:E=\"e\"\nnext <E:y>\n")
	texts["wrapped"] = []byte("a <http://example.com/aaaa\nbbbb> b\nlook at URL:\n  http://example.com/c and\n<http://x/hy-\nphen>\n")
	for name, text := range texts {
		whole := extract.Find(text)
		before := func(off int) []extract.Reference {
			var out []extract.Reference
			for _, r := range whole {
				if r.Offset < off {
					out = append(out, r)
				}
			}
			return out
		}
		held, missed := 0, 0
		for l := 1; l < len(text); l++ {
			if text[l-1] != '\n' {
				continue
			}
			refs, _, cut := extract.NewStream().Window(text, 0, l, false)
			if cut > l || (cut < l && cut != 0 && text[cut-1] != '\n') {
				t.Fatalf("%s, guess %d: cut %d", name, l, cut)
			}
			if diff := cmp.Diff(before(cut), append([]extract.Reference(nil), refs...)); diff != "" && !(len(refs) == 0 && len(before(cut)) == 0) {
				t.Fatalf("%s, guess %d: references before cut %d (-whole +window):\n%s", name, l, cut, diff)
			}
			if cut != l {
				missed++
				continue
			}
			held++
			master := extract.NewStream()
			master.Skip(text[:l], 0)
			rest, _, _ := master.Fork().Window(text[l:], l, len(text)-l, false)
			line := 1 + bytes.Count(text[:l], []byte{'\n'})
			var want []extract.Reference
			for _, r := range whole {
				if r.Offset >= l {
					want = append(want, r)
				}
			}
			if diff := cmp.Diff(want, shifted(rest, l, line)); diff != "" && !(len(want) == 0 && len(rest) == 0) {
				t.Fatalf("%s, from the cut %d: (-whole +fork):\n%s", name, l, diff)
			}
		}
		if held == 0 || (name == "wrapped" && missed == 0) {
			t.Errorf("%s: %d guesses held, %d did not", name, held, missed)
		}
	}
}
