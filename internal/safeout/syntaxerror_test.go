package safeout

import (
	"testing"

	"github.com/google/go-cmp/cmp"
)

func TestMessage(t *testing.T) {
	tests := []struct {
		e    SyntaxError
		want string
	}{
		{SyntaxError{Input: "http://a b/", Offset: 8, Rule: "server", Expected: `uric, "#" or end of input`, Encode: "it must be escaped"},
			`offset 8: invalid character ' ' in server; expected uric, "#" or end of input`},
		{SyntaxError{Input: "http:", Offset: 5, Rule: "opaque_part", Note: "a known gap"},
			"offset 5: unexpected end of input in opaque_part (a known gap)"},
		{SyntaxError{Input: "a\tb", Offset: 1, Start: "host", Profile: "java", Rule: "hostname", Encode: "it must be percent-encoded"},
			"not a valid host: under java: offset 1: invalid control character U+0009 (tab) in hostname"},
		{SyntaxError{Input: "ab", Offset: -3, Rule: "x"}, "offset 0: invalid character 'a' in x"},
		{SyntaxError{Input: "ab", Offset: 9, Rule: "x"}, "offset 2: unexpected end of input in x"},
	}
	for _, tt := range tests {
		if diff := cmp.Diff(tt.want, tt.e.Message()); diff != "" {
			t.Errorf("%+v (-want +got):\n%s", tt.e, diff)
		}
	}
}

func TestWithPosition(t *testing.T) {
	got := WithPosition("rfc2396: offset 8: ...", "http://a b/", 8, "server = [ [ userinfo \"@\" ] hostport ]", "RFC 2396 §3.2.2")
	want := "rfc2396: offset 8: ...\n  http://a b/\n          ^\n  server = [ [ userinfo \"@\" ] hostport ]  (RFC 2396 §3.2.2)"
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("WithPosition (-want +got):\n%s", diff)
	}
}
