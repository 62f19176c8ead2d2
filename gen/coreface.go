package main

import (
	"bytes"
	_ "embed"
	"fmt"
	"strings"
	"text/template"
)

// The face of a grammar of the RFC 3986 family: the package that holds
// its grammar value (package uri's Data, filled from what gen writes for
// the grammar: catalogue, parsers, automata, escape tables) and the API
// every such package has, each function a line over that value. One
// template writes it for every grammar, from the manifest, so that a face
// holds by hand only what its RFC does differently.
//
//go:embed coreface.go.tmpl
var coreFaceTemplate string

// coreTokensTemplate is the token parser of a face, natively and in the
// playground's WebAssembly module: two files, split at "-- js --".
//
//go:embed coretokens.go.tmpl
var coreTokensTemplate string

// coreFace is what the templates take.
type coreFace struct {
	Manifest, Package, Import string
	// Name, Spec and AppendixA are the grammar's words (uri.Data).
	Name, Spec, AppendixA string
	// Grammar and ABNF are the grammar's files.
	Grammar, ABNF string
	// Start is the start rule's Go constant, StartName its RFC name.
	Start, StartName string
	// Scheme, UserInfo, RegName and Query are the Go constants of the
	// component rules that uri.Data names.
	Scheme, UserInfo, RegName, Query string
	// Whole are the Go constants of the rules whose strings are whole
	// references.
	Whole   []string
	Roles   []coreRole
	Escapes []coreEscape
}

// coreRole is a rule's role: the Go constants of the rule and of its
// uri.Role.
type coreRole struct{ Rule, Role string }

// coreEscape is a rule Escape supports: its Go constant, the Go names of
// the sets its characters and its first character are left raw from,
// whether it is a path (whose "/" stays raw), and the constant of its
// delimiters, if the decoded accessors split it.
type coreEscape struct {
	Rule, Raw, First, Delims string
	Path                     bool
}

// writeCoreFace writes the face of f into dir: face_gen.go,
// tokens_other_gen.go and tokens_js_gen.go.
func writeCoreFace(dir string, f coreFace) error {
	face, err := executeTemplate("coreface", coreFaceTemplate, f)
	if err != nil {
		return err
	}
	tokens, err := executeTemplate("coretokens", coreTokensTemplate, f)
	if err != nil {
		return err
	}
	native, js, ok := bytes.Cut(tokens, []byte("\n-- js --\n"))
	if !ok {
		return fmt.Errorf("gen/coretokens.go.tmpl: no \"-- js --\" line")
	}
	for _, w := range []struct {
		path string
		src  []byte
	}{{dir + "/face_gen.go", face}, {dir + "/tokens_other_gen.go", native}, {dir + "/tokens_js_gen.go", js}} {
		if err := writeGo(w.path, w.src); err != nil {
			return err
		}
	}
	return nil
}

// executeTemplate runs the template text on data.
func executeTemplate(name, text string, data any) ([]byte, error) {
	t, err := template.New(name).Parse(text)
	if err != nil {
		return nil, fmt.Errorf("gen/%s.go.tmpl: %v", name, err)
	}
	var b bytes.Buffer
	if err := t.Execute(&b, data); err != nil {
		return nil, fmt.Errorf("gen/%s.go.tmpl: %v", name, err)
	}
	return b.Bytes(), nil
}

// roleNames are the uri.Role constants, by the name a manifest's
// "components" gives the role.
var roleNames = map[string]string{
	"scheme":     "RoleScheme",
	"authority":  "RoleAuthority",
	"userinfo":   "RoleUserInfo",
	"ip-literal": "RoleHostIPLiteral",
	"ipv4":       "RoleHostIPv4",
	"reg-name":   "RoleHostRegName",
	"port":       "RolePort",
	"query":      "RoleQuery",
	"fragment":   "RoleFragment",
}

// isPathRule reports whether the escape rule named name takes a path
// (its "/" kept raw as the separator): path-abempty and the like, with
// RFC 3987's "i" in front or not.
func isPathRule(name string) bool {
	return strings.HasPrefix(strings.TrimPrefix(name, "i"), "path-")
}
