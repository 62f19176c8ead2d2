package document

import (
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/google/go-cmp/cmp/cmpopts"
)

// TestCheckOnly: with Options.CheckOnly every kind gives the references it
// gives without, but unresolved (an abbreviated URL in text keeps the
// reason it is not resolved).
func TestCheckOnly(t *testing.T) {
	for _, c := range []struct {
		name string
		kind Kind
		doc  string
	}{
		{"text", Text, "See <http://a/b>, <rel/x.html>, http://a/%zz and www.example.com/x.\n"},
		{"html", HTML, `<html><body><a href="x.html">x</a> http://a/b <img src="%zz"> www.example.com/y</body></html>`},
		{"markdown", Markdown, "[a](x.html) <http://a/b> ![i](%zz)\n"},
	} {
		t.Run(c.name, func(t *testing.T) {
			read := func(checkOnly bool) []Reference {
				return readCopies(t, c.doc, c.kind, Options{Retrieval: "http://r/doc", CheckOnly: checkOnly})
			}
			want, got := read(false), read(true)
			resolved := 0
			for i := range want {
				if want[i].Resolved != "" {
					resolved++
				}
				if !(want[i].Abbreviation != nil && want[i].InText()) {
					want[i].Resolved, want[i].Warnings, want[i].ResolveErr = "", nil, nil
				}
			}
			if resolved == 0 {
				t.Fatalf("no reference resolved without CheckOnly: %+v", want)
			}
			if diff := cmp.Diff(want, got, cmpopts.IgnoreUnexported(Base{})); diff != "" {
				t.Errorf("CheckOnly (-want +got):\n%s", diff)
			}
		})
	}
}

// TestNoBase: with Options.NoBase every kind gives the references it gives
// with CheckOnly, in the same order, but with no Base; an HTML document's
// references before its base element, held without NoBase, and those past
// the budget of what is held, are no different.
func TestNoBase(t *testing.T) {
	for _, c := range []struct {
		name    string
		kind    Kind
		doc     string
		maxLine int
	}{
		{"text", Text, "See <http://a/b>, <rel/x.html>, http://a/%zz and www.example.com/x.\n", 0},
		{"html", HTML, `<html><body><a href="x.html">x</a> http://a/b <img src="%zz"> www.example.com/y<base href="http://b/c/"><a href="../z">z</a></body></html>`, 0},
		{"html spilled", HTML, `<p><a href="a1">1</a><a href="a2">2</a><a href="a3">3</a><a href="a4">4</a> http://a/b</p><base href="http://b/c/"><a href="%zz">z</a><base href="http://d/">`, 200},
		{"markdown", Markdown, "[a](x.html) <http://a/b> ![i](%zz)\n\n<base href=\"http://b/\">\n", 0},
		{"mime", MIME, "MIME-Version: 1.0\nContent-Type: multipart/mixed; boundary=B\nContent-Base: http://m/\n\n--B\nContent-Type: text/plain\n\nhttp://a/ rel <x/y> %zz\n--B\nContent-Type: text/html\n\n<a href=\"q\">q</a><base href=\"http://b/\">\n--B--\n", 0},
	} {
		t.Run(c.name, func(t *testing.T) {
			read := func(noBase bool) []Reference {
				return readCopies(t, c.doc, c.kind, Options{Retrieval: "http://r/doc", CheckOnly: true, NoBase: noBase, MaxLine: c.maxLine, Transient: true})
			}
			want, got := read(false), read(true)
			based := 0
			for i := range want {
				if want[i].Base != nil {
					based++
				}
				want[i].Base = nil
			}
			if based == 0 || len(want) < 3 {
				t.Fatalf("want at least 3 references with a base: %+v", want)
			}
			if diff := cmp.Diff(want, got, cmpopts.EquateEmpty()); diff != "" {
				t.Errorf("NoBase (-CheckOnly +NoBase):\n%s", diff)
			}
		})
	}
}

// readCopies reads doc and returns copies of its references, with copies
// of what they point to that Options.Transient lets Read reuse.
func readCopies(t *testing.T, doc string, kind Kind, opts Options) []Reference {
	t.Helper()
	var refs []Reference
	if err := Read(strings.NewReader(doc), kind, opts, func(r *Reference) error {
		ref := *r
		if ref.Found != nil {
			f := *ref.Found
			ref.Found = &f
		}
		if ref.Abbreviation != nil {
			a := *ref.Abbreviation
			ref.Abbreviation = &a
		}
		if ref.NotePos != nil {
			ref.NotePos = append([]Position(nil), ref.NotePos...)
		}
		refs = append(refs, ref)
		return nil
	}); err != nil {
		t.Fatal(err)
	}
	return refs
}
