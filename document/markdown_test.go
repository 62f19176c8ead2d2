package document

import (
	"bufio"
	"bytes"
	"errors"
	"fmt"
	"os"
	"strconv"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/yuin/goldmark/text"

	"github.com/rfc2396/rfc2396/internal/oracle"
)

// mdCase is a case of testdata/markdown.txt.
type mdCase struct {
	line  int // of the "input:" line
	input string
	want  []string
}

func readMarkdownCases(t *testing.T) []mdCase {
	t.Helper()
	f, err := os.Open("testdata/markdown.txt")
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	var cases []mdCase
	sc := bufio.NewScanner(f)
	for n := 1; sc.Scan(); n++ {
		line := sc.Text()
		switch {
		case line == "" || strings.HasPrefix(line, "#"):
		case strings.HasPrefix(line, "input: "):
			in, err := strconv.Unquote(strings.TrimPrefix(line, "input: "))
			if err != nil {
				t.Fatalf("markdown.txt:%d: %v", n, err)
			}
			cases = append(cases, mdCase{line: n, input: in})
		case strings.HasPrefix(line, "ref: ") && len(cases) > 0:
			c := &cases[len(cases)-1]
			c.want = append(c.want, strings.TrimPrefix(line, "ref: "))
		default:
			t.Fatalf("markdown.txt:%d: cannot read %q", n, line)
		}
	}
	if err := sc.Err(); err != nil {
		t.Fatal(err)
	}
	if len(cases) < 10 {
		t.Fatalf("%d cases in testdata/markdown.txt", len(cases))
	}
	return cases
}

// mdRow is a reference as testdata/markdown.txt writes it.
func mdRow(r *Reference) string {
	what := r.Markdown
	if r.Attribute != "" {
		what = r.Element + "/" + r.Attribute
	}
	verdict := "valid"
	if r.Err != nil {
		verdict = fmt.Sprintf("%d:%d", r.ErrPos.Line, r.ErrPos.Column)
	}
	return fmt.Sprintf("%s %d:%d %s %s %s", what, r.Line, r.Column, strconv.Quote(r.Text), strconv.Quote(r.URI), verdict)
}

// TestMarkdownCases reads each case of testdata/markdown.txt as Markdown
// and compares the references found, with their positions and verdicts.
func TestMarkdownCases(t *testing.T) {
	for _, c := range readMarkdownCases(t) {
		var got, uris []string
		err := Read(strings.NewReader(c.input), Markdown, Options{}, func(r *Reference) error {
			got = append(got, mdRow(r))
			uris = append(uris, r.URI)
			if r.End-r.Offset != len(r.Text) || c.input[r.Offset:r.End] != r.Text {
				t.Errorf("markdown.txt:%d: span %d-%d is not %q", c.line, r.Offset, r.End, r.Text)
			}
			if r.Err != nil {
				if p := r.PositionOf(r.Err.Offset); p != r.ErrPos {
					t.Errorf("markdown.txt:%d: PositionOf(%d) = %+v, ErrPos %+v", c.line, r.Err.Offset, p, r.ErrPos)
				}
			}
			return nil
		})
		if err != nil {
			t.Errorf("markdown.txt:%d: %v", c.line, err)
			continue
		}
		if !oracle.NewFacts(0).Hold(uris...) {
			t.Logf("markdown.txt:%d: %s", c.line, oracle.NotHeld)
			continue
		}
		if diff := cmp.Diff(c.want, got); diff != "" {
			t.Errorf("markdown.txt:%d: %q (-want +got):\n%s", c.line, c.input, diff)
		}
	}
}

// TestMarkdownBase: a <base href> in raw HTML is the document's base for
// every reference, those before it included, as in HTML.
func TestMarkdownBase(t *testing.T) {
	in := "[a](x)\n\n<base href=\"http://b.example/d/\">\n\n[c](../y)\n"
	var got []string
	err := Read(strings.NewReader(in), Markdown, Options{Retrieval: "http://r.example/"}, func(r *Reference) error {
		got = append(got, r.URI+" "+r.Resolved+" "+r.Base.From.Code())
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	want := []string{"x http://b.example/d/x content", "http://b.example/d/ http://b.example/d/ retrieval", "../y http://b.example/y content"}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("(-want +got):\n%s", diff)
	}
}

// TestMarkdownLimit: a Markdown document is read whole, up to 4*MaxLine
// bytes; a longer one is a *LimitError, and nothing is emitted.
func TestMarkdownLimit(t *testing.T) {
	const maxLine = 1 << 10
	for _, tc := range []struct {
		size    int
		wantErr bool
	}{{4 * maxLine, false}, {4*maxLine + 1, true}} {
		in := "[a](http://a.example/)\n" + strings.Repeat("x", tc.size-23)
		emitted := 0
		err := Read(strings.NewReader(in), Markdown, Options{MaxLine: maxLine}, func(*Reference) error { emitted++; return nil })
		var le *LimitError
		switch {
		case tc.wantErr && (!errors.As(err, &le) || le.Limit != 4*maxLine || le.What != "Markdown document" || emitted != 0):
			t.Errorf("%d bytes: error %v, %d emitted; want a *LimitError of %d bytes and none", tc.size, err, emitted, 4*maxLine)
		case !tc.wantErr && (err != nil || emitted != 1):
			t.Errorf("%d bytes: error %v, %d emitted", tc.size, err, emitted)
		}
	}
	var le *LimitError
	if err := Read(zeros{'['}, Markdown, Options{MaxLine: maxLine}, func(*Reference) error { return nil }); !errors.As(err, &le) {
		t.Errorf("endless input: error %v, want a *LimitError", err)
	}
}

// TestMarkdownRereads: a document that goldmark would read again and
// again, more than markdownRereadHold × MaxLine bytes (here 4 MiB), is a
// *LimitError at the start of the line where the count passes it, before
// goldmark runs (each of these took it from seconds to hours, growing
// with the square of the input); dense documents of ordinary shape, as
// long, are read.
func TestMarkdownRereads(t *testing.T) {
	const maxLine = 64 << 10
	prose := "Some text with [a link](http://a.example/x) and more.\n"
	for _, c := range []struct {
		name string
		in   string
		at   int // where the *LimitError is, or -1 for none
	}{
		{"links with no space", strings.Repeat("[a](", 50_000), 0},
		{"images with no space", prose + strings.Repeat("![a](", 40_000), len(prose)},
		{"nested brackets", strings.Repeat("[", 100_000) + strings.Repeat("]", 100_000), 0},
		{"nested brackets over lines", strings.Repeat("[\n", 50_000) + strings.Repeat("]\n", 50_000), 102_896},
		{"nested quotes", prose + strings.Repeat(">", 100_000) + " x\n", len(prose)},
		{"nested lists", strings.Repeat("- ", 50_000) + "x\n", 0},
		{"nested ordered lists", strings.Repeat("1. ", 50_000) + "x\n", 0},
		{"badges with no space", strings.Repeat("[![a](http://u/x.svg)](http://l/y)", 7_000), -1},
		{"lines of links", strings.Repeat("* [item](http://a/1) and [x][r] (see [y](z))\n", 5_000) + "[r]: http://a/\n", -1},
		{"quotes", strings.Repeat("> > > > > > > > quote [a](b)\n", 8_000), -1},
		{"prose", strings.Repeat(prose, 4_000), -1},
		{"brackets closed at once", strings.Repeat("[a] ", 60_000), -1},
	} {
		emitted := 0
		err := Read(strings.NewReader(c.in), Markdown, Options{MaxLine: maxLine}, func(*Reference) error { emitted++; return nil })
		var le *LimitError
		switch {
		case c.at >= 0 && (!errors.As(err, &le) || le.Offset != c.at || le.Limit != markdownRereadHold*maxLine || le.What != markdownRereadWhat || emitted != 0):
			t.Errorf("%s: error %v, %d emitted; want a *LimitError at byte %d and none", c.name, err, emitted, c.at)
		case c.at < 0 && err != nil:
			t.Errorf("%s: %v", c.name, err)
		}
	}
}

func FuzzMarkdown(f *testing.F) {
	f.Add([]byte("[y](https://a.example/c d) ![i](<a b>) <http://a/> [r]\n\n[r]: ../x\n<a href=\"?q\">"))
	f.Add([]byte("> [q](a b)\n>\n> - [l](\\(x\\) \"t\")\n    [c](d e)\n"))
	f.Fuzz(func(t *testing.T, data []byte) { checkRead(t, data, Markdown) })
}

// TestUnparsedAdversarial reads the "](" of a megabyte line built so that
// a reader that scans the rest of the line from each "](" takes quadratic
// time (it would not finish in the test's time; goldmark itself is not
// run: its own link reading scans so, see TestMarkdownRereads), and
// checks the spans.
func TestUnparsedAdversarial(t *testing.T) {
	const n = 1 << 20
	for _, c := range []struct {
		name  string
		src   []byte
		spans int
	}{
		{"open links", bytes.Repeat([]byte("[a]("), n/4), 0},
		// The last "(" is closed at once: "[a]()" has no text.
		{"open links closed at the end", append(bytes.Repeat([]byte("[a]("), n/4), bytes.Repeat([]byte(")"), n/4)...), n/4 - 1},
		{"brackets then links", append(bytes.Repeat([]byte("["), n/2), bytes.Repeat([]byte("](b)"), n/8)...), n / 8},
	} {
		md := &mdReader{src: c.src}
		md.unparsed(text.NewSegment(0, len(c.src)))
		if len(md.spans) != c.spans {
			t.Errorf("%s: %d spans, want %d", c.name, len(md.spans), c.spans)
		}
		for _, sp := range md.spans {
			if sp.b < 0 || sp.e > len(c.src) || sp.b >= sp.e {
				t.Fatalf("%s: span [%d,%d)", c.name, sp.b, sp.e)
			}
		}
	}
}

// naiveUnparsed is what unparsed finds, found the plain way: from each
// "](" whose "]" closes a "[" earlier on its line (read back from it),
// neither escaped, the text up to the ")" that balances its "(" on the
// line (read on from it, a backslash escaping the byte after it),
// trimmed of spaces and tabs. It takes the square of a line's length.
func naiveUnparsed(src []byte, seg text.Segment) [][2]int {
	lineEnd := func(c byte) bool { return c == '\n' || c == '\r' }
	var out [][2]int
	for j := seg.Start; j < seg.Stop; j++ {
		if src[j] != ']' || j+1 >= len(src) || src[j+1] != '(' || (j > 0 && src[j-1] == '\\') {
			continue
		}
		opened, depth := false, 0
		for k := j - 1; k >= 0 && !lineEnd(src[k]) && !opened; k-- {
			if k > 0 && src[k-1] == '\\' {
				continue
			}
			switch {
			case src[k] == ']':
				depth++
			case src[k] == '[' && depth == 0:
				opened = true
			case src[k] == '[':
				depth--
			}
		}
		if !opened {
			continue
		}
		end := -1
		depth = 0
		for k := j + 2; k < len(src) && !lineEnd(src[k]) && end < 0; k++ {
			switch src[k] {
			case '\\':
				if k+1 < len(src) && !lineEnd(src[k+1]) {
					k++
				}
			case '(':
				depth++
			case ')':
				if depth--; depth < 0 {
					end = k
				}
			}
		}
		b, e := j+2, end
		for b < e && (src[b] == ' ' || src[b] == '\t') {
			b++
		}
		for e > b && (src[e-1] == ' ' || src[e-1] == '\t') {
			e--
		}
		if end >= 0 && b < e {
			out = append(out, [2]int{b, e})
		}
	}
	return out
}

// FuzzUnparsed holds unparsed, which finds every "](" and its ")" in one
// pass, to naiveUnparsed on any bytes and any segment of them.
func FuzzUnparsed(f *testing.F) {
	for _, s := range []string{"[y](a b)", "[y](a (b c) d) e) [a](b [c](d e) f)", "\\[x](a b) [h](i j\nk)", "[y](a \\\nb)", "x](a b) [[y]](c\\)d)", "[a](b\\\\) c)"} {
		f.Add([]byte(s), uint16(0), uint16(len(s)))
	}
	f.Fuzz(func(t *testing.T, src []byte, from, to uint16) {
		b, e := min(int(from), len(src)), min(int(to), len(src))
		if b > e {
			b, e = e, b
		}
		seg := text.NewSegment(b, e)
		md := &mdReader{src: src}
		md.unparsed(seg)
		var got [][2]int
		for _, sp := range md.spans {
			got = append(got, [2]int{sp.b, sp.e})
		}
		if want := naiveUnparsed(src, seg); !cmp.Equal(want, got) {
			t.Fatalf("unparsed(%q, [%d,%d)) = %v, the plain reading %v", src, b, e, got, want)
		}
	})
}
