package format_test

import (
	"bufio"
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/rfc2396/rfc2396/format"
	"github.com/rfc2396/rfc2396/rfc3986"
	"github.com/rfc2396/rfc2396/rfc3987"
	"github.com/rfc2396/rfc2396/rfc6570"
)

// testCase is a line of testdata/cases.txt.
type testCase struct {
	line   int
	format string
	in     string
	valid  bool
	want   where // when !valid
}

// where is what a test reads of an error: the offset and the rule named.
type where struct {
	Offset int
	Rule   string
}

// readCases reads testdata/cases.txt: a format name, a Go string literal,
// and "valid" or an offset and a rule.
func readCases(t *testing.T) []testCase {
	t.Helper()
	f, err := os.Open("testdata/cases.txt")
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	var cases []testCase
	sc := bufio.NewScanner(f)
	for n := 1; sc.Scan(); n++ {
		line := strings.TrimSpace(sc.Text())
		if line == "" || line[0] == '#' {
			continue
		}
		name, rest, _ := strings.Cut(line, " ")
		rest = strings.TrimSpace(rest)
		quoted, err := strconv.QuotedPrefix(rest)
		if err != nil {
			t.Fatalf("cases.txt:%d: %v", n, err)
		}
		in, err := strconv.Unquote(quoted)
		if err != nil {
			t.Fatalf("cases.txt:%d: %v", n, err)
		}
		c := testCase{line: n, format: name, in: in}
		switch fields := strings.Fields(rest[len(quoted):]); {
		case len(fields) == 1 && fields[0] == "valid":
			c.valid = true
		case len(fields) == 2:
			c.want.Rule = fields[1]
			if c.want.Offset, err = strconv.Atoi(fields[0]); err != nil {
				t.Fatalf("cases.txt:%d: offset: %v", n, err)
			}
		default:
			t.Fatalf("cases.txt:%d: want \"valid\" or an offset and a rule, got %q", n, fields)
		}
		cases = append(cases, c)
	}
	if err := sc.Err(); err != nil {
		t.Fatal(err)
	}
	return cases
}

// whereOf reads the offset and rule of err, which must be of the type the
// format's checker documents.
func whereOf(name string, err error) (where, error) {
	switch name {
	case format.NameURI, format.NameURIReference:
		var e *rfc3986.Error
		if errors.As(err, &e) {
			return where{e.Offset, e.Rule.String()}, nil
		}
	case format.NameIRI, format.NameIRIReference:
		var e *rfc3987.Error
		if errors.As(err, &e) {
			return where{e.Offset, e.Rule.String()}, nil
		}
		var b *rfc3987.BidiError
		if errors.As(err, &b) {
			return where{b.Offset, "section-" + b.Section}, nil
		}
	case format.NameURITemplate:
		var e *rfc6570.Error
		if errors.As(err, &e) {
			return where{e.Offset, e.Rule}, nil
		}
	}
	return where{}, fmt.Errorf("error of type %T for %s: %v", err, name, err)
}

func TestCases(t *testing.T) {
	checkers := format.Checkers()
	seen := map[string]int{}
	for _, c := range readCases(t) {
		check, ok := checkers[c.format]
		if !ok {
			t.Errorf("cases.txt:%d: no format %q", c.line, c.format)
			continue
		}
		seen[c.format]++
		err := check(c.in)
		switch {
		case c.valid && err != nil:
			t.Errorf("cases.txt:%d: %s(%q) = %v, want valid", c.line, c.format, c.in, err)
		case !c.valid && err == nil:
			t.Errorf("cases.txt:%d: %s(%q) is valid, want an error at offset %d in %s", c.line, c.format, c.in, c.want.Offset, c.want.Rule)
		case !c.valid:
			got, werr := whereOf(c.format, err)
			if werr != nil {
				t.Errorf("cases.txt:%d: %s(%q): %v", c.line, c.format, c.in, werr)
			} else if diff := cmp.Diff(c.want, got); diff != "" {
				t.Errorf("cases.txt:%d: %s(%q) = %v: (-want +got)\n%s", c.line, c.format, c.in, err, diff)
			}
		}
	}
	for name := range checkers {
		if seen[name] < 5 {
			t.Errorf("cases.txt has %d cases of %s, want at least 5", seen[name], name)
		}
	}
}

// TestTrailingNewline checks, for every format, that a valid string
// followed by a newline is invalid, and that the error is at the newline:
// none of the grammars has a newline in it.
func TestTrailingNewline(t *testing.T) {
	for _, c := range readCases(t) {
		if !c.valid {
			continue
		}
		check := format.Checkers()[c.format]
		for _, tail := range []string{"\n", "\r\n", " "} {
			s := c.in + tail
			err := check(s)
			if err == nil {
				t.Errorf("%s(%q) is valid, want an error for the trailing %q", c.format, s, tail)
				continue
			}
			got, werr := whereOf(c.format, err)
			if werr != nil {
				t.Errorf("%s(%q): %v", c.format, s, werr)
			} else if got.Offset != len(c.in) {
				t.Errorf("%s(%q): error at offset %d, want %d (the trailing %q): %v", c.format, s, got.Offset, len(c.in), tail, err)
			}
		}
	}
}

func TestCheckers(t *testing.T) {
	a, b := format.Checkers(), format.Checkers()
	var names []string
	for name := range a {
		names = append(names, name)
	}
	want := []string{"iri", "iri-reference", "uri", "uri-reference", "uri-template"}
	slices.Sort(names)
	if diff := cmp.Diff(want, names); diff != "" {
		t.Errorf("Checkers() names (-want +got):\n%s", diff)
	}
	// Each name is the format's own checker: these strings tell the five
	// apart.
	probes := []string{"g", "http://a/\u00e9", "r\u00e9sum\u00e9", "http://a/{x}", "{x}"}
	wantValid := map[string][]bool{
		"uri":           {false, false, false, false, false},
		"uri-reference": {true, false, false, false, false},
		"iri":           {false, true, false, false, false},
		"iri-reference": {true, true, true, false, false},
		"uri-template":  {true, true, true, true, true},
	}
	for name, check := range a {
		var got []bool
		for _, p := range probes {
			got = append(got, check(p) == nil)
		}
		if diff := cmp.Diff(wantValid[name], got); diff != "" {
			t.Errorf("Checkers()[%q] on %q (-want +got):\n%s", name, probes, diff)
		}
	}
	// The map is the caller's.
	delete(a, "uri")
	if _, ok := b["uri"]; !ok {
		t.Error("deleting from one Checkers() map changed another")
	}
	if _, ok := format.Checkers()["uri"]; !ok {
		t.Error("deleting from a Checkers() map changed the next one")
	}
}

// TestForAny checks that only strings are checked, whatever JSON decoding
// made of the other values: JSON Schema's string formats ignore them.
func TestForAny(t *testing.T) {
	check := format.ForAny(format.URI)
	var number any
	dec := json.NewDecoder(strings.NewReader("12"))
	dec.UseNumber()
	if err := dec.Decode(&number); err != nil {
		t.Fatal(err)
	}
	for _, v := range []any{12, 13.7, number, true, nil, map[string]any{}, []any{"not a uri"}} {
		if err := check(v); err != nil {
			t.Errorf("ForAny(URI)(%#v) = %v, want nil: not a string", v, err)
		}
	}
	if err := check("http://a/"); err != nil {
		t.Errorf(`ForAny(URI)("http://a/") = %v, want nil`, err)
	}
	var e *rfc3986.Error
	if err := check("/abc"); !errors.As(err, &e) || e.Offset != 0 {
		t.Errorf(`ForAny(URI)("/abc") = %v, want an *rfc3986.Error at offset 0`, err)
	}
}
