package uritest

import (
	"bufio"
	"go/ast"
	"go/parser"
	"go/token"
	"os"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
)

// Token is one token of a generated parser: a rule and the span it matched.
type Token[R ~int] struct {
	Rule       R
	Begin, End int
}

// TokenSource is what the adapters of the generated parsers give after a
// successful Match.
type TokenSource[R ~int] interface {
	Len() int
	Token(i int) (rule R, begin, end int)
}

// TokensOf returns the tokens of p's last match, in order, those of the
// rules keep keeps (all of them if keep is nil).
func TokensOf[R ~int](p TokenSource[R], keep func(R) bool) []Token[R] {
	var out []Token[R]
	for i, n := 0, p.Len(); i < n; i++ {
		r, b, e := p.Token(i)
		if keep == nil || keep(r) {
			out = append(out, Token[R]{r, b, e})
		}
	}
	return out
}

// TokenParser is a generated parser's adapter: a match of a rule, then
// its tokens.
type TokenParser[R ~int] interface {
	TokenSource[R]
	Match(s string, rule R) bool
}

// SameTokens checks that parsers a and b accept the same strings of refs as
// start, and give the same tokens of the rules keep keeps for each string
// both accept; it stops the test after ten differences. It returns how
// many strings were valid. where names the parsers' settings in messages.
func SameTokens[R ~int](t testing.TB, where string, a, b TokenParser[R], start R, refs []string, keep func(R) bool) (valid int) {
	t.Helper()
	failures := 0
	for _, ref := range refs {
		okA, okB := a.Match(ref, start), b.Match(ref, start)
		var diff string
		switch {
		case okA != okB:
			diff = cmp.Diff(okA, okB)
		case okA:
			valid++
			diff = cmp.Diff(TokensOf(a, keep), TokensOf(b, keep))
		}
		if diff != "" {
			t.Errorf("%s: %q: (-first parser +second parser):\n%s", where, ref, diff)
			if failures++; failures == 10 {
				t.FailNow()
			}
		}
	}
	return valid
}

// quoted matches a Go-quoted string in a line of testdata.
var quoted = regexp.MustCompile(`"(?:[^"\\]|\\.)*"`)

// TestdataStrings returns the strings of the testdata files: of every line
// that is not a comment, each Go-quoted string and each tab-separated field
// that is not quoted (rule names and verdicts too: they are references or
// not like any string).
func TestdataStrings(t testing.TB, files ...string) []string {
	t.Helper()
	var out []string
	for _, name := range files {
		f, err := os.Open(name)
		if err != nil {
			t.Fatal(err)
		}
		sc := bufio.NewScanner(f)
		sc.Buffer(nil, 1<<20)
		for line := 1; sc.Scan(); line++ {
			text := sc.Text()
			if strings.HasPrefix(text, "#") {
				continue
			}
			for _, q := range quoted.FindAllString(text, -1) {
				s, err := strconv.Unquote(q)
				if err != nil {
					t.Fatalf("%s:%d: %s: %v", name, line, q, err)
				}
				out = append(out, s)
			}
			for _, field := range strings.Split(text, "\t") {
				if !strings.HasPrefix(field, `"`) {
					out = append(out, field)
				}
			}
		}
		err = sc.Err()
		f.Close()
		if err != nil {
			t.Fatalf("%s: %v", name, err)
		}
	}
	return out
}

// FillRules returns the rules that the function or method fn of the Go
// file src names in its case clauses ("case grammar.RuleScheme:"), the
// rules whose tokens it reads. rulesFile is the generated file that
// declares the rules, one constant block from iota, which gives each name
// its value.
func FillRules(t testing.TB, src, fn, rulesFile string) []int {
	t.Helper()
	values := ruleValues(t, rulesFile)
	fset := token.NewFileSet()
	f, err := parser.ParseFile(fset, src, nil, 0)
	if err != nil {
		t.Fatal(err)
	}
	var out []int
	found := false
	for _, d := range f.Decls {
		fd, ok := d.(*ast.FuncDecl)
		if !ok || fd.Name.Name != fn || fd.Body == nil {
			continue
		}
		found = true
		ast.Inspect(fd.Body, func(n ast.Node) bool {
			cc, ok := n.(*ast.CaseClause)
			if !ok {
				return true
			}
			for _, e := range cc.List {
				sel, ok := e.(*ast.SelectorExpr)
				if !ok || !strings.HasPrefix(sel.Sel.Name, "Rule") {
					continue
				}
				v, ok := values[sel.Sel.Name]
				if !ok {
					t.Fatalf("%s: %s: %s is not declared in %s", fset.Position(sel.Pos()), fn, sel.Sel.Name, rulesFile)
				}
				out = append(out, v)
			}
			return true
		})
	}
	if !found || len(out) == 0 {
		t.Fatalf("%s: no function %s with case clauses on rules", src, fn)
	}
	return out
}

// ruleValues reads the rule constants of a generated rules file.
func ruleValues(t testing.TB, file string) map[string]int {
	t.Helper()
	f, err := parser.ParseFile(token.NewFileSet(), file, nil, 0)
	if err != nil {
		t.Fatal(err)
	}
	values := map[string]int{}
	for _, d := range f.Decls {
		gd, ok := d.(*ast.GenDecl)
		if !ok || gd.Tok != token.CONST || len(gd.Specs) == 0 {
			continue
		}
		first := gd.Specs[0].(*ast.ValueSpec)
		if len(first.Values) != 1 || !isIota(first.Values[0]) {
			continue
		}
		for i, s := range gd.Specs {
			vs := s.(*ast.ValueSpec)
			if len(vs.Names) != 1 || (i > 0 && len(vs.Values) != 0) {
				t.Fatalf("%s: the rule constants are not one name a line from iota", file)
			}
			values[vs.Names[0].Name] = i
		}
	}
	if len(values) == 0 {
		t.Fatalf("%s: no constant block from iota", file)
	}
	return values
}

func isIota(e ast.Expr) bool {
	id, ok := e.(*ast.Ident)
	return ok && id.Name == "iota"
}
