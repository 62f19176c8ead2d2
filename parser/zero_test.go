package parser_test

import (
	"fmt"
	"testing"

	"github.com/rfc2396/rfc2396/grammar"
	"github.com/rfc2396/rfc2396/internal/uritest"
	"github.com/rfc2396/rfc2396/parser"
)

// TestZeroValues calls every exported function and method of the package
// with nil and zero receivers and arguments: each works or returns an
// error, and none panics.
func TestZeroValues(t *testing.T) {
	var nilProfile *parser.Profile
	var nilURI *parser.URI
	zeroProfile := &parser.Profile{}
	for _, p := range []*parser.Profile{nilProfile, zeroProfile} {
		name := fmt.Sprintf("%T(%v)", p, p == nil)
		uritest.NoPanic(t, name+".Name", func() { _ = p.Name() })
		uritest.NoPanic(t, name+".String", func() { _ = p.String() })
		uritest.NoPanic(t, name+".Edits", func() { _ = p.Edits() })
		uritest.NoPanic(t, name+".Has", func() { _ = p.Has(grammar.RuleURIReference) })
		uritest.NoPanic(t, name+".With", func() { _ = p.With(grammar.NoEdit).Name() })
		uritest.NoPanic(t, name+".With(ipv6)", func() { _ = p.With(grammar.EditIPv6).Name() })
		uritest.NoPanic(t, name+".Parse", func() { _, _ = p.Parse("http://a/b") })
		uritest.NoPanic(t, name+".ParseInto", func() { _ = p.ParseInto(nil, "http://a/b") })
		uritest.NoPanic(t, name+".Valid", func() { _ = p.Valid("http://a/b") })
		uritest.NoPanic(t, name+".Match", func() { _ = p.Match(grammar.RuleHost, "a") })
		uritest.NoPanic(t, name+".Matches", func() { _ = p.Matches(-1, "a") })
		uritest.NoPanic(t, name+".ParseTree", func() { _, _ = p.ParseTree(grammar.RuleHost, "a") })
		uritest.NoPanic(t, name+".ValidUnder", func() { _ = p.ValidUnder(grammar.RuleURIReference, "?y") })
		uritest.NoPanic(t, name+".Needs", func() { _ = p.Needs(grammar.RuleURIReference, "?y") })
		uritest.NoPanic(t, name+".Normalize", func() { _, _ = p.Normalize("HTTP://a/", nil) })
		uritest.NoPanic(t, name+".Resolve", func() { _, _, _ = p.Resolve("http://a/b", "c", nil) })
		uritest.NoPanic(t, name+".Relativize", func() { _, _ = p.Relativize("http://a/b", "http://a/c") })
		if got, err := p.Parse("http://a/b"); err != nil || got.String() != "http://a/b" {
			t.Errorf("%s.Parse = %v, %v", name, got, err)
		}
	}
	uritest.NoPanic(t, "URI methods on nil", func() {
		_, _, _, _, _ = nilURI.Scheme(), nilURI.Authority(), nilURI.UserInfo(), nilURI.Host(), nilURI.Port()
		_, _, _, _ = nilURI.Path(), nilURI.Query(), nilURI.Fragment(), nilURI.SchemeSpecificPart()
		_, _, _, _, _, _ = nilURI.Profile(), nilURI.IsAbsolute(), nilURI.IsOpaque(), nilURI.AuthorityKind(), nilURI.HostKind(), nilURI.String()
		_ = nilURI.PathSegments()
		_, _ = nilURI.UserInfoFields()
		_, _ = nilURI.RegNameFields()
		_, _ = nilURI.QueryFields()
		_, _ = nilURI.DecodedQuery()
		_, _ = nilURI.DecodedFragment()
		_, _ = nilURI.DecodedHost()
		// MarshalText has a value receiver (a URI held by value
		// marshals): on a nil *URI it panics, as any value method
		// does; encoding/json writes a nil *URI as null without it.
		_ = nilURI.UnmarshalText([]byte("x"))
		_, _ = nilURI.Normalize(nil)
		_, _, _ = nilURI.Resolve("g", nil)
		_, _, _ = nilURI.ResolveReference(nil, nil)
		_, _ = nilURI.Relativize(nil)
	})
	var zeroURI parser.URI
	uritest.NoPanic(t, "URI methods on the zero URI", func() {
		_, _, _, _, _ = zeroURI.Scheme(), zeroURI.Authority(), zeroURI.UserInfo(), zeroURI.Host(), zeroURI.Port()
		_, _, _, _ = zeroURI.Path(), zeroURI.Query(), zeroURI.Fragment(), zeroURI.SchemeSpecificPart()
		_, _, _, _, _, _ = zeroURI.Profile(), zeroURI.IsAbsolute(), zeroURI.IsOpaque(), zeroURI.AuthorityKind(), zeroURI.HostKind(), zeroURI.String()
		_ = zeroURI.PathSegments()
		_, _ = zeroURI.UserInfoFields()
		_, _ = zeroURI.RegNameFields()
		_, _ = zeroURI.QueryFields()
		_, _ = zeroURI.DecodedQuery()
		_, _ = zeroURI.DecodedFragment()
		_, _ = zeroURI.DecodedHost()
		_, _ = zeroURI.MarshalText()
		_, _ = zeroURI.Normalize()
		_, _, _ = zeroURI.Resolve("g")
		_, _, _ = zeroURI.ResolveReference(&zeroURI)
		_, _ = zeroURI.Relativize(&zeroURI)
	})
	uritest.NoPanic(t, "functions with nil options and pointers", func() {
		_, _ = parser.Normalize("a", nil)
		_, _, _ = parser.Resolve("http://a/b", "c", nil)
		_ = parser.ParseInto(nil, "a")
		_ = parser.Equivalent(nil, nil)
		_ = parser.Equal(nil, nil)
		_, _ = parser.Escape("a", -1)
		_, _ = parser.Escape("a", grammar.NumAllRules)
		_ = parser.Match(-1, "a")
		_ = parser.Matches(-1, "a")
		_, _ = parser.ParseTree(-1, "a")
		_, _ = parser.ParseTree(grammar.NumAllRules-1, "a")
		_, _ = parser.LookupProfile("")
		_ = parser.Alternative{}.Documents()
		_, _ = parser.Compose(parser.Component{}, parser.Component{}, "", parser.Component{}, parser.Component{})
	})
	errs := []error{
		(*parser.Error)(nil), &parser.Error{}, &parser.Error{Input: "ab", Offset: -3}, &parser.Error{Input: "ab", Offset: 9},
		(*parser.ResolveError)(nil), &parser.ResolveError{}, &parser.ResolveError{Reason: parser.InvalidBase},
		(*parser.EscapeError)(nil), &parser.EscapeError{},
		(*parser.UnescapeError)(nil), &parser.UnescapeError{}, &parser.UnescapeError{Input: "%", Offset: -1}, &parser.UnescapeError{Input: "%", Offset: 5},
		(*parser.RuleError)(nil), &parser.RuleError{},
		(*parser.ComposeError)(nil), &parser.ComposeError{},
		(*parser.TooLongError)(nil), &parser.TooLongError{},
	}
	uritest.CheckErrorMessages(t, errs)
	uritest.CheckSyntaxErrors(t, nil, &parser.Error{}, &parser.Error{Input: "ab", Offset: -3}, &parser.Error{Input: "ab", Offset: 9})
	uritest.NoPanic(t, "(*ResolveError)(nil).Unwrap", func() { _ = (*parser.ResolveError)(nil).Unwrap() })
}

// TestExportedProfileVariables checks that the package never reads the
// exported profile variables: after Strict is made to hold Java, the
// package-level functions still read Appendix A exactly, and the named
// profiles are still found by name.
func TestExportedProfileVariables(t *testing.T) {
	saved := parser.Strict
	defer func() { parser.Strict = saved }()
	parser.Strict = parser.Java
	for _, ref := range []string{"http://[::1]/", "http://a/ä"} {
		if _, err := parser.Parse(ref); err == nil {
			t.Errorf("Parse(%q) succeeded after Strict = Java", ref)
		}
		if _, err := parser.Normalize(ref); err == nil {
			t.Errorf("Normalize(%q) succeeded after Strict = Java", ref)
		}
		if parser.Valid(ref) {
			t.Errorf("Valid(%q) after Strict = Java", ref)
		}
		if _, _, err := parser.Resolve("http://a/", ref); err == nil {
			t.Errorf("Resolve(http://a/, %q) succeeded after Strict = Java", ref)
		}
	}
	if p, ok := parser.LookupProfile("strict"); !ok || p.Edits() != 0 {
		t.Errorf(`LookupProfile("strict") = %v, %v after Strict = Java`, p, ok)
	}
	if ps := parser.Profiles(); ps[0].Name() != "strict" || ps[0].Edits() != 0 {
		t.Errorf("Profiles()[0] = %v after Strict = Java", ps[0])
	}
}
