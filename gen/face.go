package main

import (
	"bytes"
	_ "embed"
	"text/template"
)

// faceTemplate is the part of the API that packages parser and rfc3986
// both offer (the syntax error, Escape's reasons and error, resolution's
// error), written once for both: gen writes it into each package as
// face_gen.go, so that the two packages keep the same names, fields and
// codes for the same jobs and neither holds a hand-written copy of the
// other's declarations.
//
//go:embed face.go.tmpl
var faceTemplate string

// faceData is what differs between the two packages' faces: their names
// and the words of their RFCs.
type faceData struct {
	RFC2396       bool
	Package       string
	Prefix        string // the first word of every error message
	GrammarImport string
	AppendixA     string
	// ExpectedExample is an example of Error.Expected.
	ExpectedExample string
	// EscapeVerb, EscapeNoun and EscapePast are the RFC's word for what
	// Escape does: "escape" (RFC 2396 section 2.4) or "percent-encode"
	// (RFC 3986 section 2.1).
	EscapeVerb, EscapeNoun, EscapePast string
	// NonEmptyRules, SlashRules and NoSlashRules name, for the docs of
	// EscapeReason, the rules Escape takes that cannot be empty, that
	// start with "/" and that must not.
	NonEmptyRules, SlashRules, NoSlashRules string
	// EscapeName and EscapeRule are what the RFC calls an escape, and the
	// section and rule that define it.
	EscapeName, EscapeRule string
	// ResolveSection is the section of the resolution algorithm.
	ResolveSection string
	// Delimiters says where each component's delimiters come from, and
	// EscapeWellFormed why decoding cannot fail.
	Delimiters, EscapeWellFormed string
	// UserInfoDelims, QueryDelims and FragmentDelims say, for the docs of
	// the decoded accessors, what splits each component.
	UserInfoDelims, QueryDelims, FragmentDelims string
}

// faces are the two packages' data.
var faces = map[string]faceData{
	"parser": {
		RFC2396:          true,
		Package:          "parser",
		Prefix:           "rfc2396",
		GrammarImport:    "github.com/rfc2396/rfc2396/grammar",
		AppendixA:        "Appendix A",
		ExpectedExample:  "`pchar, \";\", \"/\", \"?\" or \"#\"`",
		EscapeVerb:       "escape",
		EscapeNoun:       "escaping",
		EscapePast:       "escaped",
		NonEmptyRules:    "rel_segment, reg_name, opaque_part, rel_path",
		SlashRules:       "abs_path",
		NoSlashRules:     "rel_path",
		ResolveSection:   "section 5.2",
		EscapeName:       "escape",
		EscapeRule:       `section 2.4.1, escaped = "%" hex hex`,
		Delimiters:       "the separators of the rule and the characters the RFC reserves within the component",
		EscapeWellFormed: `Escapes in a valid URI are always well formed (escaped = "%" hex hex), so decoding cannot fail.`,
		UserInfoDelims:   `the raw characters section 3.2.2 reserves within it that its grammar allows (";" and ":")`,
		QueryDelims:      `the raw characters section 3.4 reserves within it (";", "/", "?", ":", "@", "&", "=", "+", ",", "$")`,
		FragmentDelims:   "section 4.1 reserves no character within it",
	},
}

// writeFace writes package pkg's face_gen.go (pkg is "parser" or
// "rfc3986", also its directory).
func writeFace(pkg string) error {
	t, err := template.New("face").Parse(faceTemplate)
	if err != nil {
		return err
	}
	var b bytes.Buffer
	if err := t.Execute(&b, faces[pkg]); err != nil {
		return err
	}
	return writeGo(pkg+"/face_gen.go", b.Bytes())
}
