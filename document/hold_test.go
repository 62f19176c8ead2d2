package document

import (
	"errors"
	"fmt"
	"io"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
)

// TestHTMLHold reads HTML with a base element after more references than
// the reader holds: the references before the budget ran out are emitted
// under the retrieval URI, the base element says
// which ones were resolved without it, and the references after it are
// resolved against it. Under the budget the base applies to all.
func TestHTMLHold(t *testing.T) {
	const maxLine = 1024 // a budget of 4 KiB: 10 references
	type got struct {
		Offset         int
		URI, Resolved  string
		From           string
		Notes          int
		BaseNoteOnBase bool
	}
	doc := func(before int) string {
		var b strings.Builder
		for i := 0; i < before; i++ {
			fmt.Fprintf(&b, "<a href=\"r%d\">x</a>\n", i)
		}
		b.WriteString("<base href=\"http://b.example/d/\">\n<a href=\"after\">y</a>\n")
		return b.String()
	}
	read := func(before int) []got {
		var out []got
		err := Read(strings.NewReader(doc(before)), HTML, Options{MaxLine: maxLine, Retrieval: "http://r.example/p"}, func(r *Reference) error {
			out = append(out, got{r.Offset, r.URI, r.Resolved, r.Base.From.Code(), len(r.Base.Notes), r.Element == "base"})
			return nil
		})
		if err != nil {
			t.Fatal(err)
		}
		return out
	}
	// Under the budget: the base applies to every reference.
	for _, g := range read(5) {
		if g.URI != "http://b.example/d/" && !strings.HasPrefix(g.Resolved, "http://b.example/d/") {
			t.Errorf("under the budget: %+v not resolved against the base", g)
		}
	}
	// Over it.
	refs := read(40)
	if len(refs) != 42 {
		t.Fatalf("%d references, want 42", len(refs))
	}
	var early []string
	for _, g := range refs[:40] {
		if g.From != "retrieval" || g.Notes != 0 {
			t.Errorf("early %+v: want the retrieval URI", g)
		}
		early = append(early, g.Resolved)
	}
	if want := "http://r.example/r0"; early[0] != want {
		t.Errorf("first early reference resolved to %s, want %s", early[0], want)
	}
	base, after := refs[40], refs[41]
	want := []got{
		{base.Offset, "http://b.example/d/", "http://b.example/d/", "retrieval", 1, true},
		{after.Offset, "after", "http://b.example/d/after", "content", 0, false},
	}
	if diff := cmp.Diff(want, refs[40:]); diff != "" {
		t.Errorf("the base and after it (-want +got):\n%s", diff)
	}
	var note string
	Read(strings.NewReader(doc(40)), HTML, Options{MaxLine: maxLine}, func(r *Reference) error {
		if r.Element == "base" {
			note = r.Base.Notes[len(r.Base.Notes)-1]
		}
		return nil
	})
	if !strings.Contains(note, "after 40 references (bytes 9 to ") {
		t.Errorf("note on the late base: %q", note)
	}
}

// TestMIMEHeaderLimit reads a message whose folded header grows without
// end: the reader stops with a *LimitError at the header block, holding
// at most 4*MaxLine bytes of it.
func TestMIMEHeaderLimit(t *testing.T) {
	const maxLine = 1024
	for _, tc := range []struct {
		name string
		in   io.Reader
		part string
	}{
		{"message", io.MultiReader(strings.NewReader("MIME-Version: 1.0\nSubject: a\n"), &lines{line: []byte(" folded\n"), n: 1 << 20}), ""},
		{"enclosed message", io.MultiReader(strings.NewReader("MIME-Version: 1.0\nContent-Type: message/rfc822\n\nSubject: a\n"), &lines{line: []byte(" folded\n"), n: 1 << 20}), "0"},
	} {
		err := Read(tc.in, MIME, Options{MaxLine: maxLine}, func(*Reference) error { return nil })
		var le *LimitError
		if !errors.As(err, &le) {
			t.Errorf("%s: error %v, want a *LimitError", tc.name, err)
			continue
		}
		want := LimitError{Part: tc.part, Offset: 0, Limit: 4 * maxLine, What: "MIME header block"}
		if *le != want {
			t.Errorf("%s: %+v, want %+v", tc.name, *le, want)
		}
	}
	// A header block of 4*MaxLine bytes is read.
	head := "MIME-Version: 1.0\nContent-Type: text/plain\nX-Long: a\n" + strings.Repeat(" folded\n", 400) + "\nhttp://a.example/\n"
	n := 0
	if err := Read(strings.NewReader(head), MIME, Options{MaxLine: maxLine}, func(*Reference) error { n++; return nil }); err != nil || n != 1 {
		t.Errorf("a header under the limit: %d references, %v", n, err)
	}
}
