package rfc9112

import (
	"errors"
	"strings"
	"testing"
)

// FuzzParse holds Parse to its invariants on any bytes: it never panics;
// it succeeds exactly when Valid says so; a valid target's form is
// one of the four and its components are where the form puts them; an
// invalid one's error is a *TargetError over the core's *Error, at an
// offset inside the input.
func FuzzParse(f *testing.F) {
	for _, s := range []string{"/where?q=now", "http://a@b/", "//x", "/a b", "/a#f", "*", "*x", "host:80/x",
		"[::1]:80", "example.com:", "\x00", "\r\n", "/caf\xc3\xa9", "/%2F", "\xff"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		tg, err := Parse(s)
		if (err == nil) != Valid(s) {
			t.Fatalf("Parse(%q) error %v, Valid %v", s, err, Valid(s))
		}
		if err != nil {
			var te *TargetError
			var core *Error
			if !errors.As(err, &te) || !errors.As(err, &core) || core.Offset < 0 || core.Offset > len(s) {
				t.Fatalf("Parse(%q): %v", s, err)
			}
			_ = te.ErrorWithPosition()
			return
		}
		switch tg.Form {
		case OriginForm:
			got := tg.Path
			if tg.Query.Defined {
				got += "?" + tg.Query.Value
			}
			if got != s || !strings.HasPrefix(s, "/") {
				t.Fatalf("origin-form %q: path %q query %v", s, tg.Path, tg.Query)
			}
		case AbsoluteForm:
			if !strings.HasPrefix(s, tg.Scheme.Value+":") || !strings.Contains(s, tg.Path) || strings.Contains(s, "#") {
				t.Fatalf("absolute-form %q: %+v", s, tg)
			}
		case AuthorityForm:
			if tg.Authority.Value != s || !strings.HasSuffix(s, ":"+tg.Port.Value) {
				t.Fatalf("authority-form %q: %+v", s, tg)
			}
		case AsteriskForm:
			if s != "*" {
				t.Fatalf("asterisk-form %q", s)
			}
		default:
			t.Fatalf("Parse(%q): no form", s)
		}
		if strings.ContainsAny(s, " \t\r\n\x00#") {
			t.Fatalf("Parse(%q) accepted whitespace, a control or a fragment", s)
		}
	})
}
