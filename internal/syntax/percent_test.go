package syntax

import (
	"strings"
	"testing"
)

func TestDecode(t *testing.T) {
	tests := []struct {
		in, want string
		bad      int
	}{
		{"", "", -1},
		{"abc", "abc", -1},
		{"%41%62%2f", "Ab/", -1},
		{"%00%FF", "\x00\xff", -1},
		{"a%", "", 1},
		{"a%4", "", 1},
		{"%4g", "", 0},
		{"%41%", "", 3},
	}
	for _, tt := range tests {
		got, bad := DecodePercent(tt.in)
		if got != tt.want || bad != tt.bad {
			t.Errorf("Decode(%q) = %q, %d; want %q, %d", tt.in, got, bad, tt.want, tt.bad)
		}
	}
}

func TestTableEscape(t *testing.T) {
	alnum := ByteSetOf("abc")
	slash := ByteSetOf("/")
	segment := &EscapeTable{Raw: alnum, First: alnum}
	nonEmpty := &EscapeTable{Raw: alnum, First: alnum, NonEmpty: true}
	absolute := &EscapeTable{Raw: alnum, First: slash, Keep: slash, FirstSegment: alnum}
	rootless := &EscapeTable{Raw: alnum, First: alnum, Keep: slash, FirstSegment: alnum}
	tests := []struct {
		t       *EscapeTable
		in      string
		want    string
		problem EscapeProblem
	}{
		{segment, "ab c/", "ab%20c%2F", NoProblem},
		{segment, "", "", NoProblem},
		{nonEmpty, "", "", EmptyNotAllowed},
		{absolute, "/a b/c", "/a%20b/c", NoProblem},
		{absolute, "a", "", MustStartWithSeparator},
		{rootless, "a/b", "a/b", NoProblem},
		{rootless, "/a", "", StartsWithSeparator},
		{segment, "\xff", "%FF", NoProblem},
	}
	for _, tt := range tests {
		got, p := tt.t.Escape(tt.in)
		if got != tt.want || p != tt.problem {
			t.Errorf("Escape(%q) = %q, %d; want %q, %d", tt.in, got, p, tt.want, tt.problem)
		}
	}
}

// TestTableEscapeCodePoints checks escaping by rule in a grammar of code
// points (RFC 3987): a character of the table's ranges is kept, any other
// byte beyond ASCII is escaped, so a character outside them is written as
// its UTF-8 bytes percent-encoded (section 3.1 step 2), and so is every
// byte of a surrogate, an over-long form or a sequence cut short.
func TestTableEscapeCodePoints(t *testing.T) {
	ucschar := []RuneRange{{0xA0, 0xD7FF}, {0xF900, 0xFDCF}, {0xFDF0, 0xFFEF}, {0x10000, 0x1FFFD}}
	iquery := &EscapeTable{Raw: ByteSetOf("abc/?"), First: ByteSetOf("abc/?"), Chars: []RuneRange{{0xA0, 0xD7FF}, {0xE000, 0xF8FF}, {0xF900, 0xFDCF}, {0xFDF0, 0xFFEF}, {0x10000, 0x1FFFD}}}
	ipath := &EscapeTable{Raw: ByteSetOf("abc"), First: ByteSetOf("/"), Keep: ByteSetOf("/"), FirstSegment: ByteSetOf("abc"), Chars: ucschar}
	segment := &EscapeTable{Raw: ByteSetOf("abc"), First: ByteSetOf("abc"), Chars: ucschar}
	ascii := &EscapeTable{Raw: ByteSetOf("abc"), First: ByteSetOf("abc")}
	tests := []struct {
		t        *EscapeTable
		in, want string
	}{
		{segment, "a\u00e9", "a\u00e9"},
		{segment, "\u009f\u00a0", "%C2%9F\u00a0"},
		{segment, "\ud7ff\ue000", "\ud7ff%EE%80%80"}, // iprivate: not in a segment
		{iquery, "\ud7ff\ue000", "\ud7ff\ue000"},     // but in a query
		{segment, "\uffef\ufffd", "\uffef%EF%BF%BD"},
		{segment, "\uffff\U00010000", "%EF%BF%BF\U00010000"},
		{segment, "\U0001fffd\U0001fffe", "\U0001fffd%F0%9F%BF%BE"},
		{segment, "\U0010fffd", "%F4%8F%BF%BD"},
		{segment, "\xed\xa0\x80", "%ED%A0%80"},               // a surrogate
		{segment, "\xc0\x80\xe0\x80\x80", "%C0%80%E0%80%80"}, // over-long forms
		{segment, "a\xc3", "a%C3"},                           // cut short
		{segment, "\xc3 \xa9", "%C3%20%A9"},
		{ascii, "a\u00e9", "a%C3%A9"},
		{ipath, "/\u00e9/b c", "/\u00e9/b%20c"},
	}
	for _, tt := range tests {
		got, p := tt.t.Escape(tt.in)
		if got != tt.want || p != NoProblem {
			t.Errorf("Escape(%+q) = %+q, %d; want %+q", tt.in, got, p, tt.want)
		}
		if back, bad := DecodePercent(got); back != tt.in || bad >= 0 {
			t.Errorf("Decode(Escape(%+q)) = %+q, %d: not the input", tt.in, back, bad)
		}
	}
}

// testRule is a made-up grammar's rule type for [EscapeGrammar].
type testRule int

func (r testRule) String() string { return [...]string{"segment", "scheme", "path"}[r] }

func TestGrammar(t *testing.T) {
	g := EscapeGrammar[testRule]{
		Tables: map[testRule]*EscapeTable{
			0: {Raw: ByteSetOf("ab"), First: ByteSetOf("ab")},
			2: {Raw: ByteSetOf("ab"), First: ByteSetOf("/"), Keep: ByteSetOf("/"), NonEmpty: true},
		},
		NumRules: 3,
	}
	if got, want := g.Rules(), []testRule{0, 2}; len(got) != 2 || got[0] != want[0] || got[1] != want[1] {
		t.Errorf("Rules() = %v, want %v", got, want)
	}
	tests := []struct {
		s       string
		rule    testRule
		out     string
		reason  EscapeReason
		problem EscapeProblem
	}{
		{"a c", 0, "a%20%63", 0, NoProblem},
		{"a", 1, "", UnsupportedRule, NoProblem},
		{"a", 7, "", UnsupportedRule, NoProblem},
		{"", 2, "", EmptyString, EmptyNotAllowed},
		{"a/b", 2, "", BadStart, MustStartWithSeparator},
	}
	for _, tt := range tests {
		out, reason, problem := g.Escape(tt.s, tt.rule)
		if out != tt.out || reason != tt.reason || problem != tt.problem {
			t.Errorf("Escape(%q, %v) = %q, %v, %v; want %q, %v, %v", tt.s, tt.rule, out, reason, problem, tt.out, tt.reason, tt.problem)
		}
	}
}

func TestReasonCode(t *testing.T) {
	for r, want := range map[EscapeReason]string{0: "unknown", UnsupportedRule: "unsupported-rule", EmptyString: "empty", BadStart: "bad-start", 9: "unknown"} {
		if got := r.Code(); got != want {
			t.Errorf("Reason(%d).Code() = %q, want %q", r, got, want)
		}
	}
	if got, want := EscapeErrorMessage("rfc2396", "escape", "segment", "why", ""), "rfc2396: cannot escape for segment: why"; got != want {
		t.Errorf("ErrorMessage = %q, want %q", got, want)
	}
	if got, want := EscapeErrorMessage("rfc3986", "percent-encode", "path", "why", "detail"), "rfc3986: cannot percent-encode for path: why (detail)"; got != want {
		t.Errorf("ErrorMessage = %q, want %q", got, want)
	}
}

// TestGrammarEscapeNoString: a result the grammar's Match refuses (a path
// of another structure, a string of another length) is reported, not
// returned.
func TestGrammarEscapeNoString(t *testing.T) {
	path := &EscapeTable{Raw: ByteSetOf("abc/"), First: ByteSetOf("abc/"), Keep: ByteSetOf("/"), FirstSegment: ByteSetOf("abc/")}
	data := &EscapeTable{Raw: ByteSetOf("abc"), First: ByteSetOf("abc")}
	noEmptySegment := func(rule int, s string) bool { return rule != 0 || !strings.Contains(s, "//") }
	atLeastTwo := func(rule int, s string) bool { return rule != 1 || len(s) >= 2 }
	g := EscapeGrammar[testRule]{Tables: map[testRule]*EscapeTable{0: path, 1: data}, NumRules: 2, Match: func(r testRule, s string) bool { return noEmptySegment(int(r), s) && atLeastTwo(int(r), s) }}
	for _, tt := range []struct {
		in      string
		rule    testRule
		want    string
		problem EscapeProblem
	}{
		{"a/b", 0, "a/b", NoProblem},
		{"a//b", 0, "", Unrepresentable},
		{"a//b", 1, "a%2F%2Fb", NoProblem},
		{"a", 1, "", Unrepresentable},
		{"/", 1, "%2F", NoProblem},
	} {
		out, reason, problem := g.Escape(tt.in, tt.rule)
		if out != tt.want || problem != tt.problem || reason != problem.Reason() {
			t.Errorf("Escape(%q, %d) = %q, %v, %v; want %q, %v", tt.in, tt.rule, out, reason, problem, tt.want, tt.problem)
		}
	}
	if NoString.Code() != "no-string" {
		t.Errorf("NoString.Code() = %q", NoString.Code())
	}
}
