package main

import (
	"bufio"
	"bytes"
	"encoding/xml"
	"io"
	"os"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/rfc2396/rfc2396/grammar/bnf"
)

// shape prints a diagram item as testdata/railroad.txt writes it.
func (it *railItem) shape() string {
	kids := func() string {
		var s []string
		for _, c := range it.items {
			s = append(s, c.shape())
		}
		return strings.Join(s, ", ")
	}
	switch it.kind {
	case railLiteral:
		return `lit "` + it.text + `"`
	case railRef:
		return "ref " + it.text
	case railClass:
		return "class " + it.text
	case railSequence:
		return "seq(" + kids() + ")"
	case railChoice:
		return "choice(" + kids() + ")"
	case railOptional:
		return "opt(" + kids() + ")"
	case railLoop:
		if it.label != "" {
			return "loop[" + it.label + "](" + kids() + ")"
		}
		return "loop(" + kids() + ")"
	}
	return "?"
}

func TestRailroadShapes(t *testing.T) {
	f, err := os.Open("testdata/railroad.txt")
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	sc := bufio.NewScanner(f)
	for n := 1; sc.Scan(); n++ {
		line := sc.Text()
		if line == "" || strings.HasPrefix(line, "#") {
			continue
		}
		rule, want, ok := strings.Cut(line, "\t")
		if !ok {
			t.Fatalf("testdata/railroad.txt:%d: no tab", n)
		}
		// Every referenced name must be defined for bnf.Parse.
		src := rule + "\nb = \"b\"\nc = \"c\"\n"
		defs, err := bnf.Parse(src)
		if err != nil {
			t.Fatalf("testdata/railroad.txt:%d: %v", n, err)
		}
		if got := railDiagram(defs[0].Body).shape(); got != want {
			t.Errorf("testdata/railroad.txt:%d: %s\n got %s\nwant %s", n, rule, got, want)
		}
	}
}

// TestRailroadSVGs draws every rule of Appendix A and checks the SVG: it is
// well-formed XML, it links every rule the rule refers to, it is the same
// on every run, and it fits the width of a laptop screen.
func TestRailroadSVGs(t *testing.T) {
	widthRE := regexp.MustCompile(`(?m)^<svg [^>]*width="(\d+)"`)
	for _, d := range readABNF(t) {
		svg := railSVG(d.Name, d.Line, d.Body)
		if !bytes.HasPrefix(svg, []byte(railGenerated)) {
			t.Errorf("%s: the diagram does not start with the generated-file line", d.Name)
		}
		if again := railSVG(d.Name, d.Line, d.Body); !bytes.Equal(svg, again) {
			t.Errorf("%s: two drawings differ", d.Name)
		}
		dec := xml.NewDecoder(bytes.NewReader(svg))
		links := map[string]bool{}
		for {
			tok, err := dec.Token()
			if err == io.EOF {
				break
			}
			if err != nil {
				t.Fatalf("%s: the SVG is not well-formed: %v", d.Name, err)
			}
			if se, ok := tok.(xml.StartElement); ok && se.Name.Local == "a" {
				for _, a := range se.Attr {
					if a.Name.Local == "href" {
						links[a.Value] = true
					}
				}
			}
		}
		for _, ref := range ruleRefs(d.Body) {
			if !links[ref] {
				t.Errorf("%s: the diagram does not link %s", d.Name, ref)
			}
		}
		m := widthRE.FindSubmatch(svg)
		if m == nil {
			t.Fatalf("%s: no width", d.Name)
		}
		if w, _ := strconv.Atoi(string(m[1])); w > 1100 {
			t.Errorf("%s: the diagram is %d pixels wide, more than a laptop screen shows beside the page margins", d.Name, w)
		}
	}
}

func TestSectionOrder(t *testing.T) {
	in := []string{"3.2.2", "1.6", "3", "2.4.1", "3.2", "10", "2"}
	want := "1.6 2 2.4.1 3 3.2 3.2.2 10"
	sorted := append([]string{}, in...)
	for i := range sorted {
		for j := i + 1; j < len(sorted); j++ {
			if sectionLess(sorted[j], sorted[i]) {
				sorted[i], sorted[j] = sorted[j], sorted[i]
			}
		}
	}
	if got := strings.Join(sorted, " "); got != want {
		t.Errorf("got %s, want %s", got, want)
	}
}

// TestPEGRuleTexts reads the rule texts and "PEG:" notes the site shows
// from testdata/pegtexts.peg, a grammar file made for the test (the real
// grammar's texts change with every edit), and checks that every rule of
// rfc2396.peg has one.
func TestPEGRuleTexts(t *testing.T) {
	src, err := os.ReadFile("testdata/pegtexts.peg")
	if err != nil {
		t.Fatal(err)
	}
	want := map[string]pegText{
		"port":        {rule: "port <- digit*"},
		"mark":        {rule: `mark <- [\-_.!~*'()]`},
		"domainlabel": {rule: "domainlabel <- alphanum\n    ('-'* alphanum)*", note: "the repetition would take the final alphanum; the written form cannot."},
		"alphanum":    {rule: "alphanum <- [a-zA-Z0-9]"},
		"digit":       {rule: "digit <- [0-9]"},
	}
	if diff := cmp.Diff(want, pegRuleTexts(string(src)), cmp.AllowUnexported(pegText{})); diff != "" {
		t.Errorf("testdata/pegtexts.peg (-want +got):\n%s", diff)
	}

	src, err = os.ReadFile(grammarFile())
	if err != nil {
		t.Fatal(err)
	}
	f, err := parsePEG(string(src))
	if err != nil {
		t.Fatal(err)
	}
	texts := pegRuleTexts(string(src))
	for _, r := range f.rules {
		if !strings.HasPrefix(texts[r.name].rule, r.name+" <- ") {
			t.Errorf("rfc2396.peg: rule %s: text %q", r.name, texts[r.name].rule)
		}
	}
	if len(texts) != len(f.rules) {
		t.Errorf("read %d rule texts from rfc2396.peg, which has %d rules", len(texts), len(f.rules))
	}
}

// TestRailroadCodePoints checks the boxes of RFC 5234 numeric values in a
// code-point grammar (RFC 3987): ranges and values beyond a byte are
// written by code point; byte ranges and bytes stay as they were.
func TestRailroadCodePoints(t *testing.T) {
	tests := []struct{ rule, want string }{
		{"a = %xA0-D7FF", "class U+00A0–U+D7FF"},
		{"a = %x100000-10FFFD", "class U+100000–U+10FFFD"},
		{"a = %x10000", "class U+10000"},
		{"a = %x41.E9.10000", "class U+0041 U+00E9 U+10000"},
		{"a = %x30-39", "class 0–9"},
		{"a = %x80-BF", "class %x80–BF"},
		{"a = %xC2", "class %xC2"},
		{"a = %xE000-F8FF / %xF0000-FFFFD", "choice(class U+E000–U+F8FF, class U+F0000–U+FFFFD)"},
	}
	for _, tt := range tests {
		defs, err := bnf.ParseABNF(tt.rule)
		if err != nil {
			t.Fatalf("%s: %v", tt.rule, err)
		}
		if got := railDiagram(defs[0].Body).shape(); got != tt.want {
			t.Errorf("%s: got %s, want %s", tt.rule, got, tt.want)
		}
	}
}
