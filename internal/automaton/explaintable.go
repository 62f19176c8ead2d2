// This file rewrites and checks a table of explained errors (it was
// package internal/explaintable): the testdata/explain.txt that package
// internal/uritest checks the automata of package parser and of each
// grammar's package (rfc3986/grammar, ...) against. A row's rule and input
// are the test's; its offset, paths and expected text are what the
// automata, built from the grammar, say about them, so they change
// whenever the grammar does. go generate rewrites them (each package's
// TestExplainTable with -update-explain, [CheckExplainTable]) and CI's
// drift check shows every change as a diff to review, instead of leaving a
// stale row to fail after a grammar edit.

package automaton

import (
	"errors"
	"fmt"
	"os"
	"strconv"
	"strings"
)

// RewriteExplainTable rewrites the table at path: comment lines, blank
// lines and each row's rule and input stay as they are; its offset, path,
// alternative path and expected text become what explain says. A row of
// two fields, a rule and an input, is a new one, which it completes.
// lookup finds a rule by the name the row gives.
func RewriteExplainTable[R fmt.Stringer](path string, explain func(R, string) Explanation[R], lookup func(string) (R, bool)) error {
	src, err := os.ReadFile(path)
	if err != nil {
		return err
	}
	out, err := rewritten(path, string(src), explain, lookup)
	if err != nil || out == string(src) {
		return err
	}
	return os.WriteFile(path, []byte(out), 0o644)
}

// CheckExplainTable is the check of the table at path that a grammar's
// package runs in its TestExplainTable: with update set, it rewrites the
// table ([RewriteExplainTable]), which go generate asks for; otherwise it
// returns an error naming each row that says something else than explain,
// with what explain says, or nil if every row agrees.
func CheckExplainTable[R fmt.Stringer](path string, update bool, explain func(R, string) Explanation[R], lookup func(string) (R, bool)) error {
	if update {
		return RewriteExplainTable(path, explain, lookup)
	}
	src, err := os.ReadFile(path)
	if err != nil {
		return err
	}
	out, err := rewritten(path, string(src), explain, lookup)
	if err != nil {
		return err
	}
	var errs []error
	have, want := strings.Split(string(src), "\n"), strings.Split(out, "\n")
	for i := range have {
		if have[i] != want[i] {
			errs = append(errs, fmt.Errorf("%s:%d: the row says\n\t%s\nthe automata say\n\t%s\n(go generate rewrites the table)", path, i+1, have[i], want[i]))
		}
	}
	return errors.Join(errs...)
}

// rewritten returns the table src, read from path, as [RewriteExplainTable] writes it.
func rewritten[R fmt.Stringer](path, src string, explain func(R, string) Explanation[R], lookup func(string) (R, bool)) (string, error) {
	lines := strings.Split(src, "\n")
	for n, line := range lines {
		if line == "" || strings.HasPrefix(line, "#") {
			continue
		}
		fields := strings.Split(line, "\t")
		if len(fields) != 6 && len(fields) != 2 {
			return "", fmt.Errorf("%s:%d: want 6 tab-separated fields, or 2 (a new row's rule and input, which -update-explain completes), got %d", path, n+1, len(fields))
		}
		rule, ok := lookup(fields[0])
		if !ok {
			return "", fmt.Errorf("%s:%d: no rule %q", path, n+1, fields[0])
		}
		in, err := strconv.Unquote(fields[1])
		if err != nil {
			return "", fmt.Errorf("%s:%d: the input: %v", path, n+1, err)
		}
		res := explain(rule, in)
		lines[n] = strings.Join([]string{fields[0], fields[1], strconv.Itoa(res.Offset), names(res.Path), names(res.AltPath), res.Expected}, "\t")
	}
	return strings.Join(lines, "\n"), nil
}

func names[R fmt.Stringer](rules []R) string {
	s := make([]string, len(rules))
	for i, r := range rules {
		s[i] = r.String()
	}
	return strings.Join(s, " ")
}
