package rfc3986_test

import (
	"errors"
	"slices"
	"strings"
	"testing"

	"github.com/rfc2396/rfc2396/internal/oracle"
	"github.com/rfc2396/rfc2396/internal/uritest"
	"github.com/rfc2396/rfc2396/rfc3986"
	"github.com/rfc2396/rfc2396/rfc3986/grammar"
)

// FuzzResolve checks, for any base and reference, that Resolve does not
// panic, that a result is a valid URI with no dot segments in a path that
// starts with "/", and that resolving the result against the base again
// gives the result.
func FuzzResolve(f *testing.F) {
	for _, s := range []string{"../../../g", "?y", "#s", "", "//g", "g;x=1/../y", "http:g", "a b"} {
		f.Add("http://a/b/c/d;p?q", s)
	}
	f.Add("urn:a:b", "c")
	facts := oracle.NewFacts3986()
	f.Fuzz(func(t *testing.T, base, ref string) {
		got, warnings, err := rfc3986.Resolve(base, ref)
		if err != nil {
			var rerr *rfc3986.ResolveError
			if !errors.As(err, &rerr) {
				t.Fatalf("Resolve(%q, %q): error %v of type %T", base, ref, err, err)
			}
			return
		}
		if !facts.Hold(got) {
			// An edited grammar may have no URI for a target section
			// 5.2.2 makes (after URI without a fragment, "http://a#s").
			return
		}
		u, err := rfc3986.Parse(got)
		if slices.Contains(warnings, rfc3986.WarnPathReadsAsAuthority) {
			// The path that starts with "//" reads back as an authority,
			// or not at all ("a://:x/g"): that is what the warning says.
			if err == nil && !u.Authority().Defined {
				t.Fatalf("Resolve(%q, %q) = %q with warnings %v", base, ref, got, warnings)
			}
			return
		}
		for _, w := range warnings {
			if w != rfc3986.WarnRootlessPathMadeAbsolute || (err == nil && !strings.HasPrefix(u.Path(), "/")) {
				t.Fatalf("Resolve(%q, %q) = %q with warning %s", base, ref, got, w.Code())
			}
		}
		if err != nil || !u.IsAbsolute() {
			t.Fatalf("Resolve(%q, %q) = %q, which is not an absolute URI: %v", base, ref, got, err)
		}
		// Section 5.2.2 removes dot segments from every target path except
		// the base's own, taken as is when the reference has no path.
		r, _ := rfc3986.Parse(ref)
		if r.Path() != "" && strings.HasPrefix(u.Path(), "/") && rfc3986.RemoveDotSegments(u.Path()) != u.Path() {
			t.Errorf("Resolve(%q, %q) = %q keeps dot segments", base, ref, got)
		}
	})
}

// FuzzNormalize checks that Normalize gives a valid reference, is
// idempotent, keeps a reference absolute or relative, and does not change
// what the reference resolves to against any of meaningBases.
//
// Its seeds are in testdata/fuzz/FuzzNormalize.
func FuzzNormalize(f *testing.F) {
	// A normal form only the grammar as published accepts (after an
	// edit: "http:///" once path-abempty has no empty segment) is left
	// out as an invalid input is.
	errEdit := errors.New(oracle.NotHeld)
	normalize := func(s string) (string, error) {
		n, err := rfc3986.Normalize(s)
		if rejected(n, err) {
			return "", errEdit
		}
		return n, err
	}
	noNormalForm := func(err error) bool { return err == errEdit || isParseError(err) }
	f.Fuzz(uritest.NormalizeFuzz(normalize, noNormalForm, func(t *testing.T, s, n string) {
		u, err := rfc3986.Parse(n)
		if err != nil {
			t.Fatalf("Normalize(%q) = %q, not a URI-reference: %v", s, n, err)
		}
		// The same kind of reference; only an empty path may become "/"
		// (section 6.2.3, "http://a" is "http://a/").
		if v, _ := rfc3986.Parse(s); u.IsAbsolute() != v.IsAbsolute() || u.Authority().Defined != v.Authority().Defined ||
			v.Path() != "" && strings.HasPrefix(u.Path(), "/") != strings.HasPrefix(v.Path(), "/") {
			t.Fatalf("Normalize(%q) = %q: another kind of reference", s, n)
		}
		checkSameMeaning(t, s, n)
	}))
}

// FuzzParse checks that Parse, Valid, Match and ParseTree agree, that a
// valid reference recomposes to itself, and that an error says where.
func FuzzParse(f *testing.F) {
	for _, s := range []string{"http://a/b?c#d", "//[v1.x]:8/", "a:", "?", "#", "a b", "%", "\xff", "foo:/.//a"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		u, err := rfc3986.Parse(s)
		if rfc3986.Valid(s) != (err == nil) || (rfc3986.Match(grammar.RuleURIReference, s) == nil) != (err == nil) {
			t.Fatalf("Parse(%q) = %v; Valid or Match disagrees", s, err)
		}
		if err != nil {
			var perr *rfc3986.Error
			if !errors.As(err, &perr) || perr.Offset < 0 || perr.Offset > len(s) || perr.Input != s {
				t.Fatalf("Parse(%q): error %#v", s, err)
			}
			return
		}
		got := recompose(u)
		if got != s || u.String() != s {
			t.Fatalf("Parse(%q) recomposes to %q", s, got)
		}
	})
}

// recompose is section 5.3 on u's components.
func recompose(u *rfc3986.URI) string {
	var b strings.Builder
	if c := u.Scheme(); c.Defined {
		b.WriteString(c.Value + ":")
	}
	if c := u.Authority(); c.Defined {
		b.WriteString("//" + c.Value)
	}
	b.WriteString(u.Path())
	if c := u.Query(); c.Defined {
		b.WriteString("?" + c.Value)
	}
	if c := u.Fragment(); c.Defined {
		b.WriteString("#" + c.Value)
	}
	return b.String()
}

// FuzzMatch checks, for any rule and string, that Match, Matches, Match
// of the rule looked up by name and ParseTree agree, and that a tree spans the string with its
// children inside their parent, in order.
func FuzzMatch(f *testing.F) {
	for _, s := range []string{"http://a/b", "[::1]", "1.2.3.4", "%41", "a b", ""} {
		f.Add(uint16(grammar.RuleURIReference), s)
		f.Add(uint16(grammar.RuleHost), s)
	}
	f.Fuzz(func(t *testing.T, r uint16, s string) {
		rule := grammar.Rule(r % uint16(grammar.NumRules+1))
		if rule < grammar.NumRules {
			byName, ok := grammar.Lookup(rule.String())
			if !ok || byName != rule {
				t.Fatalf("Lookup(%q) = %v, %v", rule.String(), byName, ok)
			}
		}
		if err := uritest.Matched(t, rule, s, rfc3986.Match, rfc3986.Matches, rfc3986.ParseTree, node); err != nil {
			var perr *rfc3986.Error
			var rerr *rfc3986.RuleError
			if !errors.As(err, &perr) && !errors.As(err, &rerr) {
				t.Fatalf("Match(%v, %q): error %v of type %T", rule, s, err, err)
			}
			if perr != nil && (perr.Offset < 0 || perr.Offset > len(s)) {
				t.Fatalf("Match(%v, %q): offset %d", rule, s, perr.Offset)
			}
		}
	})
}

// node is what package uritest needs of a parse tree's node.
func node(n *rfc3986.Node) (grammar.Rule, int, int, []*rfc3986.Node) {
	return n.Rule, n.Begin, n.End, n.Children
}

// FuzzRelativize checks that a relativized reference resolves back to the
// target exactly, that no suffix of the target after "", "./" or "../"s is
// a shorter one and without a warning, is no longer than the target, and
// that a refusal is a *ResolveError; a target refused as unreachable does
// not resolve to itself.
func FuzzRelativize(f *testing.F) {
	for _, s := range []string{"http://a/b/c/g", "http://a/b/c//x", "http://b/x", "http://a/b/c/g:h", "http://a/b/../g", "http://a", "mailto:x", "g"} {
		f.Add("http://a/b/c/d;p?q", s)
	}
	f.Add("mailto:a@b", "mailto:a@b#x")
	f.Add("foo:a/b", "foo:a/c")
	f.Add("foo:a", "foo:c")
	f.Fuzz(func(t *testing.T, base, target string) {
		r, err := rfc3986.Relativize(base, target)
		if err != nil {
			var rerr *rfc3986.ResolveError
			switch {
			case errors.As(err, &rerr) && rerr.Op == "relativize":
				if rerr.Reason == rfc3986.UnreachableTarget {
					if got, w, err := rfc3986.Resolve(base, target); err != nil || got == target && len(w) == 0 {
						t.Fatalf("Relativize(%q, %q): %v, but the target resolves to itself", base, target, err)
					}
				}
			default:
				t.Fatalf("Relativize(%q, %q): error %v of type %T", base, target, err, err)
			}
			return
		}
		if len(r) > len(target) {
			t.Fatalf("Relativize(%q, %q) = %q, longer than the target", base, target, r)
		}
		back, warnings, err := rfc3986.Resolve(base, r)
		if err != nil || back != target || len(warnings) > 0 {
			t.Fatalf("Relativize(%q, %q) = %q, which resolves to %q, %v, %v", base, target, r, back, warnings, err)
		}
		if c, ok := uritest.ShorterReference(target, r, uritest.ResolvesTo(rfc3986.Resolve, base, target)); ok {
			t.Fatalf("Relativize(%q, %q) = %q, but %q is shorter and resolves back", base, target, r, c)
		}
	})
}

// FuzzEquivalent checks that Equivalent is symmetric and reflexive, that it
// is the equality of normal forms, and that equivalent references resolve
// alike against every base of meaningBases.
//
// Its seeds are in testdata/fuzz/FuzzEquivalent.
func FuzzEquivalent(f *testing.F) {
	f.Fuzz(func(t *testing.T, a, b string) {
		uritest.CheckEquivalent(t, a, b, rfc3986.Valid, uritest.OnStrings(rfc3986.Parse, rfc3986.Equivalent), uritest.Normalizer(rfc3986.Normalize), checkSameMeaning)
	})
}

// FuzzUnescape checks that Unescape decodes exactly what Escape encodes
// and refuses, with the offset of a "%", only a malformed escape.
func FuzzUnescape(f *testing.F) {
	for _, s := range []string{"%41", "%", "%4", "%zz", "a%2Fb", "\xff"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		got, ok := uritest.Unescaped(t, s, rfc3986.Unescape, unescapeOffset)
		if !ok {
			return
		}
		if !strings.Contains(s, "%") && got != s {
			t.Fatalf("Unescape(%q) = %q without a %%", s, got)
		}
		if again, err := rfc3986.Escape(got, grammar.RuleFragment); err != nil {
			t.Fatalf("Escape(Unescape(%q)) for fragment: %v", s, err)
		} else if back, err := rfc3986.Unescape(again); err != nil || back != got {
			t.Fatalf("Unescape(Escape(%q)) = %q, %v", got, back, err)
		}
	})
}

// unescapeOffset is the offset of the "%" an *UnescapeError reports.
var unescapeOffset = uritest.Field(func(e *rfc3986.UnescapeError) int { return e.Offset })

// isParseError reports the errors of Parse.
func isParseError(err error) bool {
	return uritest.Is[*rfc3986.Error](err) || uritest.Is[*rfc3986.TooLongError](err)
}
