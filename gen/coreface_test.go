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

// TestCheckProfiles: a manifest's profiles are refused, with a message
// that says why, when one is named "strict", an edit's or another's name,
// lacks a doc or edits, names an edit the face does not offer, or has two
// edits that each change the ABNF; good ones are kept in order.
func TestCheckProfiles(t *testing.T) {
	edits := []editManifest{
		{Name: "zone-id", Spec: "RFC 6874", Doc: "d", PEG: "rfc6874.peg"},
		{Name: "other-abnf", Spec: "RFC X", Doc: "d", PEG: "x.peg"},
		{Name: "prose", Spec: "RFC X", Doc: "d"},
	}
	good := profileManifest{Name: "rfc6874", Doc: "d", Edits: []string{"zone-id", "prose"}}
	for _, c := range []struct {
		profiles []profileManifest
		want     string // "" for no error
	}{
		{nil, ""},
		{[]profileManifest{good, {Name: "abnf", Doc: "d", Edits: []string{"prose"}}}, ""},
		{[]profileManifest{{Name: "strict", Doc: "d", Edits: []string{"prose"}}}, `"strict" is every grammar's profile`},
		{[]profileManifest{{Name: "zone-id", Doc: "d", Edits: []string{"zone-id"}}}, "has the name of an edit"},
		{[]profileManifest{good, good}, `two profiles are named "rfc6874"`},
		{[]profileManifest{{Name: "p", Edits: []string{"prose"}}}, "needs a name, a doc and its edits"},
		{[]profileManifest{{Name: "p", Doc: "d"}}, "needs a name, a doc and its edits"},
		{[]profileManifest{{Name: "p", Doc: "d", Edits: []string{"ipv6"}}}, `names the edit "ipv6", which face.edits does not list`},
		{[]profileManifest{{Name: "p", Doc: "d", Edits: []string{"zone-id", "other-abnf"}}}, "zone-id and other-abnf, which each change the ABNF"},
	} {
		m := &manifest{file: "x.manifest.json", Face: &faceManifest{Edits: edits, Profiles: c.profiles}}
		err := checkProfiles(m)
		switch {
		case c.want == "" && err != nil:
			t.Errorf("%v: %v", c.profiles, err)
		case c.want != "" && (err == nil || !strings.Contains(err.Error(), c.want) || !strings.HasPrefix(err.Error(), "x.manifest.json: face.profiles: ")):
			t.Errorf("%v: %v, want an error with %q", c.profiles, err, c.want)
		}
	}
}

// TestCheckEdits: a manifest's edit is refused, with a message that says
// why, when it lacks a name, a spec or a doc, or says why it keeps the
// grammar's readings without being an edit of the ABNF.
func TestCheckEdits(t *testing.T) {
	for _, c := range []struct {
		edit editManifest
		want string // "" for no error
	}{
		{editManifest{Name: "zone-id", Spec: "RFC 6874", Doc: "d", PEG: "rfc6874.peg"}, ""},
		{editManifest{Name: "zone-id", Spec: "RFC 6874", Doc: "d", PEG: "rfc6874.peg", Keeps: "why"}, ""},
		{editManifest{Name: "prose", Spec: "RFC X", Doc: "d"}, ""},
		{editManifest{Name: "prose", Spec: "RFC X", Doc: "d", Keeps: "why"}, `the edit "prose" has keeps but no PEG file`},
		{editManifest{Name: "prose", Doc: "d"}, "an edit needs a name, a spec and a doc"},
		{editManifest{Spec: "RFC X", Doc: "d"}, "an edit needs a name, a spec and a doc"},
	} {
		m := &manifest{file: "x.manifest.json", Face: &faceManifest{Edits: []editManifest{c.edit}}}
		err := checkEdits(m)
		switch {
		case c.want == "" && err != nil:
			t.Errorf("%+v: %v", c.edit, err)
		case c.want != "" && (err == nil || !strings.Contains(err.Error(), c.want) || !strings.HasPrefix(err.Error(), "x.manifest.json: face.edits: ")):
			t.Errorf("%+v: %v, want an error with %q", c.edit, err, c.want)
		}
	}
}
