package document

import (
	"bufio"
	"os"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/rfc2396/rfc2396/internal/oracle"
)

// TestBases reads testdata/bases.tsv: each line a document, its type and
// retrieval URI, and for each reference found its resolution and the rule
// of section 5.1 that gave the base.
// declaredBase finds the bases a test document declares: a MIME part's
// Content-Location or Content-Base, or an HTML base element's href.
var declaredBase = regexp.MustCompile(`(?m)^Content-(?:Location|Base):[ \t]*(\S*)|<base href="\s*([^"]*?)\s*"`)

func TestBases(t *testing.T) {
	f, err := os.Open("testdata/bases.tsv")
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	sc := bufio.NewScanner(f)
	n := 0
	facts := oracle.NewFacts(0)
	for sc.Scan() {
		line := sc.Text()
		if line == "" || strings.HasPrefix(line, "#") {
			continue
		}
		n++
		fields := strings.Split(line, "\t")
		if len(fields) != 5 {
			t.Fatalf("%q: %d fields, want 5", line, len(fields))
		}
		name, kindName, retrieval, docLit, want := fields[0], fields[1], fields[2], fields[3], fields[4]
		t.Run(name, func(t *testing.T) {
			if retrieval != "-" && !facts.Hold(retrieval) {
				t.Skipf("retrieval URI %s: %s", retrieval, oracle.NotHeld)
			}
			// The row states what the published grammar makes of each
			// reference it lists and of each resolution.
			for _, item := range strings.Split(want, " ; ") {
				ref, res, _ := strings.Cut(item, " -> ")
				res, _, _ = strings.Cut(res, " (")
				for _, u := range []string{ref, res} {
					if u != "-" && !facts.Hold(u) {
						t.Skipf("%s: %s", u, oracle.NotHeld)
					}
				}
			}
			kind, err := ParseKind(kindName)
			if err != nil {
				t.Fatal(err)
			}
			doc, err := strconv.Unquote(docLit)
			if err != nil {
				t.Fatalf("document %s: %v", docLit, err)
			}
			// So does it of the bases the document declares: a base the
			// grammar in force rejects is ignored, and another base gives
			// the resolutions.
			for _, m := range declaredBase.FindAllStringSubmatch(doc, -1) {
				if u := m[1] + m[2]; !facts.Hold(u) {
					t.Skipf("base %s: %s", u, oracle.NotHeld)
				}
			}
			if retrieval == "-" {
				retrieval = ""
			}
			var got []string
			err = Read(strings.NewReader(doc), kind, Options{Retrieval: retrieval}, func(r *Reference) error {
				res := r.Resolved
				if res == "" {
					res = "-"
				}
				got = append(got, r.URI+" -> "+res+" ("+r.Base.From.Code()+")")
				return nil
			})
			if err != nil {
				t.Fatal(err)
			}
			if diff := cmp.Diff(strings.Split(want, " ; "), got); diff != "" {
				t.Errorf("(-want +got):\n%s", diff)
			}
		})
	}
	if n == 0 {
		t.Fatal("no cases")
	}
}
