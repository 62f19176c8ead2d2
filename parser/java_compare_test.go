package parser_test

import (
	"bufio"
	"flag"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/rfc2396/rfc2396/grammar"
	"github.com/rfc2396/rfc2396/internal/oracle"
)

var (
	full    = flag.Bool("javauri.full", false, "compare with java.net.URI on more generated references")
	outDir  = flag.String("javauri.out", "", "write each comparison report to a file in this directory")
	verbose = flag.Bool("javauri.v", false, "log each comparison report in full")
)

// corpusPaths are where the benchmark corpus is looked for: the shared
// corpus beside the worktree, else the sample committed to the repository.
var corpusPaths = []string{"../../shared/bench/urls.txt", "../testdata/bench-sample.txt"}

func readCorpus(t *testing.T) (string, []string) {
	t.Helper()
	for _, p := range corpusPaths {
		f, err := os.Open(p)
		if os.IsNotExist(err) {
			continue
		}
		if err != nil {
			t.Fatal(err)
		}
		defer f.Close()
		var refs []string
		sc := bufio.NewScanner(f)
		sc.Buffer(nil, 1<<24)
		for sc.Scan() {
			refs = append(refs, strings.TrimSuffix(sc.Text(), "\r"))
		}
		if err := sc.Err(); err != nil {
			t.Fatal(err)
		}
		return p, refs
	}
	t.Fatalf("no corpus at %v", corpusPaths)
	return "", nil
}

// generated returns references from the oracle's generator: derivations of
// URI-reference and mutations of them, and derivations of other rules in
// the contexts where they occur, with mutations.
func generated(seed uint64, n int) []string {
	g := oracle.NewGenerator(seed)
	var refs []string
	for i := 0; i < n; i++ {
		s := g.Derive(grammar.RuleURIReference)
		refs = append(refs, s, g.Mutate(s))
	}
	for _, c := range oracle.Contexts {
		for i := 0; i < n/10; i++ {
			s := c.Before + g.Derive(c.Rule) + c.After
			refs = append(refs, s, g.Mutate(s))
		}
	}
	return refs
}

func report(t *testing.T, name string, rep *Report) {
	t.Helper()
	var b strings.Builder
	rep.WriteTo(&b)
	text := b.String()
	if *verbose {
		t.Log("\n" + text)
	} else {
		head, _, _ := strings.Cut(text, "\n")
		t.Logf("%s (%d classes of difference; -javauri.v shows them)", head, len(rep.Classes()))
	}
	if *outDir != "" {
		if err := os.WriteFile(filepath.Join(*outDir, name+".txt"), []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
	}
}

// TestCompareStrict runs java.net.URI and the strict parser side by side
// and reports every class of difference. Differences do not fail it: the
// strict profile is not meant to agree with Java; only harness errors do.
func TestCompareStrict(t *testing.T) {
	p := startJava(t)
	path, corpus := readCorpus(t)
	n := 1000
	if *full {
		n = 20000
	}
	sets := []struct {
		name string
		refs []string
	}{
		{"corpus", corpus},
		{"generated", generated(1, n)},
		{"targeted", readQuoted(t, "testdata/java/targeted.txt")},
	}
	total := NewReport()
	for _, set := range sets {
		res, err := p.Probe(set.refs)
		if err != nil {
			t.Fatal(err)
		}
		checkResults(t, res)
		rep := Compare(res, Strict)
		if set.name == "targeted" && *verbose {
			for _, r := range res {
				c, err := Strict(r.Input)
				java, goSide := "invalid: "+r.Reason, "invalid"
				if r.Valid {
					java = showComponents(r.Components)
				}
				if err == nil {
					goSide = showComponents(c)
				}
				t.Logf("%q\n  java: %s\n  go:   %s", r.Input, java, goSide)
			}
		}
		if set.name == "corpus" {
			t.Logf("corpus: %s", path)
		}
		report(t, set.name, rep)
		total.Merge(rep)
	}
	report(t, "total", total)
	if c := total.Deviations[DevUnattributed]; c != nil {
		t.Logf("%d differences no known deviation explains, e.g. %q", c.Count, c.Examples[0].Input)
	}
}

// checkResults fails t on answers the harness cannot have read right.
func checkResults(t *testing.T, res []Result) {
	t.Helper()
	for _, r := range res {
		switch {
		case r.Unsent:
		case r.Valid && r.Components.SchemeSpecificPart.Defined == false:
			t.Errorf("%q: valid without a scheme-specific part", r.Input)
		case r.Valid && !r.Replaced && r.Components.Scheme.Defined && !strings.HasPrefix(r.Input, r.Components.Scheme.Value+":"):
			t.Errorf("%q: scheme %v is not a prefix", r.Input, r.Components.Scheme)
		case !r.Valid && r.Reason == "":
			t.Errorf("%q: invalid without a reason", r.Input)
		case !r.Valid && !r.Replaced && (r.Offset < -1 || r.Offset > len(r.Input)):
			t.Errorf("%q: offset %d out of range", r.Input, r.Offset)
		}
	}
}

// readQuoted reads a file of Go-quoted strings, one a line; blank lines and
// lines starting with '#' are skipped.
func readQuoted(t *testing.T, path string) []string {
	t.Helper()
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	var refs []string
	for i, line := range strings.Split(string(data), "\n") {
		line = strings.TrimSpace(line)
		if line == "" || line[0] == '#' {
			continue
		}
		s, err := strconv.Unquote(line)
		if err != nil {
			t.Fatalf("%s:%d: %v", path, i+1, err)
		}
		refs = append(refs, s)
	}
	return refs
}

// TestCompareJava runs java.net.URI and the java profile side by side on
// the corpus, generated and targeted references, and requires their
// verdicts to agree on at least 99.9 % of each set's references that are
// UTF-8 (a line that is not UTF-8 reaches Java as U+FFFD, which Java
// accepts and the profile, reading bytes, does not).
func TestCompareJava(t *testing.T) {
	p := startJava(t)
	_, corpus := readCorpus(t)
	n := 1000
	if *full {
		n = 20000
	}
	sets := []struct {
		name string
		refs []string
	}{
		{"corpus", corpus},
		{"generated", generated(1, n)},
		{"targeted", readQuoted(t, "testdata/java/targeted.txt")},
	}
	for _, set := range sets {
		res, err := p.Probe(set.refs)
		if err != nil {
			t.Fatal(err)
		}
		checkResults(t, res)
		var utf8 []Result
		for _, r := range res {
			if !r.Replaced && !r.Unsent {
				utf8 = append(utf8, r)
			}
		}
		rep := Compare(utf8, Java)
		report(t, "java/"+set.name, rep)
		if a := rep.VerdictAgreement(); a < 0.999 {
			t.Errorf("%s: java profile and java.net.URI agree on %.3f %% of verdicts, want at least 99.9 %%", set.name, 100*a)
		}
	}
}
