package conformance

import (
	"fmt"
	"maps"
	"slices"
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/rfc2396/rfc2396/grammar/bnf"
)

// ItemKind is the kind of a coverage [Item].
type ItemKind int

// The kinds of coverage item.
const (
	// AlternativeItem is one alternative of an alternation ("a" | "b").
	AlternativeItem ItemKind = iota + 1
	// RepetitionItem is one boundary of a repetition: zero, one, several
	// (two or more, below the maximum) or the maximum number of times.
	RepetitionItem
)

// Code returns the kind for machines: "alternative" or "repetition".
func (k ItemKind) Code() string {
	switch k {
	case AlternativeItem:
		return "alternative"
	case RepetitionItem:
		return "repetition"
	}
	return "unknown"
}

// String returns the kind for people.
func (k ItemKind) String() string {
	switch k {
	case AlternativeItem:
		return "alternative"
	case RepetitionItem:
		return "repetition boundary"
	}
	return "unknown item kind"
}

// Item is one thing a reference can exercise in a grammar: an alternative
// of an alternation, or a boundary of a repetition whose bounds differ.
// Its ID is RULE "/" PATH ":" WHAT, where PATH is the position of the
// alternation or repetition in the rule's syntax tree (child indexes from
// the rule's body, dot-separated, "" for the body itself) and WHAT is
// "alt" N (1-based, in the RFC's order) or "rep" one of "0", "1",
// "several", "max".
type Item struct {
	ID   string   `json:"id"`
	Rule string   `json:"rule"`
	Kind ItemKind `json:"-"`
	// What is the item in words, with the alternative or repetition as the
	// grammar writes it.
	What string `json:"what"`

	node   *bnf.Node
	choice int    // alternative index (0-based)
	bound  string // repetition boundary
}

// repBounds returns the boundaries a repetition with bounds min..max
// (max < 0: unbounded) has: among "0", "1", "several", "max".
func repBounds(min, max int) []string {
	if min == max {
		return nil
	}
	var b []string
	if min == 0 {
		b = append(b, "0")
	}
	if min <= 1 && (max < 0 || max >= 1) {
		b = append(b, "1")
	}
	if max < 0 || max > 2 {
		b = append(b, "several")
	}
	if max >= 2 {
		b = append(b, "max")
	}
	return b
}

// boundOf classifies count times of a repetition with bounds min..max.
func boundOf(count, min, max int) string {
	switch {
	case count == max && max >= 2:
		return "max"
	case count == 0:
		return "0"
	case count == 1:
		return "1"
	}
	return "several"
}

// items lists the coverage items of defs, rule by rule in the grammar's
// order.
func items(defs []bnf.Definition) []*Item {
	var out []*Item
	for _, d := range defs {
		var walk func(n *bnf.Node, path string)
		walk = func(n *bnf.Node, path string) {
			switch n.Kind {
			case bnf.Alternation:
				for i, c := range n.Children {
					out = append(out, &Item{
						ID: fmt.Sprintf("%s/%s:alt%d", d.Name, path, i+1), Rule: d.Name, Kind: AlternativeItem,
						What: fmt.Sprintf("%s: alternative %d of %d, %s", d.Name, i+1, len(n.Children), render(c)),
						node: n, choice: i,
					})
				}
			case bnf.Repetition:
				for _, b := range repBounds(n.Min, n.Max) {
					out = append(out, &Item{
						ID: fmt.Sprintf("%s/%s:rep%s", d.Name, path, b), Rule: d.Name, Kind: RepetitionItem,
						What: fmt.Sprintf("%s: %s, %s", d.Name, render(n), boundWords(b, n)),
						node: n, bound: b,
					})
				}
			}
			for i, c := range n.Children {
				p := strconv.Itoa(i)
				if path != "" {
					p = path + "." + p
				}
				walk(c, p)
			}
		}
		walk(d.Body, "")
	}
	return out
}

func boundWords(b string, n *bnf.Node) string {
	switch b {
	case "0":
		return "zero times"
	case "1":
		return "once"
	case "max":
		return fmt.Sprintf("the maximum, %d times", n.Max)
	}
	if n.Max > 0 {
		return fmt.Sprintf("several times (2 to %d)", n.Max-1)
	}
	return "several times (2 or more)"
}

// render writes a syntax tree back in a BNF-like notation, for people.
func render(n *bnf.Node) string {
	switch n.Kind {
	case bnf.Alternation:
		var p []string
		for _, c := range n.Children {
			p = append(p, render(c))
		}
		return "( " + strings.Join(p, " | ") + " )"
	case bnf.Concatenation:
		var p []string
		for _, c := range n.Children {
			p = append(p, render(c))
		}
		return strings.Join(p, " ")
	case bnf.Repetition:
		inner := render(n.Children[0])
		if c := n.Children[0]; c.Kind == bnf.Concatenation && len(c.Children) > 1 {
			inner = "( " + inner + " )"
		}
		switch {
		case n.Min == 0 && n.Max == 1:
			return "[ " + inner + " ]"
		case n.Min == n.Max:
			return fmt.Sprintf("%d%s", n.Min, inner)
		case n.Max < 0 && n.Min == 0:
			return "*" + inner
		case n.Max < 0:
			return fmt.Sprintf("%d*%s", n.Min, inner)
		}
		return fmt.Sprintf("%d*%d%s", n.Min, n.Max, inner)
	case bnf.Literal:
		return strconv.Quote(n.Text)
	case bnf.RuleRef:
		return n.Text
	case bnf.CharRange:
		return fmt.Sprintf("%%x%02X-%02X", n.Min, n.Max)
	case bnf.Prose:
		return "<" + n.Text + ">"
	}
	return "?"
}

// Coverage counts which items of a grammar a set of strings exercises.
// Each string is matched against a rule of the grammar; of the ways it can
// be derived, the one counted is the first in the grammar's order: the
// first alternative that lets the whole string match, and in a
// concatenation or repetition, each element as long as it can be while the
// rest still matches. So "http://a" exercises server, not reg_name, in
// RFC 2396's authority = server | reg_name, as section 3.2 reads it.
type Coverage struct {
	std   *std
	items []*Item
	index map[itemKey]int
	hits  []int
	m     *matcher // reused from one Add to the next: see matcher.reset
	// Strings counts the strings added, Matched those that matched their
	// rule (only those count).
	Strings, Matched int
}

type itemKey struct {
	node  *bnf.Node
	what  int
	bound string
}

// NewCoverage returns an empty coverage count for the standard under the
// profile ("" for the grammar exactly).
func NewCoverage(standard Standard, profile string) (*Coverage, error) {
	s, err := newStd(standard, profile)
	if err != nil {
		return nil, err
	}
	return newCoverage(s), nil
}

// Start is the start rule of the standard's references (URI-reference,
// IRI-reference).
func (c *Coverage) Start() string {
	if c.zero() {
		return ""
	}
	return c.std.start
}

func newCoverage(s *std) *Coverage {
	c := &Coverage{std: s, items: items(s.defs), index: map[itemKey]int{}}
	c.hits = make([]int, len(c.items))
	for i, it := range c.items {
		c.index[itemKey{it.node, it.choice, it.bound}] = i
	}
	return c
}

// MaxCoverageInput is the longest string Add matches; longer ones are
// counted in Strings but not matched (the matcher's memory grows with the
// square of the length).
const MaxCoverageInput = 4096

// Add matches s against rule and counts the items its derivation uses. It
// reports whether s matched.
func (c *Coverage) Add(rule, s string) bool {
	if c.zero() {
		return false
	}
	used, ok := c.used(rule, s)
	c.Strings++
	if !ok {
		return false
	}
	c.Matched++
	for _, i := range used {
		c.hits[i]++
	}
	return true
}

// used returns the indexes of the items s's derivation from rule uses.
// zero reports whether c was not made by NewCoverage (a nil or zero
// Coverage): it then counts nothing and reports no items.
func (c *Coverage) zero() bool { return c == nil || c.std == nil }

func (c *Coverage) used(rule, s string) ([]int, bool) {
	d := c.std.byName[rule]
	if d == nil || len(s) > MaxCoverageInput {
		return nil, false
	}
	if c.m == nil {
		c.m = newMatcher(c.std.byName, s)
	} else {
		c.m.reset(s)
	}
	m := c.m
	if !m.can(d.Body, 0, len(s)) {
		return nil, false
	}
	var used []int
	m.derive(d.Body, 0, len(s), func(n *bnf.Node, choice int, bound string) {
		if i, ok := c.index[itemKey{n, choice, bound}]; ok {
			used = append(used, i)
		}
	})
	return used, true
}

// covers reports whether s's derivation from rule uses item.
func (c *Coverage) covers(rule, s string, item *Item) bool {
	used, ok := c.used(rule, s)
	if !ok {
		return false
	}
	want := c.index[itemKey{item.node, item.choice, item.bound}]
	for _, i := range used {
		if i == want {
			return true
		}
	}
	return false
}

// ItemCount is an item and how many strings exercised it.
type ItemCount struct {
	Item
	Kind    string `json:"kind"`
	Section string `json:"section"`
	Count   int    `json:"count"`
}

// Counts returns every item with its count, in the grammar's order.
func (c *Coverage) Counts() []ItemCount {
	if c.zero() {
		return nil
	}
	out := make([]ItemCount, len(c.items))
	for i, it := range c.items {
		out[i] = ItemCount{Item: *it, Kind: it.Kind.Code(), Section: c.std.section(it.Rule), Count: c.hits[i]}
	}
	return out
}

// Covered returns how many items were exercised, and how many there are.
func (c *Coverage) Covered() (covered, total int) {
	if c.zero() {
		return 0, 0
	}
	for _, h := range c.hits {
		if h > 0 {
			covered++
		}
	}
	return covered, len(c.hits)
}

// Missing returns the items no string exercised.
func (c *Coverage) Missing() []*Item {
	if c.zero() {
		return nil
	}
	var out []*Item
	for i, h := range c.hits {
		if h == 0 {
			out = append(out, c.items[i])
		}
	}
	return out
}

// matcher finds the derivations of one string: for a node and a start
// offset, the set of offsets where a match of the node can end, memoized,
// so that the search is polynomial in the length of the string.
type matcher struct {
	defs map[string]*bnf.Definition
	// nodes numbers every node of defs (see numberNodes), and body gives
	// a rule reference's definition by its node's number: the memo's key
	// is a number, hashed as one word, and a reference costs no lookup
	// by name (those hashes were a third of a match's time).
	nodes map[*bnf.Node]int
	body  []*bnf.Node
	s     string
	ends  map[int][]int // key: pos*len(body) + the node's number
	rest  map[restKey]bool
}

type restKey struct {
	n           *bnf.Node
	k, pos, end int
}

func newMatcher(defs map[string]*bnf.Definition, s string) *matcher {
	m := &matcher{defs: defs}
	m.numberNodes()
	m.reset(s)
	return m
}

// numberNodes numbers every node of m's definitions and records, for a
// rule reference, the body of the rule it names (nil for an undefined one).
func (m *matcher) numberNodes() {
	m.nodes = map[*bnf.Node]int{}
	var walk func(n *bnf.Node)
	walk = func(n *bnf.Node) {
		if _, seen := m.nodes[n]; seen {
			return
		}
		m.nodes[n] = len(m.body)
		m.body = append(m.body, nil)
		if n.Kind == bnf.RuleRef {
			if d := m.defs[n.Text]; d != nil {
				m.body[m.nodes[n]] = d.Body
			}
		}
		for _, c := range n.Children {
			walk(c)
		}
	}
	for _, name := range slices.Sorted(maps.Keys(m.defs)) {
		walk(m.defs[name].Body)
	}
}

// endsPerByte is about how many (node, offset) pairs the matcher
// memoizes per byte of a reference (108 over the first 500 of a corpus of
// real ones); the memo is made that large at once rather than grown, which
// was half the time of a match.
const endsPerByte = 112

// maxKeptEnds bounds the memo reset keeps for the next string; a larger
// one (from a long string) is let go.
const maxKeptEnds = 1 << 16

// reset makes m match s, keeping its memo's room when it is not too large.
func (m *matcher) reset(s string) {
	m.s = s
	if m.ends == nil || len(m.ends) > maxKeptEnds {
		m.ends = make(map[int][]int, endsPerByte*(len(s)+1))
		m.rest = map[restKey]bool{}
		return
	}
	clear(m.ends)
	clear(m.rest)
}

// endsOf returns the sorted offsets where a match of n from pos ends.
func (m *matcher) endsOf(n *bnf.Node, pos int) []int {
	id, ok := m.nodes[n]
	if !ok {
		return nil // the body of an undefined rule: nothing matches it
	}
	k := pos*len(m.body) + id
	if e, ok := m.ends[k]; ok {
		return e
	}
	m.ends[k] = nil // no left recursion in the URI grammars; guards anyway
	var out []int
	switch n.Kind {
	case bnf.Literal:
		if pos+len(n.Text) <= len(m.s) {
			t := m.s[pos : pos+len(n.Text)]
			if t == n.Text || n.Fold && strings.EqualFold(t, n.Text) {
				out = []int{pos + len(n.Text)}
			}
		}
	case bnf.CharRange:
		if n.CodePoints {
			// A code point, read as UTF-8: a byte that is not UTF-8 is
			// in no range.
			if r, size := utf8.DecodeRuneInString(m.s[pos:]); size > 0 && !(r == utf8.RuneError && size == 1) && int(r) >= n.Min && int(r) <= n.Max {
				out = []int{pos + size}
			}
		} else if pos < len(m.s) && int(m.s[pos]) >= n.Min && int(m.s[pos]) <= n.Max {
			out = []int{pos + 1}
		}
	case bnf.Prose:
	case bnf.RuleRef:
		out = m.endsOf(m.body[id], pos)
	case bnf.Alternation:
		// Sets of offsets are sorted slices: a set of a few offsets costs
		// one allocation, not a map.
		for _, c := range n.Children {
			out = append(out, m.endsOf(c, pos)...)
		}
		out = sortedSet(out)
	case bnf.Concatenation:
		cur := []int{pos}
		for _, c := range n.Children {
			var next []int
			for _, p := range cur {
				next = append(next, m.endsOf(c, p)...)
			}
			cur = sortedSet(next)
		}
		out = cur
	case bnf.Repetition:
		var set []int
		cur := []int{pos}
		if n.Min == 0 {
			set = []int{pos}
		}
		for count := 1; len(cur) > 0 && (n.Max < 0 || count <= n.Max); count++ {
			var next []int
			for _, p := range cur {
				for _, e := range m.endsOf(n.Children[0], p) {
					if _, found := slices.BinarySearch(set, e); count >= n.Min && found && n.Max < 0 {
						continue // reached before with enough repetitions
					}
					next = append(next, e)
				}
			}
			next = sortedSet(next)
			if count >= n.Min {
				set = sortedSet(append(slices.Clip(set), next...))
			}
			cur = next
			if count > n.Min+len(m.s)+1 {
				break // an empty iteration cannot reach anything new
			}
		}
		out = set
	}
	m.ends[k] = out
	return out
}

// sortedSet sorts xs, a slice of its caller's own, and drops repeats.
func sortedSet(xs []int) []int {
	if len(xs) < 2 {
		return xs
	}
	slices.Sort(xs)
	return slices.Clip(slices.Compact(xs))
}

// can reports whether n matches s[pos:end] exactly.
func (m *matcher) can(n *bnf.Node, pos, end int) bool {
	for _, e := range m.endsOf(n, pos) {
		if e == end {
			return true
		}
	}
	return false
}

// canRest reports whether children k.. of a concatenation match
// s[pos:end].
func (m *matcher) canRest(n *bnf.Node, k, pos, end int) bool {
	if k == len(n.Children) {
		return pos == end
	}
	key := restKey{n, k, pos, end}
	if v, ok := m.rest[key]; ok {
		return v
	}
	v := false
	for _, e := range m.endsOf(n.Children[k], pos) {
		if e <= end && m.canRest(n, k+1, e, end) {
			v = true
			break
		}
	}
	m.rest[key] = v
	return v
}

// canRep reports whether a repetition n that has matched count times can
// match s[pos:end] with its remaining repetitions.
func (m *matcher) canRep(n *bnf.Node, count, pos, end int) bool {
	if pos == end && count >= n.Min {
		return true
	}
	if n.Max >= 0 && count >= n.Max {
		return false
	}
	c := count
	if n.Max < 0 && c > n.Min {
		c = n.Min + 1 // beyond the minimum, unbounded: the count no longer matters
	}
	key := restKey{n, -1 - c, pos, end}
	if v, ok := m.rest[key]; ok {
		return v
	}
	m.rest[key] = false
	v := false
	for _, e := range m.endsOf(n.Children[0], pos) {
		if e <= end && (e > pos || count < n.Min) && m.canRep(n, count+1, e, end) {
			v = true
			break
		}
	}
	m.rest[key] = v
	return v
}

// derive walks the first derivation of s[pos:end] from n (which must
// match it) and calls use for every alternative and repetition boundary it
// takes.
func (m *matcher) derive(n *bnf.Node, pos, end int, use func(n *bnf.Node, choice int, bound string)) {
	switch n.Kind {
	case bnf.RuleRef:
		m.derive(m.body[m.nodes[n]], pos, end, use)
	case bnf.Alternation:
		for i, c := range n.Children {
			if m.can(c, pos, end) {
				use(n, i, "")
				m.derive(c, pos, end, use)
				return
			}
		}
	case bnf.Concatenation:
		for k, c := range n.Children {
			e, ok := m.longest(c, pos, end, func(e int) bool { return m.canRest(n, k+1, e, end) })
			if !ok {
				return
			}
			m.derive(c, pos, e, use)
			pos = e
		}
	case bnf.Repetition:
		count := 0
		for !(pos == end && count >= n.Min) {
			c := count
			e, ok := m.longest(n.Children[0], pos, end, func(e int) bool {
				return (e > pos || c < n.Min) && m.canRep(n, c+1, e, end)
			})
			if !ok {
				return
			}
			m.derive(n.Children[0], pos, e, use)
			pos = e
			count++
		}
		if n.Min != n.Max {
			use(n, 0, boundOf(count, n.Min, n.Max))
		}
	}
}

// longest returns the greatest offset up to end where a match of n from
// pos ends and ok holds. derive only asks where can has said there is one;
// false would mean a bug in the matcher, and derive then stops counting.
func (m *matcher) longest(n *bnf.Node, pos, end int, ok func(int) bool) (int, bool) {
	ends := m.endsOf(n, pos)
	for i := len(ends) - 1; i >= 0; i-- {
		if ends[i] <= end && ok(ends[i]) {
			return ends[i], true
		}
	}
	return 0, false
}

// Reachable returns the rules a derivation of rule can use: rule and every
// rule its definition names, directly or through other rules.
func (c *Coverage) Reachable(rule string) map[string]bool {
	seen := map[string]bool{}
	if c.zero() {
		return seen
	}
	var visit func(name string)
	visit = func(name string) {
		d := c.std.byName[name]
		if seen[name] || d == nil {
			return
		}
		seen[name] = true
		bnf.Walk(d.Body, func(n *bnf.Node) {
			if n.Kind == bnf.RuleRef {
				visit(n.Text)
			}
		})
	}
	visit(rule)
	return seen
}

// CountsFrom is [Coverage.Counts] limited to the items of the rules a
// derivation of rule can use, with how many of them were exercised.
func (c *Coverage) CountsFrom(rule string) (counts []ItemCount, covered int) {
	reach := c.Reachable(rule)
	for _, ic := range c.Counts() {
		if reach[ic.Rule] {
			counts = append(counts, ic)
			if ic.Count > 0 {
				covered++
			}
		}
	}
	return counts, covered
}
