package syntax_test

import (
	"math/rand/v2"
	"os"
	"path/filepath"
	"slices"
	"testing"

	"github.com/rfc2396/rfc2396/grammar/bnf"
	"github.com/rfc2396/rfc2396/internal/oracle"
	"github.com/rfc2396/rfc2396/internal/uritest"
	rfc3986 "github.com/rfc2396/rfc2396/rfc3986/grammar"
	rfc3987 "github.com/rfc2396/rfc2396/rfc3987/grammar"
	rfc6570 "github.com/rfc2396/rfc2396/rfc6570/grammar"
	rfc8141 "github.com/rfc2396/rfc2396/rfc8141/grammar"
	rfc9112 "github.com/rfc2396/rfc2396/rfc9112/grammar"
)

// TestReferenceVM holds each grammar package's ReferenceVM, the
// playground module's reference parser, to the parser peg compiles from
// the same grammar file: the same rules, and for every rule the same
// verdict and the same tokens (every rule's) on the testdata, the corpus,
// derivations of the rule, the spans the rule took in them, and
// mutations of all of these.
func TestReferenceVM(t *testing.T) {
	seeds := uritest.TestdataStrings(t,
		"../../testdata/rfc3986/components.txt", "../../testdata/rfc3986/invalid.txt",
		"../../testdata/components.txt", "../../testdata/invalid.txt", "../../testdata/rfc-examples.txt",
		"../../rfc3987/testdata/engines.txt", "../../rfc9112/testdata/invalid.txt",
		"../../rfc8141/testdata/valid.txt", "../../rfc8141/testdata/invalid.txt",
		"../../rfc6570/testdata/valid.txt", "../../rfc6570/testdata/invalid.txt", "../../rfc6570/testdata/rfc-examples.txt")
	lines, _ := uritest.LoadCorpus(t, "../..")
	// Without RFC2396_LONG each rule runs on a twentieth of the inputs
	// (every input is some rules' in a grammar of twenty rules or more) and
	// on 10 of its derivations, and a hundredth of the corpus is taken;
	// with it, a tenth of the inputs, 30 derivations and a twentieth of
	// the corpus (every input and every line would take CI's long run
	// past its bounds: over ten minutes on two loaded cores).
	step, every, derivations := 100, 20, 10
	if os.Getenv("RFC2396_LONG") != "" {
		step, every, derivations = 20, 10, 30
	}
	for i := 0; i < len(lines); i += step {
		seeds = append(seeds, lines[i])
	}
	agree(t, every, derivations, "rfc3986", rfc3986.NewReferenceParser(), rfc3986.NewReferenceVM(), rfc3986.NumRules, rfc3986.Definitions(), seeds)
	agree(t, every, derivations, "rfc3987", rfc3987.NewReferenceParser(), rfc3987.NewReferenceVM(), rfc3987.NumRules, rfc3987.Definitions(), seeds)
	agree(t, every, derivations, "rfc9112", rfc9112.NewReferenceParser(), rfc9112.NewReferenceVM(), rfc9112.NumRules, rfc9112.Definitions(), seeds)
	agree(t, every, derivations, "rfc8141", rfc8141.NewReferenceParser(), rfc8141.NewReferenceVM(), rfc8141.NumRules, rfc8141.Definitions(), seeds)
	agree(t, every, derivations, "rfc6570", rfc6570.NewReferenceParser(), rfc6570.NewReferenceVM(), rfc6570.NumRules, rfc6570.Definitions(), seeds)
	checkedEveryVM(t, "rfc3986", "rfc3987", "rfc9112", "rfc8141", "rfc6570")
}

// checkedEveryVM fails for a grammar package (NAME/grammar, which gen
// standard writes) whose ReferenceVM TestReferenceVM does not check:
// checked are the NAMEs it does.
func checkedEveryVM(t *testing.T, checked ...string) {
	t.Helper()
	vms, err := filepath.Glob("../../*/grammar/reference_vm_gen.go")
	if err != nil || len(vms) == 0 {
		t.Fatalf("the grammar packages' ReferenceVMs: %v %v", vms, err)
	}
	for _, vm := range vms {
		name := filepath.Base(filepath.Dir(filepath.Dir(vm)))
		if !slices.Contains(checked, name) {
			t.Errorf("%s/grammar has a ReferenceVM that TestReferenceVM does not check: add an agree line for it, and its testdata to the seeds (docs/adding-a-grammar.md)", name)
		}
	}
}

// parser is what a grammar package's ReferenceParser and ReferenceVM
// have in common.
type parser[R ~int] interface {
	uritest.TokenParser[R]
	Has(R) bool
}

// agree checks vm against ref (see TestReferenceVM), for every rule of a
// grammar of n rules defined by defs: each rule on every every-th input
// and on derivations of it, each with a mutation.
func agree[R interface {
	~int
	String() string
}](t *testing.T, every, derivations int, name string, ref, vm parser[R], n int, defs []bnf.Definition, seeds []string) {
	t.Helper()
	g := oracle.NewGeneratorOf(defs, 1)
	r := rand.New(rand.NewPCG(1, 2))
	// Inputs for every rule: the seeds and the spans of the tokens of
	// each seed's match by the first rule that accepts it, each once.
	seen := map[string]bool{}
	var inputs []string
	add := func(s string) {
		if !seen[s] {
			seen[s] = true
			inputs = append(inputs, s)
		}
	}
	for _, s := range seeds {
		add(s)
		for rule := R(0); int(rule) < n; rule++ {
			if ref.Has(rule) && ref.Match(s, rule) {
				for _, tok := range uritest.TokensOf[R](ref, nil) {
					add(s[tok.Begin:tok.End])
				}
				break
			}
		}
	}
	t.Logf("%s: %d seeds, %d inputs", name, len(seeds), len(inputs))
	valid, total := 0, 0
	for rule := R(0); int(rule) < n; rule++ {
		if ref.Has(rule) != vm.Has(rule) {
			t.Errorf("%s: rule %v: Has %v by peg's parser, %v by the VM", name, rule, ref.Has(rule), vm.Has(rule))
		}
		if !ref.Has(rule) {
			continue
		}
		var in []string
		for i := int(rule) % every; i < len(inputs); i += every {
			in = append(in, inputs[i], mutate(r, inputs[i]))
		}
		for range derivations {
			d := g.DeriveName(rule.String())
			in = append(in, d, mutate(r, d), mutate(r, mutate(r, d)))
		}
		valid += uritest.SameTokens[R](t, name+" "+rule.String()+": peg's (-) and the VM's (+) parsers", ref, vm, rule, in, nil)
		total += len(in)
	}
	t.Logf("%s: %d inputs over its rules, %d valid", name, total, valid)
}

// mutate returns s with a byte inserted, deleted or replaced: a byte of a
// reference's syntax, of UTF-8 or any byte.
func mutate(r *rand.Rand, s string) string {
	const bytes = ":/?#[]@!$&'()*+,;=%-._~aZ09\x00 \x7f\x80\xbf\xc3\xe2\xf0\xff{}<>\"\\|^`"
	c := string(bytes[r.IntN(len(bytes))])
	i := 0
	if len(s) > 0 {
		i = r.IntN(len(s))
	}
	switch r.IntN(3) {
	case 0:
		return s[:i] + c + s[i:]
	case 1:
		if len(s) > 0 {
			return s[:i] + s[i+1:]
		}
	}
	if len(s) > 0 {
		return s[:i] + c + s[i+1:]
	}
	return c
}
