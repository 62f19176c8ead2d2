package main

import (
	"bytes"
	_ "embed"
	"fmt"
	"maps"
	"slices"
	"strings"
	"text/template"

	"github.com/rfc2396/rfc2396/grammar/bnf"
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

// coreEditsTemplate is the edits of a face that has an edit of the ABNF,
// with their engines, and in the playground's WebAssembly module without
// them: two files, split at "-- playground --".
//
//go:embed coreedits.go.tmpl
var coreEditsTemplate string

// coreTokensTemplate is the token parser of a face, natively and in the
// playground's WebAssembly module: two files, split at "-- js --".
//
//go:embed coretokens.go.tmpl
var coreTokensTemplate string

// coreTokensTestTemplate is the test that holds the two token parsers of
// a face with components to each other: tokens_gen_test.go.
//
//go:embed coretokenstest.go.tmpl
var coreTokensTestTemplate string

// coreFace is what the templates take.
type coreFace struct {
	Manifest, Package, Import string
	// Name, Spec and AppendixA are the grammar's words (uri.Data).
	Name, Spec, AppendixA string
	// Grammar and ABNF are the grammar's files.
	Grammar, ABNF string
	// Start is the start rule's Go constant, StartName its RFC name.
	Start, StartName string
	// Scheme, UserInfo, RegName and Query are the Go expressions of the
	// component rules that uri.Data names ("grammar.RuleScheme"), or
	// "noRule" where a value_only face's grammar has none; NoRule is
	// whether one is.
	Scheme, UserInfo, RegName, Query string
	NoRule                           bool
	// Whole are the Go constants of the rules whose strings are whole
	// references.
	Whole []string
	// API is false for a face whose manifest says "value_only", Aliases
	// false for one that says "no_aliases".
	API, Aliases bool
	// Escape is whether the manifest has "escape": the byte sets of
	// escape_gen.go, which the escape tables are made of.
	Escape bool
	// QueryData and FragData are whether the escape tables hold the raw
	// set of a query (queryBytes) and of a fragment (fragmentBytes), which
	// a grammar without those components has no constant for.
	QueryData, FragData bool
	Roles               []coreRole
	Escapes             []coreEscape
	Prose               []proseManifest
	Edits               []coreEdit
	Profiles            []profileManifest
	NormalizeText       string
}

// EngineEdits reports whether an edit of f changes the ABNF, and so has
// engines of its own: then the face's edits are written apart, in
// edits_gen.go, and in edits_playground_gen.go without those edits (see
// gen/coreedits.go.tmpl).
func (f coreFace) EngineEdits() bool { return len(f.EngineEditList()) > 0 }

// EngineEditList lists the edits of f that change the ABNF.
func (f coreFace) EngineEditList() []coreEdit {
	var out []coreEdit
	for _, e := range f.Edits {
		if e.Data != "" {
			out = append(out, e)
		}
	}
	return out
}

// coreEdit is an edit of a face: the manifest's, and for an edit of the
// ABNF the Go name of the variable holding the changed grammar's data and
// of the function of the grammar's package that returns its engines.
type coreEdit struct {
	editManifest
	Data, Func string
}

// coreRole is a rule's role: the Go constants of the rule and of its
// uri.Role.
//
// Method is the method of uri.Parts that records a token of the role
// ("Scheme" for uri.RoleScheme), which the native token parser calls
// directly, inlined.
type coreRole struct{ Rule, Role, Method string }

// Slash reports whether an escape table of f takes a path, whose "/"
// stays raw (the set slash).
func (f coreFace) Slash() bool {
	return slices.ContainsFunc(f.Escapes, func(e coreEscape) bool { return e.Path })
}

// coreEscape is a rule Escape supports: its Go constant, the Go names of
// the sets its characters and its first character are left raw from,
// whether it is a path (whose "/" stays raw), and the constant of its
// delimiters, if the decoded accessors split it.
type coreEscape struct {
	Rule, Raw, First, Delims string
	Path                     bool
}

// writeCoreFace writes the face of f into dir: face_gen.go,
// tokens_other_gen.go and tokens_js_gen.go; for a face with components,
// tokens_gen_test.go; and, if an edit of f changes the ABNF, edits_gen.go
// and edits_playground_gen.go.
func writeCoreFace(dir string, f coreFace) error {
	face, err := executeTemplate("coreface", coreFaceTemplate, f)
	if err != nil {
		return err
	}
	native, js, err := executeSplit("coretokens", coreTokensTemplate, "-- js --", f)
	if err != nil {
		return err
	}
	files := map[string][]byte{"face_gen.go": face, "tokens_other_gen.go": native, "tokens_js_gen.go": js}
	if len(f.Roles) > 0 {
		if files["tokens_gen_test.go"], err = executeTemplate("coretokenstest", coreTokensTestTemplate, f); err != nil {
			return err
		}
	} else if err := removeFile(dir + "/tokens_gen_test.go"); err != nil {
		return err // a face whose components are gone has no tokens to compare
	}
	if f.EngineEdits() {
		all, play, err := executeSplit("coreedits", coreEditsTemplate, "-- playground --", f)
		if err != nil {
			return err
		}
		files["edits_gen.go"], files["edits_playground_gen.go"] = all, play
	}
	for _, name := range slices.Sorted(maps.Keys(files)) {
		if err := writeGo(dir+"/"+name, files[name]); err != nil {
			return err
		}
	}
	return nil
}

// executeSplit runs the template text on data and cuts what it writes at
// the line marker into the two files it holds.
func executeSplit(name, text, marker string, data any) (first, second []byte, err error) {
	b, err := executeTemplate(name, text, data)
	if err != nil {
		return nil, nil, err
	}
	first, second, ok := bytes.Cut(b, []byte("\n"+marker+"\n"))
	if !ok {
		return nil, nil, fmt.Errorf("gen/%s.go.tmpl: no %q line", name, marker)
	}
	return first, second, nil
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

// coreFaceOf is what the templates take for the standard of m, whose
// rules are defs.
func coreFaceOf(m *manifest, defs []bnf.Definition) (coreFace, error) {
	has := func(name string) bool {
		return slices.ContainsFunc(defs, func(d bnf.Definition) bool { return d.Name == name })
	}
	rule := func(name string) string { return "Rule" + goName(name) }
	f := coreFace{
		Manifest: m.File(), Package: m.pkgName(), Import: m.Import,
		Name: m.Site.Name, Spec: m.Spec, AppendixA: m.Face.AppendixA,
		Grammar: m.Grammar, ABNF: m.ABNF, Start: rule(m.Start), StartName: m.Start,
		API: !m.Face.ValueOnly, Aliases: !m.Face.NoAliases, Escape: m.Escape != nil,
	}
	if m.Face.NoAliases && !m.Face.ValueOnly {
		return f, fmt.Errorf("%s: face.no_aliases: only a value-only face can leave out the types its API returns", m.File())
	}
	// A value-only face of a grammar with no components (RFC 6570's
	// templates) names none, and its grammar value's component rules are
	// noRule.
	noComponents := m.Face.ValueOnly && len(m.Face.Components) == 0
	var missing []string
	for _, role := range slices.Sorted(maps.Keys(m.Face.Components)) {
		name := m.Face.Components[role]
		goRole, ok := roleNames[role]
		switch {
		case !ok:
			return f, fmt.Errorf("%s: face.components: %q is no role; the roles are %s", m.File(), role, strings.Join(slices.Sorted(maps.Keys(roleNames)), ", "))
		case !has(name):
			return f, fmt.Errorf("%s: face.components: %s is not a rule of %s", m.File(), name, m.ABNF)
		case !slices.Contains(m.Keep, pegName(name)):
			return f, fmt.Errorf("%s: face.components: %s must be kept in the compact grammar (compact_keep) for its tokens to be read", m.File(), name)
		}
		f.Roles = append(f.Roles, coreRole{Rule: rule(name), Role: goRole, Method: strings.TrimPrefix(goRole, "Role")})
	}
	// The rules uri.Data names. A value_only face's grammar may lack
	// them (RFC 8141's URNs have no userinfo): each absent one is noRule,
	// no rule of the grammar, which no reading is ever in. The API of a
	// full face needs all four.
	component := func(role string) string {
		name, ok := m.Face.Components[role]
		switch {
		case ok:
			return "grammar." + rule(name)
		case !m.Face.ValueOnly:
			missing = append(missing, role)
		}
		f.NoRule = true
		return "noRule"
	}
	f.Scheme, f.UserInfo = component("scheme"), component("userinfo")
	f.RegName, f.Query = component("reg-name"), component("query")
	if len(missing) > 0 {
		return f, fmt.Errorf("%s: face.components has no %s, which the API of a URI reference (Parse, Resolve, Normalize, ...) reads; a grammar without them has a value-only face (\"value_only\": true: the grammar value, whose Parse reads the components there are)", m.File(), strings.Join(missing, ", "))
	}
	for _, w := range m.Face.Whole {
		if !has(w) {
			return f, fmt.Errorf("%s: face.whole: %s is not a rule of %s", m.File(), w, m.ABNF)
		}
		f.Whole = append(f.Whole, rule(w))
	}
	f.NormalizeText = m.Face.NormalizeText
	if err := checkEdits(m); err != nil {
		return f, err
	}
	for _, e := range m.Face.Edits {
		ce := coreEdit{editManifest: e}
		if e.PEG != "" {
			ce.Data = "edit" + editGoName(e.Name)
			ce.Func = editFunc(e.Name)
		}
		f.Edits = append(f.Edits, ce)
	}
	if err := checkProfiles(m); err != nil {
		return f, err
	}
	f.Profiles = m.Face.Profiles
	for _, p := range m.Face.Prose {
		if !slices.ContainsFunc(m.Face.Edits, func(e editManifest) bool { return e.Name == p.Edit && e.PEG == "" }) {
			return f, fmt.Errorf("%s: face.prose: the rule of %s is lifted by the edit %q, which face.edits does not list as an edit without a PEG file", m.File(), p.Section, p.Edit)
		}
		if p.Find == "" || p.Says == "" {
			return f, fmt.Errorf("%s: face.prose: the rule of %s needs find and says", m.File(), p.Section)
		}
		f.Prose = append(f.Prose, p)
	}
	if m.Escape == nil {
		if noComponents {
			return f, nil
		}
		return f, fmt.Errorf("%s: a face needs \"escape\" (only a value-only face without components can do without)", m.File())
	}
	// The raw sets: a rule's own set where the manifest gives its bytes
	// (queryBytes, fragmentBytes), else the unreserved characters.
	sets := map[string]string{"queryBytes": "queryData", "fragmentBytes": "fragData"}
	for _, name := range m.Escape.Rules {
		e := coreEscape{Rule: rule(name), Raw: "unreserved", Path: isPathRule(name)}
		for _, r := range m.Escape.Raw {
			if r.Rule == name {
				set, ok := sets[r.Const]
				if !ok {
					return f, fmt.Errorf("%s: escape.raw: const %s is not one the face knows (queryBytes, fragmentBytes)", m.File(), r.Const)
				}
				e.Raw = set
				f.QueryData = f.QueryData || set == "queryData"
				f.FragData = f.FragData || set == "fragData"
			}
		}
		e.First = e.Raw
		if e.Path && strings.HasSuffix(name, "path-abempty") {
			e.First = "slash"
		}
		for _, d := range m.Escape.Delims {
			if d.Rule == name {
				e.Delims = d.Const
			}
		}
		f.Escapes = append(f.Escapes, e)
	}
	return f, nil
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

// checkEdits refuses, with a message that says why, an edit of m's face
// without a name, a spec and a doc, and one that says why it keeps the
// grammar's readings (keeps) without being an edit of the ABNF (a PEG
// file): an edit that lifts a prose rule keeps them by its nature.
func checkEdits(m *manifest) error {
	for _, e := range m.Face.Edits {
		if e.Name == "" || e.Spec == "" || e.Doc == "" {
			return fmt.Errorf("%s: face.edits: an edit needs a name, a spec and a doc", m.File())
		}
		if e.Keeps != "" && e.PEG == "" {
			return fmt.Errorf("%s: face.edits: the edit %q has keeps but no PEG file: an edit that lifts a prose rule keeps every reading by its nature; leave keeps out", m.File(), e.Name)
		}
	}
	return nil
}

// checkProfiles returns an error that says what is wrong with a profile of
// m's face, nil when nothing is: a profile needs a name of its own (not
// "strict", which every grammar has, nor an edit's or another profile's),
// a doc, and at least one edit, each of face.edits, at most one of them an
// edit of the ABNF (uri.Grammar.Allow makes no grammar of two).
func checkProfiles(m *manifest) error {
	var seen []string
	for _, p := range m.Face.Profiles {
		switch {
		case p.Name == "" || p.Doc == "" || len(p.Edits) == 0:
			return fmt.Errorf("%s: face.profiles: a profile needs a name, a doc and its edits", m.File())
		case p.Name == "strict":
			return fmt.Errorf("%s: face.profiles: \"strict\" is every grammar's profile of no edit; leave it out", m.File())
		case slices.ContainsFunc(m.Face.Edits, func(e editManifest) bool { return e.Name == p.Name }):
			return fmt.Errorf("%s: face.profiles: the profile %q has the name of an edit; --profile and --allow would read alike", m.File(), p.Name)
		case slices.Contains(seen, p.Name):
			return fmt.Errorf("%s: face.profiles: two profiles are named %q", m.File(), p.Name)
		}
		seen = append(seen, p.Name)
		var abnf []string
		for _, name := range p.Edits {
			i := slices.IndexFunc(m.Face.Edits, func(e editManifest) bool { return e.Name == name })
			if i < 0 {
				return fmt.Errorf("%s: face.profiles: the profile %q names the edit %q, which face.edits does not list", m.File(), p.Name, name)
			}
			if m.Face.Edits[i].PEG != "" {
				abnf = append(abnf, name)
			}
		}
		if len(abnf) > 1 {
			return fmt.Errorf("%s: face.profiles: the profile %q has the edits %s, which each change the ABNF; no grammar is generated with both", m.File(), p.Name, strings.Join(abnf, " and "))
		}
	}
	return nil
}
