package bnf

import (
	"fmt"
	"strings"
)

// Notation names the grammar notation of a text.
type Notation int

const (
	// RFC2396 is the BNF dialect of RFC 2396 section 2.1, read by [Parse].
	RFC2396 Notation = iota
	// RFC5234 is the ABNF of RFC 5234, read by [ParseABNF].
	RFC5234
)

// ParseFragment reads rules that are part of a larger grammar, such as an
// edit that replaces some rules of RFC 2396 Appendix A and refers to the
// others: it is [Parse] or [ParseABNF], as notation says, except that a
// reference to a rule the text does not define is left as it is written,
// for the caller to resolve against the whole grammar.
func ParseFragment(text string, notation Notation) ([]Definition, error) {
	switch notation {
	case RFC5234:
		return parseABNF(text, CoreRules(), false)
	case RFC2396:
	default:
		return nil, fmt.Errorf("bnf: unknown notation %d", notation)
	}
	var defs []Definition
	seen := map[string]bool{}
	for i, line := range strings.Split(text, "\n") {
		line = strings.TrimRight(line, "\r")
		if strings.TrimSpace(line) == "" {
			continue
		}
		p := &bnfParser{src: line, line: i + 1}
		def, err := p.definition()
		if err != nil {
			return nil, err
		}
		if seen[def.Name] {
			return nil, &SyntaxError{Line: i + 1, Msg: fmt.Sprintf("rule %s defined twice", def.Name)}
		}
		seen[def.Name] = true
		defs = append(defs, def)
	}
	return defs, nil
}

// Walk calls f for n and every node below it, parents first.
func Walk(n *Node, f func(*Node)) { walk(n, f) }
