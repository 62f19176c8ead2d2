package main

import (
	"strings"
	"testing"
)

// TestDiff checks the report on edits whose effect is known.
func TestDiff(t *testing.T) {
	tests := []struct {
		a, b string
		want []string // lines the report must hold
	}{
		{"strict", "strict", []string{"no rule differs on the strings tried"}},
		{"strict", "strict+empty-relative-path", []string{"relativeURI = [ net_path | abs_path | rel_path ] [ \"?\" query ]", "only strict: none found", `only strict+empty-relative-path: "?"`}},
		{"strict", "strict+empty-opaque-part", []string{"\nopaque_part\n", `only strict+empty-opaque-part: ""`}},
		{"strict", "strict+ipv4-octets", []string{"\nIPv4address\n", "only strict+ipv4-octets: none found"}},
	}
	for _, tt := range tests {
		a, err := editSet(tt.a)
		if err != nil {
			t.Fatal(err)
		}
		b, err := editSet(tt.b)
		if err != nil {
			t.Fatal(err)
		}
		got := diff(tt.a, a, tt.b, b, 3, 300, nil)
		for _, w := range tt.want {
			if !strings.Contains(got, w) {
				t.Errorf("diff %s %s lacks %q:\n%s", tt.a, tt.b, w, got)
			}
		}
	}
	if _, err := editSet("strict+nope"); err == nil {
		t.Error("an unknown edit was accepted")
	}
}

// TestDiff3986 checks the report between RFC 2396 and RFC 3986 on
// differences the RFCs settle.
func TestDiff3986(t *testing.T) {
	a, err := editSet("strict")
	if err != nil {
		t.Fatal(err)
	}
	got := diff3986("strict", a, 3, 300, nil)
	for _, w := range []string{
		"\nrelativeURI / relative-ref\n",
		`only rfc3986: "" "#" "?"`,     // relative-ref may be empty
		"\nabs_path / path-absolute\n", // "//" is an abs_path, not a path-absolute
		`only strict: "//"`,
		"\npchar / pchar\n  strict: pchar = unreserved | escaped | \":\" | \"@\" | \"&\" | \"=\" | \"+\" | \"$\" | \",\"\n  rfc3986: pchar = unreserved / pct-encoded / sub-delims / \":\" / \"@\"\n  only strict: none found\n  only rfc3986: \";\"\n",
		"\nport / port\n  strict: port = *digit\n  rfc3986: port = *DIGIT\n  same language on the strings tried\n",
	} {
		if !strings.Contains(got, w) {
			t.Errorf("diff strict rfc3986 lacks %q:\n%s", w, got)
		}
	}
	if got := diff3986("strict", a, 3, 300, []string{"port"}); strings.Count(got, "\n\n") != 1 {
		t.Errorf("-rules port gave more than one rule:\n%s", got)
	}
}
