package document

import (
	"errors"
	"io"
	"os"
	"runtime"
	"strings"
	"testing"

	"github.com/rfc2396/rfc2396/internal/oracle"
)

func TestSniff(t *testing.T) {
	for _, tc := range []struct {
		name, head string
		want       Kind
	}{
		{"page.HTML", "plain words", HTML},
		{"a.htm", "", HTML},
		{"saved.mht", "", MIME},
		{"x.mhtml", "", MIME},
		{"mail.eml", "", MIME},
		{"-", "\xef\xbb\xbf  <!DOCTYPE html><html>", HTML},
		{"-", "<!-- generated -->\n<HTML lang=en>", HTML},
		{"-", "<head><title>", HTML},
		{"-", "From: a@b\r\nMIME-Version: 1.0\r\nContent-Type: text/html\r\n\r\n<html>", MIME},
		{"-", "From: a@b\n\nMIME-Version: 1.0 in the body is not a header\n", Text},
		{"notes.txt", "<html> is a tag name", Text},
		{"-", "see <http://a/>", Text},
		{"README.md", "<html>", Markdown},
		{"notes.MARKDOWN", "", Markdown},
		{"-", "# Title\n\n[a](b)", Text},
	} {
		if got := Sniff(tc.name, []byte(tc.head)); got != tc.want {
			t.Errorf("Sniff(%q, %q) = %s, want %s", tc.name, tc.head, got.Code(), tc.want.Code())
		}
	}
	if k, err := ParseKind("markdown"); err != nil || k != Markdown {
		t.Errorf("ParseKind(markdown) = %v, %v", k, err)
	}
	if _, err := ParseKind("pdf"); err == nil {
		t.Error("ParseKind(pdf): no error")
	}
}

func TestFileURI(t *testing.T) {
	for in, want := range map[string]string{
		"/tmp/a b.html":     "file:///tmp/a%20b.html",
		"/x/%/y#z?.txt":     "file:///x/%25/y%23z%3F.txt",
		"/d/caf\u00e9":      "file:///d/caf%C3%A9",
		"/a:b/@c;d,e=f+g$h": "file:///a:b/@c%3Bd,e=f+g$h",
	} {
		if !oracle.NewFacts(0).Hold(want) {
			t.Logf("FileURI(%q): %s", in, oracle.NotHeld)
			continue
		}
		got, err := FileURI(in)
		if err != nil || got != want {
			t.Errorf("FileURI(%q) = %q, %v; want %q", in, got, err, want)
		}
	}
}

// zeros is an endless stream of one byte, like /dev/zero.
type zeros struct{ b byte }

func (z zeros) Read(p []byte) (int, error) {
	for i := range p {
		p[i] = z.b
	}
	return len(p), nil
}

// TestLimits reads endless input without a line break: each reader stops
// with a *LimitError instead of growing.
func TestLimits(t *testing.T) {
	for _, tc := range []struct {
		kind Kind
		in   io.Reader
	}{
		{Text, zeros{0}},
		{Text, io.MultiReader(strings.NewReader("line one\nhttp://a/ "), zeros{'x'})},
		{HTML, io.MultiReader(strings.NewReader("<a href=\""), zeros{'x'})},
		{HTML, io.MultiReader(strings.NewReader("<p>"), zeros{'x'})},
		{MIME, zeros{'A'}},
		{MIME, io.MultiReader(strings.NewReader("MIME-Version: 1.0\nContent-Type: text/plain\n\n"), zeros{'y'})},
	} {
		n := 0
		err := Read(tc.in, tc.kind, Options{MaxLine: 4096}, func(*Reference) error { n++; return nil })
		var le *LimitError
		if !errors.As(err, &le) {
			t.Errorf("%s: error %v, want a *LimitError", tc.kind.Code(), err)
			continue
		}
		if le.Limit != 4096 || !strings.Contains(le.Error(), "longer than 4096 bytes") {
			t.Errorf("%s: %v", tc.kind.Code(), le)
		}
	}
}

// TestTextWindows reads text in small windows and checks that positions
// and references are those of reading it whole.
func TestTextWindows(t *testing.T) {
	var b strings.Builder
	for i := 0; i < 300; i++ {
		b.WriteString("line with http://a.example/")
		b.WriteString(strings.Repeat("p", i%17))
		b.WriteString(" and <rel/")
		b.WriteString(strings.Repeat("q", i%5+1))
		b.WriteString(">\n")
		if i%7 == 0 {
			b.WriteString("\n")
		}
	}
	doc := b.String()
	read := func(maxLine int) []Reference {
		var refs []Reference
		err := Read(strings.NewReader(doc), Text, Options{MaxLine: maxLine, Retrieval: "http://r/"}, func(r *Reference) error {
			refs = append(refs, *r)
			return nil
		})
		if err != nil {
			t.Fatal(err)
		}
		return refs
	}
	whole, windowed := read(1<<20), read(128)
	if len(whole) != 600 || len(windowed) != len(whole) {
		t.Fatalf("%d references whole, %d windowed; want 600", len(whole), len(windowed))
	}
	for i := range whole {
		w, g := whole[i], windowed[i]
		if w.Position != g.Position || w.URI != g.URI || w.Resolved != g.Resolved || doc[g.Offset:g.End] != g.Text {
			t.Fatalf("reference %d: whole %+v, windowed %+v", i, w.Position, g.Position)
		}
	}
}

func TestEmitError(t *testing.T) {
	stop := errors.New("stop")
	for _, kind := range []Kind{Text, HTML, MIME} {
		doc := "MIME-Version: 1.0\nContent-Type: text/plain\n\nhttp://a/ http://b/\n"
		if kind == HTML {
			doc = `<a href="x"></a><a href="y"></a>`
		} else if kind == Text {
			doc = "http://a/ http://b/"
		}
		n := 0
		err := Read(strings.NewReader(doc), kind, Options{}, func(*Reference) error { n++; return stop })
		if err != stop || n != 1 {
			t.Errorf("%s: %d calls, error %v", kind.Code(), n, err)
		}
	}
}

func TestFormatErrors(t *testing.T) {
	for _, doc := range []string{
		"MIME-Version: 1.0\nContent-Type: multipart/mixed\n\nno boundary\n",
		"MIME-Version: 1.0\nContent-Type: multipart/mixed; boundary=B\n\n--B\nbroken header line\n\n--B--\n",
		"no header at all",
	} {
		err := Read(strings.NewReader(doc), MIME, Options{}, func(*Reference) error { return nil })
		var fe *FormatError
		if !errors.As(err, &fe) {
			t.Errorf("%q: error %v, want a *FormatError", doc, err)
		}
	}
}

// lines is a reader of n bytes of the line repeated, after a head; it
// calls sample every 16 MiB.
type lines struct {
	head, line []byte
	n, off     int
	sample     func()
}

func (l *lines) Read(p []byte) (int, error) {
	if l.off >= l.n {
		return 0, io.EOF
	}
	k := 0
	for k < len(p) && l.off < l.n {
		var c byte
		if l.off < len(l.head) {
			c = l.head[l.off]
		} else {
			c = l.line[(l.off-len(l.head))%len(l.line)]
		}
		p[k] = c
		k++
		l.off++
		if l.off%(16<<20) == 0 {
			l.sample()
		}
	}
	return k, nil
}

// TestStreamMemory reads 128 MiB of each type and checks that the heap in
// use stays bounded: the readers hold windows, tokens and lines, not the
// document.
func TestStreamMemory(t *testing.T) {
	if os.Getenv("RFC2396_LONG") == "" {
		t.Skip("long check: set RFC2396_LONG=1")
	}
	for _, tc := range []struct {
		kind       Kind
		head, line string
	}{
		{Text, "", "a line of running text with no reference in it, and one more word\n"},
		{HTML, "<!DOCTYPE html><html><body>\n", "<p class=x>a paragraph of text with no reference, <b>bold</b> words.</p>\n"},
		{MIME, "MIME-Version: 1.0\r\nContent-Type: text/plain\r\nContent-Transfer-Encoding: quoted-printable\r\n\r\n", "a line of quoted-printable text with no reference in it =3D ok\r\n"},
	} {
		var peak uint64
		var ms runtime.MemStats
		sample := func() {
			runtime.ReadMemStats(&ms)
			peak = max(peak, ms.HeapInuse)
		}
		runtime.GC()
		src := &lines{head: []byte(tc.head), line: []byte(tc.line), n: 128 << 20, sample: sample}
		if err := Read(src, tc.kind, Options{}, func(*Reference) error { return nil }); err != nil {
			t.Fatalf("%s: %v", tc.kind.Code(), err)
		}
		if peak == 0 || peak > 64<<20 {
			t.Errorf("%s: heap in use peaked at %d MiB reading 128 MiB", tc.kind.Code(), peak>>20)
		}
		t.Logf("%s: heap in use at most %d MiB", tc.kind.Code(), peak>>20)
	}
}
