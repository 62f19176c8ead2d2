package main

import (
	"fmt"
	"math/rand/v2"
	"regexp"
	"slices"
	"strings"
	"sync"

	"github.com/rfc2396/rfc2396/grammar/bnf"
	"github.com/rfc2396/rfc2396/internal/oracle/lang"
)

// The language check: every rule of a grammar file is written twice, as
// its ABNF line (the comment above it) and as its PEG body, and the two
// must accept the same strings, each matched as a whole. The ABNF side is
// decided by the oracle's regular expressions (package
// internal/oracle/lang), the PEG side by running the body (pegMachine).
// Both sides are tried on short strings: every string of up to two
// characters, derivations of the rule from either side, and every string
// one character away from a derivation. Languages are not compared
// exactly (a string the check never tries can still tell them apart), but
// an edit that makes a rule accept or refuse a character or a
// construction it did not is found in well under a second.

// A langRule is a rule to check: its PEG name, its ABNF name, and the file
// its PEG body is written in.
type langRule struct {
	peg, abnf, file string
}

// langCheck holds what checking the rules of one grammar needs.
type langCheck struct {
	machine  *pegMachine
	whole    map[string]*regexp.Regexp // ABNF name -> ^(?:pattern)$
	gen      *lang.Generator
	rand     *rand.Rand
	alphabet []byte
	uses     map[string][]string // PEG name -> the rules its body names
	// label names the grammar in messages about rules that are not in
	// the file being checked, e.g. "rfc2396.peg with edits/ipv6.peg".
	label string
}

// langSeed makes the check deterministic: the same grammar fails with the
// same message on every run.
const langSeed = 2396

// Sizes of the check: the number of derivations from each side per rule,
// and the longest derivation whose one-character neighbours are all tried.
const (
	langDerivations  = 16
	langNeighbourMax = 24
)

// newLangCheck prepares the check of a grammar: defs, its ABNF rules
// (RFC 5234's core rules are added where they are used), and rules, its
// PEG rules.
func newLangCheck(defs []bnf.Definition, rules []*pegRule, label string) (*langCheck, error) {
	m, err := newPEGMachine(rules)
	if err != nil {
		return nil, fmt.Errorf("%s: %v", label, err)
	}
	// Code-point ranges (RFC 3987's ucschar) are checked as the UTF-8
	// byte sequences they match: the PEG parsers read bytes (gen patch).
	defs = bnf.BytesOf(bnf.WithCore(defs))
	c := &langCheck{
		machine: m,
		whole:   map[string]*regexp.Regexp{},
		gen:     lang.NewGenerator(defs, langSeed),
		rand:    rand.New(rand.NewPCG(langSeed, 1)),
		uses:    map[string][]string{},
		label:   label,
	}
	for name, p := range lang.Patterns(defs) {
		re, err := regexp.Compile(`^(?:` + p + `)$`)
		if err != nil {
			return nil, fmt.Errorf("%s: rule %s: the oracle's expression does not compile: %v", label, name, err)
		}
		c.whole[name] = re
	}
	for _, r := range rules {
		walkExpr(r.body, func(e *expr) {
			if e.op == opRef && !slices.Contains(c.uses[r.name], e.text) {
				c.uses[r.name] = append(c.uses[r.name], e.text)
			}
		})
	}
	c.alphabet = alphabet(defs, rules)
	return c, nil
}

// alphabet returns one byte of each class of bytes that no character set
// of either side tells apart: trying one byte of a class tries them all,
// as far as any single rule can see.
func alphabet(defs []bnf.Definition, rules []*pegRule) []byte {
	var sets []byteSet
	single := func(c byte) {
		var s byteSet
		s.add(c)
		sets = append(sets, s)
	}
	for _, r := range rules {
		walkExpr(r.body, func(e *expr) {
			switch e.op {
			case opClass:
				sets = append(sets, e.set)
			case opLiteral:
				for i := 0; i < len(e.text); i++ {
					single(e.text[i])
				}
			}
		})
	}
	var walk func(n *bnf.Node)
	walk = func(n *bnf.Node) {
		switch n.Kind {
		case bnf.Alternation:
			// An alternation of single characters is one set
			// ("a" | "b" | ... is lowalpha), not one set a letter.
			var s byteSet
			all := true
			for _, k := range n.Children {
				switch {
				case k.Kind == bnf.Literal && len(k.Text) == 1:
					s = s.union(literalSet(k))
				case k.Kind == bnf.CharRange:
					s = s.union(rangeSet(k))
				default:
					all = false
					walk(k)
				}
			}
			if all || s != (byteSet{}) {
				sets = append(sets, s)
			}
			return
		case bnf.Literal:
			for i := 0; i < len(n.Text); i++ {
				sets = append(sets, literalSet(&bnf.Node{Kind: bnf.Literal, Text: n.Text[i : i+1], Fold: n.Fold}))
			}
		case bnf.CharRange:
			sets = append(sets, rangeSet(n))
		}
		for _, k := range n.Children {
			walk(k)
		}
	}
	for _, d := range defs {
		walk(d.Body)
	}
	// Bytes are in the same class when every set has both or neither.
	classOf := map[string]byte{}
	var out []byte
	for _, c := range preferredOrder() {
		var key strings.Builder
		for _, s := range sets {
			if s.has(c) {
				key.WriteByte('1')
			} else {
				key.WriteByte('0')
			}
		}
		if _, ok := classOf[key.String()]; !ok {
			classOf[key.String()] = c
			out = append(out, c)
		}
	}
	slices.Sort(out)
	return out
}

// preferredOrder lists every byte, the ones messages read best first, so
// that a class is represented by a letter, a digit or a printable
// character where it has one.
func preferredOrder() []byte {
	var order []byte
	for _, r := range [][2]byte{{'a', 'z'}, {'A', 'Z'}, {'0', '9'}, {0x21, 0x7e}, {0, 0xff}} {
		for c := int(r[0]); c <= int(r[1]); c++ {
			if !slices.Contains(order, byte(c)) {
				order = append(order, byte(c))
			}
		}
	}
	return order
}

func literalSet(n *bnf.Node) byteSet {
	var s byteSet
	c := n.Text[0]
	s.add(c)
	if n.Fold && (c|0x20 >= 'a' && c|0x20 <= 'z') {
		s.add(c ^ 0x20)
	}
	return s
}

func rangeSet(n *bnf.Node) byteSet {
	var s byteSet
	for c := n.Min; c <= n.Max && c < 256; c++ {
		s.add(byte(c))
	}
	return s
}

// abnfAccepts reports whether the ABNF rule named name accepts s as a
// whole.
func (c *langCheck) abnfAccepts(name, s string) bool {
	return c.whole[name].MatchString(latin1(s))
}

// latin1 returns s with every byte read as the rune of the same value, as
// the oracle's expressions read it.
func latin1(s string) string {
	var b strings.Builder
	for i := 0; i < len(s); i++ {
		b.WriteRune(rune(s[i]))
	}
	return b.String()
}

// A langMismatch is a string that one side of a rule accepts and the
// other does not.
type langMismatch struct {
	rule    langRule
	s       string
	pegSide bool // the PEG body accepts s, the ABNF line does not
	// reach, when the ABNF line accepts s, is how far the PEG body read
	// it (pegMachine.reads): where to look for the alternative that
	// committed or the repetition that took too much.
	reach int
}

func (m langMismatch) String() string {
	if m.pegSide {
		return fmt.Sprintf("rule %s: the PEG body accepts %q, its ABNF line does not", m.rule.peg, m.s)
	}
	if m.reach >= len(m.s) {
		return fmt.Sprintf("rule %s: its ABNF line accepts %q, the PEG body does not (it reads to the end and fails there)", m.rule.peg, m.s)
	}
	if m.reach == 0 {
		return fmt.Sprintf("rule %s: its ABNF line accepts %q, the PEG body does not (it stops at offset 0)", m.rule.peg, m.s)
	}
	return fmt.Sprintf("rule %s: its ABNF line accepts %q, the PEG body does not (it stops at offset %d, after %q)", m.rule.peg, m.s, m.reach, m.s[:m.reach])
}

// disagree reports whether the two sides of r disagree on s, and which
// side accepts it.
func (c *langCheck) disagree(r langRule, s string) (bool, bool) {
	p := c.machine.accepts(r.peg, s)
	return p != c.abnfAccepts(r.abnf, s), p
}

// check tries the rule r and returns a shortest string found on which its
// two sides disagree, or false.
func (c *langCheck) check(r langRule) (langMismatch, bool) {
	if c.whole[r.abnf] == nil {
		return langMismatch{}, false
	}
	var best *langMismatch
	seen := map[string]bool{}
	try := func(s string) {
		if seen[s] || best != nil && len(s) > len(best.s) {
			return
		}
		seen[s] = true
		if differ, pegSide := c.disagree(r, s); differ {
			if best == nil || len(s) < len(best.s) || len(s) == len(best.s) && s < best.s {
				best = &langMismatch{rule: r, s: s, pegSide: pegSide}
			}
		}
	}
	// Every string of up to two characters.
	try("")
	for _, a := range c.alphabet {
		try(string(a))
		for _, b := range c.alphabet {
			try(string([]byte{a, b}))
		}
	}
	// Derivations from both sides and their neighbours.
	neighbours := func(s string) {
		try(s)
		if len(s) > langNeighbourMax {
			for range 4 {
				try(c.gen.Mutate(s))
			}
			return
		}
		for i := 0; i <= len(s); i++ {
			if i < len(s) {
				try(s[:i] + s[i+1:])
			}
			for _, a := range c.alphabet {
				try(s[:i] + string(a) + s[i:])
				if i < len(s) {
					try(s[:i] + string(a) + s[i+1:])
				}
			}
		}
	}
	for range langDerivations {
		neighbours(c.gen.DeriveName(r.abnf))
		neighbours(c.machine.derive(c.rand, r.peg))
	}
	if best == nil {
		return langMismatch{}, false
	}
	best.s = c.shrink(r, best.s, best.pegSide)
	if !best.pegSide {
		best.reach = c.machine.reads(r.peg, best.s)
	}
	return *best, true
}

// shrink removes characters from s, one at a time, while the same side
// still alone accepts it.
func (c *langCheck) shrink(r langRule, s string, pegSide bool) string {
	for again := true; again; {
		again = false
		for i := 0; i < len(s); i++ {
			t := s[:i] + s[i+1:]
			if differ, p := c.disagree(r, t); differ && p == pegSide {
				s, again = t, true
				break
			}
		}
	}
	return s
}

// checkLanguages checks rules against their ABNF lines. When some
// disagree, it names first the rules whose own bodies are at fault, those
// none of whose subrules disagree, then says which rules that use them
// disagree in turn.
func checkLanguages(c *langCheck, rules []langRule) error {
	var found []langMismatch
	bad := map[string]bool{}
	for _, r := range rules {
		if m, ok := c.check(r); ok {
			found = append(found, m)
			bad[r.peg] = true
		}
	}
	if len(found) == 0 {
		return nil
	}
	// dependsOnBad reports whether a rule r uses, directly or not, a rule
	// that disagrees.
	memo := map[string]bool{}
	var dependsOnBad func(name string, depth int) bool
	dependsOnBad = func(name string, depth int) bool {
		if v, ok := memo[name]; ok || depth > 64 {
			return v
		}
		v := false
		for _, u := range c.uses[name] {
			if bad[u] || dependsOnBad(u, depth+1) {
				v = true
				break
			}
		}
		memo[name] = v
		return v
	}
	var causes, followers []string
	for _, m := range found {
		if dependsOnBad(m.rule.peg, 0) {
			followers = append(followers, m.rule.peg)
			continue
		}
		causes = append(causes, fmt.Sprintf("%s: %s", m.rule.file, m))
		if h := c.swallowHint(m); h != "" {
			causes = append(causes, h)
		}
	}
	if len(causes) == 0 {
		// A cycle of disagreeing rules: name them all.
		for _, m := range found {
			causes = append(causes, fmt.Sprintf("%s: %s", m.rule.file, m))
		}
		followers = nil
	}
	msg := strings.Join(causes, "\n")
	if len(followers) > 0 {
		msg += fmt.Sprintf("\n(%s: the rules that use it disagree in turn: %s)", c.label, strings.Join(followers, ", "))
	}
	return fmt.Errorf("the PEG body of a rule accepts a different language than its ABNF line:\n%s", msg)
}

// swallowHint explains a mismatch that no edit of the rule's own body
// alone can cause away: the body expects a character right after a rule
// that now accepts that character itself. A PEG repetition never gives
// back what it took, so the rule before takes the character that should
// end it (userinfo with "@", in server's "(userinfo '@')?"), and since a
// rule's span does not depend on what follows it, no body that calls it
// can stop it there. It returns "" when m is not of that kind.
func (c *langCheck) swallowHint(m langMismatch) string {
	r := c.machine.rules[m.rule.peg]
	if m.pegSide || r == nil {
		return ""
	}
	var hint string
	walkExpr(r.body, func(e *expr) {
		if hint != "" || e.op != opSeq {
			return
		}
		for i := 0; i+1 < len(e.kids); i++ {
			before, after := e.kids[i], e.kids[i+1]
			if before.op != opRef {
				continue
			}
			var ends byteSet
			switch after.op {
			case opLiteral:
				ends.add(after.text[0])
			case opClass:
				if !after.neg {
					ends = after.set
				}
			default:
				continue
			}
			for j := 0; j < len(m.s); j++ {
				ch := m.s[j]
				if !ends.has(ch) || !c.machine.accepts(before.text, string(ch)) {
					continue
				}
				hint = fmt.Sprintf("  (the body of %[1]s expects %[3]q right after %[2]s, and %[2]s now accepts %[3]q: "+
					"a PEG repetition never gives back what it took, so %[2]s takes the %[3]q that should end it, "+
					"and since a rule matches the same span wherever it is called, no body of %[1]s that calls %[2]s can stop it there. "+
					"Leave %[3]q out of %[2]s, or see docs/changing-the-grammar.md, \"Edits that need a hand\")",
					m.rule.peg, before.text, string(ch))
				return
			}
		}
	})
	return hint
}

// checkGrammarLanguages checks every Appendix A rule of ref, the grammar
// file named file, against defs, the ABNF lines written above them
// (checkTranscription has matched them up, in order).
func checkGrammarLanguages(defs []bnf.Definition, ref *pegFile, file string) error {
	c, err := newLangCheck(defs, ref.rules, file)
	if err != nil {
		return err
	}
	var rules []langRule
	for i, r := range appendixA(ref) {
		rules = append(rules, langRule{peg: r.name, abnf: defs[i].Name, file: file})
	}
	return checkLanguages(c, rules)
}

// checkEditLanguages checks each edit's rules, with the edits it requires
// in force, and the rules that use them, whose PEG bodies now run the
// edit's. The edits are checked side by side; the first that fails, in
// the order of edits/edits.txt, is reported. (The profiles' grammars,
// several edits at once, are compared with the oracle by the tests.)
func checkEditLanguages(comp *composition) error {
	index := func(name string) int {
		return slices.IndexFunc(comp.edits, func(e *edit) bool { return e.name == name })
	}
	var closure func(i int, set uint64) uint64
	closure = func(i int, set uint64) uint64 {
		if i < 0 || set&(1<<i) != 0 {
			return set
		}
		set |= 1 << i
		for _, r := range comp.edits[i].requires {
			set = closure(index(r), set)
		}
		return set
	}
	errs := make([]error, len(comp.edits))
	var wg sync.WaitGroup
	for i, e := range comp.edits {
		wg.Go(func() {
			label := fmt.Sprintf("rfc2396.peg with edits/%s.peg", e.name)
			errs[i] = checkComposition(comp, closure(i, 0), uint64(1)<<i, label)
		})
	}
	wg.Wait()
	for _, err := range errs {
		if err != nil {
			return err
		}
	}
	return nil
}

// checkComposition checks the grammar with the edits of set in force: the
// rules that the edits of changed define, and every rule that uses one of
// them.
func checkComposition(comp *composition, set, changed uint64, label string) error {
	defs, vars := comp.grammar(set)
	var pegRules []*pegRule
	for _, v := range vars {
		pegRules = append(pegRules, v.peg)
	}
	c, err := newLangCheck(defs, pegRules, label)
	if err != nil {
		return err
	}
	affected := map[string]bool{}
	for _, v := range vars {
		if v.edit >= 0 && changed&(1<<v.edit) != 0 {
			affected[v.peg.name] = true
		}
	}
	for grew := true; grew; {
		grew = false
		for _, v := range vars {
			if affected[v.peg.name] {
				continue
			}
			for _, u := range c.uses[v.peg.name] {
				if affected[u] {
					affected[v.peg.name], grew = true, true
					break
				}
			}
		}
	}
	var rules []langRule
	for i, v := range vars {
		if !affected[v.peg.name] {
			continue
		}
		file := "rfc2396.peg, in " + label
		if v.edit >= 0 {
			file = fmt.Sprintf("edits/%s.peg", comp.edits[v.edit].name)
		}
		rules = append(rules, langRule{peg: v.peg.name, abnf: defs[i].Name, file: file})
	}
	return checkLanguages(c, rules)
}
