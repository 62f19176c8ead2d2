package main

import (
	"bytes"
	"encoding/json"
	"fmt"
	"path"
	"path/filepath"
	"strings"
)

// A manifest (NAME.manifest.json, next to NAME.peg) says what gen makes of
// one standard's grammar: "go run ./gen standard NAME.manifest.json" reads
// it and writes the standard's data packages by one code path
// (standard.go), so that no Go file of gen is about one grammar. The
// grammar itself is read from the PEG file and its ABNF lines; the
// manifest holds only what the grammar cannot say: where the output goes,
// which rule starts a reference, which rules the compact grammar keeps,
// which rules the "expected" lists are written with, what Escape takes
// from the grammar, how the site presents it and the words the generated
// doc comments use. docs/adding-a-grammar.md documents each field.
type manifest struct {
	// file is the manifest's own path, for messages and the "Code
	// generated" lines.
	file string

	// Grammar is the PEG transcription (rfc3986.peg); ABNF the grammar
	// file gen writes from its ABNF lines (grammar/rfc3986.abnf).
	Grammar string `json:"grammar"`
	ABNF    string `json:"abnf"`
	// Dir is the directory of the standard's package, from the repository
	// root (rfc3986); Import its import path. The data package is
	// Dir/grammar, which holds everything the grammar generates; the
	// escape tables are Dir/escape_gen.go.
	Dir    string `json:"dir"`
	Import string `json:"import"`
	// Start is the start rule, by its RFC name (URI-reference): the zero
	// Rule of the catalogue and the first rule the PEG file's helper rule
	// names.
	Start string `json:"start"`
	// Spec names the document ("RFC 3986") and Collection the part of it
	// the grammar is ("Appendix A"): the generated doc comments speak of
	// "RFC 3986 Appendix A", "the rules of Appendix A".
	Spec       string `json:"spec"`
	Collection string `json:"collection"`
	// Keep are the rules (PEG names) that stay rules, and so produce
	// tokens, in the compact grammar: the start rule and the rules whose
	// spans the package reads; every other rule is inlined.
	Keep []string `json:"compact_keep"`
	// CompactWhat starts the description of the compact grammar in
	// compact.peg's header.
	CompactWhat string `json:"compact_what"`
	// Runners name, for the doc comments of the two parser packages, the
	// function of the public package that runs each ("rfc3986.Parse");
	// empty when there is none yet.
	CompactRunner   string `json:"compact_runner,omitempty"`
	ReferenceRunner string `json:"reference_runner,omitempty"`
	// Described are the character-level rules that an error's "expected"
	// list is written with, largest first (RFC names).
	Described []string `json:"described"`
	// Explain is how the explain package holds the automata: "tables"
	// (or empty), generated tables in the layout of package internal/automaton,
	// or "lazy", built on demand at run time from the syntax trees, for a
	// grammar one of whose automata has more transitions than the
	// layout's tables hold (gen says so).
	Explain string `json:"explain,omitempty"`
	// Face, when set, makes Dir a package of the RFC 3986 family: gen
	// writes its grammar value (package uri's Data) and its API into
	// Dir/face_gen.go and its token parser into Dir/tokens_*_gen.go
	// (coreface.go).
	Face *faceManifest `json:"face,omitempty"`
	// Escape, when set, says what Escape takes from the grammar.
	Escape *escapeManifest `json:"escape,omitempty"`
	// Imports are the other standards' grammars whose rules this one
	// names without defining them (imports.go): gen reads them from the
	// other grammar's PEG file, with the rules they use, and adds them to
	// the catalogue, the automata and both parsers, each marked with the
	// document and section that define it.
	Imports []importManifest `json:"imports,omitempty"`
	// Site is how the reference site presents the grammar (site/data/NAME).
	Site siteGrammar `json:"site"`
	// NoSite leaves site/data/NAME unwritten: gen/examples and package
	// site have code for each grammar of site/data (its parser, its
	// oracle), which a grammar with no public package yet lacks.
	NoSite bool `json:"no_site,omitempty"`
}

// faceManifest is the "face" object of a manifest: what the grammar value
// says of the grammar beyond its rules.
type faceManifest struct {
	// AppendixA is how messages name the collected grammar ("RFC 3986's
	// Appendix A").
	AppendixA string `json:"appendix"`
	// Components maps each role of package uri (scheme, authority,
	// userinfo, ip-literal, ipv4, reg-name, port, query, fragment) to the
	// rule (RFC name) whose token delimits it; each rule must be kept in
	// the compact grammar.
	Components map[string]string `json:"components"`
	// Whole are the rules (RFC names) whose strings are whole references.
	Whole []string `json:"whole"`
	// ValueOnly writes the grammar value (Grammar, the types) without the
	// functions of a URI reference's API (Parse, Resolve, Normalize, ...),
	// for a grammar whose strings are not URI references and whose
	// package says by hand what its RFC does with them (rfc9112, rfc8141).
	ValueOnly bool `json:"value_only,omitempty"`
	// NoAliases, for a value-only face, leaves out the type aliases of
	// the core's types (URI, Error, RuleError, Node), for a package that
	// has types of those names of its own (rfc6570's Error). A value-only
	// face may also name no components and have no "escape": a grammar
	// whose strings are not URI references at all (RFC 6570's templates)
	// has no component rules and nothing Escape could take from it.
	NoAliases bool `json:"no_aliases,omitempty"`
	// Prose are the rules of the RFC's prose that its ABNF does not
	// express, each checked by a Go function (Find: func(string) int, the
	// offset of the first violation or -1) of the face package or, named
	// with its package, of a package face_gen.go imports (uri, syntax),
	// and lifted by an edit of Edits.
	Prose []proseManifest `json:"prose,omitempty"`
	// Edits are the edits the grammar offers (--allow).
	Edits []editManifest `json:"edits,omitempty"`
	// Profiles are the grammar's named sets of Edits (--profile), besides
	// "strict", which every grammar has (uri.Profile).
	Profiles []profileManifest `json:"profiles,omitempty"`
	// NormalizeText names a Go function of the face package or of a
	// package face_gen.go imports, func(*uri.Grammar[grammar.Rule],
	// string) string, the last step of normalization
	// (uri.Data.NormalizeText): for a grammar whose characters go beyond
	// US-ASCII, uri.NormalizeUnicode[grammar.Rule].
	NormalizeText string `json:"normalize_text,omitempty"`
}

// proseManifest is a prose rule of a face (uri.ProseRule).
type proseManifest struct {
	Edit    string `json:"edit"`
	Section string `json:"section"`
	Says    string `json:"says"`
	Find    string `json:"find"`
}

// editManifest is an edit a face offers (uri.Edit): its name, the
// document that justifies it and one line of what it allows; with PEG, an
// edit of the ABNF: the PEG file (ABNF line and § line above each body,
// as the grammar file) whose rules replace the grammar's of the same name
// or are added after them.
type editManifest struct {
	Name string `json:"name"`
	Spec string `json:"spec"`
	Doc  string `json:"doc"`
	PEG  string `json:"peg,omitempty"`
	// Keeps, for an edit of the ABNF, says why every string the grammar
	// as published derives is read under the edit with the same
	// components (uri.Edit.Keeps), "" when it is not so; tools may then
	// take the grammar's own reading of such a string for the edit's.
	// An edit without a PEG file keeps them by its nature.
	Keeps string `json:"keeps,omitempty"`
}

// profileManifest is a profile of a face (uri.Profile): its name, one
// line of what it is, and the names of its edits.
type profileManifest struct {
	Name  string   `json:"name"`
	Doc   string   `json:"doc"`
	Edits []string `json:"edits"`
}

// escapeManifest is the "escape" object of a manifest: the byte sets
// Dir/escape_gen.go holds, each worked out from the grammar's automata.
type escapeManifest struct {
	// Doc is the comment above the byte constants, one string a line.
	Doc []string `json:"doc"`
	// Unreserved is the rule whose ASCII bytes Escape leaves raw, written
	// as the constant unreservedBytes.
	Unreserved string `json:"unreserved"`
	// Raw are more constants: the bytes of Chars that Rule holds raw.
	Raw []escapeBytes `json:"raw"`
	// Reserved is the rule of the reserved characters; DelimsDoc is the
	// comment above Delims, each the reserved bytes a component's rule
	// holds raw (one string a line).
	Reserved  string        `json:"reserved"`
	DelimsDoc []string      `json:"delims_doc"`
	Delims    []escapeBytes `json:"delims"`
	// Rules are the rules Escape supports, in the order of the map
	// escapeNonEmpty, which says which of them cannot be empty.
	Rules []string `json:"rules"`
}

// escapeBytes is a constant of escape_gen.go: the bytes of Chars (all of
// ASCII when empty, the reserved bytes in Delims) that Rule matches alone.
type escapeBytes struct {
	Const string `json:"const"`
	Rule  string `json:"rule"`
	Chars string `json:"chars,omitempty"`
}

// readManifest reads and checks the manifest at file.
func readManifest(file string) (*manifest, error) {
	src, err := readInput(file)
	if err != nil {
		return nil, err
	}
	dec := json.NewDecoder(bytes.NewReader(src))
	dec.DisallowUnknownFields()
	m := &manifest{file: file}
	if err := dec.Decode(m); err != nil {
		return nil, fmt.Errorf("%s: %v", file, err)
	}
	if dec.More() {
		return nil, fmt.Errorf("%s: more than one JSON value", file)
	}
	if err := m.fillDefaults(); err != nil {
		return nil, fmt.Errorf("%s: %v", file, err)
	}
	var missing []string
	for _, f := range []struct{ name, value string }{
		{"grammar", m.Grammar}, {"abnf", m.ABNF}, {"dir", m.Dir}, {"import", m.Import},
		{"start", m.Start}, {"spec", m.Spec}, {"collection", m.Collection},
		{"compact_what", m.CompactWhat}, {"site.name", m.Site.Name},
	} {
		if f.value == "" {
			missing = append(missing, f.name)
		}
	}
	if len(m.Keep) == 0 {
		missing = append(missing, "compact_keep")
	}
	if len(missing) > 0 {
		return nil, fmt.Errorf("%s: no %s", file, strings.Join(missing, ", "))
	}
	if m.Explain != "" && m.Explain != "tables" && m.Explain != "lazy" {
		return nil, fmt.Errorf("%s: explain is %q, not \"tables\" or \"lazy\"", file, m.Explain)
	}
	if path.Clean(m.Dir) != m.Dir || path.IsAbs(m.Dir) || strings.HasPrefix(m.Dir, "..") {
		return nil, fmt.Errorf("%s: dir %q is not a clean path inside the repository", file, m.Dir)
	}
	if !strings.HasSuffix(m.Import, "/"+m.Dir) {
		return nil, fmt.Errorf("%s: import %q does not end in dir %q", file, m.Import, m.Dir)
	}
	if !m.NoSite {
		var none []string
		for _, f := range []struct{ name, value string }{
			{"site.title", m.Site.Title}, {"site.spec_url", m.Site.SpecURL},
			{"site.notation", m.Site.Notation}, {"site.grouping", m.Site.Grouping},
		} {
			if f.value == "" {
				none = append(none, f.name)
			}
		}
		if len(none) > 0 {
			return nil, fmt.Errorf("%s: no %s, which the grammar's pages (site/data/%s) show; \"no_site\": true leaves the pages out", file, strings.Join(none, ", "), m.Site.Name)
		}
	}
	m.Site.Spec, m.Site.ABNF, m.Site.PEG = m.Spec, m.ABNF, m.Grammar
	return m, nil
}

// fillDefaults fills the fields a manifest may leave out, from the name of
// its file, NAME.manifest.json: dir is NAME; grammar NAME.peg beside the
// manifest; abnf grammar/NAME.abnf (NAME the last element of dir); import
// the module's path (go.mod's module line, in the directory gen runs in)
// and dir; site.name the last element of dir; compact_what names the
// grammar. A manifest whose file has another name must give dir.
func (m *manifest) fillDefaults() error {
	name, named := strings.CutSuffix(filepath.Base(m.file), ".manifest.json")
	if m.Dir == "" && named && name != "" {
		m.Dir = name
	}
	if m.Dir == "" {
		return nil // reported as missing
	}
	base := path.Base(m.Dir)
	if m.Grammar == "" && named {
		m.Grammar = filepath.ToSlash(filepath.Join(filepath.Dir(m.file), name+".peg"))
	}
	if m.ABNF == "" {
		m.ABNF = "grammar/" + base + ".abnf"
	}
	if m.Import == "" {
		mod, err := modulePath("go.mod")
		if err != nil {
			return fmt.Errorf("no import, and the module's path is unknown: %v", err)
		}
		m.Import = mod + "/" + m.Dir
	}
	if m.Site.Name == "" {
		m.Site.Name = base
	}
	if m.CompactWhat == "" && m.Spec != "" && m.Collection != "" && m.Grammar != "" {
		m.CompactWhat = "The compact grammar of " + m.Spec + " " + m.Collection + ": " + m.Grammar
	}
	return nil
}

// modulePath returns the module path that the go.mod file at file
// declares.
func modulePath(file string) (string, error) {
	src, err := readInput(file)
	if err != nil {
		return "", err
	}
	for _, line := range strings.Split(string(src), "\n") {
		if rest, ok := strings.CutPrefix(strings.TrimSpace(line), "module "); ok {
			return strings.Trim(strings.TrimSpace(rest), `"`), nil
		}
	}
	return "", fmt.Errorf("%s has no module line", file)
}

// File is the manifest's path.
func (m *manifest) File() string { return m.file }

// lazy reports whether the explain package builds its automata on demand.
func (m *manifest) lazy() bool { return m.Explain == "lazy" }

// pkgName is the Go package name of the standard's package.
func (m *manifest) pkgName() string { return path.Base(m.Dir) }

// CatalogueImport is the import path of the standard's rule catalogue.
func (m *manifest) CatalogueImport() string { return m.Import + "/grammar" }

// grammarName is "RFC 3986 Appendix A".
func (m *manifest) grammarName() string { return m.Spec + " " + m.Collection }
