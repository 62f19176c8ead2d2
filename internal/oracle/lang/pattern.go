package lang

import (
	"fmt"
	"regexp"
	"strings"

	"github.com/rfc2396/rfc2396/grammar/bnf"
)

// Patterns returns, for every rule of defs, a regular expression (RE2
// syntax, unanchored) for exactly the rule's language, read one byte a rune
// (see the package comment). The grammars have no recursion, so every rule
// is regular: each reference to another rule is replaced by that rule's
// expression. RE2 decides whole-string membership whatever the order of
// the alternatives, which is what makes the expressions an oracle for a
// PEG's ordered choice and greedy repetition.
func Patterns(defs []bnf.Definition) map[string]string {
	byName := map[string]*bnf.Node{}
	for _, d := range defs {
		byName[d.Name] = d.Body
	}
	memo := map[string]string{}
	var re func(n *bnf.Node) string
	re = func(n *bnf.Node) string {
		switch n.Kind {
		case bnf.Literal:
			var b strings.Builder
			for i := 0; i < len(n.Text); i++ {
				c := n.Text[i]
				switch {
				case n.Fold && (c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z'):
					fmt.Fprintf(&b, "[%c%c]", c|0x20, c&^0x20)
				default:
					b.WriteString(byteRE(c))
				}
			}
			return b.String()
		case bnf.CharRange:
			return fmt.Sprintf(`[\x{%x}-\x{%x}]`, n.Min, n.Max)
		case bnf.RuleRef:
			if p, ok := memo[n.Text]; ok {
				return p
			}
			p := "(?:" + re(byName[n.Text]) + ")"
			memo[n.Text] = p
			return p
		case bnf.Concatenation:
			var b strings.Builder
			for _, c := range n.Children {
				b.WriteString(re(c))
			}
			return b.String()
		case bnf.Alternation:
			parts := make([]string, len(n.Children))
			for i, c := range n.Children {
				parts[i] = re(c)
			}
			return "(?:" + strings.Join(parts, "|") + ")"
		case bnf.Repetition:
			if n.Max == 0 {
				return ""
			}
			inner := "(?:" + re(n.Children[0]) + ")"
			switch {
			case n.Min == 0 && n.Max < 0:
				return inner + "*"
			case n.Min == 1 && n.Max < 0:
				return inner + "+"
			case n.Min == 0 && n.Max == 1:
				return inner + "?"
			case n.Max < 0:
				return fmt.Sprintf("%s{%d,}", inner, n.Min)
			default:
				return fmt.Sprintf("%s{%d,%d}", inner, n.Min, n.Max)
			}
		}
		panic(fmt.Sprintf("oracle: BNF node of kind %d has no regular expression", n.Kind))
	}
	out := map[string]string{}
	for _, d := range defs {
		out[d.Name] = re(d.Body)
	}
	return out
}

// byteRE matches the byte c, read as the rune of the same value.
func byteRE(c byte) string {
	if c < 0x80 {
		return regexp.QuoteMeta(string(rune(c)))
	}
	return fmt.Sprintf(`\x{%x}`, c)
}
