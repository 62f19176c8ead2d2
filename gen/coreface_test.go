package main

import (
	"bytes"
	"go/parser"
	"go/token"
	"strings"
	"testing"

	"github.com/rfc2396/rfc2396/grammar/bnf"
)

// TestCoreFaceFewerComponents writes the face of a grammar with fewer
// components than RFC 3986's, as RFC 8089's file-URI has (no userinfo,
// port, query or fragment): a full face is refused with a message that
// names the way out, and a value-only face declares no raw set for a
// component Escape has no rule of (escape_gen.go writes no constant for
// it), nor the set of a path's "/" without a path rule.
func TestCoreFaceFewerComponents(t *testing.T) {
	defs, err := bnf.ParseABNF("f = \"f:\" [ \"//\" h ] path-x\nh = *ALPHA\npath-x = \"/\" *ALPHA\n")
	if err != nil {
		t.Fatal(err)
	}
	m := &manifest{
		file: "f.manifest.json", Grammar: "f.peg", ABNF: "grammar/f.abnf", Dir: "f", Import: "example.com/f",
		Start: "f", Spec: "RFC X", Keep: []string{"f", "h"},
		Face:   &faceManifest{AppendixA: "RFC X", Components: map[string]string{"reg-name": "h"}, Whole: []string{"f"}},
		Escape: &escapeManifest{Unreserved: "h", Rules: []string{"h"}},
	}
	if _, err := coreFaceOf(m, defs); err == nil || !strings.Contains(err.Error(), "userinfo, query") || !strings.Contains(err.Error(), `"value_only": true`) {
		t.Errorf("a full face without userinfo and query: got %v, want an error that names them and value_only", err)
	}
	m.Face.ValueOnly = true
	for _, c := range []struct {
		rules   []string
		present []string
		absent  []string
	}{
		{[]string{"h"}, []string{"unreserved ="}, []string{"queryBytes", "fragmentBytes", "slash"}},
		{[]string{"h", "path-x"}, []string{"unreserved =", "slash ", "Keep: slash"}, []string{"queryBytes", "fragmentBytes"}},
	} {
		m.Escape.Rules = c.rules
		f, err := coreFaceOf(m, defs)
		if err != nil {
			t.Fatalf("escape rules %v: %v", c.rules, err)
		}
		src, err := executeTemplate("coreface", coreFaceTemplate, f)
		if err != nil {
			t.Fatal(err)
		}
		if _, err := parser.ParseFile(token.NewFileSet(), "face_gen.go", src, 0); err != nil {
			t.Fatalf("escape rules %v: the face is no Go file: %v\n%s", c.rules, err, src)
		}
		for _, s := range c.present {
			if !bytes.Contains(src, []byte(s)) {
				t.Errorf("escape rules %v: the face has no %q:\n%s", c.rules, s, src)
			}
		}
		for _, s := range c.absent {
			if bytes.Contains(src, []byte(s)) {
				t.Errorf("escape rules %v: the face names %s, which nothing declares for this grammar:\n%s", c.rules, s, src)
			}
		}
	}
}
