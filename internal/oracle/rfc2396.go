// This file is an independent reading of RFC 2396 Appendix A and of
// its edits, for tests: regular expressions built from the grammar's syntax
// trees (grammar.Definitions, which gen reads from grammar/rfc2396.abnf and
// edits/), the Appendix B regular expression, a prefix-viability check that
// runs Go's own compiled form of the same expressions, and a generator of
// test strings from the same trees. None of it shares code with the PEG
// files, the generated parsers or the automata of package parser.
//
// Beside the grammar in force, which an edit of rfc2396.peg changes, it
// reads Appendix A as the RFC publishes it (rfc2396-appendix-a.txt, [NewPublished]),
// so that a test table stating what the RFC says of a reference can tell
// whether the grammar in force still reads it so ([Facts]).
//
// Regular expressions match runes and the grammars bytes, so both the
// expressions and the inputs read one byte as one rune of the same value
// (ISO 8859-1): a byte 0xC3 is the rune U+00C3, in a class and in an input
// alike.

package oracle

import (
	_ "embed"
	"fmt"
	"regexp"
	"regexp/syntax"
	"strings"
	"sync"

	"github.com/rfc2396/rfc2396/grammar"
	"github.com/rfc2396/rfc2396/grammar/bnf"
)

// Oracle decides membership in the language of each rule of a grammar:
// Appendix A, or Appendix A with edits.
type Oracle struct {
	edits grammar.EditSet
	// whole and progs compile a rule's expression the first time it is
	// asked for (nil for a rule the grammar does not have): most uses ask
	// for a few rules, and compiling them all was most of a test's time
	// where it made an oracle.
	whole [grammar.NumAllRules]func() *regexp.Regexp
	progs [grammar.NumAllRules]func() *syntax.Prog
	// server splits a server into userinfo, host and port.
	server func() *regexp.Regexp
}

// New compiles the oracle's expressions for Appendix A.
func New() *Oracle { return NewFor(0) }

// NewFor compiles the oracle's expressions for Appendix A with the edits
// of set in force.
func NewFor(set grammar.EditSet) *Oracle {
	defs, rules := grammar.Definitions(set)
	return newOf(set, defs, rules)
}

// appendixA is Appendix A as RFC 2396 publishes it, one rule a line,
// whatever rfc2396.peg now says.
//
//go:embed rfc2396-appendix-a.txt
var appendixA string

// RuleAsPublished reports whether rfc2396.peg writes rule, and every rule
// it uses, as Appendix A publishes it (rfc2396-appendix-a.txt): the same ABNF
// line. A test of a property Appendix A guarantees for a rule (Escape of
// a path always keeps its structure) holds for the rule while this is so.
func RuleAsPublished(rule grammar.Rule) bool {
	published, err := PublishedDefinitions()
	if err != nil {
		panic(err) // a fixed file, checked by TestPublished
	}
	lines := map[string]string{}
	for _, d := range published {
		lines[d.Name] = d.Line
	}
	defs, _ := grammar.Definitions(0)
	byName := map[string]bnf.Definition{}
	for _, d := range defs {
		byName[d.Name] = d
	}
	seen := map[string]bool{}
	var same func(name string) bool
	same = func(name string) bool {
		if seen[name] {
			return true
		}
		seen[name] = true
		d, ok := byName[name]
		if !ok || lines[name] != d.Line {
			return false
		}
		ok = true
		visitRefs(d.Body, func(ref string) { ok = ok && same(ref) })
		return ok
	}
	return same(rule.String())
}

// visitRefs calls f with the name of every rule n refers to.
func visitRefs(n *bnf.Node, f func(string)) {
	if n == nil {
		return
	}
	if n.Kind == bnf.RuleRef {
		f(n.Text)
	}
	for _, c := range n.Children {
		visitRefs(c, f)
	}
}

// NewPublished is [NewFor] for Appendix A as RFC 2396 publishes it
// (rfc2396-appendix-a.txt), not as rfc2396.peg now writes it: the two differ only
// after someone edits the grammar. A test table that states what
// Appendix A makes of an input applies to the grammar in force where
// [Oracle.SameReading] says the two read the input alike.
func NewPublished(set grammar.EditSet) *Oracle {
	published, err := PublishedDefinitions()
	if err != nil {
		panic(err) // a fixed file, checked by TestPublished
	}
	byName := map[string]bnf.Definition{}
	for _, d := range published {
		byName[d.Name] = d
	}
	defs, rules := grammar.Definitions(set)
	for i, r := range rules {
		if d, ok := byName[defs[i].Name]; ok && definedByAppendixA(r, set) {
			defs[i] = d
		}
	}
	return newOf(set, defs, rules)
}

// definedByAppendixA reports whether Appendix A, not an edit of set,
// defines r.
func definedByAppendixA(r grammar.Rule, set grammar.EditSet) bool {
	def, ok := r.Definition(set)
	return ok && def.Edit == grammar.NoEdit
}

// PublishedDefinitions returns the rules of Appendix A as RFC 2396
// publishes it (rfc2396-appendix-a.txt).
func PublishedDefinitions() ([]bnf.Definition, error) {
	defs, err := bnf.Parse(appendixA)
	if err != nil {
		return nil, fmt.Errorf("oracle: rfc2396-appendix-a.txt: %v", err)
	}
	return defs, nil
}

// SameRules returns an error unless defs define the rules names, in that
// order: a copy of a published grammar holds the rules of the catalogue.
func SameRules(defs []bnf.Definition, names []string) error {
	for i, d := range defs {
		if i >= len(names) || d.Name != names[i] {
			return fmt.Errorf("rule %d is %s; the catalogue's rules are %v", i+1, d.Name, names)
		}
	}
	if len(defs) != len(names) {
		return fmt.Errorf("%d rules; the catalogue has %d", len(defs), len(names))
	}
	return nil
}

// newOf compiles the oracle's expressions for defs, the definitions of
// rules under the edits of set.
func newOf(set grammar.EditSet, defs []bnf.Definition, rules []grammar.Rule) *Oracle {
	o := &Oracle{edits: set}
	pats := Patterns(defs)
	patterns := map[grammar.Rule]string{}
	for i, r := range rules {
		patterns[r] = pats[defs[i].Name]
	}
	for r, p := range patterns {
		o.whole[r] = sync.OnceValue(func() *regexp.Regexp { return regexp.MustCompile(`^(?:` + p + `)$`) })
		o.progs[r] = sync.OnceValue(func() *syntax.Prog { return CompileProg(p) })
	}
	server := `^(?:(` + patterns[grammar.RuleUserinfo] + `)@)?(` + patterns[grammar.RuleHost] + `)(?::(` + patterns[grammar.RulePort] + `))?$`
	o.server = sync.OnceValue(func() *regexp.Regexp { return regexp.MustCompile(server) })
	return o
}

// Match reports whether s as a whole is in the language of rule (false
// for a rule the grammar does not have).
func (o *Oracle) Match(rule grammar.Rule, s string) bool {
	if rule < 0 || rule >= grammar.NumAllRules || o.whole[rule] == nil {
		return false
	}
	return o.whole[rule]().MatchString(latin1(s))
}

// latin1 returns s with every byte read as the rune of the same value.
func latin1(s string) string {
	ascii := true
	for i := 0; i < len(s); i++ {
		if s[i] >= 0x80 {
			ascii = false
			break
		}
	}
	if ascii {
		return s
	}
	var b strings.Builder
	for i := 0; i < len(s); i++ {
		b.WriteRune(rune(s[i]))
	}
	return b.String()
}

// ViablePrefix returns the length of the longest prefix of s that some
// string of rule's language starts with: the offset of the first byte that
// no valid parse can include, or len(s) when every prefix can still be
// completed. It runs a Thompson simulation of the program Go's regexp/syntax
// compiles from the rule's expression, a byte at a time.
func (o *Oracle) ViablePrefix(rule grammar.Rule, s string) int {
	if rule < 0 || rule >= grammar.NumAllRules || o.progs[rule] == nil {
		return ViablePrefixOf(nil, s)
	}
	return ViablePrefixOf(o.progs[rule](), s)
}

// CompileProg compiles a pattern to the program ViablePrefixOf runs. It
// panics on a pattern RE2 does not accept: patterns are built by Patterns.
func CompileProg(pattern string) *syntax.Prog {
	re, err := syntax.Parse(pattern, syntax.Perl)
	if err != nil {
		panic(err)
	}
	prog, err := syntax.Compile(re.Simplify())
	if err != nil {
		panic(err)
	}
	return prog
}

// ViablePrefixOf is ViablePrefix for any program CompileProg returns (the
// RFC 3986 oracle runs it too), over s read one byte a rune. Like the
// parsers' errors, the offset never splits a character: where the first
// byte no parse can include is inside a UTF-8 sequence, or right after
// one cut short, it is the sequence's first byte (bnf.StartOfChar).
func ViablePrefixOf(prog *syntax.Prog, s string) int {
	cur := ProgStart(prog)
	for i := 0; i < len(s); i++ {
		next := ProgStep(prog, cur, rune(s[i]))
		if len(next) == 0 {
			return bnf.StartOfChar(s, i)
		}
		cur = next
	}
	return bnf.StartOfChar(s, len(s))
}

// ProgStart returns the instructions a Thompson simulation of prog starts
// from: those that read a rune or match, reachable from its start without
// reading.
func ProgStart(prog *syntax.Prog) []uint32 { return closure(prog, nil, uint32(prog.Start)) }

// ProgStep returns the instructions of a Thompson simulation of prog after
// reading r in cur: none when no parse can read r there.
func ProgStep(prog *syntax.Prog, cur []uint32, r rune) []uint32 {
	var next []uint32
	seen := map[uint32]bool{}
	for _, pc := range cur {
		inst := &prog.Inst[pc]
		switch inst.Op {
		case syntax.InstRune, syntax.InstRune1, syntax.InstRuneAny, syntax.InstRuneAnyNotNL:
			if inst.MatchRune(r) {
				next = append(next, closure(prog, seen, inst.Out)...)
			}
		}
	}
	return next
}

// closure returns the rune-consuming and matching instructions reachable
// from pc without consuming input.
func closure(prog *syntax.Prog, seen map[uint32]bool, pc uint32) []uint32 {
	if seen == nil {
		seen = map[uint32]bool{}
	}
	var out []uint32
	var walk func(pc uint32)
	walk = func(pc uint32) {
		if seen[pc] {
			return
		}
		seen[pc] = true
		inst := &prog.Inst[pc]
		switch inst.Op {
		case syntax.InstAlt, syntax.InstAltMatch:
			walk(inst.Out)
			walk(inst.Arg)
		case syntax.InstCapture, syntax.InstNop, syntax.InstEmptyWidth:
			walk(inst.Out)
		case syntax.InstFail:
		default:
			out = append(out, pc)
		}
	}
	walk(pc)
	return out
}

// Component is a component of a reference: its value and whether it is
// defined.
type Component struct {
	Value   string
	Defined bool
}

// Split is the five components of a reference.
type Split struct {
	Scheme, Authority Component
	Path              string
	Query, Fragment   Component
}

// appendixB is the regular expression of RFC 2396 Appendix B, which RFC
// 3986 Appendix B repeats unchanged and RFC 3987 section 2.2 applies to
// IRIs (it names only delimiters).
var appendixB = regexp.MustCompile(`^(([^:/?#]+):)?(//([^/?#]*))?([^?#]*)(\?([^#]*))?(#(.*))?`)

// SplitB splits a reference with the Appendix B regular expression (RFC
// 2396 section 4.3's greedy reading, RFC 3986's and RFC 3987's alike): scheme $2, authority $4, path $5, query $7,
// fragment $9.
func SplitB(s string) Split {
	m := appendixB.FindStringSubmatchIndex(s)
	get := func(g int) Component {
		if m[2*g] < 0 {
			return Component{}
		}
		return Component{s[m[2*g]:m[2*g+1]], true}
	}
	return Split{Scheme: get(2), Authority: get(4), Path: get(5).Value, Query: get(7), Fragment: get(9)}
}

// Opaque applies the project's reading of an opaque URI to an Appendix B
// split: when a scheme is followed by something other than "/", the path is
// the whole opaque_part (everything between ":" and "#", "?" included) and
// the query is undefined, since Appendix A gives opaque_part no query.
func Opaque(s Split) (Split, bool) {
	if !s.Scheme.Defined || s.Authority.Defined || len(s.Path) > 0 && s.Path[0] == '/' {
		return s, false
	}
	if s.Query.Defined {
		s.Path += "?" + s.Query.Value
		s.Query = Component{}
	}
	return s, true
}

// Read is the grammar's reading of a valid reference s: the Appendix B
// split (section 4.3's greedy reading) with the opaque_part reading of
// [Opaque], corrected where the grammar reads s otherwise. Under Appendix A
// it never does; a grammar edit can make it:
//   - Appendix B takes any "x:" before the first "/", "?" or "#" for a
//     scheme. The grammar reads an absoluteURI only if the part before the
//     fragment is one (rfc2396.peg tries absoluteURI first and keeps it if
//     it reaches "#" or the end); otherwise s is a relativeURI, whose path
//     runs from the start (an edit that lets rel_segment hold ":" makes
//     "a:" such a path).
//   - Appendix B takes "//" for the start of an authority. The grammar
//     reads a net_path only if "//", the authority and the path after it
//     are one; otherwise the "//" starts the path, an abs_path (an edit
//     that gives pchar a character authority lacks makes "//a|b" one, and
//     one that makes net_path's abs_path required makes "//h" one). An
//     empty authority under the edit empty-authority is left as Appendix
//     B reads it: that edit reads it as none, which its callers apply.
func (o *Oracle) Read(s string) (Split, bool) {
	sp := SplitB(s)
	if sp.Scheme.Defined {
		beforeFragment := s
		if sp.Fragment.Defined {
			beforeFragment = s[:len(s)-len(sp.Fragment.Value)-1]
		}
		if !o.Match(grammar.RuleAbsoluteURI, beforeFragment) && o.Match(grammar.RuleRelativeURI, beforeFragment) {
			rel := SplitB("/" + beforeFragment) // no scheme, no authority
			sp = Split{Path: beforeFragment[:len(rel.Path)-1], Query: rel.Query, Fragment: sp.Fragment}
		}
	}
	// An empty authority under the edit empty-authority is none, which
	// its callers apply.
	if a := sp.Authority; a.Defined && (a.Value != "" || !o.edits.Has(grammar.EditEmptyAuthority)) && !o.Match(grammar.RuleNetPath, "//"+a.Value+sp.Path) {
		sp.Path = "//" + a.Value + sp.Path
		sp.Authority = Component{}
	}
	return Opaque(sp)
}

// Server is the reading of a server-based authority.
type Server struct {
	UserInfo, Host, Port Component
	IPv4, IPv6           bool
}

// fromLatin1 undoes latin1.
func fromLatin1(s string) string {
	var b []byte
	for _, r := range s {
		b = append(b, byte(r))
	}
	return string(b)
}

// ReadServer reports whether authority is a whole server (section 3.2.2) and
// splits it. A server is empty or [ userinfo "@" ] hostport; userinfo has no
// "@", host no ":", so the split is unique.
func (o *Oracle) ReadServer(authority string) (Server, bool) {
	if !o.Match(grammar.RuleServer, authority) {
		return Server{}, false
	}
	if authority == "" {
		return Server{}, true
	}
	orig := authority
	authority = latin1(authority)
	m := o.server().FindStringSubmatchIndex(authority)
	if m == nil {
		// An edit gave hostport a form the published split does not
		// know (a ":" after the port, say): split it as the grammar's
		// rules allow, the longest host first.
		return o.splitServer(orig), true
	}
	get := func(g int) Component {
		if m[2*g] < 0 {
			return Component{}
		}
		return Component{authority[m[2*g]:m[2*g+1]], true}
	}
	s := Server{UserInfo: get(1), Host: get(2), Port: get(3)}
	s.IPv4 = o.Match(grammar.RuleIPv4address, s.Host.Value)
	s.IPv6 = strings.HasPrefix(s.Host.Value, "[")
	for _, c := range []*Component{&s.UserInfo, &s.Host, &s.Port} {
		c.Value = fromLatin1(c.Value)
	}
	return s, true
}

// SameReading reports whether o and p read each of refs alike: both
// accept it as a URI-reference, or both reject it at the same byte
// ([SameVerdict]) after a prefix they both accept or both reject
// ([SamePrefixVerdict]), and if they accept it, they split it into the same
// components, opaque or not, and read its authority as the same server
// (or both as a registry name). With o the grammar in force and p
// [NewPublished], it says whether a row that states what Appendix A makes
// of refs still holds after a grammar edit.
func (o *Oracle) SameReading(p *Oracle, refs ...string) bool {
	for _, ref := range refs {
		same, valid := SameVerdict(o, p, grammar.RuleURIReference, ref)
		if !same {
			return false
		}
		if !valid {
			if !SamePrefixVerdict(o, p, grammar.RuleURIReference, ref) {
				return false
			}
			continue
		}
		split, opaque := o.Read(ref)
		psplit, popaque := p.Read(ref)
		if split != psplit || opaque != popaque {
			return false
		}
		if a := split.Authority; a.Defined {
			srv, ok := o.ReadServer(a.Value)
			psrv, pok := p.ReadServer(a.Value)
			if ok != pok || srv != psrv {
				return false
			}
		}
	}
	return true
}

// SamePrefixVerdict reports whether a and b give the same verdict to the
// text of s before its first bad byte (as a reads it). An error message
// names the rule that holds that text: "a\x00" fails in rel_segment while
// "a" is a relative reference, in scheme after an edit that takes rel_path
// away.
func SamePrefixVerdict[R any, V Verdicts[R]](a, b V, rule R, s string) bool {
	n := a.ViablePrefix(rule, s)
	return a.Match(rule, s[:n]) == b.Match(rule, s[:n])
}

// splitServer splits a server the published form [ userinfo "@" ] host
// [ ":" port ] does not match: the userinfo before the last "@" if it is
// one, then the longest prefix that is a host, then after a ":" the
// longest run that is a port.
func (o *Oracle) splitServer(authority string) Server {
	var s Server
	rest := authority
	if i := strings.LastIndexByte(authority, '@'); i >= 0 && o.Match(grammar.RuleUserinfo, authority[:i]) {
		s.UserInfo, rest = Component{authority[:i], true}, authority[i+1:]
	}
	for n := len(rest); n > 0; n-- {
		if o.Match(grammar.RuleHost, rest[:n]) {
			s.Host, rest = Component{rest[:n], true}, rest[n:]
			break
		}
	}
	if strings.HasPrefix(rest, ":") {
		for n := len(rest); n > 0; n-- {
			if o.Match(grammar.RulePort, rest[1:n]) {
				s.Port = Component{rest[1:n], true}
				break
			}
		}
	}
	s.IPv4 = o.Match(grammar.RuleIPv4address, s.Host.Value)
	s.IPv6 = strings.HasPrefix(s.Host.Value, "[")
	return s
}

// Verdicts is an oracle of a grammar whose rules are R.
type Verdicts[R any] interface {
	Match(rule R, s string) bool
	ViablePrefix(rule R, s string) int
}

// SameVerdict reports whether a and b give s the same verdict for rule
// (same says both accept it, or both reject it at the same byte), and
// whether a accepts it.
func SameVerdict[R any, V Verdicts[R]](a, b V, rule R, s string) (same, valid bool) {
	valid = a.Match(rule, s)
	if valid != b.Match(rule, s) {
		return false, valid
	}
	return valid || a.ViablePrefix(rule, s) == b.ViablePrefix(rule, s), valid
}

// Facts tells a test table that states what a standard's grammar, as the
// RFC publishes it, makes of its inputs (a resolution, a normal form, the
// components) which of its rows still hold under the grammar in force:
// after an edit of rfc2396.peg, a row about "http://h:/" says nothing of
// a grammar whose port cannot be empty. Unless the grammar has been
// edited, every row holds. O is the standard's oracle.
type Facts[O interface{ SameReading(O, ...string) bool }] struct {
	inForce, published O
}

// FactsOf returns the Facts of the oracles of the grammar in force and of
// the grammar as published.
func FactsOf[O interface{ SameReading(O, ...string) bool }](inForce, published O) *Facts[O] {
	return &Facts[O]{inForce: inForce, published: published}
}

// NewFacts returns the Facts of RFC 2396's grammar in force under the
// edits of set.
func NewFacts(set grammar.EditSet) *Facts[*Oracle] { return FactsOf(NewFor(set), NewPublished(set)) }

// Hold reports whether the grammar in force reads each of refs as the
// grammar as published does ([Oracle.SameReading]), so that what a row
// says of them holds.
func (f *Facts[O]) Hold(refs ...string) bool { return f.inForce.SameReading(f.published, refs...) }

// NotHeld is what a test logs for a row that [Facts.Hold] leaves out.
const NotHeld = "not checked: the grammar in force reads it otherwise than as published"

// ErrorRuleSame reports whether an error that a grammar as
// published places in the rule name still names it under the grammar in
// force: the rule, the rules it uses and every rule that uses it,
// directly or not, have the same ABNF line in both (inForce and published
// are their definitions). A table row that names the rule of an error
// ("offset 10: invalid character 'z' in segment") holds only then: an
// edit of path-abempty to segment-nz makes the same error one of
// segment-nz, although segment itself is unchanged.
func ErrorRuleSame(inForce, published []bnf.Definition, name string) bool {
	lines := map[string]string{}
	for _, d := range published {
		lines[d.Name] = d.Line
	}
	// The rules each rule names and is named by, in either grammar: a
	// rule that used the rule as published and no longer does (path-abempty
	// of segment-nz) changes where its errors are too.
	uses := map[string][]string{}
	usedBy := map[string][]string{}
	byName := map[string]bnf.Definition{}
	for i, defs := range [][]bnf.Definition{inForce, published} {
		for _, d := range defs {
			if i == 0 {
				byName[d.Name] = d
			}
			visitRefs(d.Body, func(ref string) {
				uses[d.Name] = append(uses[d.Name], ref)
				usedBy[ref] = append(usedBy[ref], d.Name)
			})
		}
	}
	same := true
	check := func(edges map[string][]string) {
		seen := map[string]bool{}
		var visit func(string)
		visit = func(n string) {
			if seen[n] || !same {
				return
			}
			seen[n] = true
			d, ok := byName[n]
			line, pok := lines[n]
			if !ok && !pok {
				return // a core rule (ALPHA, DIGIT), which neither defines
			}
			if !ok || !pok || line != d.Line {
				same = false
				return
			}
			for _, m := range edges[n] {
				visit(m)
			}
		}
		visit(name)
	}
	check(uses)
	check(usedBy)
	return same
}

// ErrorRuleAsPublished is [ErrorRuleSame] for a rule of RFC 2396: the
// grammar in force (rfc2396.peg's ABNF lines) and Appendix A as published.
func ErrorRuleAsPublished(rule grammar.Rule) bool {
	published, err := PublishedDefinitions()
	if err != nil {
		panic(err) // a fixed file, checked by TestPublished
	}
	defs, _ := grammar.Definitions(0)
	return ErrorRuleSame(defs, published, rule.String())
}
