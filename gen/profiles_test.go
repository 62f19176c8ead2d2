package main

import (
	"strings"
	"testing"
)

// TestCheckProfileName checks the profile lines of edits/edits.txt that
// gen refuses: a name that cannot be a directory, a flag value and a URL
// path element, a standard's name, a name used twice, and strict anywhere
// but first or with an edit.
func TestCheckProfileName(t *testing.T) {
	before := []profileDef{{name: "strict"}, {name: "java", edits: []string{"ipv6"}}}
	for _, c := range []struct {
		name   string
		i      int
		nEdits int
		want   string // a part of the error, or "" for none
	}{
		{"strict", 0, 0, ""},
		{"dns", 2, 1, ""},
		{"rfc2732-intent", 2, 4, ""},
		{"x2", 2, 1, ""},
		{"", 2, 1, "want lower-case"},
		{"Dns", 2, 1, "want lower-case"},
		{"dns/x", 2, 1, "want lower-case"},
		{"-dns", 2, 1, "want lower-case"},
		{"dns-", 2, 1, "want lower-case"},
		{"rfc3986", 2, 1, "name of a standard"},
		{"rfc2396", 2, 1, "name of a standard"},
		{"java", 2, 1, "defined twice"},
		{"strict", 2, 0, "defined twice"},
		{"dns", 0, 1, "first profile must be strict"},
		{"strict", 0, 1, "has no edit"},
	} {
		var prior []profileDef
		if c.i > 0 {
			prior = before[:min(c.i, len(before))]
		}
		err := checkProfileName(c.name, c.i, c.nEdits, prior)
		switch {
		case c.want == "" && err != nil:
			t.Errorf("checkProfileName(%q, %d, %d): %v", c.name, c.i, c.nEdits, err)
		case c.want != "" && (err == nil || !strings.Contains(err.Error(), c.want)):
			t.Errorf("checkProfileName(%q, %d, %d) = %v, want an error with %q", c.name, c.i, c.nEdits, err, c.want)
		}
	}
}
