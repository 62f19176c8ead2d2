// Package uritest holds the checks that the tests of both public packages,
// parser (RFC 2396) and rfc3986, run alike: the invariants of their fuzz
// targets, the zero-value checks, the table runners and the benchmarks over
// the corpus. Each check takes the package's functions as parameters, over
// strings, so that the same code tests both instances of the pipeline; what
// differs between the RFCs stays in each package's tests. Beside them are
// the checks of the explain packages' automata (automata.go: [Automata]) and
// the benchmark corpus (corpus.go: [LoadCorpus]).
//
// It is imported only by tests.
package uritest

import (
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"sync"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/rfc2396/rfc2396/internal/oracle"
)

// NoPanic runs f and reports a panic as a failure of the case name.
func NoPanic(t testing.TB, name string, f func()) {
	t.Helper()
	defer func() {
		if r := recover(); r != nil {
			t.Errorf("%s panics: %v", name, r)
		}
	}()
	f()
}

// CheckErrorMessages reports an error of errs, nil pointers and zero
// values among them, whose Error panics or is empty.
func CheckErrorMessages(t testing.TB, errs []error) {
	t.Helper()
	for i, err := range errs {
		NoPanic(t, fmt.Sprintf("error %d (%T).Error", i, err), func() {
			if err.Error() == "" {
				t.Errorf("error %d (%T) has an empty message", i, err)
			}
		})
	}
}

// Is reports whether err is, or wraps, an error of type E.
func Is[E error](err error) bool {
	var e E
	return errors.As(err, &e)
}

// CheckNormal checks one row of a normalization table: normalize(in)
// succeeds, gives want (reported as a go-cmp diff) and is idempotent. where
// names the row ("normalize.txt:12"). It returns the normal form and
// whether there was one.
func CheckNormal(t testing.TB, where string, normalize func(string) (string, error), in, want string) (string, bool) {
	t.Helper()
	got, err := normalize(in)
	if err != nil {
		t.Errorf("%s: Normalize(%q): %v", where, in, err)
		return "", false
	}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("%s: Normalize(%q) (-want +got):\n%s", where, in, diff)
	}
	if again, err := normalize(got); err != nil || again != got {
		t.Errorf("%s: Normalize(%q) = %q, %v: not idempotent", where, got, again, err)
	}
	return got, true
}

// Normalized is the start of a normalization fuzz target: it normalizes s,
// fails on an error that parseError does not accept (the package's syntax
// errors) or on a normal form that does not normalize to itself, and
// returns the normal form and whether s had one.
func Normalized(t testing.TB, s string, normalize func(string) (string, error), parseError func(error) bool) (string, bool) {
	t.Helper()
	n, err := normalize(s)
	if err != nil {
		if !parseError(err) {
			t.Fatalf("Normalize(%q): error %v of type %T", s, err, err)
		}
		return "", false
	}
	if again, err := normalize(n); err != nil || again != n {
		t.Fatalf("Normalize(%q) = %q, then %q, %v", s, n, again, err)
	}
	return n, true
}

// Meaning says what ref means against base, as a string that is equal for
// references that mean the same: the normal form of the resolution, or why
// there is none.
type Meaning func(base, ref string) string

// NoMeaning is what a [Meaning] returns for a resolution that only the
// grammar as published accepts: after an edit that takes empty segments
// away, "." against "http://a/b" resolves to "http://a/", which is no
// longer a URI. [CheckSameMeaning] compares nothing against that base.
const NoMeaning = "no meaning under the grammar in force"

// CheckSameMeaning reports a base of bases against which ref and its
// normal form n mean different things (see [NoMeaning]).
func CheckSameMeaning(t testing.TB, bases []string, meaning Meaning, ref, n string) {
	t.Helper()
	for _, base := range bases {
		a, b := meaning(base, ref), meaning(base, n)
		if a == NoMeaning || b == NoMeaning {
			continue
		}
		if a != b {
			t.Errorf("against %q, %q resolves to %q but its normal form %q to %q", base, ref, a, n, b)
		}
	}
}

// SmallPaths returns every path of up to depth segments drawn from
// alphabet, a first segment with or without a "/" before it.
func SmallPaths(alphabet []string, depth int) []string {
	var paths []string
	var grow func(prefix string, n int)
	grow = func(prefix string, n int) {
		if n == 0 {
			return
		}
		for _, s := range alphabet {
			p := s
			if prefix != "" || n < depth {
				p = prefix + "/" + s
			}
			paths = append(paths, p)
			grow(p, n-1)
		}
	}
	grow("", depth)
	return paths
}

// CheckEquivalent checks an Equivalent over references a and b: it is
// symmetric, false if either is not valid, reflexive, and the equality of
// the normal forms; where it holds, same checks that a and b mean the same.
func CheckEquivalent(t testing.TB, a, b string, valid func(string) bool, equivalent func(a, b string) bool, normalize func(string) (string, error), same func(t testing.TB, a, b string)) {
	t.Helper()
	eq := equivalent(a, b)
	if eq != equivalent(b, a) {
		t.Fatalf("Equivalent(%q, %q) is not symmetric", a, b)
	}
	if !valid(a) || !valid(b) {
		if eq {
			t.Fatalf("Equivalent(%q, %q) with an invalid reference", a, b)
		}
		return
	}
	if !equivalent(a, a) {
		t.Fatalf("Equivalent(%q, %q) = false", a, a)
	}
	na, _ := normalize(a)
	nb, _ := normalize(b)
	if eq != (na == nb) {
		t.Fatalf("Equivalent(%q, %q) = %v, normal forms %q and %q", a, b, eq, na, nb)
	}
	if eq {
		same(t, a, b)
	}
}

// ShorterReference looks for a reference shorter than r for which
// resolvesBack holds (it resolves against the base to exactly target,
// without a warning), independently of Relativize's candidates: a suffix
// of target after one of a few prefixes ("", "./", "../", ...). It finds
// none for a target longer than 64 bytes, to keep fuzzing fast.
func ShorterReference(target, r string, resolvesBack func(ref string) bool) (string, bool) {
	for _, c := range shorterCandidates(target, r) {
		if resolvesBack(c) {
			return c, true
		}
	}
	return "", false
}

// shorterCandidates are the references [ShorterReference] tries, in its
// order: those shorter than r.
func shorterCandidates(target, r string) []string {
	if len(target) > 64 {
		return nil
	}
	var out []string
	prefixes := []string{"", "./", "../", "../../", "../../../", ".", "..", "../..", "../../.."}
	for i := 0; i <= len(target); i++ {
		for _, p := range prefixes {
			if c := p + target[i:]; len(c) < len(r) {
				out = append(out, c)
			}
		}
	}
	return out
}

// Unescaped is the start of a fuzz target of Unescape: it decodes s, and
// fails unless an error is one that offset accepts (the package's
// UnescapeError) with the offset of a "%" in s. It returns the decoding and
// whether there was one.
func Unescaped(t testing.TB, s string, unescape func(string) (string, error), offset func(error) (int, bool)) (string, bool) {
	t.Helper()
	got, err := unescape(s)
	if err != nil {
		if at, ok := offset(err); !ok || at < 0 || at >= len(s) || s[at] != '%' {
			t.Fatalf("Unescape(%q): %v", s, err)
		}
		return "", false
	}
	return got, true
}

// Node is what the checks need of a parse tree's node: its rule, its range
// and its children.
type Node[R, N any] func(N) (rule R, begin, end int, children []N)

// CheckTree reports a node of the parse tree of s whose children are not
// inside it, in order.
func CheckTree[R, N any](t testing.TB, s string, n N, node Node[R, N]) {
	t.Helper()
	_, begin, end, children := node(n)
	at := begin
	for i, c := range children {
		_, b, e, _ := node(c)
		if b < at || e < b || e > end {
			t.Fatalf("tree of %q: child %d [%d, %d) of [%d, %d) out of place", s, i, b, e, begin, end)
		}
		at = e
		CheckTree(t, s, c, node)
	}
}

// Matched checks what a package says of s as rule: Match and Matches
// agree, ParseTree succeeds exactly when Match does, and its tree has rule
// at its root, spans s and has every child inside its parent, in order. It
// returns Match's error, whose type the caller checks.
func Matched[R comparable, N any](t testing.TB, rule R, s string, match func(R, string) error, matches func(R, string) bool, parseTree func(R, string) (N, error), node Node[R, N]) error {
	t.Helper()
	err := match(rule, s)
	if matches(rule, s) != (err == nil) {
		t.Fatalf("Match(%v, %q) = %v, Matches disagrees", rule, s, err)
	}
	tree, terr := parseTree(rule, s)
	if (err == nil) != (terr == nil) {
		t.Fatalf("Match(%v, %q) = %v but ParseTree gives %v", rule, s, err, terr)
	}
	if err != nil {
		return err
	}
	if r, begin, end, _ := node(tree); r != rule || begin != 0 || end != len(s) {
		t.Fatalf("ParseTree(%v, %q): root %v [%d, %d)", rule, s, r, begin, end)
	}
	CheckTree(t, s, tree, node)
	return nil
}

// Normalizer is normalize with no options, as the checks take it.
func Normalizer[O any](normalize func(ref string, opts ...O) (string, error)) func(string) (string, error) {
	return func(ref string) (string, error) { return normalize(ref) }
}

// Resolver is resolve with no options and without its warnings, as the
// checks take it.
func Resolver[W, O any](resolve func(base, ref string, opts ...O) (string, []W, error)) func(base, ref string) (string, error) {
	return func(base, ref string) (string, error) {
		t, _, err := resolve(base, ref)
		return t, err
	}
}

// ParsedResolver is the resolution of a parsed reference against a parsed
// base (a method expression, as (*rfc3986.URI).ResolveReferenceString) with
// no options and without its warnings, as [InterleavedSemantics] takes it.
func ParsedResolver[U, W, O any](resolve func(base, ref U, opts ...O) (string, []W, error)) func(base, ref U) (string, error) {
	return func(base, ref U) (string, error) {
		t, _, err := resolve(base, ref)
		return t, err
	}
}

// As returns err, or the error it wraps, as an E.
func As[E error](err error) (E, bool) {
	var e E
	ok := errors.As(err, &e)
	return e, ok
}

// OnStrings turns a relation over parsed references into one over strings:
// a string that does not parse is given to relation as parse's result on
// error (nil).
func OnStrings[U, O any](parse func(string) (U, error), relation func(a, b U, opts ...O) bool) func(a, b string) bool {
	return func(a, b string) bool {
		ua, _ := parse(a)
		ub, _ := parse(b)
		return relation(ua, ub)
	}
}

// ResolvesTo returns whether a reference resolves against base to exactly
// target, without a warning.
func ResolvesTo[W, O any](resolve func(base, ref string, opts ...O) (string, []W, error), base, target string) func(ref string) bool {
	return func(ref string) bool {
		got, warnings, err := resolve(base, ref)
		return err == nil && got == target && len(warnings) == 0
	}
}

// CheckRelativized checks a relativization of target against a base that
// succeeded with got: got is want (a go-cmp diff), resolvesBack holds for
// it (see [ResolvesTo]), and for no shorter reference that
// [ShorterReference] tries. where names the case ("relativize.txt:12").
func CheckRelativized(t testing.TB, where, target, want, got string, resolvesBack func(ref string) bool) {
	t.Helper()
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("%s: Relativize to %q (-want +got):\n%s", where, target, diff)
	}
	if !resolvesBack(got) {
		t.Errorf("%s: Relativize to %q = %q, which does not resolve back to it without a warning", where, target, got)
	}
	if c, ok := ShorterReference(target, got, resolvesBack); ok {
		t.Errorf("%s: Relativize to %q = %q, but %q is shorter and resolves back", where, target, got, c)
	}
}

// SyntaxError is what both packages' *Error has beyond error.
type SyntaxError interface {
	error
	AtEnd() bool
	Char() string
	ErrorWithPosition() string
}

// CheckSyntaxErrors calls every method of each of errs, nil and zero
// values among them, and reports a panic or an empty message.
func CheckSyntaxErrors[E SyntaxError](t testing.TB, errs ...E) {
	t.Helper()
	for i, e := range errs {
		NoPanic(t, fmt.Sprintf("*Error %d methods", i), func() {
			if e.Error() == "" || e.ErrorWithPosition() == "" || e.Char() == "" {
				t.Errorf("*Error %d (%#v) says nothing", i, e)
			}
			_ = e.AtEnd()
		})
	}
}

// EscapeCases runs the escaping cases of a file of tab-separated rows
// "rule, quoted input, quoted output or error:code" (testdata/escape/
// escape.txt): escape gives the output, which matches the rule, or an
// error whose reason has the code, for that rule. lookup finds a rule by
// name; failure returns the code and rule of an escape error (see
// [Field]). With update
// (go generate, after a grammar edit), the outputs are rewritten with what
// escape gives, each checked to match its rule.
func EscapeCases[R comparable](t *testing.T, path string, update bool, lookup func(string) (R, bool), escape func(string, R) (string, error), failure func(error) (Refusal[R], bool), match func(R, string) error) {
	t.Helper()
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	name := filepath.Base(path)
	lines := strings.Split(string(data), "\n")
	if update {
		defer func() {
			if err := os.WriteFile(path, []byte(strings.Join(lines, "\n")), 0o644); err != nil {
				t.Fatal(err)
			}
		}()
	}
	for n, line := range lines {
		if line == "" || strings.HasPrefix(line, "#") {
			continue
		}
		f := strings.Split(line, "\t")
		if len(f) != 3 {
			t.Fatalf("%s:%d: want 3 tab-separated fields", name, n+1)
		}
		rule, ok := lookup(f[0])
		if !ok {
			t.Fatalf("%s:%d: no rule %q", name, n+1, f[0])
		}
		in, err := strconv.Unquote(f[1])
		if err != nil {
			t.Fatalf("%s:%d: %v", name, n+1, err)
		}
		got, err := escape(in, rule)
		if update {
			// The file shows what Escape does: rewrite it, once the
			// result matches the rule.
			if refusal, ok := failure(err); ok && refusal.Rule == rule {
				lines[n] = f[0] + "\t" + f[1] + "\terror:" + refusal.Code
				continue
			}
			if err != nil || match(rule, got) != nil {
				t.Errorf("%s:%d: Escape(%q, %v) = %q, %v: not a string of the rule", name, n+1, in, rule, got, err)
				continue
			}
			lines[n] = f[0] + "\t" + f[1] + "\t" + strconv.Quote(got)
			continue
		}
		if code, isErr := strings.CutPrefix(f[2], "error:"); isErr {
			if refusal, ok := failure(err); !ok || refusal.Code != code || refusal.Rule != rule {
				t.Errorf("%s:%d: Escape(%q, %v) = %q, %v; want error %s", name, n+1, in, rule, got, err, code)
			}
			continue
		}
		want, uerr := strconv.Unquote(f[2])
		if uerr != nil {
			t.Fatalf("%s:%d: %v", name, n+1, uerr)
		}
		if err != nil || got != want {
			t.Errorf("%s:%d: Escape(%q, %v) = %q, %v; want %q", name, n+1, in, rule, got, err, want)
		}
		if err := match(rule, got); err != nil {
			t.Errorf("%s:%d: %q does not match %v: %v", name, n+1, got, rule, err)
		}
	}
}

// Row is one case of a testdata table: its line number and its fields.
type Row struct {
	Line   int
	Fields []string
}

// Sample returns the lines of the corpus sample at path
// (testdata/bench-sample.txt from the repository's root), one reference a
// line.
func Sample(t testing.TB, path string) []string {
	t.Helper()
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	return strings.Split(strings.TrimSuffix(string(data), "\n"), "\n")
}

// ReadTable reads the table at path: one case a line, fields separated by
// tabs, a field that starts with '"' Go-quoted, a line that is empty or
// starts with "#" a comment. Every row must have n fields, unless n is 0.
func ReadTable(t testing.TB, path string, n int) []Row {
	t.Helper()
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	var rows []Row
	for i, line := range strings.Split(string(data), "\n") {
		if line == "" || strings.HasPrefix(line, "#") {
			continue
		}
		fields := strings.Split(line, "\t")
		if n > 0 && len(fields) != n {
			t.Fatalf("%s:%d: %d fields, want %d", path, i+1, len(fields), n)
		}
		for j, f := range fields {
			if strings.HasPrefix(f, `"`) {
				if fields[j], err = strconv.Unquote(f); err != nil {
					t.Fatalf("%s:%d: field %d: %v", path, i+1, j+1, err)
				}
			}
		}
		rows = append(rows, Row{Line: i + 1, Fields: fields})
	}
	return rows
}

// SameMeaning returns [CheckSameMeaning] over bases with meaning, as a
// check of a reference and its normal form.
func SameMeaning(bases []string, meaning Meaning) func(t testing.TB, ref, n string) {
	return func(t testing.TB, ref, n string) {
		t.Helper()
		CheckSameMeaning(t, bases, meaning, ref, n)
	}
}

// NormalTable runs [CheckNormal] on each row "input, normal form" of the
// table at path (see [ReadTable]), and same on the input and its normal
// form.
func NormalTable(t *testing.T, path string, hold Hold, normalize func(string) (string, error), same func(t testing.TB, ref, n string)) {
	t.Helper()
	for _, r := range ReadTable(t, path, 2) {
		in, want := r.Fields[0], r.Fields[1]
		if !hold.Row(t, path, r, in, want) {
			continue
		}
		if got, ok := CheckNormal(t, fmt.Sprintf("%s:%d", filepath.Base(path), r.Line), normalize, in, want); ok {
			same(t, in, got)
		}
	}
}

// Hold reports whether a table row that states what a standard's grammar
// as published makes of refs holds under the grammar in force (for RFC
// 2396, oracle.Facts.Hold); nil holds every row.
type Hold func(refs ...string) bool

// Row reports whether row r of the table at path holds for refs, the
// strings of the row that are references ("error CODE" is not one), and
// logs the row as not checked if not.
func (h Hold) Row(t testing.TB, path string, r Row, refs ...string) bool {
	t.Helper()
	if h == nil {
		return true
	}
	var check []string
	for _, s := range refs {
		if !strings.HasPrefix(s, "error ") {
			check = append(check, s)
		}
	}
	if h(check...) {
		return true
	}
	t.Logf("%s:%d: %s", filepath.Base(path), r.Line, oracle.NotHeld)
	return false
}

// RelativizeTable runs the rows "base, target, reference or error CODE" of
// the table at path (see [ReadTable]): relativize gives the reference,
// checked by [CheckRelativized] with resolvesBack(base, target), or an
// error that refused accepts for the code.
func RelativizeTable(t *testing.T, path string, hold Hold, relativize func(base, target string) (string, error), refused func(err error, code string) bool, resolvesBack func(base, target string) func(ref string) bool) {
	t.Helper()
	for _, r := range ReadTable(t, path, 3) {
		where := fmt.Sprintf("%s:%d", filepath.Base(path), r.Line)
		base, target, want := r.Fields[0], r.Fields[1], r.Fields[2]
		// The row says want is the shortest reference that resolves
		// back: that no shorter candidate is one holds only while the
		// grammar reads each of them as published ("?x" is one only
		// after an edit closes the gap of an empty relative path).
		refs := []string{base, target, want}
		if !strings.HasPrefix(want, "error ") {
			refs = append(refs, shorterCandidates(target, want)...)
		}
		if !hold.Row(t, path, r, refs...) {
			continue
		}
		got, err := relativize(base, target)
		if code, ok := strings.CutPrefix(want, "error "); ok {
			if !refused(err, code) {
				t.Errorf("%s: Relativize(%q, %q) = %q, %v; want a %s error", where, base, target, got, err, code)
			}
			continue
		}
		if err != nil {
			t.Errorf("%s: Relativize(%q, %q): %v", where, base, target, err)
			continue
		}
		CheckRelativized(t, where+": base "+strconv.Quote(base), target, want, got, resolvesBack(base, target))
	}
}

// Codes returns the codes of a list of warnings (or any values with a
// Code) joined by ",", or "-" for none, as testdata tables write them.
func Codes[W interface{ Code() string }](ws []W) string {
	if len(ws) == 0 {
		return "-"
	}
	codes := make([]string, len(ws))
	for i, w := range ws {
		codes[i] = w.Code()
	}
	return strings.Join(codes, ",")
}

// Concurrently runs check from goroutines at once, each calling it rounds
// times, so that go test -race sees what the calls share (pooled parsers,
// automata built on first use); check reports its own failures, and
// returns false to stop its goroutine.
func Concurrently(goroutines, rounds int, check func(goroutine, round int) bool) {
	var wg sync.WaitGroup
	for g := range goroutines {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for k := range rounds {
				if !check(g, k) {
					return
				}
			}
		}()
	}
	wg.Wait()
}

// MatchVerdicts checks the verdicts of the rows "rule name, input, valid
// or invalid" of the table at path against an oracle's, or, with update,
// rewrites them from it: after a grammar edit, go generate does, and the
// diff shows what the edit changed.
func MatchVerdicts[R comparable](t *testing.T, path string, update bool, lookup func(string) (R, bool), oracle func(R, string) bool) {
	t.Helper()
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	lines := strings.Split(string(data), "\n")
	for _, r := range ReadTable(t, path, 3) {
		rule, ok := lookup(r.Fields[0])
		if !ok {
			t.Fatalf("%s:%d: no rule %q", filepath.Base(path), r.Line, r.Fields[0])
		}
		verdict := "invalid"
		if oracle(rule, r.Fields[1]) {
			verdict = "valid"
		}
		switch {
		case update:
			line := lines[r.Line-1]
			lines[r.Line-1] = line[:strings.LastIndexByte(line, '\t')+1] + verdict
		case verdict != r.Fields[2]:
			t.Errorf("%s:%d: the oracle says %s %q is %s, the file %s (go generate rewrites the file)", filepath.Base(path), r.Line, r.Fields[0], r.Fields[1], verdict, r.Fields[2])
		}
	}
	if update {
		if err := os.WriteFile(path, []byte(strings.Join(lines, "\n")), 0o644); err != nil {
			t.Fatal(err)
		}
	}
}

// MatchTable checks the rows "rule name, input, valid or invalid" of the
// table at path (see [ReadTable]): lookup finds the rule, match accepts the
// input or refuses it as the row says, and a refusal is an error that
// start accepts, for the rule the input was checked against.
func MatchTable[R comparable](t *testing.T, path string, lookup func(string) (R, bool), match func(R, string) error, start func(error) (R, bool)) {
	t.Helper()
	for _, r := range ReadTable(t, path, 3) {
		where := fmt.Sprintf("%s:%d", filepath.Base(path), r.Line)
		rule, ok := lookup(r.Fields[0])
		if !ok {
			t.Fatalf("%s: no rule %q", where, r.Fields[0])
		}
		valid := r.Fields[2] == "valid"
		if !valid && r.Fields[2] != "invalid" {
			t.Fatalf("%s: %q is neither valid nor invalid", where, r.Fields[2])
		}
		err := match(rule, r.Fields[1])
		if (err == nil) != valid {
			t.Errorf("%s: Match(%s, %q) = %v, want %s", where, r.Fields[0], r.Fields[1], err, r.Fields[2])
		}
		if s, ok := start(err); err != nil && (!ok || s != rule) {
			t.Errorf("%s: Match(%s, %q): error %#v does not say it was checked against %s", where, r.Fields[0], r.Fields[1], err, r.Fields[0])
		}
	}
}

// NormalizeFuzz returns the body of a normalization fuzz target: it runs
// [Normalized] on the input and, if it has a normal form, check on the
// input and its normal form.
func NormalizeFuzz(normalize func(string) (string, error), parseError func(error) bool, check func(t *testing.T, s, n string)) func(t *testing.T, s string) {
	return func(t *testing.T, s string) {
		if n, ok := Normalized(t, s, normalize, parseError); ok {
			check(t, s, n)
		}
	}
}

// UnescapeTable checks the rows "input, decoding or error OFFSET" of the
// table at path (see [ReadTable]): unescape gives the decoding, or an
// error that offset accepts (the package's UnescapeError) at that offset,
// whose message names it.
func UnescapeTable(t *testing.T, path string, unescape func(string) (string, error), offset func(error) (int, bool)) {
	t.Helper()
	for _, r := range ReadTable(t, path, 2) {
		where := fmt.Sprintf("%s:%d", filepath.Base(path), r.Line)
		in, want := r.Fields[0], r.Fields[1]
		got, err := unescape(in)
		at, isErr := strings.CutPrefix(want, "error ")
		if !isErr {
			if err != nil || got != want {
				t.Errorf("%s: Unescape(%q) = %q, %v; want %q", where, in, got, err, want)
			}
			continue
		}
		if o, ok := offset(err); !ok || strconv.Itoa(o) != at {
			t.Errorf("%s: Unescape(%q) = %q, %v; want an error at offset %s", where, in, got, err, at)
			continue
		}
		if !strings.Contains(err.Error(), "offset "+at) {
			t.Errorf("%s: Unescape(%q): message %q lacks the offset", where, in, err)
		}
	}
}

// Resolution is one way of resolving a reference against a base: the
// result as a string, its warnings and its error.
type Resolution[W any] func(base, ref string) (string, []W, error)

// SameResolutions checks that got and want resolve every reference of refs
// against every base of bases to the same string, the same warnings and
// errors with the same message; a pair that got reports unparsable
// (skip) is passed over. It stops at the first difference, which names
// where (e.g. the profile) and the pair.
func SameResolutions[W any](t testing.TB, where string, bases, refs []string, skip func(base, ref string) bool, got, want Resolution[W]) {
	t.Helper()
	for _, base := range bases {
		for _, ref := range refs {
			if skip(base, ref) {
				continue
			}
			g, gw, gerr := got(base, ref)
			w, ww, werr := want(base, ref)
			if g != w || (gerr == nil) != (werr == nil) || gerr != nil && gerr.Error() != werr.Error() {
				t.Fatalf("%s: %q against %q: got %q, %v; want %q, %v", where, ref, base, g, gerr, w, werr)
			}
			if diff := cmp.Diff(ww, gw); diff != "" {
				t.Fatalf("%s: %q against %q: warnings (-want +got):\n%s", where, ref, base, diff)
			}
		}
	}
}

// Refusal is what a test reads from an escape error: its reason's code
// and its rule.
type Refusal[R any] struct {
	Code string
	Rule R
}

// Field returns a function that reports, of an error, what get reads from
// the error of type E in its chain, and whether there is one: a test's
// view of one field of a package's error type (the code and rule of an
// escape error, the offset of a malformed escape).
func Field[E error, V any](get func(E) V) func(error) (V, bool) {
	return func(err error) (V, bool) {
		if e, ok := As[E](err); ok {
			return get(e), true
		}
		var zero V
		return zero, false
	}
}

// Appended is a [Resolution] made of an append-style one
// (AppendResolveReference): it appends to a buffer that already holds
// bytes, and gives what was appended, or, if the bytes held were lost, a
// string that says so, which no resolution equals.
func Appended[W any](appendTo func(buf []byte, base, ref string) ([]byte, []W, error)) Resolution[W] {
	return func(base, ref string) (string, []W, error) {
		const held = "held:"
		out, warnings, err := appendTo([]byte(held), base, ref)
		if rest, ok := strings.CutPrefix(string(out), held); ok {
			return rest, warnings, err
		}
		return "the buffer's bytes were lost: " + string(out), warnings, err
	}
}

// ResolvedMeaning is the [Meaning] of resolving with resolve and
// normalizing the result with normalize: the normal form; [NoMeaning]
// where rejects says so of the resolution or of the normal form (each
// with its error: a result only the published grammar has); for a
// resolution that fails, "error: " and what why says of its error; for a
// result that does not normalize, what unnormalized says of it and the
// error.
func ResolvedMeaning(resolve func(base, ref string) (string, error), normalize func(string) (string, error), rejects func(s string, err error) bool, why func(error) string, unnormalized func(target string, err error) string) Meaning {
	return func(base, ref string) string {
		got, err := resolve(base, ref)
		if rejects(got, err) {
			return NoMeaning
		}
		if err != nil {
			return "error: " + why(err)
		}
		n, err := normalize(got)
		if rejects(n, err) {
			return NoMeaning
		}
		if err != nil {
			return unnormalized(got, err)
		}
		return n
	}
}

// NormalizeSmallPaths runs same on every reference that valid accepts of
// a prefix of prefixes followed by a path of up to four segments drawn
// from "a", "b:c", "", ".", "..", "%2E%2E" and ".%2e" (see [SmallPaths]),
// and its normal form; a valid reference without one fails the test,
// unless rejects says of the normal form and the error that only the
// published grammar has it (under an edit that takes empty segments
// away, "a/." has no normal form).
func NormalizeSmallPaths(t *testing.T, prefixes []string, valid func(string) bool, normalize func(string) (string, error), rejects func(n string, err error) bool, same func(t testing.TB, ref, n string)) {
	t.Helper()
	for _, p := range SmallPaths([]string{"a", "b:c", "", ".", "..", "%2E%2E", ".%2e"}, 4) {
		for _, prefix := range prefixes {
			ref := prefix + p
			if !valid(ref) {
				continue
			}
			n, err := normalize(ref)
			if rejects(n, err) {
				t.Logf("Normalize(%q) = %q, %v: a normal form only the published grammar has", ref, n, err)
				continue
			}
			if err != nil {
				t.Fatalf("Normalize(%q): %v", ref, err)
			}
			same(t, ref, n)
		}
	}
}
