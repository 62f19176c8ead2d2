package main

import (
	"bytes"
	"fmt"
	"html"
	"strings"
	"unicode/utf8"

	"github.com/rfc2396/rfc2396/grammar/bnf"
)

// Railroad diagrams of BNF rules, drawn as SVG.
//
// A rule's right-hand side becomes a tree of diagram items (railItem): boxes
// for literals, rule references and character classes, and the
// combinators sequence, choice, optional (a bypass above) and loop (a
// return track below). Every item is measured bottom-up (width, and the
// height above and below the track it sits on), then drawn top-down at a
// position. All coordinates are integers and all labels are set in a
// monospaced font whose advance is fixed (railCharWidth), so the output is
// the same byte for byte on every machine.

// Layout constants, in SVG user units (pixels at 100 %).
const (
	railCharWidth = 8  // advance of one character of the 13px monospaced label font
	railBoxHalf   = 12 // half the height of a box
	railPad       = 10 // space between a label and its box's sides
	railArc       = 8  // radius of every curve of the track
	railGap       = 12 // horizontal track between two items of a sequence
	railVSep      = 10 // vertical space between stacked tracks
	railLabel     = 16 // height of a repetition label under a loop
	railMargin    = 12 // blank margin around the diagram
	// railScale is the displayed size in quarters of the drawn size: the
	// labels are drawn at 13px and shown at about 16px, the size of body
	// text.
	railScale = 5
	railEnd   = 16 // width of the start and end markers
	// railFoldMin is how many single-character literals an alternation
	// needs before they are drawn as one character-class box.
	railFoldMin = 3
)

type railKind int

const (
	railLiteral  railKind = iota // a quoted literal: rounded box
	railRef                      // a rule reference: rectangle, a link to the rule
	railClass                    // a set of single characters: hexagonal box
	railSequence                 // items one after the other
	railChoice                   // one of the items, stacked
	railOptional                 // the item or nothing: a bypass above it
	railLoop                     // the item once or more: a return track below it
)

type railItem struct {
	kind  railKind
	text  string      // railLiteral, railRef, railClass: the label
	title string      // railClass: the characters, spelled out
	items []*railItem // railSequence, railChoice; railOptional and railLoop: one
	label string      // railLoop: how many times, when not "once or more"

	w, up, down int // measured size: width, height above and below the track
}

// railDiagram turns the right-hand side of a BNF rule into a diagram item.
func railDiagram(n *bnf.Node) *railItem {
	switch n.Kind {
	case bnf.Literal:
		if n.Fold && strings.ToLower(n.Text) != strings.ToUpper(n.Text) {
			// RFC 5234 quoted strings ignore the case of letters.
			return &railItem{kind: railLiteral, text: n.Text + " (any case)"}
		}
		if !printable(n.Text) {
			if label, ok := codePointLabel(n.Text); ok {
				// %x10000 or %x41.E9 in a code-point grammar: the
				// characters, by code point.
				return &railItem{kind: railClass, text: label, title: "the characters " + label + " (as UTF-8)"}
			}
			return &railItem{kind: railClass, text: byteLabel(n.Text), title: "the bytes " + byteLabel(n.Text)}
		}
		return &railItem{kind: railLiteral, text: n.Text}
	case bnf.CharRange:
		if n.CodePoints {
			// RFC 3987's %xA0-D7FF: one character of a range of code
			// points, matched as its UTF-8 encoding. The code points are
			// written as Unicode writes them; the characters themselves
			// (a no-break space, an unassigned code point) would not
			// tell a reader which they are.
			lo, hi := fmt.Sprintf("U+%04X", n.Min), fmt.Sprintf("U+%04X", n.Max)
			return &railItem{kind: railClass, text: lo + "–" + hi, title: "one character from " + lo + " to " + hi + " (as UTF-8)"}
		}
		// RFC 5234's %x30-39: one byte of a range.
		lo, hi := byte(n.Min), byte(n.Max)
		text := fmt.Sprintf("%%x%02X–%02X", lo, hi)
		if printable(string([]byte{lo, hi})) {
			text = string(rune(lo)) + "–" + string(rune(hi))
		}
		return &railItem{kind: railClass, text: text, title: fmt.Sprintf("one byte from %%x%02X to %%x%02X", lo, hi)}
	case bnf.RuleRef:
		return &railItem{kind: railRef, text: n.Text}
	case bnf.Concatenation:
		seq := &railItem{kind: railSequence}
		for _, c := range n.Children {
			seq.items = append(seq.items, railDiagram(c))
		}
		return seq
	case bnf.Alternation:
		return railAlternation(n.Children)
	case bnf.Repetition:
		return railRepetition(railDiagram(n.Children[0]), n.Min, n.Max)
	case bnf.Prose:
		// RFC 5234's <prose>, as in RFC 3986's path-empty = 0<pchar>.
		return &railItem{kind: railClass, text: "<" + n.Text + ">", title: "prose: " + n.Text}
	}
	panic(fmt.Sprintf("railDiagram: unknown BNF node kind %d", n.Kind))
}

// railAlternation draws a | b | ..., folding the single-character literals
// into one class box where the first of them stands, when there are at
// least railFoldMin of them: a choice among 26 letters is one box, not 26
// tracks.
func railAlternation(alts []*bnf.Node) *railItem {
	var chars []string
	for _, a := range alts {
		if isSingleChar(a) {
			chars = append(chars, a.Text)
		}
	}
	fold := len(chars) >= railFoldMin
	choice := &railItem{kind: railChoice}
	folded := false
	for _, a := range alts {
		if fold && isSingleChar(a) {
			if !folded {
				choice.items = append(choice.items, railCharClass(chars))
				folded = true
			}
			continue
		}
		choice.items = append(choice.items, railDiagram(a))
	}
	if len(choice.items) == 1 {
		return choice.items[0]
	}
	return choice
}

func isSingleChar(n *bnf.Node) bool {
	return n.Kind == bnf.Literal && !n.Fold && utf8.RuneCountInString(n.Text) == 1 && printable(n.Text)
}

// printable reports whether s is printable ASCII.
func printable(s string) bool {
	for i := 0; i < len(s); i++ {
		if s[i] < 0x20 || s[i] >= 0x7f {
			return false
		}
	}
	return true
}

// codePointLabel writes s, valid UTF-8 with a character beyond ASCII, as
// its code points (U+0041 U+00E9), or reports that it is not such a
// string.
func codePointLabel(s string) (string, bool) {
	if !utf8.ValidString(s) {
		return "", false
	}
	var parts []string
	for _, r := range s {
		parts = append(parts, fmt.Sprintf("U+%04X", r))
	}
	return strings.Join(parts, " "), true
}

// byteLabel writes bytes as RFC 5234 does: %xC2.A1.
func byteLabel(s string) string {
	var parts []string
	for i := 0; i < len(s); i++ {
		parts = append(parts, fmt.Sprintf("%02X", s[i]))
	}
	return "%x" + strings.Join(parts, ".")
}

// railCharClass makes a class box of single characters, in the RFC's order,
// writing a run of three or more consecutive letters or digits as a range:
// a–z, A–F a–f, 0–9. Punctuation is always listed: ' ( ) are consecutive
// in ASCII, but '–) would not tell a reader which characters those are.
func railCharClass(chars []string) *railItem {
	var label []string
	for i := 0; i < len(chars); {
		j := i
		for j+1 < len(chars) && chars[j+1][0] == chars[j][0]+1 && isAlnum(chars[j][0]) && isAlnum(chars[j+1][0]) {
			j++
		}
		if j-i >= 2 {
			label = append(label, chars[i]+"–"+chars[j])
			i = j + 1
			continue
		}
		label = append(label, chars[i])
		i++
	}
	return &railItem{
		kind:  railClass,
		text:  strings.Join(label, " "),
		title: fmt.Sprintf("one character of: %s", strings.Join(chars, " ")),
	}
}

// railRepetition draws n*m item: a loop when the item may come more than
// once, a bypass when it may be left out, and a label with the bounds when
// the shape alone does not tell them (anything but *, 1* and [ ]).
func railRepetition(item *railItem, lo, hi int) *railItem {
	if hi == 0 {
		// 0*0 item derives only the empty string; draw the item as optional
		// with a label, so the rule still reads.
		return &railItem{kind: railOptional, items: []*railItem{{kind: railLoop, items: []*railItem{item}, label: "never"}}}
	}
	inner := item
	if hi != 1 {
		loop := &railItem{kind: railLoop, items: []*railItem{item}}
		switch {
		case hi < 0 && lo <= 1:
			// * or 1*: the shape says it all.
		case hi < 0:
			loop.label = fmt.Sprintf("%d or more times", lo)
		case lo == hi:
			loop.label = fmt.Sprintf("exactly %d times", lo)
		case lo == 0:
			loop.label = fmt.Sprintf("at most %d times", hi)
		default:
			loop.label = fmt.Sprintf("%d to %d times", lo, hi)
		}
		inner = loop
	}
	if lo == 0 {
		return &railItem{kind: railOptional, items: []*railItem{inner}}
	}
	return inner
}

func isAlnum(c byte) bool {
	return c >= '0' && c <= '9' || c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z'
}

func textWidth(s string) int { return utf8.RuneCountInString(s) * railCharWidth }

// measure computes the size of it and of everything inside it.
func (it *railItem) measure() {
	for _, c := range it.items {
		c.measure()
	}
	switch it.kind {
	case railLiteral:
		it.w, it.up, it.down = textWidth(it.quoted())+2*railPad, railBoxHalf, railBoxHalf
	case railRef:
		it.w, it.up, it.down = textWidth(it.text)+2*railPad, railBoxHalf, railBoxHalf
	case railClass:
		// The pointed ends take railBoxHalf each.
		it.w, it.up, it.down = textWidth(it.text)+2*railPad+railBoxHalf, railBoxHalf, railBoxHalf
	case railSequence:
		for i, c := range it.items {
			if i > 0 {
				it.w += railGap
			}
			it.w += c.w
			it.up = max(it.up, c.up)
			it.down = max(it.down, c.down)
		}
	case railChoice:
		for i, c := range it.items {
			it.w = max(it.w, c.w)
			if i == 0 {
				it.up, it.down = c.up, c.down
				continue
			}
			it.down += railVSep + c.up + c.down
		}
		it.w += 4 * railArc
	case railOptional:
		c := it.items[0]
		it.w = c.w + 4*railArc + 2*c.inset()
		it.up = max(c.up+railVSep, 2*railArc)
		it.down = c.down
	case railLoop:
		c := it.items[0]
		it.w = c.w + 4*railArc + 2*c.inset()
		it.up = c.up
		it.down = max(c.down+railVSep, 2*railArc)
		if it.label != "" {
			it.w = max(it.w, textWidth(it.label)+4*railArc)
			it.down += railLabel
		}
	}
}

// inset is the extra track an item needs on each side when it sits inside
// a loop or a bypass: the curves of a choice, loop or bypass would
// otherwise touch the curves around it.
func (it *railItem) inset() int {
	switch it.kind {
	case railChoice, railOptional, railLoop:
		return railArc
	}
	return 0
}

// quoted is a literal's label: the literal between double quotes, as the
// RFC writes it.
func (it *railItem) quoted() string { return `"` + it.text + `"` }

// railSVG draws the diagram of the rule name = body as a standalone SVG
// document. Rule references link to the rule by its name, relative to the
// page the diagram is shown on (href="alpha"), so that the same file works
// on /rule/NAME of the server.
func railSVG(name, line string, body *bnf.Node) []byte {
	root := railDiagram(body)
	root.measure()
	width := 2*railMargin + 2*railEnd + root.w
	top := railMargin + root.up
	height := top + root.down + railMargin

	var b bytes.Buffer
	b.WriteString(railGenerated)
	fmt.Fprintf(&b, "<svg xmlns=\"http://www.w3.org/2000/svg\" class=\"railroad\" width=\"%d\" height=\"%d\" viewBox=\"0 0 %d %d\" role=\"img\" aria-label=\"%s\">\n", width*railScale/4, height*railScale/4, width, height, html.EscapeString("railroad diagram of "+name))
	fmt.Fprintf(&b, "<title>%s</title>\n", html.EscapeString(line))
	b.WriteString(railStyle)
	// Start marker: two bars, then the track.
	x := railMargin
	fmt.Fprintf(&b, "<path class=\"rr-track\" d=\"M%d %dv%dM%d %dv%dM%d %dh%d\"/>\n",
		x, top-railBoxHalf/2, railBoxHalf, x+4, top-railBoxHalf/2, railBoxHalf, x+4, top, railEnd-4)
	x += railEnd
	root.draw(&b, x, top)
	x += root.w
	fmt.Fprintf(&b, "<path class=\"rr-track\" d=\"M%d %dh%dM%d %dv%dM%d %dv%d\"/>\n",
		x, top, railEnd-4, x+railEnd-4, top-railBoxHalf/2, railBoxHalf, x+railEnd, top-railBoxHalf/2, railBoxHalf)
	b.WriteString("</svg>\n")
	return b.Bytes()
}

// railGenerated is the first line of every diagram.
const railGenerated = "<!-- Generated by gen (go run ./gen grammar) from the grammar's BNF. DO NOT EDIT. -->\n"

// railStyle is the diagram's stylesheet: light by default, dark when the
// reader's system asks for it, light again on paper.
const railStyle = `<style>
svg.railroad{font:13px/1 "DejaVu Sans Mono",Menlo,Consolas,monospace}
svg.railroad .rr-track{fill:none;stroke:#4a4f57;stroke-width:2}
svg.railroad .rr-lit rect{fill:#fff4d6;stroke:#8a6d1f;stroke-width:1.5}
svg.railroad .rr-ref rect{fill:#e2edff;stroke:#2f5aa8;stroke-width:1.5}
svg.railroad .rr-class polygon{fill:#e3f5e1;stroke:#3b7d32;stroke-width:1.5}
svg.railroad text{fill:#1d2025;text-anchor:middle;dominant-baseline:central}
svg.railroad .rr-label{fill:#5b6170;font-size:11px;font-style:italic}
svg.railroad a:hover rect,svg.railroad a:focus rect{fill:#c4d9ff;stroke-width:2.5}
svg.railroad a{cursor:pointer}
@media (prefers-color-scheme:dark){
svg.railroad .rr-track{stroke:#aab1bd}
svg.railroad .rr-lit rect{fill:#3d3212;stroke:#d9b44a}
svg.railroad .rr-ref rect{fill:#1b2c4a;stroke:#7fa8ee}
svg.railroad .rr-class polygon{fill:#1d3a1d;stroke:#7cc46f}
svg.railroad text{fill:#e6e9ef}
svg.railroad .rr-label{fill:#aab1bd}
svg.railroad a:hover rect,svg.railroad a:focus rect{fill:#2a4576}
}
@media print{
svg.railroad .rr-track{stroke:#000}
svg.railroad .rr-lit rect{fill:#fff;stroke:#000}
svg.railroad .rr-ref rect{fill:#eee;stroke:#000}
svg.railroad .rr-class polygon{fill:#fff;stroke:#000;stroke-dasharray:3 2}
svg.railroad text,svg.railroad .rr-label{fill:#000}
}
</style>
`

// draw writes it with the left end of its track at (x, y).
func (it *railItem) draw(b *bytes.Buffer, x, y int) {
	a := railArc
	switch it.kind {
	case railLiteral:
		fmt.Fprintf(b, "<g class=\"rr-lit\"><rect x=\"%d\" y=\"%d\" width=\"%d\" height=\"%d\" rx=\"%d\"/><text x=\"%d\" y=\"%d\">%s</text></g>\n",
			x, y-railBoxHalf, it.w, 2*railBoxHalf, railBoxHalf, x+it.w/2, y, html.EscapeString(it.quoted()))
	case railRef:
		fmt.Fprintf(b, "<a class=\"rr-ref\" href=\"%s\"><title>rule %s</title><rect x=\"%d\" y=\"%d\" width=\"%d\" height=\"%d\"/><text x=\"%d\" y=\"%d\">%s</text></a>\n",
			html.EscapeString(it.text), html.EscapeString(it.text), x, y-railBoxHalf, it.w, 2*railBoxHalf, x+it.w/2, y, html.EscapeString(it.text))
	case railClass:
		h, p := railBoxHalf, railBoxHalf/2
		fmt.Fprintf(b, "<g class=\"rr-class\"><title>%s</title><polygon points=\"%d,%d %d,%d %d,%d %d,%d %d,%d %d,%d\"/><text x=\"%d\" y=\"%d\">%s</text></g>\n",
			html.EscapeString(it.title),
			x, y, x+p, y-h, x+it.w-p, y-h, x+it.w, y, x+it.w-p, y+h, x+p, y+h,
			x+it.w/2, y, html.EscapeString(it.text))
	case railSequence:
		for i, c := range it.items {
			if i > 0 {
				fmt.Fprintf(b, "<path class=\"rr-track\" d=\"M%d %dh%d\"/>\n", x, y, railGap)
				x += railGap
			}
			c.draw(b, x, y)
			x += c.w
		}
	case railChoice:
		inner := it.w - 4*a
		dy := 0
		for i, c := range it.items {
			if i > 0 {
				dy += it.items[i-1].down + railVSep + c.up
			}
			left := (inner - c.w) / 2
			right := inner - c.w - left
			if i == 0 {
				fmt.Fprintf(b, "<path class=\"rr-track\" d=\"M%d %dh%d\"/>\n", x, y, 2*a+left)
				fmt.Fprintf(b, "<path class=\"rr-track\" d=\"M%d %dh%d\"/>\n", x+2*a+left+c.w, y, right+2*a)
			} else {
				// Down from the entry, along, and back up to the exit.
				fmt.Fprintf(b, "<path class=\"rr-track\" d=\"M%d %da%d %d 0 0 1 %d %dv%da%d %d 0 0 0 %d %dh%d\"/>\n",
					x, y, a, a, a, a, dy-2*a, a, a, a, a, left)
				fmt.Fprintf(b, "<path class=\"rr-track\" d=\"M%d %dh%da%d %d 0 0 0 %d %dv%da%d %d 0 0 1 %d %d\"/>\n",
					x+2*a+left+c.w, y+dy, right, a, a, a, -a, -(dy - 2*a), a, a, a, -a)
			}
			c.draw(b, x+2*a+left, y+dy)
		}
	case railOptional:
		c := it.items[0]
		up := max(c.up+railVSep, 2*a)
		in := c.inset()
		fmt.Fprintf(b, "<path class=\"rr-track\" d=\"M%d %dh%d\"/>\n", x, y, 2*a+in)
		fmt.Fprintf(b, "<path class=\"rr-track\" d=\"M%d %dh%d\"/>\n", x+2*a+in+c.w, y, 2*a+in)
		fmt.Fprintf(b, "<path class=\"rr-track\" d=\"M%d %da%d %d 0 0 0 %d %dv%da%d %d 0 0 1 %d %dh%da%d %d 0 0 1 %d %dv%da%d %d 0 0 0 %d %d\"/>\n",
			x, y, a, a, a, -a, -(up - 2*a), a, a, a, -a, c.w+2*in, a, a, a, a, up-2*a, a, a, a, a)
		c.draw(b, x+2*a+in, y)
	case railLoop:
		c := it.items[0]
		left := (it.w - 4*a - c.w) / 2
		right := it.w - 4*a - c.w - left
		down := max(c.down+railVSep, 2*a)
		fmt.Fprintf(b, "<path class=\"rr-track\" d=\"M%d %dh%d\"/>\n", x, y, 2*a+left)
		fmt.Fprintf(b, "<path class=\"rr-track\" d=\"M%d %dh%d\"/>\n", x+2*a+left+c.w, y, right+2*a)
		// From the exit down, back left under the item, and up into the
		// entry.
		inner := it.w - 4*a
		fmt.Fprintf(b, "<path class=\"rr-track\" d=\"M%d %da%d %d 0 0 1 %d %dv%da%d %d 0 0 1 %d %dh%da%d %d 0 0 1 %d %dv%da%d %d 0 0 1 %d %d\"/>\n",
			x+it.w-2*a, y, a, a, a, a, down-2*a, a, a, -a, a, -inner, a, a, -a, -a, -(down - 2*a), a, a, a, -a)
		// An arrowhead in the middle of the return track, pointing back.
		mid := x + it.w/2
		fmt.Fprintf(b, "<path class=\"rr-track\" d=\"M%d %dl6 -5M%d %dl6 5\"/>\n", mid-3, y+down, mid-3, y+down)
		if it.label != "" {
			fmt.Fprintf(b, "<text class=\"rr-label\" x=\"%d\" y=\"%d\">%s</text>\n", mid, y+down+railLabel/2+2, html.EscapeString(it.label))
		}
		c.draw(b, x+2*a+left, y)
	}
}

// railLegend draws the key to the diagrams' shapes: a literal, a rule, a
// character class, an optional item and a repeated one, each with a
// caption under it.
func railLegend() []byte {
	type entry struct {
		item    *railItem
		caption string
	}
	entries := []entry{
		{&railItem{kind: railLiteral, text: "x"}, "literal, exact"},
		{&railItem{kind: railRef, text: "rule"}, "rule (a link)"},
		{railCharClass([]string{"a", "b", "c", "d", "e", "f", "g", "h", "i", "j", "k", "l", "m", "n", "o", "p", "q", "r", "s", "t", "u", "v", "w", "x", "y", "z"}), "one character"},
		{railRepetition(&railItem{kind: railLiteral, text: "x"}, 0, 1), "optional"},
		{railRepetition(&railItem{kind: railLiteral, text: "x"}, 1, -1), "once or more"},
		{railRepetition(&railItem{kind: railLiteral, text: "x"}, 0, -1), "any number"},
	}
	top := 0
	down := 0
	width := railMargin
	for _, e := range entries {
		e.item.measure()
		top = max(top, e.item.up)
		down = max(down, e.item.down)
		width += max(e.item.w, textWidth(e.caption)) + 3*railGap
	}
	top += railMargin
	height := top + down + railLabel + railMargin
	var b bytes.Buffer
	b.WriteString(railGenerated)
	fmt.Fprintf(&b, "<svg xmlns=\"http://www.w3.org/2000/svg\" class=\"railroad\" width=\"%d\" height=\"%d\" viewBox=\"0 0 %d %d\" role=\"img\" aria-label=\"key to the railroad diagrams\">\n", width*railScale/4, height*railScale/4, width, height)
	b.WriteString("<title>Key: a literal is matched exactly; a rule is a link to its diagram; a hexagon is one character of a set; a track above an item skips it; a track below returns to repeat it</title>\n")
	b.WriteString(railStyle)
	x := railMargin
	for _, e := range entries {
		slot := max(e.item.w, textWidth(e.caption))
		ix := x + (slot-e.item.w)/2
		if e.item.kind == railRef {
			// A rule without a link: the key is not a rule.
			fmt.Fprintf(&b, "<g class=\"rr-ref\"><rect x=\"%d\" y=\"%d\" width=\"%d\" height=\"%d\"/><text x=\"%d\" y=\"%d\">%s</text></g>\n",
				ix, top-railBoxHalf, e.item.w, 2*railBoxHalf, ix+e.item.w/2, top, e.item.text)
		} else {
			e.item.draw(&b, ix, top)
		}
		fmt.Fprintf(&b, "<text class=\"rr-label\" x=\"%d\" y=\"%d\">%s</text>\n", x+slot/2, top+down+railLabel/2+2, html.EscapeString(e.caption))
		x += slot + 3*railGap
	}
	b.WriteString("</svg>\n")
	return b.Bytes()
}
