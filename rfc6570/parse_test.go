package rfc6570

import (
	"bufio"
	"errors"
	"os"
	"regexp"
	"strconv"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/google/go-cmp/cmp"
)

// readLines returns the lines of a testdata file that are not blank and
// not comments ("#" then a space or the end of the line), with their
// line numbers.
func readLines(t *testing.T, name string) (lines []string, numbers []int) {
	t.Helper()
	f, err := os.Open("testdata/" + name)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	sc := bufio.NewScanner(f)
	for n := 1; sc.Scan(); n++ {
		l := sc.Text()
		if strings.TrimSpace(l) == "" || l == "#" || strings.HasPrefix(l, "# ") {
			continue
		}
		lines = append(lines, l)
		numbers = append(numbers, n)
	}
	if err := sc.Err(); err != nil {
		t.Fatal(err)
	}
	return lines, numbers
}

// quoted reads the Go string literal at the start of line and returns it
// and the rest of the line.
func quoted(t *testing.T, where, line string) (string, string) {
	t.Helper()
	q, err := strconv.QuotedPrefix(line)
	if err != nil {
		t.Fatalf("%s: %v", where, err)
	}
	s, err := strconv.Unquote(q)
	if err != nil {
		t.Fatalf("%s: %v", where, err)
	}
	return s, line[len(q):]
}

func TestParseValid(t *testing.T) {
	lines, numbers := readLines(t, "valid.txt")
	for i, l := range lines {
		where := "valid.txt:" + strconv.Itoa(numbers[i])
		s, rest := quoted(t, where, l)
		if strings.TrimSpace(rest) != "" {
			t.Fatalf("%s: unexpected %q after the template", where, rest)
		}
		tmpl, err := Parse(s)
		if err != nil {
			t.Errorf("%s: Parse(%q): %v", where, s, err)
			continue
		}
		if tmpl.String() != s {
			t.Errorf("%s: String() = %q, want %q", where, tmpl.String(), s)
		}
	}
}

// invalidCase is one line of testdata/invalid.txt.
type invalidCase struct {
	Offset     int
	Code, Rule string
}

func TestParseInvalid(t *testing.T) {
	lines, numbers := readLines(t, "invalid.txt")
	if len(lines) < 50 {
		t.Fatalf("only %d cases in invalid.txt", len(lines))
	}
	for i, l := range lines {
		where := "invalid.txt:" + strconv.Itoa(numbers[i])
		s, rest := quoted(t, where, l)
		f := strings.Fields(rest)
		if len(f) != 3 {
			t.Fatalf("%s: want offset, code and rule after the template, have %q", where, rest)
		}
		off, err := strconv.Atoi(f[0])
		if err != nil {
			t.Fatalf("%s: %v", where, err)
		}
		want := invalidCase{off, f[1], f[2]}
		tmpl, err := Parse(s)
		if err == nil {
			t.Errorf("%s: Parse(%q) = %v, want an error", where, s, tmpl)
			continue
		}
		var perr *Error
		if !errors.As(err, &perr) {
			t.Errorf("%s: Parse(%q): %T is not an *Error", where, s, err)
			continue
		}
		got := invalidCase{perr.Offset, string(perr.Code), perr.Rule}
		if diff := cmp.Diff(want, got); diff != "" {
			t.Errorf("%s: Parse(%q): %v (-want +got):\n%s", where, s, err, diff)
		}
		checkError(t, s, perr)
	}
}

// checkError checks what every *Error promises: the offset within the
// template and at the start of a character, a section and a message that
// names them.
func checkError(t *testing.T, s string, e *Error) {
	t.Helper()
	if e.Template != s {
		t.Errorf("%q: Template = %q", s, e.Template)
	}
	if e.Offset < 0 || e.Offset > len(s) || !atCharStart(s, e.Offset) {
		t.Errorf("%q: offset %d is not at a character's start in [0, %d]", s, e.Offset, len(s))
	}
	if e.Section == "" || e.Rule == "" || e.Detail == "" || e.Code == "" {
		t.Errorf("%q: error without section, rule, detail or code: %#v", s, e)
	}
	msg := e.Error()
	prefix := "rfc6570: at offset " + strconv.Itoa(e.Offset) + " ("
	if !strings.HasPrefix(msg, prefix) || !strings.Contains(msg, "(section "+e.Section) || !utf8.ValidString(msg) {
		t.Errorf("%q: message %q does not start %q and name section %s, in UTF-8", s, msg, prefix, e.Section)
	}
}

// atCharStart reports whether off is where a character starts in s as
// UTF-8 decoding reads it (a byte that is not UTF-8 is one character),
// or len(s).
func atCharStart(s string, off int) bool {
	if off == len(s) {
		return true
	}
	for i := range s {
		if i == off {
			return true
		}
	}
	return false
}

// TestErrorMessage checks the message's form on the brief's example and
// the end of a template.
func TestErrorMessage(t *testing.T) {
	tests := []struct{ in, want string }{
		{"{!x}", `rfc6570: at offset 1 ("!"): operator "!" is reserved for future extensions (section 2.2, op-reserve = "=" / "," / "!" / "@" / "|")`},
		{"{var", `rfc6570: at offset 4 (end of template): the template ends inside the expression opened at offset 0; expected varchar, "*", ",", ".", ":" or "}" (section 2.2, expression = "{" [ operator ] variable-list "}")`},
		{"{", `rfc6570: at offset 1 (end of template): the template ends inside the expression opened at offset 0; expected varchar, "#", "&", "+", ".", "/", ";" or "?" (section 2.2, expression = "{" [ operator ] variable-list "}")`},
		{"a b", `rfc6570: at offset 1 (" "): U+0020 is not allowed in literals; pct-encode it as %20; expected literals, "{" or end of input (section 2.1, literals = %x21 / %x23-24 / %x26-3B / %x3D / %x3F-5B / %x5D / %x5F / %x61-7A / %x7E / ucschar / iprivate / pct-encoded)`},
		{"é\xff", `rfc6570: at offset 2 ("\xff"): byte 0xFF is not UTF-8: a template is Unicode code points; expected literals, "{" or end of input (section 1.6)`},
		{"{var:10000}", `rfc6570: at offset 9 ("0"): max-length is at most 9999 (four digits); expected "," or "}" (section 2.4.1, max-length = %x31-39 0*3DIGIT)`},
	}
	for _, tt := range tests {
		_, err := Parse(tt.in)
		if err == nil {
			t.Errorf("Parse(%q): no error", tt.in)
			continue
		}
		if diff := cmp.Diff(tt.want, err.Error()); diff != "" {
			t.Errorf("Parse(%q) (-want +got):\n%s", tt.in, diff)
		}
	}
}

// TestABNFLines checks that every ABNF line errors quote is the rule as
// testdata/rfc6570.abnf (the RFC's text) writes it, whitespace collapsed
// and comments dropped.
func TestABNFLines(t *testing.T) {
	data, err := os.ReadFile("testdata/rfc6570.abnf")
	if err != nil {
		t.Fatal(err)
	}
	rules := map[string]string{}
	var last string
	start := regexp.MustCompile(`^\s+([A-Za-z][A-Za-z0-9-]*)\s+=\s`)
	for _, l := range strings.Split(string(data), "\n") {
		if strings.HasPrefix(l, ";") {
			continue
		}
		if i := strings.Index(l, ";"); i >= 0 && !strings.Contains(l[:i], `"`) || i >= 0 && strings.HasPrefix(strings.TrimSpace(l), ";") {
			l = l[:i]
		}
		if m := start.FindStringSubmatch(l); m != nil {
			last = m[1]
			rules[last] = strings.Join(strings.Fields(l), " ")
			continue
		}
		if strings.TrimSpace(l) != "" && last != "" {
			rules[last] += " " + strings.Join(strings.Fields(l), " ")
		}
	}
	names := []string{"URI-Template", "literals", "expression", "operator", "op-reserve", "variable-list",
		"varspec", "varname", "varchar", "modifier-level4", "prefix", "max-length", "explode", "pct-encoded"}
	for _, name := range names {
		section, line := ruleText(name)
		if section == "" {
			t.Errorf("ruleText(%q): no section", name)
		}
		if diff := cmp.Diff(rules[name], line); diff != "" {
			t.Errorf("%s (-rfc6570.abnf +ruleText):\n%s", name, diff)
		}
	}
}

func TestVarnames(t *testing.T) {
	tmpl := MustParse("{a,b}/x{+c,a*}{?Stra%C3%9Fe:3,b}")
	want := []string{"a", "b", "c", "Stra%C3%9Fe"}
	if diff := cmp.Diff(want, tmpl.Varnames()); diff != "" {
		t.Errorf("Varnames (-want +got):\n%s", diff)
	}
}
