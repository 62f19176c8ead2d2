package site

import (
	"fmt"
	"hash/fnv"
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/rfc2396/rfc2396/grammar"
)

// MaxInput is the longest ref or base the playground takes, in bytes.
// The command line has no limit; a page that draws one span per rule per
// byte should have one.
const MaxInput = 8 << 10

// Analysis is what the playground shows for one input: the verdict, and
// either the components and the parse tree or the error. It is also the
// body of the JSON endpoint /play.json.
type Analysis struct {
	Input string `json:"input"` // as given (invalid UTF-8 becomes U+FFFD in JSON)
	Rule  string `json:"rule"`  // the rule the input was checked against
	// Standard is the standard's name ("rfc2396", "rfc3986", ...);
	// Profile the RFC 2396 profile (strict unless asked), or, under
	// another standard, its profile and edits as parse --json names them
	// ("rfc6874", "zone-id"; none for the grammar as published).
	Standard string `json:"standard"`
	Profile  string `json:"profile,omitempty"`
	Valid    bool   `json:"valid"`
	// Verdicts is the reference read under RFC 3986, its profiles and
	// every RFC 2396 profile, as rfc2396 compare does; ValidUnder the
	// labels of those that accept it.
	Verdicts   []Verdict `json:"verdicts,omitempty"`
	ValidUnder []string  `json:"valid_under,omitempty"`
	// Kind is "absolute, hierarchical", "absolute, opaque" or "relative",
	// for a valid URI-reference.
	Kind          string      `json:"kind,omitempty"`
	Components    []Component `json:"components,omitempty"`
	AuthorityKind string      `json:"authority_kind,omitempty"` // "server" or "registry" (section 3.2)
	HostKind      string      `json:"host_kind,omitempty"`      // "hostname", "IPv4address" or, under RFC 2732, "IPv6reference"
	Tree          *TreeNode   `json:"tree,omitempty"`
	// TreeOmitted is how many nodes of a large tree were left out of Tree
	// (its upper levels are kept); their bytes show as plain text.
	TreeOmitted int        `json:"tree_omitted,omitempty"`
	Error       *ErrorView `json:"error,omitempty"`
	Resolution  *Trace     `json:"resolution,omitempty"`
	// HTML is the result rendered as the playground page shows it; the
	// page's script puts it in place as you type.
	HTML string `json:"html"`
}

// Component is one of the nine components, as Java's java.net.URI names
// them.
type Component struct {
	Name    string `json:"name"`
	Value   string `json:"value"`
	Defined bool   `json:"defined"`
}

// TreeNode is a node of the parse tree: a rule and the byte span it took.
type TreeNode struct {
	Rule     string      `json:"rule"`
	Begin    int         `json:"begin"`
	End      int         `json:"end"`
	Children []*TreeNode `json:"children,omitempty"`
}

// ErrorView is a syntax error of any standard's grammar, for display.
type ErrorView struct {
	Offset   int      `json:"offset"`
	Message  string   `json:"message"`
	Rule     string   `json:"rule"`
	Path     []string `json:"path"`
	Expected string   `json:"expected"`
	Char     string   `json:"char"` // the offending character, described safely
	AtEnd    bool     `json:"at_end"`
	Gap      string   `json:"gap,omitempty"` // the RFC's own gap the input runs into
}

// pruneTree keeps the first limit nodes of t in breadth-first order (so the
// upper levels of a large tree stay whole) and drops the others with
// their subtrees. It returns how many nodes it dropped.
func pruneTree(t *TreeNode, limit int) int {
	order := []*TreeNode{t}
	// first[i] is where the children of order[i] start in order: the
	// children of a node are consecutive in breadth-first order, so those
	// kept are a prefix of its list.
	var first []int
	for i := 0; i < len(order); i++ {
		first = append(first, len(order))
		order = append(order, order[i].Children...)
	}
	if len(order) <= limit {
		return 0
	}
	for i, n := range order[:limit] {
		keep := min(len(n.Children), max(0, limit-first[i]))
		n.Children = n.Children[:keep:keep]
	}
	return len(order) - limit
}

// ruleHue gives each rule a colour of its own: its index in Appendix A
// spread over the colour wheel by the golden angle, so that rules next to
// each other in the grammar get distant colours.
func ruleHue(name string) int {
	r, ok := grammar.Lookup(name)
	if !ok {
		// An RFC 3986 rule of its own: a colour from its name.
		h := fnv.New32a()
		h.Write([]byte(name))
		return int(h.Sum32() % 360)
	}
	return int(r) * 137 % 360
}

// treeHTML renders the input as nested spans, one per node of the tree:
// each span holds the bytes its rule took, with the spans of the rules
// inside it, and is underlined in its rule's colour and labelled with the
// rule's name under it; the spans of the rules inside sit above it, so the labels
// under a byte read from top to bottom as the path from the rule that took
// it down to the start rule. link makes a rule's URL.
//
// The markup is two elements per node (the span and its label, a block
// whose top border is the underline: no flexbox) and the bytes as plain
// text, so that a browser lays out a tree of a few hundred nodes within a
// frame; it is
// written by hand into one buffer, since this runs on every keystroke in
// the static playground.
func treeHTML(input string, t *TreeNode, link func(string) string) string {
	r := newTreeRenderer(input, link)
	r.b.Grow(64 + len(input) + treeSize(t)*160)
	writeString(&r.b, `<div class="tree">`)
	r.appendNode(t)
	writeString(&r.b, `</div>`)
	return r.b.String()
}

// treeRenderer writes the tree's HTML, keeping what it writes for each
// rule (its opening tag up to the byte span, its escaped URL) so that a
// rule met a hundred times is looked up once.
type treeRenderer struct {
	b     strings.Builder
	num   [20]byte // room for a number
	input string
	link  func(string) string
	rules map[string]*ruleMarkup
}

// ruleMarkup is what a rule's nodes have in common in the tree's HTML.
type ruleMarkup struct {
	open string // <span class="n" style="--h:…" data-rule="…" data-href="…"
	href string // the rule's URL, escaped for an attribute
	name string // the rule's name, escaped
}

func newTreeRenderer(input string, link func(string) string) *treeRenderer {
	return &treeRenderer{input: input, link: link, rules: make(map[string]*ruleMarkup)}
}

func (r *treeRenderer) rule(name string) *ruleMarkup {
	if m, ok := r.rules[name]; ok {
		return m
	}
	m := &ruleMarkup{
		href: string(appendEscaped(nil, r.link(name))),
		name: string(appendEscaped(nil, name)),
	}
	b := append([]byte(nil), `<span class="n" style="--h:`...)
	b = strconv.AppendInt(b, int64(ruleHue(name)), 10)
	b = append(b, `" data-rule="`...)
	b = append(b, m.name...)
	b = append(b, `" data-href="`...)
	b = append(b, m.href...)
	b = append(b, '"')
	m.open = string(b)
	r.rules[name] = m
	return m
}

func (r *treeRenderer) appendNode(n *TreeNode) {
	m := r.rule(n.Rule)
	writeString(&r.b, m.open)
	writeString(&r.b, ` data-begin="`)
	r.writeInt(n.Begin)
	writeString(&r.b, `" data-end="`)
	r.writeInt(n.End)
	writeString(&r.b, `">`)
	pos := n.Begin
	for _, c := range n.Children {
		r.writeEscaped(r.input[pos:c.Begin])
		r.appendNode(c)
		pos = c.End
	}
	r.writeEscaped(r.input[pos:n.End])
	if n.Begin == n.End {
		// An empty match (an empty port, query or userinfo) still shows
		// where it is.
		writeString(&r.b, `<span class="empty-match">∅</span>`)
	}
	writeString(&r.b, `<span class="l">`)
	writeString(&r.b, m.name)
	writeString(&r.b, `</span></span>`)
}

func (r *treeRenderer) writeInt(i int) { r.b.Write(strconv.AppendInt(r.num[:0], int64(i), 10)) }

// writeEscaped writes s as [appendEscaped] does.
func (r *treeRenderer) writeEscaped(s string) {
	last := 0
	for i := 0; i < len(s); i++ {
		if ref := escapeRef(s[i]); ref != "" {
			writeString(&r.b, s[last:i])
			writeString(&r.b, ref)
			last = i + 1
		}
	}
	writeString(&r.b, s[last:])
}

// outlineHTML renders the tree as nested lists: each rule a link, its byte
// span and its text (the first maxOutlineText bytes of it).
func outlineHTML(input string, t *TreeNode, link func(string) string) string {
	r := newTreeRenderer(input, link)
	r.b.Grow(64 + treeSize(t)*(100+min(len(input), maxOutlineText)))
	writeString(&r.b, `<ul class="outline">`)
	r.appendItem(t)
	writeString(&r.b, `</ul>`)
	return r.b.String()
}

func (r *treeRenderer) appendItem(n *TreeNode) {
	m := r.rule(n.Rule)
	writeString(&r.b, `<li><a class="rule" href="`)
	writeString(&r.b, m.href)
	writeString(&r.b, `">`)
	writeString(&r.b, m.name)
	writeString(&r.b, `</a> <span class="span">[`)
	r.writeInt(n.Begin)
	writeString(&r.b, ", ")
	r.writeInt(n.End)
	writeString(&r.b, `)</span> <code>`)
	text := r.input[n.Begin:n.End]
	if len(text) > maxOutlineText {
		r.writeEscaped(text[:maxOutlineText])
		writeString(&r.b, "…")
	} else {
		r.writeEscaped(text)
	}
	writeString(&r.b, `</code>`)
	if len(n.Children) > 0 {
		writeString(&r.b, `<ul>`)
		for _, c := range n.Children {
			r.appendItem(c)
		}
		writeString(&r.b, `</ul>`)
	}
	writeString(&r.b, `</li>`)
}

// treeSize is the number of nodes of t.
func treeSize(t *TreeNode) int {
	n := 1
	for _, c := range t.Children {
		n += treeSize(c)
	}
	return n
}

// appendEscaped appends s to b escaped for HTML text or a quoted
// attribute, as [html.EscapeString] escapes it: the five characters
// < > & ' " as character references, every other byte as it is. It is
// not inlined: at the tree renderer's two calls it weighed 1 KB of the
// playground's WebAssembly module.
//
//go:noinline
func appendEscaped(b []byte, s string) []byte {
	last := 0
	for i := 0; i < len(s); i++ {
		if ref := escapeRef(s[i]); ref != "" {
			b = append(b, s[last:i]...)
			b = append(b, ref...)
			last = i + 1
		}
	}
	return append(b, s[last:]...)
}

// escapeRef is the character reference [html.EscapeString] writes for c,
// or "" for a byte it leaves as it is.
func escapeRef(c byte) string {
	switch c {
	case '<':
		return "&lt;"
	case '>':
		return "&gt;"
	case '&':
		return "&amp;"
	case '\'':
		return "&#39;"
	case '"':
		return "&#34;"
	}
	return ""
}

// displayByte writes one byte of an input for display: printable ASCII as
// itself, anything else as \xHH.
func displayByte(c byte) string {
	if c >= 0x20 && c < 0x7f {
		return string(c)
	}
	return fmt.Sprintf(`\x%02X`, c)
}

// caretWindow is how many display columns of input the caret view shows on
// each side of the error.
const caretWindow = 48

// caretText is the input around an error, ready for display: the bytes
// before the offending one, the offending one (or nothing, at the end),
// and the bytes after it, each written safely; Elided* report cut ends.
type caretText struct {
	Before, At, After        string
	ElidedStart, ElidedEnd   bool
	CaretColumn, InputLength int
}

func caretView(input string, offset int) caretText {
	v := caretText{InputLength: len(input)}
	start := max(0, offset-caretWindow)
	end := min(len(input), offset+1+caretWindow)
	// Every non-ASCII byte is shown as \xHH, so cutting the window inside
	// a UTF-8 sequence shows nothing wrong.
	v.ElidedStart, v.ElidedEnd = start > 0, end < len(input)
	var b strings.Builder
	for i := start; i < offset && i < len(input); i++ {
		writeString(&b, displayByte(input[i]))
	}
	v.Before = b.String()
	if offset < len(input) {
		v.At = displayByte(input[offset])
	}
	b.Reset()
	for i := offset + 1; i < end; i++ {
		writeString(&b, displayByte(input[i]))
	}
	v.After = b.String()
	v.CaretColumn = utf8.RuneCountInString(v.Before)
	if v.ElidedStart {
		v.CaretColumn++
	}
	return v
}
