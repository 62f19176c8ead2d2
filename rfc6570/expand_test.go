package rfc6570

import (
	"errors"
	"runtime"
	"strconv"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/google/go-cmp/cmp/cmpopts"
)

// example is one expansion of a testdata file.
type example struct {
	where    string
	group    string
	vars     Values
	template string
	want     string
	code     ErrorCode // the error expected, or ""
}

// readExamples reads rfc-examples.txt or more-examples.txt: groups
// ("## TITLE"), each with its variables in the RFC's notation (section
// 3.2: name := "string" | ("list", ...) | [("name","value"), ...] | null)
// and its examples (template, expansion, and an error code or nothing).
func readExamples(t *testing.T, name string) []example {
	t.Helper()
	lines, numbers := readLines(t, name)
	var out []example
	var group string
	var vars Values
	for i, l := range lines {
		where := name + ":" + strconv.Itoa(numbers[i])
		if title, ok := strings.CutPrefix(l, "## "); ok {
			group, vars = title, Values{}
			continue
		}
		if vars == nil {
			t.Fatalf("%s: a line before the first group", where)
		}
		if n, v, ok := strings.Cut(l, " := "); ok {
			val, err := parseRFCValue(strings.TrimSpace(v))
			if err != nil {
				t.Fatalf("%s: %v", where, err)
			}
			vars[strings.TrimSpace(n)] = val
			continue
		}
		f := strings.Fields(l)
		if len(f) != 2 && len(f) != 3 {
			t.Fatalf("%s: want a template, its expansion and maybe an error code: %q", where, l)
		}
		ex := example{where: where, group: group, vars: vars, template: f[0], want: f[1]}
		if len(f) == 3 {
			ex.code = ErrorCode(f[2])
		}
		out = append(out, ex)
	}
	return out
}

// parseRFCValue reads a value as the RFC's examples write it:
// "string", 100, ("a", "b"), [("name","value"), ...], [] or null.
func parseRFCValue(s string) (Value, error) {
	if s == "null" {
		return Value{}, nil
	}
	p := &rfcValueReader{s: s}
	var v Value
	switch {
	case strings.HasPrefix(s, `"`):
		v = String(p.str())
	case strings.HasPrefix(s, "("):
		v = List(p.list()...)
	case strings.HasPrefix(s, "["):
		p.want('[')
		pairs := []Pair{}
		for p.skip(); p.i < len(p.s) && p.s[p.i] != ']'; p.skip() {
			m := p.list()
			if len(m) != 2 {
				p.fail("a pair has two members")
			}
			pairs = append(pairs, Pair{m[0], m[1]})
			p.skip()
			if p.i < len(p.s) && p.s[p.i] == ',' {
				p.i++
			}
		}
		p.want(']')
		v = Assoc(pairs...)
	default:
		if _, err := strconv.Atoi(s); err != nil {
			return Value{}, err
		}
		return String(s), nil
	}
	p.skip()
	if p.err == nil && p.i != len(s) {
		p.fail("trailing text")
	}
	return v, p.err
}

type rfcValueReader struct {
	s   string
	i   int
	err error
}

func (p *rfcValueReader) fail(msg string) {
	if p.err == nil {
		p.err = errors.New(msg + " at offset " + strconv.Itoa(p.i) + " of " + p.s)
	}
	p.i = len(p.s)
}

func (p *rfcValueReader) skip() {
	for p.i < len(p.s) && p.s[p.i] == ' ' {
		p.i++
	}
}

func (p *rfcValueReader) want(c byte) {
	p.skip()
	if p.i >= len(p.s) || p.s[p.i] != c {
		p.fail("want " + string(c))
		return
	}
	p.i++
}

// str reads "...": the RFC's strings have no escapes.
func (p *rfcValueReader) str() string {
	p.want('"')
	j := strings.IndexByte(p.s[min(p.i, len(p.s)):], '"')
	if j < 0 {
		p.fail("unterminated string")
		return ""
	}
	s := p.s[p.i : p.i+j]
	p.i += j + 1
	return s
}

// list reads ( "a", "b", ... ).
func (p *rfcValueReader) list() []string {
	p.want('(')
	m := []string{}
	for p.skip(); p.i < len(p.s) && p.s[p.i] != ')'; p.skip() {
		m = append(m, p.str())
		p.skip()
		if p.i < len(p.s) && p.s[p.i] == ',' {
			p.i++
		}
	}
	p.want(')')
	return m
}

func runExamples(t *testing.T, examples []example) {
	for _, ex := range examples {
		got, err := Expand(ex.template, ex.vars)
		var gotCode ErrorCode
		if err != nil {
			var perr *Error
			if !errors.As(err, &perr) {
				t.Errorf("%s: Expand(%q): %T is not an *Error: %v", ex.where, ex.template, err, err)
				continue
			}
			gotCode = perr.Code
			checkError(t, ex.template, perr)
		}
		if diff := cmp.Diff(ex.want, got); diff != "" || gotCode != ex.code {
			t.Errorf("%s (%s): Expand(%q) = %q, %v; want %q, error %q (-want +got):\n%s",
				ex.where, ex.group, ex.template, got, err, ex.want, ex.code, diff)
		}
		// A valid template expands the same parsed once, and ExpandTo
		// writes what Expand returns, or nothing with an error.
		if tmpl, perr := Parse(ex.template); perr == nil {
			again, err2 := tmpl.Expand(ex.vars)
			if again != got || (err2 == nil) != (err == nil) {
				t.Errorf("%s: Template.Expand(%q) = %q, %v; Expand gave %q, %v", ex.where, ex.template, again, err2, got, err)
			}
			var w strings.Builder
			n, err3 := tmpl.ExpandTo(&w, ex.vars)
			want := got
			if err != nil {
				want = ""
			}
			if w.String() != want || n != int64(len(want)) || (err3 == nil) != (err == nil) {
				t.Errorf("%s: ExpandTo(%q) wrote %q (%d bytes), %v; want %q, error %v", ex.where, ex.template, w.String(), n, err3, want, err)
			}
		}
	}
}

// TestRFCExamples expands every example of the RFC's text with the
// variables the RFC gives it.
func TestRFCExamples(t *testing.T) {
	examples := readExamples(t, "rfc-examples.txt")
	// 1.1: 3 + 1 (mapper); 1.2: 2 + 6 + 16 + 42; 2.4.1: 5; 2.4.2: 2;
	// 3.2.1 to 3.2.9: 9 + 16 + 17 + 12 + 14 + 14 + 13 + 10 + 10.
	if want := 4 + 66 + 7 + 115; len(examples) != want {
		t.Errorf("%d examples in rfc-examples.txt, want the RFC's %d", len(examples), want)
	}
	runExamples(t, examples)
}

// TestMoreExamples expands the cases the RFC decides without an example.
func TestMoreExamples(t *testing.T) {
	runExamples(t, readExamples(t, "more-examples.txt"))
}

// TestValueErrors checks the value errors' fields, and that a value that
// is not UTF-8 is refused wherever it is.
func TestValueErrors(t *testing.T) {
	tests := []struct {
		template string
		vars     Values
		want     Error
	}{
		{"x{+keys:1}", Values{"keys": Assoc(Pair{"a", "b"})}, Error{Template: "x{+keys:1}", Offset: 7, Code: ErrPrefixComposite, Rule: "prefix", Section: "2.4.1"}},
		{"{a,b}", Values{"b": String("\xff")}, Error{Template: "{a,b}", Offset: 3, Code: ErrValueNotUTF8, Rule: "varspec", Section: "1.6"}},
		{"{b}", Values{"b": List("ok", "\xc3")}, Error{Template: "{b}", Offset: 1, Code: ErrValueNotUTF8, Rule: "varspec", Section: "1.6"}},
		{"{b*}", Values{"b": Assoc(Pair{"\xc3", "v"})}, Error{Template: "{b*}", Offset: 1, Code: ErrValueNotUTF8, Rule: "varspec", Section: "1.6"}},
		{"{?b}", Values{"b": Assoc(Pair{"n", "\xc3"})}, Error{Template: "{?b}", Offset: 2, Code: ErrValueNotUTF8, Rule: "varspec", Section: "1.6"}},
	}
	for _, tt := range tests {
		got, err := MustParse(tt.template).Expand(tt.vars)
		var perr *Error
		if !errors.As(err, &perr) {
			t.Errorf("Expand(%q): %v, want an *Error", tt.template, err)
			continue
		}
		if got != tt.template {
			t.Errorf("Expand(%q) = %q, want the template kept as it is", tt.template, got)
		}
		if diff := cmp.Diff(tt.want, *perr, cmp.FilterPath(func(p cmp.Path) bool {
			f := p.Last().String()
			return f == ".Detail" || f == ".ABNF"
		}, cmp.Ignore()), cmpopts.IgnoreUnexported(Error{})); diff != "" {
			t.Errorf("Expand(%q): %v (-want +got):\n%s", tt.template, err, diff)
		}
		checkError(t, tt.template, perr)
	}
}

// TestZeroValue checks that the zero Value is undefined and that a
// Template is not changed by expanding it.
func TestZeroValue(t *testing.T) {
	var v Value
	if v.Defined() || v.Kind() != KindUndefined || v.Kind().String() != "undefined" {
		t.Errorf("zero Value: Defined %v, Kind %v", v.Defined(), v.Kind())
	}
	got, err := Expand("a{x,y}b", Values{"x": {}, "y": List()})
	if err != nil || got != "ab" {
		t.Errorf(`Expand("a{x,y}b") = %q, %v; want "ab"`, got, err)
	}
	if got, err := Expand("{x}", nil); err != nil || got != "" {
		t.Errorf(`Expand("{x}", nil) = %q, %v`, got, err)
	}
}

// TestExpandToMemory expands a template that names a 64 KiB value 1,024
// times, 64 MiB of expansion: ExpandTo writes it in pieces and allocates
// a small part of it, where building it whole allocates all of it.
func TestExpandToMemory(t *testing.T) {
	value := strings.Repeat("v", 64<<10)
	tmpl := MustParse(strings.Repeat("{a}", 1024))
	vars := Values{"a": String(value)}
	var w countingWriter
	var before, after runtime.MemStats
	runtime.ReadMemStats(&before)
	n, err := tmpl.ExpandTo(&w, vars)
	runtime.ReadMemStats(&after)
	if err != nil || n != 1024*int64(len(value)) || w.n != n {
		t.Fatalf("ExpandTo: %d bytes (%d written), %v; want %d", n, w.n, err, 1024*len(value))
	}
	if allocated := after.TotalAlloc - before.TotalAlloc; allocated > 8<<20 {
		t.Errorf("ExpandTo allocated %d bytes for an expansion of %d", allocated, n)
	}
	if w.largest > spillAt+3*len(value) {
		t.Errorf("ExpandTo wrote %d bytes at once; want at most %d", w.largest, spillAt+3*len(value))
	}
}

// TestExpandToWriteError checks that ExpandTo stops at its writer's first
// error and returns it, within one expression that names a value many
// times as between expressions.
func TestExpandToWriteError(t *testing.T) {
	value := strings.Repeat("v", 64<<10)
	full := errors.New("full")
	for _, tmpl := range []string{
		strings.Repeat("{a}", 1024),
		"{" + strings.Repeat("a,", 1023) + "a}",
	} {
		w := failingWriter{err: full}
		n, err := MustParse(tmpl).ExpandTo(&w, Values{"a": String(value)})
		if !errors.Is(err, full) || n != 0 || w.calls != 1 {
			t.Errorf("ExpandTo(%.12q...) to a failing writer: %d bytes, %v, %d writes; want 0, %v, 1 write", tmpl, n, err, w.calls, full)
		}
	}
}

// countingWriter counts the bytes written to it and the longest write.
type countingWriter struct {
	n       int64
	largest int
}

func (w *countingWriter) Write(p []byte) (int, error) {
	w.n += int64(len(p))
	w.largest = max(w.largest, len(p))
	return len(p), nil
}

// failingWriter fails every write with err, counting the calls.
type failingWriter struct {
	err   error
	calls int
}

func (w *failingWriter) Write(p []byte) (int, error) {
	w.calls++
	return 0, w.err
}
