package document

import (
	"errors"
	"fmt"
	"io"
	"maps"
	"os"
	"reflect"
	"slices"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/google/go-cmp/cmp/cmpopts"
)

// readWith reads doc with the given MaxLine, window size (0: the
// reader's own) and Workers and returns the
// references and the error, the error as its text (so that a *LimitError
// compares by what it says).
func readWith(t *testing.T, doc string, kind Kind, maxLine, window, workers int) ([]*Reference, string) {
	t.Helper()
	var refs []*Reference
	err := Read(strings.NewReader(doc), kind, Options{MaxLine: maxLine, Workers: workers, window: window, Retrieval: "http://r.example/d/"}, func(r *Reference) error {
		refs = append(refs, r)
		return nil
	})
	msg := ""
	if err != nil {
		msg = err.Error()
	}
	return refs, msg
}

// refsDiff is cmp.Diff(want, got, cmpopts.IgnoreUnexported(Base{})), the
// comparison of the tests that read one input several ways, made cheap
// for the usual answer: lists that [reflect.DeepEqual] finds equal (every
// field alike, a base's parsed URI included) are equal for cmp too, and
// only lists it finds different get cmp's walk and report. cmp.Diff was
// half the CPU time of TestWorkers and TestWindowBoundaries.
func refsDiff(want, got []*Reference) string {
	if reflect.DeepEqual(want, got) {
		return ""
	}
	return cmp.Diff(want, got, cmpopts.IgnoreUnexported(Base{}))
}

// workerDocs are texts whose windows, cut small, fall everywhere: every
// form of Appendix E that spans lines at every shift around a cut, chains
// of wrapped references, long lines, XML prefixes marked far from their
// use, and the test texts of package extract.
func workerDocs(t *testing.T) map[string]string {
	docs := map[string]string{}
	for _, f := range boundaryForms {
		for shift := 0; shift < 300; shift += 7 {
			docs[fmt.Sprintf("%s, shift %d", f.name, shift)] = boundaryDoc(f.text, shift)
		}
		var b strings.Builder
		for i := range 60 {
			b.WriteString(strings.Repeat("x", i*5))
			b.WriteString(" ")
			b.WriteString(f.text)
			b.WriteString("\n")
		}
		docs[f.name+", repeated"] = b.String()
	}
	var chain strings.Builder
	chain.WriteString("first http://example.com/first\n")
	for chain.Len() < 3000 {
		chain.WriteString("<http://example.com/\nx> ")
	}
	chain.WriteString("\nlast http://example.com/last\n")
	docs["chain"] = chain.String()
	docs["chain cut now and then"] = strings.ReplaceAll(chain.String(), strings.Repeat("<http://example.com/\nx> ", 20), strings.Repeat("<http://example.com/\nx> ", 19)+"\n")
	docs["long lines"] = "a http://a/b\n" + strings.Repeat("http://example.com/"+strings.Repeat("p", 150)+" ", 3) + "\nb http://b/c\n" + strings.Repeat("y", 400) + "\n"
	docs["no final line break"] = strings.Repeat("see <http://example.com/a\nb> and http://c/d\n", 20) + "end http://e/f"
	docs["XML prefix far after"] = "<D:href>x</D:href>\n" + strings.Repeat("filler line of text\n", 300) + "xmlns:D=\"DAV:\"\n<D:prop>\n"
	docs["URL: at line ends"] = strings.Repeat("look at URL:\n  http://example.com/after/the/break and\n", 30)
	docs["CR LF"] = strings.Repeat("<http://example.com/aaaa\r\n  bbbb> http://x/y\r\n", 40)
	for _, name := range []string{"rfc-sample.txt", "abbreviated.txt"} {
		data, err := os.ReadFile("../extract/testdata/" + name)
		if err != nil {
			t.Fatal(err)
		}
		docs[name] = string(data)
	}
	return docs
}

// TestWorkers reads each text, and each as a MIME text part, in windows
// cut small (17, 64 and 300 bytes) and in the reader's own, with short
// lines refused (MaxLine 128) and not, by 1, 2 and 4 workers: the
// references and the error are those of one worker, and, where the text
// can be read, those of reading it whole.
func TestWorkers(t *testing.T) {
	for name, text := range workerDocs(t) {
		mime := "MIME-Version: 1.0\nContent-Type: multipart/mixed; boundary=B\n\n--B\nContent-Type: text/plain\n\n" + text + "\n--B--\n"
		for _, d := range []struct {
			kind Kind
			doc  string
		}{{Text, text}, {MIME, mime}} {
			whole, wholeErr := readWith(t, d.doc, d.kind, 1<<20, 0, 1)
			if wholeErr != "" {
				t.Fatalf("%s, %s, whole: %v", name, d.kind.Code(), wholeErr)
			}
			for _, c := range []struct{ maxLine, window int }{{1 << 20, 17}, {1 << 20, 64}, {1 << 20, 300}, {128, 0}, {128, 64}} {
				one, oneErr := readWith(t, d.doc, d.kind, c.maxLine, c.window, 1)
				if oneErr == "" {
					if diff := refsDiff(whole, one); diff != "" {
						t.Fatalf("%s, %s, %+v: windows change the result (-whole +windows):\n%s", name, d.kind.Code(), c, diff)
					}
				}
				for _, workers := range []int{2, 4} {
					got, gotErr := readWith(t, d.doc, d.kind, c.maxLine, c.window, workers)
					if gotErr != oneErr {
						t.Fatalf("%s, %s, %+v, %d workers: error %q, one worker %q", name, d.kind.Code(), c, workers, gotErr, oneErr)
					}
					if diff := refsDiff(one, got); diff != "" {
						t.Fatalf("%s, %s, %+v, %d workers: (-one worker +workers):\n%s", name, d.kind.Code(), c, workers, diff)
					}
				}
			}
		}
	}
}

// TestWorkersLimits reads input over the limits with workers: the same
// *LimitError, after the same references, as with one.
func TestWorkersLimits(t *testing.T) {
	var chain strings.Builder
	chain.WriteString("first line http://example.com/first\n")
	for chain.Len() < textBlock+textLookahead+textStretch(64)+1000 {
		chain.WriteString("<http://example.com/\nx> ")
	}
	for name, doc := range map[string]string{
		"long line":   strings.Repeat("ok http://a/b\n", 50) + strings.Repeat("z", 5000) + "\nhttp://after/\n",
		"chain":       chain.String(),
		"no newlines": strings.Repeat("http://a/b ", 1000),
	} {
		for _, window := range []int{0, 1000} {
			one, oneErr := readWith(t, doc, Text, 64, window, 1)
			if oneErr == "" {
				t.Fatalf("%s: no error", name)
			}
			for _, workers := range []int{2, 4} {
				got, gotErr := readWith(t, doc, Text, 64, window, workers)
				if gotErr != oneErr || len(got) != len(one) {
					t.Errorf("%s, window %d, %d workers: %d references, then %q; one worker: %d, then %q", name, window, workers, len(got), gotErr, len(one), oneErr)
				}
			}
		}
	}
}

// TestWorkersStop stops the read at each of the first references, and on
// a reader that fails: with workers, Read returns that error after the
// same references, and only once its goroutines have ended.
func TestWorkersStop(t *testing.T) {
	doc := strings.Repeat("line http://example.com/a <http://example.com/\nb> c\n", 400)
	stop := errors.New("stop")
	for _, at := range []int{1, 2, 50, 399} {
		n := 0
		err := Read(strings.NewReader(doc), Text, Options{Workers: 4, window: 100}, func(*Reference) error {
			n++
			if n == at {
				return stop
			}
			return nil
		})
		if err != stop || n != at {
			t.Errorf("stop at %d: %d calls, error %v", at, n, err)
		}
	}
	broken := errors.New("broken reader")
	counts := map[int]int{}
	for _, workers := range []int{1, 4} {
		n := 0
		err := Read(io.MultiReader(strings.NewReader(doc), failing{broken}), Text, Options{Workers: workers, window: 100}, func(*Reference) error { n++; return nil })
		if err != broken {
			t.Errorf("%d workers, failing reader: error %v", workers, err)
		}
		counts[workers] = n
	}
	if counts[1] != counts[4] {
		t.Errorf("failing reader: %d references with one worker, %d with four", counts[1], counts[4])
	}
}

type failing struct{ err error }

func (f failing) Read([]byte) (int, error) { return 0, f.err }

// FuzzWorkers reads any text in small windows (and with short lines
// refused) by one worker and by four: the same references and the same
// error.
func FuzzWorkers(f *testing.F) {
	for _, s := range []string{
		"see <http://example.com/aaaa\nbbbb> here\nhttp://x/y\n",
		"look at URL:\n  http://example.com/after/the/break and\n",
		"<D:href>x</D:href> and <E:prop>\n<R:x> xmlns:E=\"e\"\n",
		"<http://example.com/hy-\nphen/a-\n b>\nwww.example.com/x\n",
	} {
		f.Add([]byte(s), uint8(0), uint8(0))
	}
	f.Fuzz(func(t *testing.T, data []byte, window, maxLine uint8) {
		one, oneErr := readWith(t, string(data), Text, 32+int(maxLine), 1+int(window), 1)
		four, fourErr := readWith(t, string(data), Text, 32+int(maxLine), 1+int(window), 4)
		if oneErr != fourErr {
			t.Fatalf("error %q with four workers, %q with one", fourErr, oneErr)
		}
		if diff := refsDiff(one, four); diff != "" {
			t.Fatalf("(-one worker +four):\n%s", diff)
		}
		// Transient, with four workers: the same, copied at emit.
		var kept []*Reference
		err := Read(strings.NewReader(string(data)), Text, Options{MaxLine: 32 + int(maxLine), Workers: 4, window: 1 + int(window), Retrieval: "http://r.example/d/", Transient: true}, func(r *Reference) error {
			kept = append(kept, copyReference(r))
			return nil
		})
		if keptErr := errText(err); keptErr != oneErr {
			t.Fatalf("error %q transient, %q not", keptErr, oneErr)
		}
		if diff := refsDiff(one, kept); diff != "" {
			t.Fatalf("(-one worker +four, transient):\n%s", diff)
		}
	})
}

// errText is err's message, "" for nil.
func errText(err error) string {
	if err == nil {
		return ""
	}
	return err.Error()
}

// TestTransient reads the worker texts with Options.Transient, copying
// each reference before emit returns (what a caller that keeps them must
// do), and holds the copies to the references of a read without it: the
// memory reused from window to window never shows in what emit is given.
func TestTransient(t *testing.T) {
	docs := workerDocs(t)
	names := slices.Sorted(maps.Keys(docs))
	for i, name := range names {
		if i%5 != 0 {
			continue // a fifth of them, each read eight ways
		}
		for _, c := range []struct{ window, workers int }{{17, 1}, {64, 4}, {0, 1}, {300, 2}} {
			want, wantErr := readWith(t, docs[name], Text, 1<<20, c.window, c.workers)
			var got []*Reference
			err := Read(strings.NewReader(docs[name]), Text, Options{MaxLine: 1 << 20, Workers: c.workers, window: c.window, Retrieval: "http://r.example/d/", Transient: true}, func(r *Reference) error {
				got = append(got, copyReference(r))
				return nil
			})
			gotErr := ""
			if err != nil {
				gotErr = err.Error()
			}
			if gotErr != wantErr {
				t.Fatalf("%s, %+v: error %q, without Transient %q", name, c, gotErr, wantErr)
			}
			if diff := refsDiff(want, got); diff != "" {
				t.Fatalf("%s, %+v: (-without Transient +with):\n%s", name, c, diff)
			}
		}
	}
}

// copyReference copies r and what it points to that Read may reuse.
func copyReference(r *Reference) *Reference {
	c := *r
	if r.Found != nil {
		f := *r.Found
		f.Notes = slices.Clone(f.Notes)
		c.Found = &f
	}
	c.NotePos = slices.Clone(r.NotePos)
	if r.Abbreviation != nil {
		a := *r.Abbreviation
		c.Abbreviation = &a
	}
	return &c
}
