package extract_test

import (
	"bufio"
	"bytes"
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/rfc2396/rfc2396/extract"
	"github.com/rfc2396/rfc2396/grammar"
	"github.com/rfc2396/rfc2396/internal/oracle"
	"github.com/rfc2396/rfc2396/parser"
)

var update = flag.Bool("update", false, "rewrite the golden .uris files and the ref: lines of testdata/cases.txt, where the oracle agrees with each verdict")

// describe renders a Reference as a ref: line of testdata/cases.txt.
func describe(r extract.Reference) string {
	var b strings.Builder
	verdict := "valid"
	if !r.Valid() {
		verdict = fmt.Sprintf("invalid@%d", r.Err.Offset)
	}
	fmt.Fprintf(&b, "%d:%d %s %s %s", r.Line, r.Column, r.Delimiter.Code(), verdict, strconv.Quote(r.URI))
	if len(r.Notes) > 0 {
		seen := map[string]bool{}
		var codes []string
		for _, n := range r.Notes {
			if c := n.Kind.Code(); !seen[c] {
				seen[c] = true
				codes = append(codes, c)
			}
		}
		b.WriteString(" notes=" + strings.Join(codes, ","))
	}
	if r.Text != r.URI {
		b.WriteString(" text=" + strconv.Quote(r.Text))
	}
	if r.Alternative != "" {
		b.WriteString(" alt=" + strconv.Quote(r.Alternative))
	}
	return b.String()
}

type findCase struct {
	line int
	in   string
	want []string
	// refLines are the line numbers of the ref: lines.
	refLines []int
}

func readCases(t *testing.T) []findCase {
	t.Helper()
	f, err := os.Open("testdata/cases.txt")
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	var cases []findCase
	sc := bufio.NewScanner(f)
	sc.Buffer(nil, 1<<20)
	for n := 1; sc.Scan(); n++ {
		line := sc.Text()
		switch {
		case strings.HasPrefix(line, "in: "):
			in, err := strconv.Unquote(strings.TrimPrefix(line, "in: "))
			if err != nil {
				t.Fatalf("cases.txt:%d: %v", n, err)
			}
			cases = append(cases, findCase{line: n, in: in, want: []string{}})
		case strings.HasPrefix(line, "ref: "):
			if len(cases) == 0 {
				t.Fatalf("cases.txt:%d: ref: before in:", n)
			}
			c := &cases[len(cases)-1]
			c.want = append(c.want, strings.TrimPrefix(line, "ref: "))
			c.refLines = append(c.refLines, n)
		case line == "" || strings.HasPrefix(line, "#"):
		default:
			t.Fatalf("cases.txt:%d: cannot read %q", n, line)
		}
	}
	if err := sc.Err(); err != nil {
		t.Fatal(err)
	}
	return cases
}

// TestFindCases runs Find over the cases of testdata/cases.txt. A verdict
// (valid, invalid@OFFSET) follows the grammar: after a grammar edit, go
// generate rewrites a case's ref: lines (-update) once the oracle agrees
// with every verdict Find gives, and the diff shows what the edit changed.
func TestFindCases(t *testing.T) {
	const path = "testdata/cases.txt"
	o := oracle.New()
	var file []string // with -update: line number - 1 -> line
	if *update {
		data, err := os.ReadFile(path)
		if err != nil {
			t.Fatal(err)
		}
		file = strings.Split(string(data), "\n")
	}
	var rewrites []caseRewrite
	for _, c := range readCases(t) {
		refs := extract.Find([]byte(c.in))
		got := []string{}
		for _, r := range refs {
			got = append(got, describe(r))
			checkReference(t, []byte(c.in), r)
			checkVerdict(t, o, r)
		}
		diff := cmp.Diff(c.want, got)
		switch {
		case diff == "":
		case file != nil && len(c.refLines) > 0:
			rewrites = append(rewrites, caseRewrite{c.refLines[0], c.refLines[len(c.refLines)-1], got})
		default:
			t.Errorf("cases.txt:%d: Find(%q) (-want +got):\n%s", c.line, c.in, diff)
		}
	}
	if file == nil || len(rewrites) == 0 || t.Failed() {
		return
	}
	// From the last case up, so that earlier line numbers stay right.
	for i := len(rewrites) - 1; i >= 0; i-- {
		r := rewrites[i]
		lines := make([]string, len(r.refs))
		for j, ref := range r.refs {
			lines[j] = "ref: " + ref
		}
		file = append(file[:r.first-1], append(lines, file[r.last:]...)...)
	}
	if err := os.WriteFile(path, []byte(strings.Join(file, "\n")), 0o644); err != nil {
		t.Fatal(err)
	}
}

// caseRewrite replaces lines first to last (1-based) of cases.txt, a
// case's ref: lines, with refs.
type caseRewrite struct {
	first, last int
	refs        []string
}

// checkVerdict checks Find's verdict on r against the oracle: valid as the
// grammar says, and an error at the first byte no valid reference can
// have there.
func checkVerdict(t *testing.T, o *oracle.Oracle, r extract.Reference) {
	t.Helper()
	if valid := o.Match(grammar.RuleURIReference, r.URI); valid != r.Valid() {
		t.Errorf("%q: Find says valid %v, the oracle %v", r.URI, r.Valid(), valid)
	} else if r.Err != nil {
		if v := o.ViablePrefix(grammar.RuleURIReference, r.URI); v != r.Err.Offset {
			t.Errorf("%q: Find's error at offset %d, the oracle's at %d", r.URI, r.Err.Offset, v)
		}
	}
}

// checkReference checks the invariants of a Reference found in in.
func checkReference(t *testing.T, in []byte, r extract.Reference) {
	t.Helper()
	if r.Offset < 0 || r.Offset >= r.End || r.End > len(in) {
		t.Fatalf("span [%d,%d) outside input of %d bytes", r.Offset, r.End, len(in))
	}
	if r.Text != string(in[r.Offset:r.End]) {
		t.Errorf("Text %q is not the input's bytes %q", r.Text, in[r.Offset:r.End])
	}
	line := 1 + bytes.Count(in[:r.Offset], []byte{'\n'})
	col := r.Offset - (bytes.LastIndexByte(in[:r.Offset], '\n') + 1) + 1
	if r.Line != line || r.Column != col {
		t.Errorf("%q at %d:%d, want %d:%d", r.Text, r.Line, r.Column, line, col)
	}
	if r.Valid() != parser.Valid(r.URI) || r.Err != nil && r.Err.Input != r.URI {
		t.Errorf("%q: Err %v, but parser.Valid says %v", r.URI, r.Err, parser.Valid(r.URI))
	}
	if r.Err != nil && (r.Err.Offset < 0 || r.Err.Offset > len(r.URI)) {
		t.Errorf("%q: error offset %d outside the URI", r.URI, r.Err.Offset)
	}
	if r.Err != nil {
		if off := r.InputOffset(r.Err.Offset); off < r.Offset || off > r.End {
			t.Errorf("%q: error at input offset %d, outside the span", r.URI, off)
		}
	}
}

// TestRFCTexts runs Find over the two RFC texts and compares every
// reference with the reviewed lists in testdata/*.uris.
func TestRFCTexts(t *testing.T) {
	o := oracle.New()
	for _, name := range []string{"rfc2396-text.txt", "rfc3986-text.txt"} {
		in, err := os.ReadFile(filepath.Join("testdata", name))
		if err != nil {
			t.Fatal(err)
		}
		var got bytes.Buffer
		for _, r := range extract.Find(in) {
			checkReference(t, in, r)
			checkVerdict(t, o, r)
			verdict := "valid"
			if !r.Valid() {
				verdict = "invalid"
			}
			fmt.Fprintf(&got, "%d:%d %s %s %s\n", r.Line, r.Column, r.Delimiter.Code(), verdict, strconv.Quote(r.URI))
		}
		golden := filepath.Join("testdata", strings.TrimSuffix(name, ".txt")+".uris")
		if *update {
			if err := os.WriteFile(golden, got.Bytes(), 0o644); err != nil {
				t.Fatal(err)
			}
		}
		want, err := os.ReadFile(golden)
		if err != nil {
			t.Fatal(err)
		}
		if diff := cmp.Diff(strings.Split(string(want), "\n"), strings.Split(got.String(), "\n")); diff != "" {
			t.Errorf("%s (-want +got):\n%s", name, diff)
		}
	}
}

// TestRFCSample checks thirty references located by hand: the row against
// the file itself, and Find's result against the row.
func TestRFCSample(t *testing.T) {
	data, err := os.ReadFile("testdata/rfc-sample.txt")
	if err != nil {
		t.Fatal(err)
	}
	found := map[string][]extract.Reference{}
	rows := 0
	for n, row := range strings.Split(string(data), "\n") {
		if row == "" || strings.HasPrefix(row, "#") {
			continue
		}
		rows++
		var file, text string
		var line, col int
		if _, err := fmt.Sscan(row, &file, &line, &col, &text); err != nil {
			t.Fatalf("rfc-sample.txt:%d: %v", n+1, err)
		}
		in, err := os.ReadFile(filepath.Join("testdata", file))
		if err != nil {
			t.Fatal(err)
		}
		lines := strings.Split(string(in), "\n")
		if line > len(lines) || col-1+len(text) > len(lines[line-1]) || lines[line-1][col-1:col-1+len(text)] != text {
			t.Errorf("rfc-sample.txt:%d: %s line %d column %d does not start with %q", n+1, file, line, col, text)
			continue
		}
		if found[file] == nil {
			found[file] = extract.Find(in)
		}
		ok := false
		for _, r := range found[file] {
			if r.Line == line && r.Column == col && strings.HasPrefix(r.Text, text) {
				ok = true
			}
		}
		if !ok {
			t.Errorf("rfc-sample.txt:%d: no reference found at %s:%d:%d starting %q", n+1, file, line, col, text)
		}
	}
	if rows != 30 {
		t.Errorf("%d sample rows, want 30", rows)
	}
}

// TestAdversarial runs Find over inputs built so that a scanner that
// re-reads its input would take quadratic time (a megabyte each: such a
// scanner would not finish in the test's time), and checks the spans.
// BenchmarkFindAdversarial measures them.
func TestAdversarial(t *testing.T) {
	const n = 1 << 20
	for name, in := range map[string][]byte{
		"open brackets":    bytes.Repeat([]byte("<a:"), n/3),
		"quotes":           bytes.Repeat([]byte(`"a:b `), n/5),
		"closing parens":   append([]byte("http://a/"), bytes.Repeat([]byte(")"), n)...),
		"one long token":   append([]byte("a:"), bytes.Repeat([]byte("b"), n)...),
		"colons":           bytes.Repeat([]byte("a:"), n/2),
		"bracket no close": append([]byte("<http://a/"), bytes.Repeat([]byte("b\n"), n/2)...),
		"binary":           bytes.Repeat([]byte{0xff, 0xfe, 0, '<', '"', ':'}, n/6),
	} {
		refs := extract.Find(in)
		for _, r := range refs {
			if r.Offset < 0 || r.End > len(in) || r.Offset >= r.End {
				t.Fatalf("%s: span [%d,%d)", name, r.Offset, r.End)
			}
		}
	}
}

func FuzzFind(f *testing.F) {
	for _, c := range []string{
		"see <http://a/b-\n c> and \"x:y\" or URL: http://d/e. (f:g)",
		"<URL:\n>", "URL:", "\"URL:\"", "<\n\n>", "a:b\xff", "\xe2\x80\x9chttp://a\xe2\x80\x9d", "<a:\r\n-\r\n>",
	} {
		f.Add([]byte(c))
	}
	f.Fuzz(func(t *testing.T, in []byte) {
		prev := -1
		for _, r := range extract.Find(in) {
			checkReference(t, in, r)
			if r.Offset <= prev {
				t.Fatalf("references out of order at %d", r.Offset)
			}
			prev = r.Offset
		}
		for _, r := range extract.Find(in, extract.WithRelative()) {
			checkReference(t, in, r)
		}
	})
}
