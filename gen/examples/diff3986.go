package main

import (
	"fmt"
	"slices"
	"strings"

	"github.com/rfc2396/rfc2396/grammar"
	"github.com/rfc2396/rfc2396/internal/oracle"
	g3986 "github.com/rfc2396/rfc2396/rfc3986/grammar"
)

// counterpart is a rule of RFC 2396 and the rule of RFC 3986 that plays
// its part. The two grammars name and cut their rules differently, so the
// pairs are written out: only rules whose strings fill the same component
// or the same role are paired.
type counterpart struct {
	rfc2396 grammar.Rule
	rfc3986 g3986.Rule
}

// counterparts lists the pairs in RFC 2396's order.
var counterparts = []counterpart{
	{grammar.RuleURIReference, g3986.RuleURIReference},
	{grammar.RuleAbsoluteURI, g3986.RuleAbsoluteURI},
	{grammar.RuleRelativeURI, g3986.RuleRelativeRef},
	{grammar.RuleAbsPath, g3986.RulePathAbsolute},
	{grammar.RuleScheme, g3986.RuleScheme},
	{grammar.RuleAuthority, g3986.RuleAuthority},
	{grammar.RuleRegName, g3986.RuleRegName},
	{grammar.RuleUserinfo, g3986.RuleUserinfo},
	{grammar.RuleHost, g3986.RuleHost},
	{grammar.RuleHostname, g3986.RuleRegName},
	{grammar.RuleIPv4address, g3986.RuleIPv4address},
	{grammar.RulePort, g3986.RulePort},
	{grammar.RuleSegment, g3986.RuleSegment},
	{grammar.RulePchar, g3986.RulePchar},
	{grammar.RuleQuery, g3986.RuleQuery},
	{grammar.RuleFragment, g3986.RuleFragment},
	{grammar.RuleReserved, g3986.RuleReserved},
	{grammar.RuleUnreserved, g3986.RuleUnreserved},
	{grammar.RuleEscaped, g3986.RulePctEncoded},
}

// diff3986 returns the report between RFC 2396 read under a and RFC 3986:
// for each pair of counterparts, up to n of the shortest strings each
// accepts and the other rejects.
func diff3986(nameA string, a grammar.EditSet, n, tries int, rules []string) string {
	oa, ob := oracle.NewFor(a), oracle.New3986()
	ga, gb := oracle.NewGeneratorFor(a, 2396), oracle.NewGenerator3986(3986)
	var out strings.Builder
	fmt.Fprintf(&out, "%s (%s) and rfc3986 (RFC 3986 Appendix A); rules paired by the part they play\n", nameA, a)
	for _, c := range counterparts {
		defA, inA := c.rfc2396.Definition(a)
		if !inA || rules != nil && !slices.Contains(rules, c.rfc2396.String()) && !slices.Contains(rules, c.rfc3986.String()) {
			continue
		}
		onlyA, onlyB := differing(tries,
			func(s string) bool { return oa.Match(c.rfc2396, s) },
			func(s string) bool { return ob.Match(c.rfc3986, s) },
			source{ga, c.rfc2396.String()}, source{gb.Generator, c.rfc3986.String()})
		fmt.Fprintf(&out, "\n%s / %s\n", c.rfc2396, c.rfc3986)
		fmt.Fprintf(&out, "  %s: %s\n  rfc3986: %s\n", nameA, defA.Line, c.rfc3986.Info().ABNF)
		if len(onlyA) == 0 && len(onlyB) == 0 {
			out.WriteString("  same language on the strings tried\n")
			continue
		}
		fmt.Fprintf(&out, "  only %s: %s\n", nameA, shortest(onlyA, n))
		fmt.Fprintf(&out, "  only rfc3986: %s\n", shortest(onlyB, n))
	}
	return out.String()
}
