package conformance

import (
	"bufio"
	"embed"
	"fmt"
	"math/rand/v2"
	"strconv"
	"strings"

	"github.com/rfc2396/rfc2396/grammar/bnf"
)

//go:embed rfcexamples/*.txt
var rfcExamples embed.FS

// Report is what generation found besides the suite: the coverage the
// suite reaches, and every generated case on which the project's parser
// and the independent oracle (or second resolver) disagree. Such a case is
// left out of the suite; a non-empty Disagreements is a bug to report.
type Report struct {
	Covered, Items int
	Missing        []string // IDs of the items no case exercises
	// Shadowed lists the missing items that strings derived through them
	// exist for, each of which the first-derivation reading (see
	// [Coverage]) reads through another item instead: an alternative
	// whose strings an earlier one also derives (RFC 3986's path-absolute,
	// a path-abempty too), which no case can exercise under that reading.
	// A missing item that is not shadowed is one the generator failed to
	// reach.
	Shadowed []string
	// RulesWithout lists the rules of the grammar (those the parser can
	// match alone) for which no valid or no invalid case of their own
	// could be made, each with what it lacks.
	RulesWithout  []string
	Disagreements []string
	// ProseRefused lists the derivations left out because the RFC's
	// prose refuses them where its ABNF derives them (RFC 6570's
	// reserved operators, RFC 8141's reserved NIDs): the parser follows
	// the prose, the oracle reads the ABNF alone, so neither verdict is
	// checked by the other. They are not disagreements.
	ProseRefused []string
}

// Options says what to generate.
type Options struct {
	Standard Standard
	Profile  string // "" for the grammar exactly
	Seed     uint64
}

// generator makes one suite.
type generator struct {
	s     *std
	r     *rand.Rand
	cov   *Coverage
	suite *Suite
	rep   *Report
	seen  map[string]bool // rule + "\x00" + input of every validity case
	n     map[string]int  // next case number per prefix
	// shadowed counts, per item ID, the strings derived through the item
	// that the first-derivation reading attributes elsewhere.
	shadowed map[string]int
}

// Generate makes the suite for opts. The result depends only on opts and
// the grammar. A standard of report.Standards whose strings are not URI
// references (RFC 9112's request-targets, RFC 8141's URNs, RFC 6570's
// templates) gets the validity cases only: no components, resolution or
// normalization.
func Generate(opts Options) (*Suite, *Report, error) {
	s, err := newStd(opts.Standard, opts.Profile)
	if err != nil {
		return nil, nil, err
	}
	g := &generator{
		s: s, r: rand.New(rand.NewPCG(opts.Seed, 18)), cov: newCoverage(s),
		suite: &Suite{Format: FormatVersion, Standard: s.name, Profile: s.profileName(), Seed: opts.Seed},
		rep:   &Report{}, seen: map[string]bool{}, n: map[string]int{}, shadowed: map[string]int{},
	}
	g.positives()
	g.negatives()
	g.everyRule(rand.New(rand.NewPCG(opts.Seed, 19)))
	if g.s.references {
		g.components()
		g.resolution()
		g.normalization()
	}
	g.rep.Covered, g.rep.Items = g.cov.Covered()
	for _, it := range g.cov.Missing() {
		g.rep.Missing = append(g.rep.Missing, it.ID)
		if g.shadowed[it.ID] > 0 {
			g.rep.Shadowed = append(g.rep.Shadowed, it.ID)
		}
	}
	return g.suite, g.rep, nil
}

func (g *generator) id(prefix string) string {
	g.n[prefix]++
	return fmt.Sprintf("%s-%04d", prefix, g.n[prefix])
}

func (g *generator) disagree(format string, args ...any) {
	g.rep.Disagreements = append(g.rep.Disagreements, fmt.Sprintf(format, args...))
}

// maxLen bounds a generated positive, to keep the suite readable.
const maxLen = 120

// attempts is how many derivations are tried for an item before it is
// reported missing.
const attempts = 60

// positives adds, for every item, a whole reference and (for a rule the
// parser can match alone) a string of the item's rule that exercise it,
// then random whole references for breadth.
func (g *generator) positives() {
	for _, it := range g.cov.items {
		reach := g.reach(it.node)
		if reach[g.s.start] {
			g.positiveFor(it, g.s.start, reach)
		}
		if it.Rule != g.s.start && g.s.catalogued(it.Rule) {
			g.positiveFor(it, it.Rule, reach)
		}
	}
	for i := 0; i < 200; i++ {
		str := g.derive(g.s.byName[g.s.start].Body, nil, nil)
		if len(str) <= maxLen {
			g.addPositive(g.s.start, str, Covers{Rule: g.s.start, Item: "random", What: "a random derivation of " + g.s.start, Section: g.s.section(g.s.start)})
		}
	}
}

// positiveFor adds a string of rule whose derivation exercises it.
func (g *generator) positiveFor(it *Item, rule string, reach map[string]bool) {
	for try := 0; try < attempts; try++ {
		str := g.derive(g.s.byName[rule].Body, it, reach)
		if len(str) > maxLen || strings.ContainsAny(str, "\n\r") {
			continue
		}
		if !g.cov.covers(rule, str, it) {
			g.shadowed[it.ID]++
			continue
		}
		if g.addPositive(rule, str, Covers{Rule: it.Rule, Item: it.ID, What: it.What, Section: g.s.section(it.Rule)}) {
			return
		}
	}
}

// addPositive adds a derivation after checking it with the parser and the
// oracle.
func (g *generator) addPositive(rule, str string, cv Covers) bool {
	key := rule + "\x00" + str
	if g.seen[key] {
		return false
	}
	ok, _ := g.s.oracleMatch(rule, str)
	perr := g.s.parserMatch(rule, str)
	if ok && perr != nil && perr.Prose != "" {
		g.rep.ProseRefused = append(g.rep.ProseRefused, fmt.Sprintf("derivation %q of %s: %s", str, rule, perr.Prose))
		return false
	}
	if !ok || perr != nil {
		msg := "valid"
		if perr != nil {
			msg = perr.Message
		}
		g.disagree("derivation %q of %s: oracle match %v, parser: %s", str, rule, ok, msg)
		return false
	}
	g.seen[key] = true
	g.cov.Add(rule, str)
	g.suite.Validity = append(g.suite.Validity, ValidityCase{ID: g.id("valid"), Rule: rule, Input: str, Valid: true, Covers: cv})
	return true
}

// reach returns the rules whose derivations can contain target (nil: none
// needed).
func (g *generator) reach(target *bnf.Node) map[string]bool {
	reach := map[string]bool{}
	var has func(n *bnf.Node) bool
	has = func(n *bnf.Node) bool {
		if n == target || n.Kind == bnf.RuleRef && reach[n.Text] {
			return true
		}
		for _, c := range n.Children {
			if has(c) {
				return true
			}
		}
		return false
	}
	for changed := true; changed; {
		changed = false
		for _, d := range g.s.defs {
			if !reach[d.Name] && has(d.Body) {
				reach[d.Name] = true
				changed = true
			}
		}
	}
	return reach
}

// derive returns a random derivation of n; with a target item, one that
// passes through the item's node and takes the item's alternative or
// repetition count there (reach is from [generator.reach]).
func (g *generator) derive(n *bnf.Node, target *Item, reach map[string]bool) string {
	var b strings.Builder
	g.gen(&b, n, target, reach, 0)
	return b.String()
}

func (g *generator) gen(b *strings.Builder, n *bnf.Node, t *Item, reach map[string]bool, depth int) {
	steer := t != nil && g.leads(n, t.node, reach)
	if t != nil && n == t.node {
		if n.Kind == bnf.Alternation {
			g.gen(b, n.Children[t.choice], nil, nil, depth+1)
			return
		}
		count := 0
		switch t.bound {
		case "1":
			count = 1
		case "several":
			hi := 4
			if n.Max > 0 && n.Max-1 < hi {
				hi = n.Max - 1
			}
			count = 2 + g.r.IntN(hi-1)
		case "max":
			count = n.Max
		}
		for i := 0; i < count; i++ {
			g.gen(b, n.Children[0], nil, nil, depth+1)
		}
		return
	}
	if !steer {
		t = nil
	}
	switch n.Kind {
	case bnf.Literal:
		for i := 0; i < len(n.Text); i++ {
			c := n.Text[i]
			if n.Fold && (c|0x20) >= 'a' && (c|0x20) <= 'z' && g.r.IntN(2) == 0 {
				c ^= 0x20
			}
			b.WriteByte(c)
		}
	case bnf.CharRange:
		c := n.Min + g.r.IntN(n.Max-n.Min+1)
		if !n.CodePoints {
			b.WriteByte(byte(c))
			break
		}
		// A code point (RFC 3987's ucschar), written as UTF-8; a
		// surrogate, which has no encoding, gives way to the range's
		// first code point.
		if c >= 0xD800 && c <= 0xDFFF {
			c = n.Min
		}
		b.WriteRune(rune(c))
	case bnf.RuleRef:
		g.gen(b, g.s.byName[n.Text].Body, t, reach, depth+1)
	case bnf.Concatenation:
		k := -1
		if t != nil {
			var leads []int
			for i, c := range n.Children {
				if g.leads(c, t.node, reach) {
					leads = append(leads, i)
				}
			}
			k = leads[g.r.IntN(len(leads))]
		}
		for i, c := range n.Children {
			if i == k {
				g.gen(b, c, t, reach, depth+1)
			} else {
				g.gen(b, c, nil, nil, depth+1)
			}
		}
	case bnf.Alternation:
		if t != nil {
			var leads []*bnf.Node
			for _, c := range n.Children {
				if g.leads(c, t.node, reach) {
					leads = append(leads, c)
				}
			}
			g.gen(b, leads[g.r.IntN(len(leads))], t, reach, depth+1)
			return
		}
		g.gen(b, n.Children[g.r.IntN(len(n.Children))], nil, nil, depth+1)
	case bnf.Repetition:
		count := n.Min
		if n.Max != n.Min {
			extra := 0
			switch k := g.r.IntN(8); {
			case depth > 12 || k == 0:
			case k < 6:
				extra = 1 + g.r.IntN(2)
			default:
				extra = g.r.IntN(5)
			}
			count += extra
			if n.Max >= 0 && count > n.Max {
				count = n.Max
			}
		}
		k := -1
		if t != nil {
			if count == 0 {
				count = 1
			}
			k = g.r.IntN(count)
		}
		for i := 0; i < count; i++ {
			if i == k {
				g.gen(b, n.Children[0], t, reach, depth+1)
			} else {
				g.gen(b, n.Children[0], nil, nil, depth+1)
			}
		}
	}
}

// leads reports whether a derivation of n can pass through target.
func (g *generator) leads(n, target *bnf.Node, reach map[string]bool) bool {
	if n == target || n.Kind == bnf.RuleRef && reach[n.Text] {
		return true
	}
	for _, c := range n.Children {
		if g.leads(c, target, reach) {
			return true
		}
	}
	return false
}

// mutations are what a near miss puts in: every printable US-ASCII byte,
// a tab, NUL, DEL, and a two-byte UTF-8 character. Line ends are left out:
// the grading protocol is one reference a line.
var mutations = func() []string {
	var m []string
	for c := byte(0x20); c < 0x7f; c++ {
		m = append(m, string(rune(c)))
	}
	return append(m, "\t", "\x00", "\x7f", "é")
}()

// negatives adds near misses of every positive: one byte inserted, deleted
// or changed, kept when the oracle rejects the result, with the offset and
// rule of the parser's error (which must agree with the oracle's offset).
func (g *generator) negatives() {
	positives := len(g.suite.Validity)
	for i := 0; i < positives; i++ {
		g.nearMisses(i, 2, 12)
	}
}

// nearMisses adds up to want near misses of the positive at index i of
// the validity cases, in at most tries tries, and returns how many it
// added.
func (g *generator) nearMisses(i, want, tries int) int {
	p := g.suite.Validity[i]
	made := 0
	for try := 0; try < tries && made < want; try++ {
		str, how := g.nearMiss(p.Input)
		key := p.Rule + "\x00" + str
		if g.seen[key] {
			continue
		}
		ok, off := g.s.oracleMatch(p.Rule, str)
		if ok {
			continue
		}
		perr := g.s.parserMatch(p.Rule, str)
		if perr == nil || perr.Offset != off {
			msg := "valid"
			if perr != nil {
				msg = perr.Message
			}
			g.disagree("near miss %q of %s: oracle offset %d, parser: %s", str, p.Rule, off, msg)
			continue
		}
		g.seen[key] = true
		made++
		o := off
		g.suite.Validity = append(g.suite.Validity, ValidityCase{
			ID: g.id("invalid"), Rule: p.Rule, Input: str, Valid: false, Covers: p.Covers,
			From: p.ID, Mutation: how, Offset: &o, ErrorRule: perr.Rule, Expected: perr.Expected,
			ErrorSection: g.s.section(perr.Rule), ErrorRuleText: g.s.words(perr.Rule),
		})
	}
	return made
}

// everyRule gives every rule the parser can match alone a valid and an
// invalid case of its own. The coverage items steer positives only into
// rules with an alternative or a repetition of differing bounds, so a rule
// that is a plain concatenation (RFC 2396's abs_path and escaped, RFC
// 3986's IPv4address and pct-encoded) or a fixed count (path-empty) has
// none from [generator.positives]. Such a rule gets random derivations of
// its own and near misses of them, made with r, a random source of their
// own, and appended after every other validity case, so that adding them
// changes no earlier case of the suite.
func (g *generator) everyRule(r *rand.Rand) {
	has := map[string][2]bool{} // rule: a valid case, an invalid one
	for _, v := range g.suite.Validity {
		h := has[v.Rule]
		if v.Valid {
			h[0] = true
		} else {
			h[1] = true
		}
		has[v.Rule] = h
	}
	saved := g.r
	g.r = r
	defer func() { g.r = saved }()
	for _, d := range g.s.defs {
		if !g.s.catalogued(d.Name) {
			continue
		}
		h := has[d.Name]
		first := len(g.suite.Validity)
		for try := 0; try < attempts && !h[0]; try++ {
			str := g.derive(d.Body, nil, nil)
			if len(str) > maxLen || strings.ContainsAny(str, "\n\r") {
				continue
			}
			h[0] = g.addPositive(d.Name, str, Covers{Rule: d.Name, Item: "rule", What: "a derivation of " + d.Name, Section: g.s.section(d.Name)})
		}
		if !h[1] {
			// Near misses of the rule's positives: those just made, or
			// those it had.
			var from []int
			for i := first; i < len(g.suite.Validity); i++ {
				from = append(from, i)
			}
			if len(from) == 0 {
				for i, v := range g.suite.Validity {
					if v.Valid && v.Rule == d.Name {
						from = append(from, i)
					}
				}
			}
			for _, i := range from {
				if g.nearMisses(i, 2, 4*attempts) > 0 {
					h[1] = true
				}
			}
		}
		switch {
		case !h[0] && !h[1]:
			g.rep.RulesWithout = append(g.rep.RulesWithout, d.Name+": no valid and no invalid case")
		case !h[0]:
			g.rep.RulesWithout = append(g.rep.RulesWithout, d.Name+": no valid case")
		case !h[1]:
			g.rep.RulesWithout = append(g.rep.RulesWithout, d.Name+": no invalid case")
		}
	}
}

// nearMiss returns s with one byte inserted, deleted or changed, and how.
func (g *generator) nearMiss(s string) (string, string) {
	m := mutations[g.r.IntN(len(mutations))]
	switch op := g.r.IntN(3); {
	case op == 0 || s == "":
		at := g.r.IntN(len(s) + 1)
		return s[:at] + m + s[at:], fmt.Sprintf("inserted %s at offset %d", strconv.QuoteToASCII(m), at)
	case op == 1:
		at := g.r.IntN(len(s))
		return s[:at] + s[at+1:], fmt.Sprintf("deleted %s at offset %d", strconv.QuoteToASCII(s[at:at+1]), at)
	default:
		at := g.r.IntN(len(s))
		return s[:at] + m + s[at+1:], fmt.Sprintf("changed %s to %s at offset %d", strconv.QuoteToASCII(s[at:at+1]), strconv.QuoteToASCII(m), at)
	}
}

// components adds the components of every valid whole reference, when
// the parser and the oracle read them alike.
func (g *generator) components() {
	for _, v := range g.suite.Validity {
		if !v.Valid || v.Rule != g.s.start {
			continue
		}
		pc, err := g.s.parserComponents(v.Input)
		if err != nil {
			g.disagree("components of %q: parser: %v", v.Input, err)
			continue
		}
		oc := g.s.oracleComponents(v.Input)
		if d := diffComponents(pc, oc); d != "" {
			g.disagree("components of %q: parser and oracle differ in %s", v.Input, d)
			continue
		}
		g.suite.Components = append(g.suite.Components, ComponentsCase{ID: g.id("components"), Input: v.Input, Covers: v.Covers, Components: pc})
	}
}

func diffComponents(a, b Components) string {
	var d []string
	for _, name := range append([]string{"scheme_specific_part"}, ComponentNames...) {
		x, y := a.Get(name), b.Get(name)
		if (x == nil) != (y == nil) || x != nil && *x != *y {
			d = append(d, name)
		}
	}
	return strings.Join(d, ", ")
}

// resolution adds the RFC's examples and generated pairs, each resolved by
// the parser and by the second reading of section 5.2 in resolve.go.
func (g *generator) resolution() {
	for _, ex := range g.rfcExamples() {
		g.addResolve(ex[0], ex[1], "rfc", ex[2])
	}
	sec := "5.2"
	if g.s.family() {
		sec = g.s.rfc3986Section(sec)
	}
	bases := []string{"http://a/b/c/d;p?q", "http://a/b/c/d;p?q#f", "foo://u@h:8/x/y/z?q", "http://a/", "s:/a/b/c", "file:///usr/local/bin", "http://h/a/b/", "ftp://a/%41/./b"}
	pieces := []string{"..", ".", "g", "h;p", "", "%7e", "g.", ".g", "..g", "g..", "x=y"}
	// 300 generated cases, or as many as 3000 tries give: a grammar edit
	// can make some of the pieces invalid ("%7e" without lower-case hex).
	for added, tries := 0, 0; added < 300 && tries < 3000; tries++ {
		var ref strings.Builder
		switch k := g.r.IntN(10); {
		case k == 0:
			ref.WriteString("//g")
		case k < 3:
			ref.WriteString("/")
		}
		n := 1 + g.r.IntN(4)
		for j := 0; j < n; j++ {
			if j > 0 {
				ref.WriteString("/")
			}
			ref.WriteString(pieces[g.r.IntN(len(pieces))])
		}
		if g.r.IntN(4) == 0 {
			ref.WriteString("?y")
		}
		if g.r.IntN(4) == 0 {
			ref.WriteString("#s")
		}
		if g.r.IntN(10) == 0 {
			ref.Reset()
			ref.WriteString(g.derive(g.s.byName[g.s.start].Body, nil, nil))
		}
		if g.addResolve(bases[g.r.IntN(len(bases))], ref.String(), "generated", sec) {
			added++
		}
	}
}

// addResolve adds a resolution case when both readings agree and both
// strings are valid references, and reports whether it did.
func (g *generator) addResolve(base, ref, source, section string) bool {
	for _, c := range g.suite.Resolve {
		if c.Base == base && c.Reference == ref {
			return false
		}
	}
	if g.s.parserMatch(g.s.start, ref) != nil && source != "rfc" {
		return false
	}
	if source == "rfc" && !g.s.asPublished()(base, ref) {
		// An RFC example whose base or reference the grammar in force
		// reads otherwise than the RFC's (after an edit: a segment with
		// no params rejects the RFC's base "http://a/b/c/d;p?q") says
		// nothing of it.
		return false
	}
	if source == "rfc" && g.s.family() && !g.s.derives(base, ref) {
		// Nor one whose base or reference a grammar of the RFC 3986
		// family does not derive at all (RFC 8089's file-URI has no
		// relative references and no "http" base). RFC 2396's own
		// examples are kept: Appendix C resolves "?y", which its
		// grammar does not derive.
		return false
	}
	var want string
	if g.s.family() {
		want = resolve3986(base, ref)
	} else {
		want = resolve2396(g.s.o2396, base, ref)
	}
	if source == "rfc" && (!g.s.asPublished()(want) || g.s.family() && !g.s.derives(want)) {
		// Nor does one whose result it reads otherwise (after an edit
		// that bounds the number of segments, "http://a/b/c/g/" is no
		// longer a URI).
		return false
	}
	got, err := g.s.resolve(base, ref)
	if err != nil {
		if source == "rfc" {
			g.disagree("RFC example %q against %q: parser: %v", ref, base, err)
		}
		return false
	}
	if got != want {
		g.disagree("resolving %q against %q: parser %q, second reading %q", ref, base, got, want)
		return false
	}
	g.suite.Resolve = append(g.suite.Resolve, ResolveCase{ID: g.id("resolve"), Base: base, Reference: ref, Result: got, Source: source, Section: section})
	return true
}

// rfcExamples reads the RFC's resolution examples: base, reference,
// section. Every grammar of the RFC 3986 family resolves by RFC 3986's
// section 5 (RFC 3987 section 6.5: "the algorithms of [RFC3986] can be
// applied directly"), so its examples are RFC 3986's section 5.4.
func (g *generator) rfcExamples() [][3]string {
	var out [][3]string
	if !g.s.family() {
		f, _ := rfcExamples.ReadFile("rfcexamples/rfc2396-appendix-c.txt")
		sc := bufio.NewScanner(strings.NewReader(string(f)))
		for sc.Scan() {
			line := sc.Text()
			if line == "" || line[0] == '#' {
				continue
			}
			fs := strings.Split(line, "\t")
			base, err1 := strconv.Unquote(fs[0])
			ref, err2 := strconv.Unquote(fs[1])
			if err1 == nil && err2 == nil {
				out = append(out, [3]string{base, ref, "Appendix C"})
			}
		}
		return out
	}
	f, _ := rfcExamples.ReadFile("rfcexamples/rfc3986-5.4.txt")
	sc := bufio.NewScanner(strings.NewReader(string(f)))
	base := ""
	for sc.Scan() {
		line := sc.Text()
		if line == "" || line[0] == '#' {
			continue
		}
		fs := strings.Split(line, "\t")
		if fs[0] == "base" {
			base = fs[1]
			continue
		}
		if len(fs) > 2 {
			continue // the non-strict reading of 5.2.2
		}
		ref := fs[0]
		if u, err := strconv.Unquote(ref); err == nil {
			ref = u
		}
		out = append(out, [3]string{base, ref, g.s.rfc3986Section("5.4")})
	}
	return out
}

// normalization adds normal forms and equivalences: references made from
// the suite's positives by changes section 6 says keep or change the
// meaning.
func (g *generator) normalization() {
	sec := "6"
	if g.s.family() {
		sec = g.s.rfc3986Section("6.2.2")
	}
	var inputs []string
	for _, v := range g.suite.Validity {
		if v.Valid && v.Rule == g.s.start {
			inputs = append(inputs, v.Input)
		}
	}
	// And a few chosen by hand, each if the grammar, which an edit may
	// have changed, accepts it.
	for _, in := range []string{"HTTP://A:80/./b/../c?%7e", "http://Example.COM:/a/%7euser/%2f", "http://a/b/c/./../../g", "ftp://u@H:21/x/../y"} {
		if ok, _ := g.s.oracleMatch(g.s.start, in); ok {
			inputs = append(inputs, in)
		}
	}
	for i, in := range inputs {
		if i%4 != 0 && i < len(inputs)-4 {
			continue
		}
		out, err := g.s.normalize(in)
		if err != nil {
			// An edit can leave a reference with no normal form: one the
			// published grammar accepts but the grammar in force refuses
			// ("/" after segment = 1*pchar). So can a grammar narrower
			// than RFC 3986's, whose normal form by RFC 3986 section 6
			// it does not derive (RFC 8089's path-absolute cannot start
			// "//", and "file://h/.//x" normalizes to "file://h//x").
			// The case is left out then; any other failure is the
			// parser's.
			if form, ok := g.s.refusedNormalForm(in, err); !ok || g.s.asPublished()(form) && !g.s.narrowerThan3986(form) {
				g.disagree("normalizing %q: %v", in, err)
			}
			continue
		}
		g.suite.Normalize = append(g.suite.Normalize, NormalizeCase{ID: g.id("normalize"), Input: in, Result: out, Section: sec, What: "normal form"})
	}
	variants := []struct {
		what string
		f    func(string) string
	}{
		{"upper-case scheme and host", func(s string) string {
			sp := g.s.oracleComponents(s)
			if sp.Scheme == nil {
				return ""
			}
			out := strings.ToUpper(*sp.Scheme) + s[len(*sp.Scheme):]
			if sp.Host != nil && *sp.Host != "" {
				out = strings.Replace(out, "//"+deref(sp.UserInfo, "@")+*sp.Host, "//"+deref(sp.UserInfo, "@")+strings.ToUpper(*sp.Host), 1)
			}
			return out
		}},
		{"a \"./\" segment added to the path", func(s string) string {
			sp := g.s.oracleComponents(s)
			if sp.Authority == nil || !strings.HasPrefix(*sp.Path, "/") {
				return ""
			}
			i := strings.Index(s, *sp.Authority+*sp.Path) + len(*sp.Authority)
			return s[:i] + "/." + s[i:]
		}},
		{"escapes in lower case", func(s string) string {
			if !strings.Contains(s, "%") {
				return ""
			}
			return strings.ToLower(s[:strings.Index(s, "%")]) + strings.ToLower(s[strings.Index(s, "%"):])
		}},
		{"the path in upper case", func(s string) string {
			sp := g.s.oracleComponents(s)
			if sp.Path == nil || *sp.Path == "" || sp.Authority == nil {
				return ""
			}
			return strings.Replace(s, *sp.Path, strings.ToUpper(*sp.Path), 1)
		}},
	}
	for i, a := range inputs {
		v := variants[i%len(variants)]
		b := v.f(a)
		if b == "" || b == a || g.s.parserMatch(g.s.start, b) != nil {
			continue
		}
		na, err1 := g.s.normalize(a)
		nb, err2 := g.s.normalize(b)
		if err1 != nil || err2 != nil {
			continue
		}
		g.suite.Equivalence = append(g.suite.Equivalence, EquivalenceCase{ID: g.id("equivalence"), A: a, B: b, Equivalent: na == nb, Section: sec, What: v.what})
	}
}

func deref(p *string, suffix string) string {
	if p == nil {
		return ""
	}
	return *p + suffix
}
