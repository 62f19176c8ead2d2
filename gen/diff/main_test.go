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
