package report

import (
	"fmt"
	"strings"

	"github.com/rfc2396/rfc2396/grammar"
	"github.com/rfc2396/rfc2396/parser"
	"github.com/rfc2396/rfc2396/uri"
)

// rfc2396Standard is RFC 2396 as the tools take it: its readers are
// package parser's under a profile (ParserProfiles), and its edits,
// rules and matches those of package grammar and parser, given in the
// shapes every other standard gives them, so that a tool asks every
// standard the same questions.
func rfc2396Standard() Standard {
	return Standard{
		Name: StandardRFC2396, Spec: "RFC 2396",
		edits: func() []EditInfo {
			var out []EditInfo
			for _, e := range grammar.Edits() {
				info := e.Info()
				// ABNF is false: the one compact parser of RFC 2396 runs
				// every edit, the playground's module included.
				out = append(out, EditInfo{Name: e.Code(), Spec: info.Document, Doc: info.Summary})
			}
			return out
		},
		rules: func(profile string) ([]uri.RuleInfo, error) {
			p, ok := parser.LookupProfile(profile)
			if !ok {
				return nil, fmt.Errorf("%s: no profile %q", StandardRFC2396, profile)
			}
			var out []uri.RuleInfo
			for r := range grammar.Rule(grammar.NumAllRules) {
				def, ok := r.Definition(p.Edits())
				if !ok {
					continue // a rule of an edit not in force
				}
				info := uri.RuleInfo{Name: r.String(), ABNF: def.Line, Section: def.Section, CharacterLevel: r.IsCharacterLevel()}
				if def.Edit != grammar.NoEdit {
					info.Spec, info.Section = splitSection(def.Section)
				}
				out = append(out, info)
			}
			return out, nil
		},
		match: func(rule, s string) error {
			r, ok := grammar.Lookup(rule)
			if !ok {
				return fmt.Errorf("%s: no rule named %q in Appendix A", StandardRFC2396, rule)
			}
			return parser.Match(r, s)
		},
	}
}

// splitSection cuts where an edit's rule is defined, as package grammar
// writes it ("RFC 2732 3", "RFC 2373 Appendix B", "java.net.URI"), into
// the document and its section ("" when it names none).
func splitSection(where string) (spec, section string) {
	if rest, ok := strings.CutPrefix(where, "RFC "); ok {
		number, section, _ := strings.Cut(rest, " ")
		return "RFC " + number, section
	}
	return where, ""
}
