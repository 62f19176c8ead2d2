package rfc8141

import (
	"errors"
	"strings"
	"testing"
)

// FuzzParse holds Parse to its invariants on any bytes: it never panics;
// it succeeds exactly when Valid says so; a URN's components put back
// together, with their delimiters, are the input, its NID is 2 to 32
// characters and its r-component holds no "?="; its normal form is a
// URN, its own normal form and URN-equivalent to it. An error is a
// *URNError at an offset inside the input, never the automaton and the
// compact parser disagreeing.
func FuzzParse(f *testing.F) {
	for _, s := range []string{"urn:example:a123,z456", "URN:EXAMPLE:a%2c?+r?=q#f", "urn:example:a?+r?=", "urn:ab:x",
		"urn:x-y:z", "urn:urn-7:a", "urn:example:a#b#c", "urn:example:%zz", "urn:example:caf\xc3\xa9", "\xff", "urn:example:a?b"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		u, err := Parse(s)
		if (err == nil) != Valid(s) {
			t.Fatalf("Parse(%q) error %v, Valid %v", s, err, Valid(s))
		}
		if err != nil {
			var ue *URNError
			if !errors.As(err, &ue) || ue.Offset < 0 || ue.Offset > len(s) || strings.Contains(err.Error(), "internal error") {
				t.Fatalf("Parse(%q): %v", s, err)
			}
			_ = ue.ErrorWithPosition()
			if _, err := Normalize(s); err == nil {
				t.Fatalf("Normalize(%q) of no URN: no error", s)
			}
			return
		}
		back := s[:4] + u.NID + ":" + u.NSS
		for _, c := range []struct {
			delim string
			c     Component
		}{{"?+", u.RComponent}, {"?=", u.QComponent}, {"#", u.FComponent}} {
			if c.c.Defined {
				back += c.delim + c.c.Value
			}
		}
		if back != s || !strings.EqualFold(s[:4], "urn:") || len(u.NID) < 2 || len(u.NID) > 32 || strings.Contains(u.RComponent.Value, "?=") {
			t.Fatalf("Parse(%q) = %+v", s, u)
		}
		n, err := Normalize(s)
		if err != nil {
			t.Fatalf("Normalize(%q): %v", s, err)
		}
		nn, err := Normalize(n)
		eq, err2 := Equivalent(s, n)
		if err != nil || err2 != nil || nn != n || !eq || len(n) != len(s) {
			t.Fatalf("Normalize(%q) = %q, again %q (%v), equivalent %v (%v)", s, n, nn, err, eq, err2)
		}
	})
}
