package uritest

import (
	"os"
	"strconv"
	"testing"
)

// This file holds the loops of the differential tests that hold a
// grammar's parsers to the oracle's independent reading of its ABNF (the
// root package's oracle_test.go for RFC 2396, rfc3986's): where the
// strings come from and how many; what each test checks of a string is its
// own.

// EnvSize returns how many strings (or how long) a differential test
// runs: the integer in the environment variable name when it is set, long
// under RFC2396_LONG (which CI sets), quick otherwise.
func EnvSize(t testing.TB, name string, quick, long int) int {
	t.Helper()
	if s := os.Getenv(name); s != "" {
		n, err := strconv.Atoi(s)
		if err != nil {
			t.Fatalf("%s=%q: %v", name, s, err)
		}
		return n
	}
	if os.Getenv("RFC2396_LONG") != "" {
		return long
	}
	return quick
}

// Tally reports a differential test's disagreements, at most 20 for each
// key (a rule, a kind of check).
type Tally struct {
	T        testing.TB
	reported map[string]int
}

// Fail reports a disagreement of the kind key, unless 20 were reported.
func (c *Tally) Fail(key, format string, args ...any) {
	c.T.Helper()
	if c.reported == nil {
		c.reported = map[string]int{}
	}
	c.reported[key]++
	if c.reported[key] <= 20 {
		c.T.Errorf(format, args...)
	}
}

// DeriveRule checks n derivations of rule, and a mutation of each, as
// strings of the rule, and each derivation as a whole reference (start).
func DeriveRule[R any](g Generator[R], rule, start R, n int, check func(R, string)) {
	for range n {
		s := g.Derive(rule)
		check(rule, s)
		check(rule, g.Mutate(s))
		check(start, s)
	}
}

// DeriveInContext checks n derivations of rule, and a mutation of each,
// placed between before and after, as whole references (start).
func DeriveInContext[R any](g Generator[R], rule R, before, after string, start R, n int, check func(R, string)) {
	for range n {
		s := g.Derive(rule)
		check(start, before+s+after)
		check(start, before+g.Mutate(s)+after)
	}
}

// Walk calls f with every string over alphabet of at most l bytes,
// shortest first along each branch.
func Walk(l int, alphabet string, f func(string)) {
	buf := make([]byte, 0, l)
	var rec func()
	rec = func() {
		f(string(buf))
		if len(buf) == l {
			return
		}
		for i := 0; i < len(alphabet); i++ {
			buf = append(buf, alphabet[i])
			rec()
			buf = buf[:len(buf)-1]
		}
	}
	rec()
}
