package main

import (
	"strings"
	"testing"
)

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

// TestEscapeHexDigits checks which digits escapes are written with, from
// the grammar's rule hex, as published and after edits of its line.
func TestEscapeHexDigits(t *testing.T) {
	const line = `# hex = digit | "A" | "B" | "C" | "D" | "E" | "F" | "a" | "b" | "c" | "d" | "e" | "f"`
	tests := []struct {
		name, line, want, wantErr string
	}{
		{"both cases", line, "0123456789ABCDEF", ""},
		{"upper case only", `# hex = digit | "A" | "B" | "C" | "D" | "E" | "F"`, "0123456789ABCDEF", ""},
		{"lower case only", `# hex = digit | "a" | "b" | "c" | "d" | "e" | "f"`, "0123456789abcdef", ""},
		{"mixed", `# hex = digit | "A" | "b" | "C" | "d" | "E" | "f"`, "0123456789AbCdEf", ""},
		{"no f", `# hex = digit | "A" | "B" | "C" | "D" | "E"`, "", `rule hex has no digit for the value 15 ('F')`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			defs, _ := readGrammar(t, "testdata/rfc2396.peg", line, tt.line)
			got, err := escapeHexDigits(defs)
			switch {
			case tt.wantErr != "" && (err == nil || !strings.Contains(err.Error(), tt.wantErr)):
				t.Errorf("error %v, want one that says %q", err, tt.wantErr)
			case tt.wantErr == "" && (err != nil || got != tt.want):
				t.Errorf("got %q, %v; want %q", got, err, tt.want)
			}
		})
	}
}

// TestEscapeHexGap checks that an edit of digit that takes "9" away, which
// takes it from hex (hex = digit | ...), stops gen with a message that
// names digit, its new line, why and what to edit.
func TestEscapeHexGap(t *testing.T) {
	const digit = `# digit = "0" | "1" | "2" | "3" | "4" | "5" | "6" | "7" | "8" | "9"`
	const noNine = `# digit = "0" | "1" | "2" | "3" | "4" | "5" | "6" | "7" | "8"`
	defs, _ := readGrammar(t, "testdata/rfc2396.peg", digit, noNine)
	_, err := escapeHexDigits(defs)
	for _, want := range []string{
		`rule hex has no digit for the value 9 ('9')`,
		`and ` + strings.TrimPrefix(noNine, "# "),
		`section 2.4.1`,
		`give digit a character for the value 9`,
	} {
		if err == nil || !strings.Contains(err.Error(), want) {
			t.Errorf("error %v, want one that says %q", err, want)
		}
	}
}

// TestEscapeAnalysisSequence checks that a byte only one part of a
// sequence allows is not left raw: after an edit that gives param "|",
// a segment or a path escapes it, since Escape cannot tell whether it
// lands before the ";" (pchar) or after it (param).
func TestEscapeAnalysisSequence(t *testing.T) {
	defs, _ := readGrammar(t, "testdata/rfc2396.peg", "# param = *pchar", `# param = *( pchar | "|" )`)
	rules, err := escapeAnalysis(defs)
	if err != nil {
		t.Fatal(err)
	}
	for _, r := range rules {
		switch r.name {
		case "segment", "path_segments", "abs_path", "rel_path":
			if r.class.has('|') {
				t.Errorf("%s leaves \"|\" raw, which only param allows", r.name)
			}
		case "param":
			if !r.class.has('|') {
				t.Errorf("param escapes \"|\", which it allows")
			}
		}
	}
}
