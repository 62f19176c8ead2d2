package uri

import (
	"fmt"
	"slices"
	"strings"
	"unicode/utf8"
)

// ProseRule is a rule of an RFC's prose that its ABNF does not express: a
// string the grammar derives is still refused where one applies, with an
// [Error] that cites it. RFC 3987 section 4.1 is one: the ABNF admits the
// bidirectional formatting characters, the prose forbids them.
type ProseRule struct {
	// Edit is the name of the edit that lifts the rule
	// ("bidi-formatting").
	Edit string
	// Section is where the RFC says it ("RFC 3987 section 4.1"), and Says
	// what it says, for messages.
	Section, Says string
	// Find returns the byte offset of the first place in s the rule
	// refuses, or -1.
	Find func(s string) int
}

// Edit is a named change of a grammar that a user may allow: a prose
// rule lifted, or a change of the ABNF that another document makes (RFC
// 6874's zone IDs in IP-literal), with the engines gen generated for the
// grammar so changed.
type Edit[R Rule] struct {
	// Name is how --allow names it ("zone-id"), Spec the document that
	// justifies it ("RFC 6874"), Doc one line of what it allows.
	Name, Spec, Doc string
	// Grammar, for an edit of the ABNF, is the changed grammar's data:
	// its rules are the grammar's, numbered alike, with the edit's new
	// rules after them. Nil for an edit that lifts a prose rule.
	Grammar *Data[R]
	// Keeps, for an edit of the ABNF, says why every string the grammar
	// as published derives is read under the edit with the same
	// components, from the manifest that declares it ("" when that is
	// not so); see [Edit.KeepsReadings].
	Keeps string
}

// KeepsReadings reports whether every string the grammar as published
// derives is read under e alone with the same components: so for an edit
// that lifts a prose rule (the ABNF's reading is unchanged, one refusal
// fewer), and for an edit of the ABNF whose manifest says why in
// [Edit.Keeps] (RFC 6874's zone-id adds an alternative inside IP-literal
// that no string without "%25" there takes). A tool that has read a
// string by the grammar may then take that reading for the edit's.
func (e Edit[R]) KeepsReadings() bool { return e.Grammar == nil || e.Keeps != "" }

// Edits lists the edits g's grammar offers, in the order its manifest
// gives them.
func (g *Grammar[R]) Edits() []Edit[R] { return g.root().d.Edits }

// Allowed lists the edits in force in g, in the order of [Grammar.Edits];
// none for the grammar as published.
func (g *Grammar[R]) Allowed() []string { return slices.Clone(g.allowed) }

// Strict is the grammar as published, with no edit in force.
func (g *Grammar[R]) Strict() *Grammar[R] { return g.root() }

// root is the grammar as published.
func (g *Grammar[R]) root() *Grammar[R] {
	if g.parent != nil {
		return g.parent
	}
	return g
}

// Allow returns the grammar with the named edits in force (besides those
// of g), or an error naming an edit the grammar does not offer. The
// grammars of each set of edits are made once and shared.
func (g *Grammar[R]) Allow(names ...string) (*Grammar[R], error) {
	root := g.root()
	if len(g.allowed) == 0 && len(names) == 1 {
		// One edit of the grammar as published, made before: what an
		// error's list of the edits that would accept its input asks
		// for, edit by edit, on every invalid reference. Its key is its
		// name (see below).
		if slices.ContainsFunc(root.d.Edits, func(e Edit[R]) bool { return e.Name == names[0] }) {
			if v, ok := root.variants.Load(names[0]); ok {
				return v.(*Grammar[R]), nil
			}
		}
	}
	set := slices.Clone(g.allowed)
	for _, n := range names {
		if !slices.ContainsFunc(root.d.Edits, func(e Edit[R]) bool { return e.Name == n }) {
			return nil, fmt.Errorf("%s: no edit named %q; the edits of %s are %s", root.d.Name, n, root.d.Spec, editNames(root.d.Edits))
		}
		if !slices.Contains(set, n) {
			set = append(set, n)
		}
	}
	if len(set) == 0 {
		return root, nil
	}
	// The order of the manifest, so that a set has one key.
	var ordered []string
	var grammarEdit *Edit[R]
	for i, e := range root.d.Edits {
		if !slices.Contains(set, e.Name) {
			continue
		}
		ordered = append(ordered, e.Name)
		if e.Grammar != nil {
			if grammarEdit != nil {
				return nil, fmt.Errorf("%s: the edits %s and %s both change the ABNF, and no grammar was generated with both", root.d.Name, grammarEdit.Name, e.Name)
			}
			grammarEdit = &root.d.Edits[i]
		}
	}
	key := strings.Join(ordered, ",")
	if v, ok := root.variants.Load(key); ok {
		return v.(*Grammar[R]), nil
	}
	d := root.d
	if grammarEdit != nil {
		d = *grammarEdit.Grammar
		d.Name, d.Spec, d.AppendixA, d.Edits = root.d.Name, root.d.Spec, root.d.AppendixA, nil
	}
	d.Prose = slices.DeleteFunc(slices.Clone(root.d.Prose), func(p ProseRule) bool { return slices.Contains(ordered, p.Edit) })
	v := &Grammar[R]{d: d, parent: root, allowed: ordered}
	v.initEscapes()
	actual, _ := root.variants.LoadOrStore(key, v)
	return actual.(*Grammar[R]), nil
}

// Profile is a named set of a grammar's edits: the grammar as a document
// that amends it, or a common reading of it, takes its strings. Every
// grammar has the profile "strict", its RFC exactly, with no edit; the
// others are its manifest's ("rfc6874": RFC 3986 with the zone IDs of
// RFC 6874).
type Profile struct {
	// Name is how --profile names it; Doc says in one line what it is.
	Name, Doc string
	// Edits are the names of its edits ([Grammar.Edits]), none for
	// "strict".
	Edits []string
}

// StrictProfile is the name of the profile every grammar has: the
// grammar as its RFC publishes it, with no edit in force.
const StrictProfile = "strict"

// Profiles lists g's profiles: "strict" first, then those its grammar
// names, in the order of its manifest. A build that leaves out an edit
// (the playground's WebAssembly module leaves out those that change the
// ABNF) leaves out the profiles that need it.
func (g *Grammar[R]) Profiles() []Profile {
	root := g.root()
	out := make([]Profile, 0, 1+len(root.d.Profiles))
	out = append(out, Profile{Name: StrictProfile, Doc: root.d.Spec + " exactly, with no edit"})
	for _, p := range root.d.Profiles {
		if root.offers(p.Edits...) {
			p.Edits = slices.Clone(p.Edits)
			out = append(out, p)
		}
	}
	return out
}

// offers reports whether the grammar offers every edit of names.
func (g *Grammar[R]) offers(names ...string) bool {
	for _, n := range names {
		if !slices.ContainsFunc(g.d.Edits, func(e Edit[R]) bool { return e.Name == n }) {
			return false
		}
	}
	return true
}

// Profile returns the grammar under the named profile: the grammar as
// published with the profile's edits in force, whatever edits g has (add
// more with [Grammar.Allow]). An unknown name is an error that lists the
// profiles there are.
func (g *Grammar[R]) Profile(name string) (*Grammar[R], error) {
	root := g.root()
	if name == StrictProfile {
		return root, nil
	}
	for _, p := range root.d.Profiles {
		if p.Name == name && root.offers(p.Edits...) {
			return root.Allow(p.Edits...)
		}
		if p.Name == name {
			return nil, fmt.Errorf("%s: the profile %s needs the edits %s, which this build of the grammar leaves out (the playground's WebAssembly module leaves out the edits that change the ABNF)", root.d.Name, name, strings.Join(p.Edits, ", "))
		}
	}
	var names []string
	for _, p := range g.Profiles() {
		names = append(names, p.Name)
	}
	return nil, fmt.Errorf("%s: no profile named %q; the profiles of %s are %s", root.d.Name, name, root.d.Spec, strings.Join(names, ", "))
}

// Needs lists the edits in force in g that s, a string of rule, needs:
// none if the grammar as published accepts it, else those under which,
// each alone, the grammar as published accepts it, else all of g's (only
// together do they accept it). Nil when g refuses s.
func (g *Grammar[R]) Needs(rule R, s string) []string {
	strict := g.root()
	if len(g.allowed) == 0 || strict.Matches(rule, s) || !g.Matches(rule, s) {
		return nil
	}
	var out []string
	for _, name := range g.allowed {
		if v, err := strict.Allow(name); err == nil && v.Matches(rule, s) {
			out = append(out, name)
		}
	}
	if len(out) == 0 {
		return slices.Clone(g.allowed)
	}
	return out
}

// Alternative is a reading under which a string that a grammar refuses is
// valid: a named profile, or the grammar with one more edit.
type Alternative struct {
	// Profile names the reading: a profile of the grammar ("rfc6874"),
	// or "strict+" and the edits in force, one added
	// ("strict+zone-id"), as package parser names RFC 2396's.
	Profile string
	// Edits are the edits of the reading the string needs ([Grammar.Needs]),
	// and Documents the documents that justify them ("RFC 6874").
	Edits, Documents []string
}

// ValidUnder lists, for a string s that g refuses as rule, the readings
// under which it is valid: g with each edit it does not have added, then
// each profile of the grammar, other than g's edits, that accepts s. Nil
// when g accepts s, or when no reading does.
func (g *Grammar[R]) ValidUnder(rule R, s string) []Alternative {
	if g.Matches(rule, s) {
		return nil
	}
	root := g.root()
	var out []Alternative
	add := func(name string, v *Grammar[R]) {
		a := Alternative{Profile: name, Edits: v.Needs(rule, s)}
		if len(a.Edits) > 0 {
			a.Documents = root.editSpecs(a.Edits)
		}
		out = append(out, a)
	}
	g.oneMoreEdit(rule, s, false, func(_ string, v *Grammar[R]) {
		add(StrictProfile+"+"+strings.Join(v.allowed, ","), v)
	})
	for _, p := range root.d.Profiles {
		if !root.offers(p.Edits...) {
			continue // left out of this build (see Grammar.Profile)
		}
		v, err := root.Allow(p.Edits...)
		if err != nil || slices.Equal(v.allowed, g.allowed) || !v.Matches(rule, s) {
			continue
		}
		add(p.Name, v)
	}
	return out
}

// oneMoreEdit calls f, in the manifest's order, with each edit of g's
// grammar not in force in g under which, added to g's, s matches rule,
// and the grammar with it; with abnfOnly, only edits of the ABNF are
// tried. Two edits of the ABNF have no grammar together, and are skipped.
func (g *Grammar[R]) oneMoreEdit(rule R, s string, abnfOnly bool, f func(name string, v *Grammar[R])) {
	for _, e := range g.root().d.Edits {
		if abnfOnly && e.Grammar == nil || slices.Contains(g.allowed, e.Name) {
			continue
		}
		if v, err := g.Allow(e.Name); err == nil && v.Matches(rule, s) {
			f(e.Name, v)
		}
	}
}

// editNames lists the names of edits for a message.
func editNames[R Rule](edits []Edit[R]) string {
	if len(edits) == 0 {
		return "none"
	}
	var names []string
	for _, e := range edits {
		names = append(names, e.Name)
	}
	return strings.Join(names, ", ")
}

// proseViolation returns the first prose rule of g that refuses s, and
// where, or nil. Every parse of a grammar with prose comes here and the
// rules are seldom broken, so it copies no rule: it points at g's.
func (g *Grammar[R]) proseViolation(s string) (p *ProseRule, offset int) {
	for k := range g.d.Prose {
		if i := g.d.Prose[k].Find(s); i >= 0 {
			return &g.d.Prose[k], i
		}
	}
	return nil, -1
}

// proseError is the *Error for s, which rule derives but the prose rule p
// refuses at offset: Rule and Path are those being read at offset.
func (g *Grammar[R]) proseError(rule R, s string, p *ProseRule, offset int) *Error[R] {
	// The rules being read at offset: those of the reading of s up to
	// the end of the character there (which the grammar takes), followed
	// by a byte no rule of the family takes.
	_, size := utf8.DecodeRuneInString(s[offset:])
	res := g.d.Explain(rule, s[:offset+size]+"\x00")
	e := &Error[R]{g: g, Input: s, Start: rule, Offset: offset, Rule: rule, Path: []R{rule}}
	if len(res.Path) > 0 {
		e.Path = res.Path
		e.Rule = res.Path[len(res.Path)-1]
	}
	e.Prose = p.Section + ": " + p.Says + "; the edit " + p.Edit + " allows it"
	return e
}

// needs lists the edits of g's grammar, each alone, under which s matches
// rule: what an error says would accept it. It is asked only of an s that
// g's ABNF refuses, so an edit that lifts a prose rule, which leaves the
// ABNF as it is, never accepts s and is not tried.
func (g *Grammar[R]) needs(rule R, s string) []string {
	var out []string
	g.oneMoreEdit(rule, s, true, func(name string, _ *Grammar[R]) { out = append(out, name) })
	return out
}

// editSpecs lists the documents of the named edits ("RFC 6874"), each once.
func (g *Grammar[R]) editSpecs(names []string) []string {
	var specs []string
	for _, e := range g.root().d.Edits {
		if slices.Contains(names, e.Name) && !slices.Contains(specs, e.Spec) {
			specs = append(specs, e.Spec)
		}
	}
	return specs
}
