package grammar

import (
	"strings"

	"github.com/rfc2396/rfc2396/grammar/bnf"
)

// Edit is a named change to the RFC 2396 grammar that a later document, an
// erratum or a widely used implementation makes: a relaxation (it accepts
// more) or a restriction (it accepts less). Each edit is grammar text,
// edits/NAME.abnf, quoted from the document that justifies it, with its
// transcription edits/NAME.peg; go generate composes the edits in force
// with Appendix A. The zero Edit is NoEdit.
type Edit int

// NoEdit is no edit: Appendix A as the RFC writes it.
const NoEdit Edit = 0

// EditKind tells whether an edit accepts more or less than Appendix A.
type EditKind int

const (
	// Relaxation: the edit accepts strings Appendix A rejects.
	Relaxation EditKind = iota + 1
	// Restriction: the edit rejects strings Appendix A accepts.
	Restriction
)

// Code returns "relaxation" or "restriction".
func (k EditKind) Code() string {
	switch k {
	case Relaxation:
		return "relaxation"
	case Restriction:
		return "restriction"
	}
	return "unknown"
}

// String describes k for people.
func (k EditKind) String() string {
	switch k {
	case Relaxation:
		return "relaxation (accepts more than Appendix A)"
	case Restriction:
		return "restriction (accepts less than Appendix A)"
	}
	return "unknown kind of edit"
}

// EditInfo describes an edit.
type EditInfo struct {
	Name     string // e.g. "ipv6", as the CLI and JSON write it
	Kind     EditKind
	Requires EditSet // edits this one needs in force (ipv6-scope needs ipv6)
	// Document is the document that justifies the edit, e.g. "RFC 2732
	// section 3; RFC 2373 Appendix B".
	Document string
	Summary  string // one line
	// Contradicts names the text of RFC 2396 (or of the amended document)
	// that the edit contradicts or amends.
	Contradicts string
	Example     string // an input the edit changes the verdict on
	Explanation string // why, with the documents quoted
	Rules       []Rule // the rules the edit defines, replacing or adding
	ABNF        []string
}

// Code returns the edit's name, e.g. "empty-relative-path".
func (e Edit) Code() string { return e.Info().Name }

// String returns the edit's name and summary.
func (e Edit) String() string {
	if e == NoEdit {
		return "no edit"
	}
	info := e.Info()
	if info.Name == "" {
		return "Edit(invalid)"
	}
	return info.Name + ": " + info.Summary
}

// Info returns the catalogue entry of e; its slices are shared and must not
// be modified.
func (e Edit) Info() EditInfo {
	if e <= NoEdit || e > NumEdits {
		return EditInfo{}
	}
	return editCatalogue[e]
}

// Edits returns every edit, in the order they apply.
func Edits() []Edit {
	out := make([]Edit, NumEdits)
	for i := range out {
		out[i] = Edit(i + 1)
	}
	return out
}

// LookupEdit returns the edit with the given name, e.g. "ipv6".
func LookupEdit(name string) (Edit, bool) {
	for _, e := range Edits() {
		if editCatalogue[e].Name == name {
			return e, true
		}
	}
	return NoEdit, false
}

// EditSet is a set of edits; the zero EditSet is Appendix A exactly.
type EditSet uint64

// With returns s with e added.
func (s EditSet) With(e Edit) EditSet {
	if e <= NoEdit || e > NumEdits {
		return s
	}
	return s | 1<<uint(e)
}

// Has reports whether e is in s.
func (s EditSet) Has(e Edit) bool { return e > NoEdit && e <= NumEdits && s&(1<<uint(e)) != 0 }

// Edits returns the edits of s, in the order they apply.
func (s EditSet) Edits() []Edit {
	var out []Edit
	for _, e := range Edits() {
		if s.Has(e) {
			out = append(out, e)
		}
	}
	return out
}

// Missing returns the edits that the edits of s require and s lacks.
func (s EditSet) Missing() EditSet {
	var missing EditSet
	for _, e := range s.Edits() {
		missing |= editCatalogue[e].Requires &^ s
	}
	return missing
}

// Codes returns the names of the edits of s, in the order they apply.
func (s EditSet) Codes() []string {
	var names []string
	for _, e := range s.Edits() {
		names = append(names, e.Code())
	}
	return names
}

// String returns the names of the edits of s joined by ",", or "none".
func (s EditSet) String() string {
	if s == 0 {
		return "none"
	}
	return strings.Join(s.Codes(), ",")
}

// ProfileInfo is a named set of edits (edits/edits.txt).
type ProfileInfo struct {
	Name    string // e.g. "strict", "rfc2732", "java"
	Summary string
	Edits   EditSet
}

// Profiles returns the named profiles; the first is strict, Appendix A
// exactly.
func Profiles() []ProfileInfo { return append([]ProfileInfo(nil), profileCatalogue...) }

// LookupProfile returns the named profile.
func LookupProfile(name string) (ProfileInfo, bool) {
	for _, p := range profileCatalogue {
		if p.Name == name {
			return p, true
		}
	}
	return ProfileInfo{}, false
}

// definition is one definition of a rule: Appendix A's (NoEdit) or an
// edit's.
type definition struct {
	edit    Edit
	line    string
	section string
	body    *bnf.Node
}

// Definitions returns the grammar with the edits of s in force, as syntax
// trees: every rule that Appendix A or an edit in force defines, with the
// definition of the last edit in force that defines it, in catalogue
// order, and, for each, its Rule. The trees are shared and must not be
// modified. Definitions(0) is Appendix A.
func Definitions(s EditSet) ([]bnf.Definition, []Rule) {
	var defs []bnf.Definition
	var rules []Rule
	for r := range definitions {
		var pick *definition
		for i := range definitions[r] {
			d := &definitions[r][i]
			if d.edit == NoEdit || s.Has(d.edit) {
				pick = d
			}
		}
		if pick != nil {
			defs = append(defs, bnf.Definition{Name: catalogue[r].Name, Line: pick.line, Body: pick.body})
			rules = append(rules, Rule(r))
		}
	}
	return defs, rules
}

// RuleDefinition is the definition of a rule in force under some edits.
type RuleDefinition struct {
	Line    string // the grammar line, as its document writes it
	Section string // where it is defined: "3.2.2" (RFC 2396), "RFC 2732 3"
	Edit    Edit   // the edit that defines it, or NoEdit for Appendix A
}

// Definition returns the definition of r with the edits of s in force,
// and whether the rule exists under them (a rule an edit adds exists only
// when that edit is in force).
func (r Rule) Definition(s EditSet) (def RuleDefinition, ok bool) {
	if r < 0 || r >= NumAllRules {
		return RuleDefinition{}, false
	}
	for _, d := range definitions[r] {
		if d.edit == NoEdit || s.Has(d.edit) {
			def, ok = RuleDefinition{Line: d.line, Section: d.section, Edit: d.edit}, true
		}
	}
	return def, ok
}
