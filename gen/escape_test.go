package main

import "testing"

// TestEscapeAnalysis checks what gen derives from Appendix A for a few
// rules: separators come from literals in sequences, data from character
// alternatives, and the reserved-within table only removes characters the
// class has. It reads testdata/rfc2396.peg, Appendix A as it was when the
// test was written, so that an edit of rfc2396.peg does not change what it
// checks.
func TestEscapeAnalysis(t *testing.T) {
	defs, _ := readGrammar(t, "testdata/rfc2396.peg")
	rules, err := escapeAnalysis(defs)
	if err != nil {
		t.Fatal(err)
	}
	byName := map[string]escapeRule{}
	for _, r := range rules {
		byName[r.name] = r
	}
	for _, tt := range []struct {
		rule                         string
		separators, reserved, notRaw string
		nullable                     bool
	}{
		{"segment", ";", "=", "%/?#", true},
		{"rel_segment", "", ";=", "%/:", false},
		{"query", "", ";/?:@&=+,$", "%#", true},
		{"userinfo", "", ";:", "%@/?", true},
		{"reg_name", "", ";:@", "%/?", false},
		{"opaque_part", "", "", "%#", false},
		{"path_segments", "/;", "", "%?", true},
		{"abs_path", "/;", "", "%?", false},
	} {
		r, ok := byName[tt.rule]
		if !ok {
			t.Fatalf("no analysis for %s", tt.rule)
		}
		if got := setChars(r.separators); got != sorted(tt.separators) {
			t.Errorf("%s: separators %q, want %q", tt.rule, got, sorted(tt.separators))
		}
		if got := setChars(r.reserved); got != sorted(tt.reserved) {
			t.Errorf("%s: reserved %q, want %q", tt.rule, got, sorted(tt.reserved))
		}
		for i := 0; i < len(tt.notRaw); i++ {
			if r.class.has(tt.notRaw[i]) {
				t.Errorf("%s: class has %q", tt.rule, tt.notRaw[i])
			}
		}
		if r.nullable != tt.nullable {
			t.Errorf("%s: nullable %v", tt.rule, r.nullable)
		}
	}
	op := byName["opaque_part"]
	if !op.first.has(';') || op.first.has('/') || !op.class.has('/') {
		t.Error("opaque_part: first byte must be uric_no_slash, later ones uric")
	}
}

func sorted(s string) string {
	var set byteSet
	for i := 0; i < len(s); i++ {
		set.add(s[i])
	}
	return setChars(set)
}
