package main

import (
	"bytes"
	"fmt"
	"strings"

	"github.com/rfc2396/rfc2396/grammar/bnf"
)

// escapeRule describes, for one Appendix A rule, what gen derives for
// escaping (section 2.4) from the rule's BNF.
type escapeRule struct {
	name string
	// structured rules (paths) keep their separators raw and escape the
	// data between them; data rules escape every byte that is not
	// allowed raw, separators included.
	structured bool
	class      byteSet // bytes the grammar allows raw anywhere in the rule
	first      byteSet // bytes the grammar allows raw as the first byte
	separators byteSet // single-character literals the rule uses as separators
	reserved   byteSet // bytes of class reserved within the component (reservedWithin)
	nullable   bool    // the rule matches the empty string
	// firstSegment is, for a structured rule that starts with another
	// rule (rel_path = rel_segment [ abs_path ]), that rule's class: the
	// bytes allowed raw before the first separator.
	firstSegment byteSet
	hasFirstSeg  bool
}

// escapeDataRules are the component rules Escape supports as data: every
// byte outside the allowed set is escaped.
var escapeDataRules = []string{"segment", "param", "rel_segment", "query", "fragment", "userinfo", "reg_name", "opaque_part"}

// escapeStructuredRules are the path rules Escape supports with their
// separators kept: "/" between segments and ";" before parameters pass
// through raw, so that the caller's path structure stays.
var escapeStructuredRules = []string{"path_segments", "abs_path", "rel_path"}

// reservedWithin lists, per component rule, the characters the RFC's prose
// says are reserved within that component although the component's
// grammar class allows them raw. Escape escapes them too, so that a
// decoder that splits the component on them never takes data for a
// delimiter. This is data from the RFC's text, with the section.
var reservedWithin = []struct {
	rule, chars, section, quote string
}{
	{"segment", `/;=?`, "3.3", `Within a path segment, the characters "/", ";", "=", and "?" are reserved.`},
	{"param", `/;=?`, "3.3", `Within a path segment, the characters "/", ";", "=", and "?" are reserved.`},
	{"rel_segment", `/;=?`, "3.3", `Within a path segment, the characters "/", ";", "=", and "?" are reserved.`},
	{"query", `;/?:@&=+,$`, "3.4", `Within a query component, the characters ";", "/", "?", ":", "@", "&", "=", "+", ",", and "$" are reserved.`},
	{"userinfo", `;:@?/`, "3.2.2", `Within the userinfo component, the characters ";", ":", "@", "?", and "/" are reserved.`},
	{"reg_name", `;:@?/`, "3.2", `Within the authority component, the characters ";", ":", "@", "?", and "/" are reserved.`},
}

// escapeAnalysis derives the escapeRule of every rule of escapeDataRules
// and escapeStructuredRules from the BNF.
func escapeAnalysis(defs []bnf.Definition) ([]escapeRule, error) {
	byName := map[string]*bnf.Node{}
	for _, d := range defs {
		byName[d.Name] = d.Body
	}
	if byName["escaped"] == nil {
		return nil, fmt.Errorf("escape: the grammar has no rule escaped")
	}
	// charSet returns the bytes of a character-level rule: an alternation
	// of one-byte literals and other character-level rules.
	var charSet func(n *bnf.Node) (byteSet, bool)
	charSet = func(n *bnf.Node) (byteSet, bool) {
		var s byteSet
		switch n.Kind {
		case bnf.Literal:
			if len(n.Text) != 1 {
				return s, false
			}
			s.add(n.Text[0])
			return s, true
		case bnf.RuleRef:
			return charSet(byName[n.Text])
		case bnf.Alternation:
			for _, c := range n.Children {
				cs, ok := charSet(c)
				if !ok {
					return s, false
				}
				s = s.union(cs)
			}
			return s, true
		}
		return s, false
	}
	// oneUnit reports whether n matches one character or one escape,
	// never more: uric_no_slash.
	var oneUnit func(n *bnf.Node) bool
	oneUnit = func(n *bnf.Node) bool {
		switch n.Kind {
		case bnf.Literal:
			return len(n.Text) == 1
		case bnf.RuleRef:
			return n.Text == "escaped" || oneUnit(byName[n.Text])
		case bnf.Alternation:
			for _, c := range n.Children {
				if !oneUnit(c) {
					return false
				}
			}
			return true
		}
		return false
	}
	// walk returns the raw data bytes of n, and whether n holds data at
	// all, and collects its separators into r. A one-byte literal is data
	// when it is an alternative among characters, a separator when it
	// stands in a sequence. The data of an alternation is what any
	// alternative allows; that of a sequence is what every part holding
	// data allows, since Escape does not know which part a byte will land
	// in: segment = *pchar *( ";" param ) leaves a byte raw only if both
	// pchar and param have it (an edit that gives param a character pchar
	// lacks must not make Escape write it raw before the ";").
	var walk func(n *bnf.Node, r *escapeRule, inSequence bool) (byteSet, bool)
	// walkSeq is walk of the parts of a sequence.
	walkSeq := func(parts []*bnf.Node, r *escapeRule) (byteSet, bool) {
		var class byteSet
		data := false
		for _, c := range parts {
			cs, ok := walk(c, r, true)
			switch {
			case !ok:
			case !data:
				class, data = cs, true
			default:
				class = intersect(class, cs)
			}
		}
		return class, data
	}
	walk = func(n *bnf.Node, r *escapeRule, inSequence bool) (byteSet, bool) {
		if n.Kind == bnf.RuleRef && n.Text == "escaped" {
			return byteSet{}, false // "%" hex hex: an escape, not a raw byte
		}
		if cs, ok := charSet(n); ok && !(inSequence && n.Kind == bnf.Literal) {
			return cs, true
		}
		switch n.Kind {
		case bnf.Literal:
			for i := 0; i < len(n.Text); i++ {
				r.separators.add(n.Text[i])
			}
		case bnf.RuleRef:
			return walk(byName[n.Text], r, false)
		case bnf.Alternation:
			var class byteSet
			data := false
			for _, c := range n.Children {
				cs, ok := walk(c, r, false)
				class, data = class.union(cs), data || ok
			}
			return class, data
		case bnf.Concatenation:
			return walkSeq(n.Children, r)
		case bnf.Repetition:
			return walk(n.Children[0], r, false)
		}
		return byteSet{}, false
	}
	var nullable func(n *bnf.Node) bool
	nullable = func(n *bnf.Node) bool {
		switch n.Kind {
		case bnf.Literal:
			return false
		case bnf.RuleRef:
			return nullable(byName[n.Text])
		case bnf.Alternation:
			for _, c := range n.Children {
				if nullable(c) {
					return true
				}
			}
			return false
		case bnf.Concatenation:
			for _, c := range n.Children {
				if !nullable(c) {
					return false
				}
			}
			return true
		case bnf.Repetition:
			return n.Min == 0 || nullable(n.Children[0])
		}
		return false
	}
	// first collects the raw bytes a string of n can start with.
	var first func(n *bnf.Node) byteSet
	first = func(n *bnf.Node) byteSet {
		if n.Kind == bnf.RuleRef && n.Text == "escaped" {
			return byteSet{}
		}
		if cs, ok := charSet(n); ok {
			return cs
		}
		var s byteSet
		switch n.Kind {
		case bnf.Literal:
			s.add(n.Text[0])
		case bnf.RuleRef:
			return first(byName[n.Text])
		case bnf.Alternation:
			for _, c := range n.Children {
				s = s.union(first(c))
			}
		case bnf.Concatenation:
			for _, c := range n.Children {
				s = s.union(first(c))
				if !nullable(c) {
					break
				}
			}
		case bnf.Repetition:
			return first(n.Children[0])
		}
		return s
	}
	var rules []escapeRule
	for _, list := range []struct {
		names      []string
		structured bool
	}{{escapeDataRules, false}, {escapeStructuredRules, true}} {
		for _, name := range list.names {
			body := byName[name]
			if body == nil {
				return nil, fmt.Errorf("escape: rule %s is not in the grammar", name)
			}
			r := escapeRule{name: name, structured: list.structured, nullable: nullable(body)}
			r.class, _ = walk(body, &r, false)
			r.first = first(body)
			if !list.structured && body.Kind == bnf.Concatenation && len(body.Children) > 1 && oneUnit(body.Children[0]) {
				// One character then the rest (opaque_part = uric_no_slash
				// *uric): after the first byte, a byte is raw as the rest
				// allows it. uric_no_slash lists "$" itself; a uric
				// without "$" (an edit of reserved) must escape it there.
				var rest escapeRule
				r.class, _ = walkSeq(body.Children[1:], &rest)
				r.separators = rest.separators
			}
			if list.structured && body.Kind == bnf.Concatenation && body.Children[0].Kind == bnf.RuleRef {
				var seg, rest escapeRule
				r.firstSegment, _ = walk(body.Children[0], &seg, false)
				r.hasFirstSeg = true
				// After the first segment, a byte is raw as the rest of
				// the rule allows it (rel_path's abs_path: pchar), not as
				// the first segment does: rel_segment's ";" is data there
				// only, a separator after it, and after an edit that
				// drops params no longer allowed at all.
				r.class, _ = walkSeq(body.Children[1:], &rest)
			}
			for _, rw := range reservedWithin {
				if rw.rule == name {
					for i := 0; i < len(rw.chars); i++ {
						if r.class.has(rw.chars[i]) {
							r.reserved.add(rw.chars[i])
						}
					}
				}
			}
			rules = append(rules, r)
		}
	}
	return rules, nil
}

// setChars lists the bytes of s as a Go comment would show them.
func setChars(s byteSet) string {
	var b strings.Builder
	for c := 0; c < 256; c++ {
		if s.has(byte(c)) {
			if c >= 0x21 && c < 0x7f {
				b.WriteByte(byte(c))
			} else {
				fmt.Fprintf(&b, `\x%02x`, c)
			}
		}
	}
	return b.String()
}

func setLiteral(s byteSet) string {
	return fmt.Sprintf("{%#016x, %#016x, %#016x, %#016x}", s[0], s[1], s[2], s[3])
}

// intersect returns the bytes both s and t have.
func intersect(s, t byteSet) byteSet {
	for i := range s {
		s[i] &= t[i]
	}
	return s
}

func minus(s, t byteSet) byteSet {
	for i := range s {
		s[i] &^= t[i]
	}
	return s
}

// escapeTables writes parser/escape_gen.go: for each rule Escape supports,
// the bytes it leaves raw, derived above.
func escapeTables(defs []bnf.Definition) ([]byte, error) {
	rules, err := escapeAnalysis(defs)
	if err != nil {
		return nil, err
	}
	var b bytes.Buffer
	b.WriteString("// Code generated by gen from grammar/rfc2396.abnf. DO NOT EDIT.\n\n")
	b.WriteString("package parser\n\n")
	b.WriteString("import (\n\t\"github.com/rfc2396/rfc2396/grammar\"\n\t\"github.com/rfc2396/rfc2396/internal/syntax\"\n)\n\n")
	hex, err := escapeHexDigits(defs)
	if err != nil {
		return nil, err
	}
	b.WriteString("// escapeHexDigits are the digits of the escapes Escape and Normalize\n")
	b.WriteString("// write, by value: upper case where the grammar's hex has both cases\n")
	b.WriteString("// (section 2.4.1's examples are upper case), lower case where it has only\n")
	b.WriteString("// lower case.\n")
	fmt.Fprintf(&b, "const escapeHexDigits = %q\n\n", hex)
	b.WriteString("// escapeTables holds, for each rule Escape supports, the bytes it leaves\n")
	b.WriteString("// raw, derived by gen from the rule's Appendix A definition (see\n")
	b.WriteString("// gen/escape.go): raw is the grammar's class less the characters the\n")
	b.WriteString("// RFC's prose reserves within the component (delims); first is what may\n")
	b.WriteString("// come first; keep lists the separators a path rule keeps raw.\n")
	b.WriteString("var escapeTables = map[grammar.Rule]*syntax.EscapeTable{\n")
	for _, r := range rules {
		raw := minus(r.class, r.reserved)
		first := minus(r.first, r.reserved)
		var keep byteSet
		if r.structured {
			raw = r.class.union(r.separators)
			first = r.first
			keep = r.separators
		} else {
			raw = minus(raw, r.separators)
			first = minus(first, r.separators)
		}
		fmt.Fprintf(&b, "\t// %s: grammar class \"%s\"", r.name, setChars(r.class))
		if r.structured {
			fmt.Fprintf(&b, "; separators kept raw \"%s\"", setChars(r.separators))
		} else {
			if r.reserved != (byteSet{}) {
				fmt.Fprintf(&b, "; reserved within the component, escaped \"%s\"", setChars(r.reserved))
			}
			if r.separators != (byteSet{}) {
				fmt.Fprintf(&b, "; separators, escaped \"%s\"", setChars(r.separators))
			}
		}
		if r.hasFirstSeg {
			fmt.Fprintf(&b, "; before the first \"/\" \"%s\"", setChars(r.firstSegment))
		}
		if first != raw {
			fmt.Fprintf(&b, "; first byte \"%s\"", setChars(first))
		}
		if !r.nullable {
			b.WriteString("; never empty")
		}
		b.WriteString(".\n")
		fmt.Fprintf(&b, "\tgrammar.Rule%s: {\n", goName(r.name))
		fmt.Fprintf(&b, "\t\tRaw: syntax.ByteSet%s,\n", setLiteral(raw))
		fmt.Fprintf(&b, "\t\tFirst: syntax.ByteSet%s,\n", setLiteral(first))
		if r.structured {
			fmt.Fprintf(&b, "\t\tKeep: syntax.ByteSet%s,\n", setLiteral(keep))
			seg := raw
			if r.hasFirstSeg {
				seg = r.firstSegment.union(keep)
			}
			fmt.Fprintf(&b, "\t\tFirstSegment: syntax.ByteSet%s,\n", setLiteral(seg))
		}
		fmt.Fprintf(&b, "\t\tDelims: syntax.ByteSet%s,\n", setLiteral(r.reserved.union(r.separators)))
		fmt.Fprintf(&b, "\t\tNonEmpty: %v,\n", !r.nullable)
		b.WriteString("\t\tHex: escapeHexDigits,\n")
		b.WriteString("\t},\n")
	}
	b.WriteString("}\n")
	return b.Bytes(), nil
}

// escapeHexDigits returns the sixteen digits an escape of the grammar
// writes, by value, from the class of its rule hex: each letter in upper
// case if hex has it, else in lower case. It fails if hex is not a class
// of characters or lacks a digit of either case.
func escapeHexDigits(defs []bnf.Definition) (string, error) {
	byName := map[string]*bnf.Node{}
	for _, d := range defs {
		byName[d.Name] = d.Body
	}
	var class func(n *bnf.Node, depth int) (byteSet, error)
	class = func(n *bnf.Node, depth int) (byteSet, error) {
		var s byteSet
		switch {
		case n == nil || depth > 16:
		case n.Kind == bnf.Literal && len(n.Text) == 1:
			return literalSet(n), nil
		case n.Kind == bnf.RuleRef:
			return class(byName[n.Text], depth+1)
		case n.Kind == bnf.Alternation:
			for _, c := range n.Children {
				cs, err := class(c, depth+1)
				if err != nil {
					return s, err
				}
				s = s.union(cs)
			}
			return s, nil
		}
		return s, fmt.Errorf("escape: rule hex is not an alternation of characters, so gen cannot tell which digits an escape writes")
	}
	set, err := class(byName["hex"], 0)
	if err != nil {
		return "", err
	}
	var digits []byte
	for v, upper := range "0123456789ABCDEF" {
		c := byte(upper)
		switch {
		case set.has(c):
		case set.has(c | 0x20):
			c |= 0x20
		default:
			return "", hexGapError(defs, v, upper)
		}
		digits = append(digits, c)
	}
	return string(digits), nil
}

// hexGapError says that hex has no digit for the value v (upper in upper
// case), naming the rule that lost it: hex itself, or the rule hex takes
// that kind of character from (digit, for "0" to "9": an edit of digit
// reaches every escape), with its ABNF line and what to edit.
func hexGapError(defs []bnf.Definition, v int, upper rune) error {
	lines := map[string]string{}
	var hex bnf.Definition
	for _, d := range defs {
		lines[d.Name] = d.Line
		if d.Name == "hex" {
			hex = d
		}
	}
	// The rule hex names whose line has a character of upper's kind (a
	// decimal digit, a letter): the one that lost it, under an edit.
	at := hex.Line
	edit := "hex"
	bnf.Walk(hex.Body, func(n *bnf.Node) {
		if n.Kind != bnf.RuleRef || edit != "hex" {
			return
		}
		line := lines[n.Text]
		if upper <= '9' && strings.ContainsAny(line, "0123456789") || upper > '9' && strings.ContainsAny(line, "ABCDEFabcdef") {
			at, edit = hex.Line+`, and `+line, n.Text
		}
	})
	what := fmt.Sprintf("give %s a character for the value %d", edit, v)
	if edit != "hex" {
		what += fmt.Sprintf(", or write hex's characters out instead of naming %s, so that an edit of %s does not reach escapes", edit, edit)
	}
	return fmt.Errorf("escape: rule hex has no digit for the value %d (%q): %s. An escape is \"%%\" and two hex digits for the octet's value (section 2.4.1), so Escape could not write every octet: %s", v, upper, at, what)
}

// writeEscapeTables writes the escape tables to path.
func writeEscapeTables(path string, defs []bnf.Definition) error {
	src, err := escapeTables(defs)
	if err != nil {
		return err
	}
	return writeGo(path, src)
}
