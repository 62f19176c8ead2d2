package parser_test

import (
	"errors"
	"strings"
	"testing"

	"github.com/rfc2396/rfc2396/grammar"
	"github.com/rfc2396/rfc2396/internal/uritest"
	"github.com/rfc2396/rfc2396/parser"
)

// FuzzParse checks that Parse never panics, that a valid reference
// recomposes to itself, and that an error is a *parser.Error whose offset
// lies in the input; and that Match, Valid and Resolve agree with Parse.
func FuzzParse(f *testing.F) {
	for _, s := range []string{
		"http://www.ics.uci.edu/pub/ietf/uri/#Related", "?y", "", "#", "//", "http://h:/", "http://a~b:80/",
		"mailto:a?b#c", "http://1.2.3.4.example.com./", "http://[::1]/", "a b", "\xff", "%", "g;x=1/../y",
	} {
		f.Add(s)
	}
	baseValid := parser.Valid("http://a/b/c/d;p?q")
	f.Fuzz(func(t *testing.T, s string) {
		u, err := parser.Parse(s)
		if parser.Valid(s) != (err == nil) {
			t.Fatalf("Valid(%q) = %v, Parse error %v", s, !(err == nil), err)
		}
		if (parser.Match(grammar.RuleURIReference, s) == nil) != (err == nil) {
			t.Fatalf("Match and Parse disagree on %q: %v", s, err)
		}
		if err != nil {
			var perr *parser.Error
			if !errors.As(err, &perr) || perr.Offset < 0 || perr.Offset > len(s) {
				t.Fatalf("Parse(%q): error %#v", s, err)
			}
			_ = perr.Error()
			// The rendering shows a bounded window of the input: four
			// lines, the input line at most 120 bytes (each shown in up
			// to 4 characters) and the dots.
			lines := strings.Split(perr.ErrorWithPosition(), "\n")
			if len(lines) != 4 || len(lines[1]) > 2+3+4*120+3 || len(lines[2]) > len(lines[1])+1 {
				t.Fatalf("ErrorWithPosition(%q) =\n%s", s, perr.ErrorWithPosition())
			}
			return
		}
		if u.String() != s {
			t.Fatalf("Parse(%q).String() = %q", s, u.String())
		}
		// Against the RFC's base, unless an edit of the grammar rejects it.
		if _, _, err := parser.Resolve("http://a/b/c/d;p?q", s); err != nil && baseValid {
			var rerr *parser.ResolveError
			if !errors.As(err, &rerr) || rerr.Reason != parser.Unrepresentable {
				t.Fatalf("Resolve(base, %q): %v", s, err)
			}
		}
	})
}

// FuzzMatch checks, for any rule and string, that Match, Matches, ParseTree
// and the profiles agree: a string matches exactly when it has a parse
// tree, the tree spans the whole string with children inside their parent
// and in order, and an error is a *parser.Error with an offset in the
// string (or a *parser.RuleError for a rule that does not exist).
func FuzzMatch(f *testing.F) {
	for _, s := range []string{"http://a/b", "a:b", "//h:80", "[::1]", "%41", "a b", ""} {
		f.Add(uint16(grammar.RuleURIReference), s)
		f.Add(uint16(grammar.RuleHostport), s)
	}
	f.Add(uint16(grammar.NumAllRules), "x")
	f.Fuzz(func(t *testing.T, r uint16, s string) {
		rule := grammar.Rule(r % uint16(grammar.NumAllRules+1))
		if err := uritest.Matched(t, rule, s, parser.Match, parser.Matches, parser.ParseTree, node); err != nil {
			var perr *parser.Error
			var rerr *parser.RuleError
			switch {
			case errors.As(err, &perr):
				if perr.Offset < 0 || perr.Offset > len(s) || perr.Input != s {
					t.Fatalf("Match(%v, %q): offset %d", rule, s, perr.Offset)
				}
			case errors.As(err, &rerr):
				if rule < grammar.NumRules {
					t.Fatalf("Match(%v, %q): %v for a rule of Appendix A", rule, s, err)
				}
			default:
				t.Fatalf("Match(%v, %q): error %v of type %T", rule, s, err, err)
			}
			return
		}
		for _, p := range parser.Profiles() {
			if relaxationsOnly(p) && !p.Matches(rule, s) {
				t.Fatalf("profile %s, made of relaxations, rejects %q as %v, which Appendix A accepts", p, s, rule)
			}
		}
	})
}

// node is what package uritest needs of a parse tree's node.
func node(n *parser.Node) (grammar.Rule, int, int, []*parser.Node) {
	return n.Rule, n.Begin, n.End, n.Children
}

// relaxationsOnly reports whether every edit of p accepts more than
// Appendix A and rejects nothing it accepts.
func relaxationsOnly(p *parser.Profile) bool {
	for _, e := range p.Edits().Edits() {
		if e.Info().Kind != grammar.Relaxation {
			return false
		}
	}
	return true
}

// FuzzProfiles checks every named profile: Parse, Valid and Match agree, a
// valid reference recomposes to itself and resolves; and that a profile
// made only of relaxations (a named one, Strict with each relaxation, and
// Strict with all of them) accepts every reference that Appendix A
// accepts.
func FuzzProfiles(f *testing.F) {
	for _, s := range []string{"http://[::1]/", "?y", "about:", "http://[fe80::1%eth0]:8080/", "http://a/b", "http://256.1.1.1/", "é", "a b"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		strict := parser.Valid(s)
		for _, p := range parser.Profiles() {
			u, err := p.Parse(s)
			if p.Valid(s) != (err == nil) || p.Matches(grammar.RuleURIReference, s) != (err == nil) {
				t.Fatalf("%s: Parse(%q) = %v; Valid or Matches disagrees", p, s, err)
			}
			if err != nil {
				var perr *parser.Error
				var lerr *parser.TooLongError
				if !errors.As(err, &perr) && !errors.As(err, &lerr) {
					t.Fatalf("%s: Parse(%q): error %v of type %T", p, s, err, err)
				}
				if strict && relaxationsOnly(p) {
					t.Fatalf("%s, made of relaxations, rejects %q, which Appendix A accepts: %v", p, s, err)
				}
				continue
			}
			if u.String() != s || u.Profile() != p {
				t.Fatalf("%s: Parse(%q) = %q under %s", p, s, u, u.Profile())
			}
			checkResolved(t, p, "http://a/b/c/d;p?q", s)
		}
		if !strict {
			return
		}
		// Every profile of relaxations, one edit at a time and all
		// together, accepts what Appendix A accepts.
		var all []grammar.Edit
		for _, e := range grammar.Edits() {
			if q := parser.Strict.With(e); relaxationsOnly(q) {
				all = append(all, e)
				if !q.Valid(s) {
					t.Fatalf("%s, made of relaxations, rejects %q, which Appendix A accepts", q, s)
				}
			}
		}
		if q := parser.Strict.With(all...); !q.Valid(s) {
			t.Fatalf("%s, made of relaxations, rejects %q, which Appendix A accepts", q, s)
		}
	})
}

// checkResolved resolves ref against base under p and checks that a result
// is an absolute URI under p that resolves to itself, and that an error
// is a *parser.ResolveError.
func checkResolved(t *testing.T, p *parser.Profile, base, ref string, opts ...parser.ResolveOption) {
	t.Helper()
	got, _, err := p.Resolve(base, ref, opts...)
	if err != nil {
		var rerr *parser.ResolveError
		if !errors.As(err, &rerr) || rerr.Op != "resolve" {
			t.Fatalf("%s: Resolve(%q, %q): error %v of type %T", p, base, ref, err, err)
		}
		return
	}
	u, err := p.Parse(got)
	if err != nil || !u.IsAbsolute() {
		t.Fatalf("%s: Resolve(%q, %q) = %q, not an absolute URI: %v", p, base, ref, got, err)
	}
	if again, _, err := p.Resolve(base, got, opts...); err != nil || again != got {
		t.Fatalf("%s: Resolve(%q, %q) = %q, which resolves to %q, %v", p, base, ref, got, again, err)
	}
}

// FuzzResolve checks that a resolution gives a valid absolute URI that
// resolves to itself, under every policy for ".." above the root and with
// the backwards-compatible reading of a repeated scheme.
func FuzzResolve(f *testing.F) {
	for _, s := range []string{"../../../g", "g;x=1/../y", "http:g", "?y", "#s", "", "//g", ".//g", "a/..//x", "mailto:x"} {
		f.Add("http://a/b/c/d;p?q", s)
	}
	f.Add("foo:/x", ".//g")
	f.Add("mailto:a@b", "#f")
	f.Add("http://a", "g")
	f.Fuzz(func(t *testing.T, base, ref string) {
		checkResolved(t, parser.Strict, base, ref)
		checkResolved(t, parser.Strict, base, ref, parser.DotDotAboveRoot(parser.RemoveDotDot))
		checkResolved(t, parser.Strict, base, ref, parser.DotDotAboveRoot(parser.RefuseDotDot), parser.BackwardsCompatibleScheme())
	})
}

// FuzzNormalize checks that Normalize gives a URI-reference, is
// idempotent, keeps the reference equivalent to itself, and does not
// change what the reference resolves to against any of meaningBases.
//
// Its seeds are in testdata/fuzz/FuzzNormalize.
func FuzzNormalize(f *testing.F) {
	// A reference the grammar in force has no normal form for (after an
	// edit) is left out as an invalid one is.
	noNormalForm := func(err error) bool { return isParseError(err) || editRejects(err) }
	f.Fuzz(uritest.NormalizeFuzz(uritest.Normalizer(parser.Normalize), noNormalForm, func(t *testing.T, s, n string) {
		u, _ := parser.Parse(s)
		v, _ := parser.Parse(n)
		if !parser.Equivalent(u, v) || u.IsAbsolute() != v.IsAbsolute() {
			t.Fatalf("Normalize(%q) = %q, not equivalent", s, n)
		}
		checkSameMeaning(t, s, n)
	}))
}

// FuzzEquivalent checks that Equivalent is normalization equality:
// reflexive on valid references, symmetric, true exactly when the normal
// forms are equal, and only for references that resolve to equivalent URIs
// against every base.
//
// Its seeds are in testdata/fuzz/FuzzEquivalent.
func FuzzEquivalent(f *testing.F) {
	f.Fuzz(func(t *testing.T, a, b string) {
		uritest.CheckEquivalent(t, a, b, parser.Valid, uritest.OnStrings(parser.Parse, parser.Equivalent), uritest.Normalizer(parser.Normalize), checkSameMeaning)
	})
}

// FuzzRelativize checks that a relativized reference resolves back to the
// target exactly, that no suffix of the target after "", "./" or "../"s is
// a shorter one, is no longer than the target, and that a refusal is a
// *parser.ResolveError of a relativize reason.
func FuzzRelativize(f *testing.F) {
	for _, s := range []string{"http://a/b/c/g", "http://a/b/c//x", "http://b/x", "http://a/b/c/g:h", "http://a/../g", "http://a", "mailto:x", "g"} {
		f.Add("http://a/b/c/d;p?q", s)
	}
	f.Add("mailto:a@b", "mailto:a@b#x")
	f.Add("foo:/x/y", "foo:/x/z")
	f.Fuzz(func(t *testing.T, base, target string) {
		for _, p := range []*parser.Profile{parser.Strict, parser.Java} {
			r, err := p.Relativize(base, target)
			if err != nil {
				var rerr *parser.ResolveError
				if !errors.As(err, &rerr) || rerr.Op != "relativize" {
					t.Fatalf("%s: Relativize(%q, %q): error %v of type %T", p, base, target, err, err)
				}
				switch rerr.Reason {
				case parser.InvalidBase, parser.RelativeBase, parser.InvalidReference, parser.RelativeTarget:
				default:
					t.Fatalf("%s: Relativize(%q, %q): %v", p, base, target, err)
				}
				continue
			}
			if len(r) > len(target) {
				t.Fatalf("%s: Relativize(%q, %q) = %q, longer than the target", p, base, target, r)
			}
			back, warnings, err := p.Resolve(base, r)
			if err != nil || back != target || (r != target && len(warnings) > 0) {
				t.Fatalf("%s: Relativize(%q, %q) = %q, which resolves to %q, %v, %v", p, base, target, r, back, warnings, err)
			}
			if p == parser.Strict {
				if c, ok := uritest.ShorterReference(target, r, uritest.ResolvesTo(parser.Resolve, base, target)); ok {
					t.Fatalf("Relativize(%q, %q) = %q, but %q is shorter and resolves back", base, target, r, c)
				}
			}
		}
	})
}

// FuzzEscape checks that an escaped string matches its rule and unescapes
// to the input, and that Unescape either decodes or says where it cannot.
func FuzzEscape(f *testing.F) {
	for _, s := range []string{"a b", "a/b;c", "100%", "é", ":x", "", "/a?b#c"} {
		f.Add(uint16(grammar.RuleSegment), s)
		f.Add(uint16(grammar.RuleRelPath), s)
	}
	f.Fuzz(func(t *testing.T, r uint16, s string) {
		rule := grammar.Rule(r % uint16(grammar.NumAllRules+1))
		e, err := parser.Escape(s, rule)
		if err != nil {
			var eerr *parser.EscapeError
			if !errors.As(err, &eerr) {
				t.Fatalf("Escape(%q, %v): error %v of type %T", s, rule, err, err)
			}
		} else {
			if err := parser.Match(rule, e); err != nil {
				t.Fatalf("Escape(%q, %v) = %q, which does not match: %v", s, rule, e, err)
			}
			if back, err := parser.Unescape(e); err != nil || back != s {
				t.Fatalf("Escape(%q, %v) = %q, which unescapes to %q, %v", s, rule, e, back, err)
			}
		}
		u, ok := uritest.Unescaped(t, s, parser.Unescape, unescapeOffset)
		if !ok {
			return
		}
		if len(u) > len(s) || !strings.Contains(s, "%") && u != s {
			t.Fatalf("Unescape(%q) = %q", s, u)
		}
	})
}

// isParseError reports the errors Parse gives: where a reference is not
// one, or that it is too long.
func isParseError(err error) bool {
	return uritest.Is[*parser.Error](err) || uritest.Is[*parser.TooLongError](err)
}

// unescapeOffset is the offset of an *UnescapeError.
var unescapeOffset = uritest.Field(func(e *parser.UnescapeError) int { return e.Offset })
