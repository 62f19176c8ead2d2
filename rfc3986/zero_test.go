package rfc3986_test

import (
	"testing"

	"github.com/rfc2396/rfc2396/internal/uritest"
	"github.com/rfc2396/rfc2396/rfc3986"
	"github.com/rfc2396/rfc2396/rfc3986/grammar"
)

// TestZeroValues calls every exported function of the package with nil
// and zero arguments: each works or returns an error, and none panics.
// The methods of a nil or zero URI are package uri's (TestZeroURI).
func TestZeroValues(t *testing.T) {
	if err := rfc3986.ParseInto(nil, "a"); err == nil {
		t.Error("ParseInto(nil, ...) succeeded")
	}
	uritest.NoPanic(t, "functions with nil options, unknown rules and empty strings", func() {
		_, _, _ = rfc3986.Resolve("http://a/b", "c", nil)
		_, _ = rfc3986.Normalize("")
		_, _ = rfc3986.Relativize("", "")
		_ = rfc3986.Match(-1, "")
		_ = rfc3986.Match(grammar.NumRules, "")
		_ = rfc3986.Matches(-1, "")
		_, _ = rfc3986.Escape("", -1)
		_, _ = rfc3986.Unescape("")
		_ = rfc3986.EscapeRules()
		_, _ = rfc3986.ParseTree(-1, "")
		_ = rfc3986.RemoveDotSegments("")
		_ = rfc3986.Valid("")
		_, _ = rfc3986.Warning(0).Code(), rfc3986.Warning(0).String()
		_, _ = rfc3986.ResolveReason(0).Code(), rfc3986.ResolveReason(0).String()
		_, _ = rfc3986.EscapeReason(0).Code(), rfc3986.EscapeReason(0).String()
		_, _ = rfc3986.HostKind(255).Code(), rfc3986.HostKind(255).String()
	})
	errs := []error{
		(*rfc3986.Error)(nil), &rfc3986.Error{}, &rfc3986.Error{Input: "ab", Offset: -3}, &rfc3986.Error{Input: "ab", Offset: 9},
		(*rfc3986.ResolveError)(nil), &rfc3986.ResolveError{}, &rfc3986.ResolveError{Reason: rfc3986.InvalidReference},
		&rfc3986.ResolveError{Op: "relativize", Reason: rfc3986.InvalidReference}, &rfc3986.ResolveError{Reason: rfc3986.UnreachableTarget},
		(*rfc3986.RuleError)(nil), &rfc3986.RuleError{},
		(*rfc3986.EscapeError)(nil), &rfc3986.EscapeError{},
		(*rfc3986.UnescapeError)(nil), &rfc3986.UnescapeError{}, &rfc3986.UnescapeError{Input: "a", Offset: 7},
		(*rfc3986.TooLongError)(nil), &rfc3986.TooLongError{},
		(*rfc3986.ComposeError)(nil), &rfc3986.ComposeError{},
	}
	uritest.CheckErrorMessages(t, errs)
	uritest.CheckSyntaxErrors(t, nil, &rfc3986.Error{}, &rfc3986.Error{Input: "ab", Offset: -3}, &rfc3986.Error{Input: "ab", Offset: 9})
	uritest.NoPanic(t, "Unwrap on nil", func() {
		_ = (*rfc3986.ResolveError)(nil).Unwrap()
	})
}

func TestMethodsNil(t *testing.T) {
	var nilURI *rfc3986.URI
	u, _ := rfc3986.Parse("http://a/b/c/d;p?q")
	uritest.NoPanic(t, "methods of a nil URI", func() {
		if _, err := nilURI.Normalize(); err == nil {
			t.Error("nil URI: Normalize succeeded")
		}
		if _, _, err := nilURI.Resolve("g"); err == nil {
			t.Error("nil URI: Resolve succeeded")
		}
		if _, _, err := u.ResolveReference(nil); err == nil {
			t.Error("ResolveReference(nil) succeeded")
		}
		if _, err := u.Relativize(nil); err == nil {
			t.Error("Relativize(nil) succeeded")
		}
		if rfc3986.Equivalent(nil, u) || !rfc3986.Equal(nil, nil) || rfc3986.Equal(u, nil) {
			t.Error("Equal or Equivalent with nil")
		}
	})
}
