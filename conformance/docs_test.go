package conformance_test

import (
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"github.com/rfc2396/rfc2396/conformance"
	"github.com/rfc2396/rfc2396/grammar"
	"github.com/rfc2396/rfc2396/grammar/bnf"
	"github.com/rfc2396/rfc2396/internal/oracle"
	"github.com/rfc2396/rfc2396/report"
	grammar3986 "github.com/rfc2396/rfc2396/rfc3986/grammar"
)

// updateSizes makes TestDocsCounts rewrite the sizes sentence of
// docs/conformance.md from the committed suites, and check nothing else,
// as go generate does after it regenerates them (the other counts it
// checks are grades of outside parsers, which only grading them again can
// update).
var updateSizes = flag.Bool("update-sizes", false, "rewrite the sizes sentence of docs/conformance.md")

// suiteCounts is what the docs say of a committed suite: its size by
// category, the cases a grade counts by category (validity: whole
// references only), and the lines of a grade's parse mode.
type suiteCounts struct {
	size, graded [5]int
	parseLines   int
}

func committedCounts(t *testing.T) map[string]suiteCounts {
	t.Helper()
	out := map[string]suiteCounts{}
	for _, st := range conformance.Standards() {
		std := string(st)
		s, err := conformance.ReadDir(filepath.Join("..", "testdata", "vectors", std))
		if err != nil {
			t.Fatalf("%v (generate.go's line \"go run ./cmd/rfc2396 vectors --standard %s\" writes the suite of every standard of the registry)", err, std)
		}
		c := suiteCounts{size: [5]int{len(s.Validity), len(s.Components), len(s.Resolve), len(s.Normalize), len(s.Equivalence)}}
		c.graded = c.size
		c.graded[0] = 0
		refs := map[string]bool{}
		start := startRule(t, std)
		for _, v := range s.Validity {
			if v.Rule == start {
				c.graded[0]++
				refs[v.Input] = true
			}
		}
		for _, k := range s.Components {
			refs[k.Input] = true
		}
		c.parseLines = len(refs)
		out[std] = c
	}
	return out
}

// TestDocsCounts checks every count of the committed suites that the
// docs and the site state (the sizes in docs/conformance.md, the
// denominators of the table of grades there and in site/data/grades.md,
// the lines of the examples of grade's messages, and any "N resolve
// cases" in docs/*.md, README.md and the site's templates) against the
// suites themselves, so that regenerating the suite cannot leave a stale
// number behind.
//
// Under an edited grammar (docs/changing-the-grammar.md) go generate
// writes the suites anew and the sizes sentence with them
// (-update-sizes), but not the tables of other parsers' grades nor the
// prose around them, which state the published grammars' suites: the
// test checks the sizes then, and says that it checks nothing more.
func TestDocsCounts(t *testing.T) {
	counts := committedCounts(t)
	read := func(path string) string {
		b, err := os.ReadFile(filepath.Join("..", path))
		if err != nil {
			t.Fatal(err)
		}
		return string(b)
	}
	doc := read("docs/conformance.md")

	// The sizes sentence: RFC 2396's in words, then every other
	// standard's five counts, in the order of conformance.Standards.
	sizes := regexp.MustCompile(`Sizes at seed 2396: RFC 2396 (\d+) validity, (\d+) components, (\d+) resolution,\s+(\d+) normalization, (\d+) equivalence cases((?:;\s+RFC \d+ \d+, \d+, \d+, \d+, \d+)*)\.`)
	var sentence strings.Builder
	for i, st := range conformance.Standards() {
		c := counts[string(st)].size
		if i == 0 {
			fmt.Fprintf(&sentence, "Sizes at seed 2396: RFC 2396 %d validity, %d components, %d resolution,\n%d normalization, %d equivalence cases", c[0], c[1], c[2], c[3], c[4])
			continue
		}
		sep := ";\n" // a line for each standard after RFC 3986
		if i == 1 {
			sep = "; "
		}
		fmt.Fprintf(&sentence, "%s%s %d, %d, %d, %d, %d", sep, specOf(t, string(st)), c[0], c[1], c[2], c[3], c[4])
	}
	sentence.WriteString(".")
	m := sizes.FindStringSubmatch(doc)
	if m != nil && *updateSizes {
		if want := sentence.String(); want != m[0] {
			doc = strings.Replace(doc, m[0], want, 1)
			if err := os.WriteFile("../docs/conformance.md", []byte(doc), 0o644); err != nil {
				t.Fatal(err)
			}
		}
		// The grades below are of outside parsers: only grading them
		// again updates them, so go generate, which runs this, does not
		// stop on them; go test does.
		return
	}
	space := regexp.MustCompile(`\s+`)
	if m == nil {
		t.Errorf("docs/conformance.md has no sentence matching %s", sizes)
	} else if got, want := space.ReplaceAllString(m[0], " "), space.ReplaceAllString(sentence.String(), " "); got != want {
		t.Errorf("docs/conformance.md: the sizes say\n\t%s\nwhere the committed suites have\n\t%s", got, want)
	}

	if !oracle.RuleAsPublished(grammar.RuleURIReference) || !rfc3986AsPublished(t) {
		t.Skip("the grammar in force is not the published one: the grades of other parsers and the prose around them count the published grammars' suites")
	}

	// The tables of grades: every row's totals are the suite's.
	row := regexp.MustCompile(`(?m)^\| ([^|]+) \| (rfc2396|rfc3986) \|(.*)\|$`)
	cell := regexp.MustCompile(`^(\d+)/(\d+) \((\d+\.\d)%\)$`)
	tables := 0
	for _, path := range []string{"docs/conformance.md", "site/data/grades.md"} {
		for _, r := range row.FindAllStringSubmatch(read(path), -1) {
			tables++
			cells := strings.Split(r[3], "|")
			if len(cells) != 5 {
				t.Errorf("%s: row %q has %d cells, want 5", path, r[0], len(cells))
				continue
			}
			for i, c := range cells {
				c = strings.TrimSpace(c)
				cm := cell.FindStringSubmatch(c)
				if cm == nil {
					if c != "not supported" && !strings.HasPrefix(c, "not run") && c != "" {
						t.Errorf("%s: row %q: cell %q", path, r[1], c)
					}
					continue
				}
				agreed, _ := strconv.Atoi(cm[1])
				total, _ := strconv.Atoi(cm[2])
				if want := counts[r[2]].graded[i]; total != want {
					t.Errorf("%s: %s against %s: %d cases in column %d where the suite has %d", path, r[1], r[2], total, i+1, want)
				}
				if pct := fmt.Sprintf("%.1f", 100*float64(agreed)/float64(max(total, 1))); pct != cm[3] || agreed > total {
					t.Errorf("%s: %s against %s: %q is not %s%%", path, r[1], r[2], c, pct)
				}
			}
		}
	}
	if tables == 0 {
		t.Error("no table of grades found")
	}

	// The examples of grade's messages count parse mode's lines.
	lines := regexp.MustCompile(`answered (?:all |\d+ of )(\d+)\s+lines`)
	for _, m := range lines.FindAllStringSubmatch(doc, -1) {
		if got, _ := strconv.Atoi(m[1]); got != counts["rfc2396"].parseLines {
			t.Errorf("docs/conformance.md: %q, but parse mode has %d lines for the rfc2396 suite", m[0], counts["rfc2396"].parseLines)
		}
	}

	// Any other "N resolve cases" and the like.
	names := map[string]int{"validity": 0, "components": 1, "resolve": 2, "resolution": 2, "normalize": 3, "normalization": 3, "equivalence": 4}
	phrase := regexp.MustCompile(`\b(\d+) (validity|components|resolve|resolution|normalize|normalization|equivalence) cases`)
	files, _ := filepath.Glob("../docs/*.md")
	templates, _ := filepath.Glob("../site/templates/*")
	for _, f := range append(append(files, "../README.md"), templates...) {
		b, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		for _, m := range phrase.FindAllStringSubmatch(string(b), -1) {
			n, _ := strconv.Atoi(m[1])
			i := names[m[2]]
			if n != counts["rfc2396"].size[i] && n != counts["rfc3986"].size[i] && n != counts["rfc2396"].graded[i] && n != counts["rfc3986"].graded[i] {
				t.Errorf("%s: %q, but the suites have %d and %d", f, m[0], counts["rfc2396"].size[i], counts["rfc3986"].size[i])
			}
		}
	}
}

// startRule is the start rule of the standard std's references.
func startRule(t *testing.T, std string) string {
	st, err := report.LookupStandard(std)
	if err != nil {
		t.Fatal(err)
	}
	return st.NewReader(nil).StartRule()
}

// specOf is the document of the standard std ("RFC 3987").
func specOf(t *testing.T, std string) string {
	st, err := report.LookupStandard(std)
	if err != nil {
		t.Fatal(err)
	}
	return st.Spec
}

// rfc3986AsPublished reports whether the RFC 3986 grammar in force writes
// every rule as Appendix A of RFC 3986 publishes it: the same ABNF lines.
func rfc3986AsPublished(t *testing.T) bool {
	inForce, err := bnf.ParseABNF(grammar3986.ABNF)
	if err != nil {
		t.Fatal(err)
	}
	published, err := oracle.PublishedDefinitions3986()
	if err != nil {
		t.Fatal(err)
	}
	lines := map[string]string{}
	for _, d := range inForce {
		lines[d.Name] = d.Line
	}
	for _, d := range published {
		if lines[d.Name] != d.Line {
			return false
		}
	}
	return len(inForce) == len(published)
}
