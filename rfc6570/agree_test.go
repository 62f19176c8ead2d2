package rfc6570

import (
	"strconv"
	"testing"
	"unicode/utf8"

	"github.com/google/go-cmp/cmp"
)

// templates returns every template of the testdata files: valid.txt,
// invalid.txt and those of the expansion examples.
func templates(t *testing.T) []string {
	t.Helper()
	var out []string
	for _, name := range []string{"valid.txt", "invalid.txt"} {
		lines, numbers := readLines(t, name)
		for i, l := range lines {
			s, _ := quoted(t, name+":"+strconv.Itoa(numbers[i]), l)
			out = append(out, s)
		}
	}
	for _, name := range []string{"rfc-examples.txt", "more-examples.txt"} {
		for _, ex := range readExamples(t, name) {
			out = append(out, ex.template)
		}
	}
	return out
}

// agreement is what Parse and the hand-written parser of handparse_test.go
// must agree on for a template: whether it is valid, the offset and code
// of its error, and the template each reads, without and with the
// recovery of section 3 (what Expand copies and expands).
type agreement struct {
	Valid        bool
	Offset       int
	Code         ErrorCode
	Parts        []part
	Recovered    []part
	FirstOfBoth  string // the recovering reading's error, which Expand returns
	ValidByMatch bool   // Valid, the automaton alone
}

// agreementOf reads s by Parse (generated: true) or by the hand-written
// parser.
func agreementOf(s string, generated bool) agreement {
	var a agreement
	var t, rt *Template
	var err, rerr *Error
	if generated {
		t, err = parse(s, false)
		rt, rerr = parse(s, true)
		a.ValidByMatch = Valid(s)
	} else {
		t, err = handParse(s, false)
		rt, rerr = handParse(s, true)
		a.ValidByMatch = err == nil
	}
	a.Valid = err == nil
	if err != nil {
		a.Offset, a.Code = err.Offset, hand(s, err)
	} else {
		a.Parts = t.parts
	}
	a.Recovered = rt.parts
	if rerr != nil {
		a.FirstOfBoth = strconv.Itoa(rerr.Offset) + " " + string(hand(s, rerr))
	}
	return a
}

// hand is the code of err, an error of either reading of s, as Parse
// gives it: a byte that is not UTF-8 is ErrInvalidUTF8 wherever it is
// (section 1.6), where the hand-written parser, inside an expression,
// names the rule the byte breaks (ErrInvalidVarname for "{\xfa").
func hand(s string, err *Error) ErrorCode {
	if o := err.Offset; o < len(s) && s[o] >= utf8.RuneSelf && !startsRune(s[o:]) && charStart(s, o) == o {
		return ErrInvalidUTF8
	}
	return err.Code
}

// checkAgreement compares the two readings of s.
func checkAgreement(t *testing.T, s string) {
	t.Helper()
	want, got := agreementOf(s, false), agreementOf(s, true)
	if diff := cmp.Diff(want, got, cmp.AllowUnexported(part{}, expression{}, varspec{})); diff != "" {
		t.Errorf("%q: the hand-written parser and the generated grammar disagree (-hand +generated):\n%s", s, diff)
	}
}

// TestHandParserAgrees holds Parse, which runs the parser and automata gen
// generates from rfc6570.peg, to the hand-written parser of
// handparse_test.go, which shares no code with them, on every template of
// the testdata files.
func TestHandParserAgrees(t *testing.T) {
	all := templates(t)
	if len(all) < 300 {
		t.Fatalf("only %d templates", len(all))
	}
	for _, s := range all {
		checkAgreement(t, s)
	}
}

// FuzzHandParserAgrees is TestHandParserAgrees on any string.
func FuzzHandParserAgrees(f *testing.F) {
	seeds(f)
	for _, s := range []string{"{a}{!b}{c", "{x}}", "%4{a}", "a{b,c:10,d*}é{e%20f.g}", "{a}\xc3{b}", "{'}'", "{var:1000}{a"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		checkAgreement(t, s)
	})
}
