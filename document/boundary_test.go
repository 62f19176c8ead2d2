package document

import (
	"errors"
	"strings"
	"testing"
)

// boundaryForms are the Appendix E forms a window boundary must not
// change: every one that spans lines, and plain ones beside them.
var boundaryForms = []struct{ name, text string }{
	{"angle wrapped once", "see <http://example.com/aaaa\nbbbb> here"},
	{"angle wrapped on several lines", "<http://example.com/\n   aaaa/\n   bbbb/\n   cccc/dddd>."},
	{"angle wrapped with a CR LF", "<http://example.com/aaaa\r\n  bbbb>"},
	{"URL: inside angle brackets", "<URL:http://example.com/aaaa\n  bbbb>"},
	{"URL: and space inside angle brackets", "<URL:\n  http://example.com/a/b>"},
	{"bare URL: at a line end", "look at URL:\n  http://example.com/after/the/break and"},
	{"hyphen at a line break in brackets", "<http://example.com/hy-\nphen/a-\n b>"},
	{"bare hyphen at a line end", "http://example.com/word-\nbreak"},
	{"blank line ends the brackets", "<http://example.com/a\n\nb> http://example.com/z"},
	{"stray opening bracket", "a < b and http://example.com/c\nd > e"},
	{"relative in brackets", "<../a/\n b/c>"},
	{"plain references", "see http://example.com/p, \"http://example.com/q\" and <http://example.com/r>."},
	{"abbreviated URL", "try www.example.com/x or <www.example.org/\n y>"},
	{"XML prefix declared after", "<D:href>x</D:href> and <E:prop>\n<R:x> xmlns:E=\"e\""},
	{"XML markup with attributes", "<D:multistatus\n  xmlns:D=\"DAV:\">"},
}

// boundaryDoc places form after shift bytes of short lines and before a
// tail, so that window boundaries fall at every place in and around it.
func boundaryDoc(form string, shift int) string {
	var b strings.Builder
	const line = "filler line with words 0123456789\n" // 34 bytes
	for i := 0; i < shift/len(line); i++ {
		b.WriteString(line)
	}
	b.WriteString(strings.Repeat("w", shift%len(line)))
	b.WriteString(" ")
	b.WriteString(form)
	b.WriteString("\nend http://example.com/tail </E:prop>\n")
	return b.String()
}

func readAll(t *testing.T, doc string, kind Kind, maxLine int) ([]*Reference, error) {
	t.Helper()
	var refs []*Reference
	err := Read(strings.NewReader(doc), kind, Options{MaxLine: maxLine, Retrieval: "http://r.example/d/"}, func(r *Reference) error {
		refs = append(refs, r)
		return nil
	})
	return refs, err
}

// TestWindowBoundaries reads each form of Appendix E across a window
// boundary, at every offset of a range around it, in small windows, and
// compares with the same input read in one window: a boundary changes
// nothing, positions included. MIME text parts are read the same way.
func TestWindowBoundaries(t *testing.T) {
	const small = 128 // windows of 256 bytes
	for _, f := range boundaryForms {
		for shift := 0; shift < 2*small; shift++ {
			text := boundaryDoc(f.text, shift)
			mime := "MIME-Version: 1.0\nContent-Type: multipart/mixed; boundary=B\n\n--B\nContent-Type: text/plain\n\n" + text + "\n--B--\n"
			for _, d := range []struct {
				kind Kind
				doc  string
			}{{Text, text}, {MIME, mime}} {
				whole, err := readAll(t, d.doc, d.kind, 1<<20)
				if err != nil {
					t.Fatalf("%s, shift %d, %s whole: %v", f.name, shift, d.kind.Code(), err)
				}
				windowed, err := readAll(t, d.doc, d.kind, small)
				if err != nil {
					t.Fatalf("%s, shift %d, %s windowed: %v", f.name, shift, d.kind.Code(), err)
				}
				if diff := refsDiff(whole, windowed); diff != "" {
					t.Fatalf("%s, shift %d, %s: windows change the result (-whole +windowed):\n%s", f.name, shift, d.kind.Code(), diff)
				}
			}
		}
	}
}

// TestUncuttableText reads a chain of bracketed references, each wrapped
// across a line break, longer than the text reader's window and than the
// stretch it reads again: no line start is outside a reference, so the
// read stops with a *LimitError at the chain, not with a shortened
// reference.
func TestUncuttableText(t *testing.T) {
	const maxLine = 64
	var b strings.Builder
	b.WriteString("first line http://example.com/first\n")
	for b.Len() < textBlock+textLookahead+textStretch(maxLine)+1000 {
		b.WriteString("<http://example.com/\nx> ")
	}
	b.WriteString("\n")
	var n int
	err := Read(strings.NewReader(b.String()), Text, Options{MaxLine: maxLine}, func(*Reference) error { n++; return nil })
	var le *LimitError
	if !errors.As(err, &le) {
		t.Fatalf("error %v, want a *LimitError", err)
	}
	want := LimitError{Offset: len("first line http://example.com/first\n"), Limit: textStretch(maxLine), What: le.What}
	if *le != want || n != 1 {
		t.Errorf("%d references, then %+v; want 1, then %+v", n, *le, want)
	}
	// The same chain, cut by a line of its own now and then, is read.
	doc := strings.ReplaceAll(b.String(), strings.Repeat("<http://example.com/\nx> ", 1000), strings.Repeat("<http://example.com/\nx> ", 999)+"\n")
	if _, err := readAll(t, doc, Text, maxLine); err != nil {
		t.Errorf("a chain cut by line breaks: %v", err)
	}
}
