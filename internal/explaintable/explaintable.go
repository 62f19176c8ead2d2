// Package explaintable rewrites a table of explained errors, the
// testdata/explain.txt that package internal/dfa/dfatest checks the
// automata of parser/internal/explain and rfc3986/internal/explain
// against. A row's rule and input are the test's; its offset, paths and
// expected text are what the automata, built from the grammar, say about
// them, so they change whenever the grammar does. go generate rewrites
// them (the tablegen commands) and CI's drift check shows every change as
// a diff to review, instead of leaving a stale row to fail after a grammar
// edit.
package explaintable

import (
	"fmt"
	"os"
	"strconv"
	"strings"

	"github.com/rfc2396/rfc2396/internal/dfa"
)

// Rewrite rewrites the table at path: comment lines, blank lines and each
// row's rule and input stay as they are; its offset, path, alternative
// path and expected text become what explain says. lookup finds a rule by
// the name the row gives.
func Rewrite[R fmt.Stringer](path string, explain func(R, string) dfa.Result[R], lookup func(string) (R, bool)) error {
	src, err := os.ReadFile(path)
	if err != nil {
		return err
	}
	lines := strings.Split(string(src), "\n")
	for n, line := range lines {
		if line == "" || strings.HasPrefix(line, "#") {
			continue
		}
		fields := strings.Split(line, "\t")
		if len(fields) != 6 {
			return fmt.Errorf("%s:%d: want 6 tab-separated fields, got %d", path, n+1, len(fields))
		}
		rule, ok := lookup(fields[0])
		if !ok {
			return fmt.Errorf("%s:%d: no rule %q", path, n+1, fields[0])
		}
		in, err := strconv.Unquote(fields[1])
		if err != nil {
			return fmt.Errorf("%s:%d: the input: %v", path, n+1, err)
		}
		res := explain(rule, in)
		lines[n] = strings.Join([]string{fields[0], fields[1], strconv.Itoa(res.Offset), names(res.Path), names(res.AltPath), res.Expected}, "\t")
	}
	out := strings.Join(lines, "\n")
	if out == string(src) {
		return nil
	}
	return os.WriteFile(path, []byte(out), 0o644)
}

func names[R fmt.Stringer](rules []R) string {
	s := make([]string, len(rules))
	for i, r := range rules {
		s[i] = r.String()
	}
	return strings.Join(s, " ")
}

// Main is the tablegen commands' main: it rewrites the table named by the
// only argument with [Rewrite], and exits with status 2 on a wrong call
// and 1 on an error, which it reports on standard error.
func Main[R fmt.Stringer](explain func(R, string) dfa.Result[R], lookup func(string) (R, bool)) {
	if len(os.Args) != 2 {
		fmt.Fprintln(os.Stderr, "usage: tablegen FILE")
		os.Exit(2)
	}
	if err := Rewrite(os.Args[1], explain, lookup); err != nil {
		fmt.Fprintln(os.Stderr, "tablegen:", err)
		os.Exit(1)
	}
}
