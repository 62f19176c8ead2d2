package uri_test

import (
	"testing"

	"github.com/rfc2396/rfc2396/rfc3986"
	"github.com/rfc2396/rfc2396/rfc3987"
	"github.com/rfc2396/rfc2396/uri"
)

// TestFromURIByGrammar holds FromURI and NormalizePercentEncoding to the
// grammar they run under: RFC 3987's admits ucschar everywhere and
// iprivate in the query, never what its prose forbids; RFC 3986's admits
// nothing beyond US-ASCII, so only its unreserved characters are decoded;
// and the edit bidi-formatting, which lifts RFC 3987's prose, lets the
// bidi formatting characters be decoded too.
func TestFromURIByGrammar(t *testing.T) {
	bidi, err := rfc3987.Allow("bidi-formatting")
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		in                   string
		iri, uri, liftedBidi string // FromURI under rfc3987, rfc3986, rfc3987 with bidi-formatting
		normIRI, normURI     string // NormalizePercentEncoding under rfc3987, rfc3986
	}{
		{"a%7e%2f", "a~%2f", "a~%2f", "a~%2f", "a~%2F", "a~%2F"},
		{"%C3%A9", "é", "%C3%A9", "é", "é", "%C3%A9"},
		{"/%EE%80%80?%EE%80%80", "/%EE%80%80?\ue000", "/%EE%80%80?%EE%80%80", "/%EE%80%80?\ue000", "/%EE%80%80?%EE%80%80", "/%EE%80%80?%EE%80%80"},
		{"%E2%80%8E", "%E2%80%8E", "%E2%80%8E", "\u200e", "%E2%80%8E", "%E2%80%8E"},
		{"%c3%41%C3%e9", "%C3A%C3%E9", "%C3A%C3%E9", "%C3A%C3%E9", "%C3A%C3%E9", "%C3A%C3%E9"},
		{"no-percent", "no-percent", "no-percent", "no-percent", "no-percent", "no-percent"},
	} {
		for _, g := range []struct {
			name string
			got  string
			want string
		}{
			{"rfc3987 FromURI", rfc3987.Grammar().FromURI(c.in), c.iri},
			{"rfc3986 FromURI", rfc3986.Grammar().FromURI(c.in), c.uri},
			{"rfc3987+bidi-formatting FromURI", bidi.FromURI(c.in), c.liftedBidi},
			{"rfc3987 NormalizePercentEncoding", rfc3987.Grammar().NormalizePercentEncoding(c.in), c.normIRI},
			{"rfc3986 NormalizePercentEncoding", rfc3986.Grammar().NormalizePercentEncoding(c.in), c.normURI},
		} {
			if g.got != g.want {
				t.Errorf("%s(%q) = %q, want %q", g.name, c.in, g.got, g.want)
			}
		}
	}
}

// TestEncodeNonASCII: every octet from 0x80 up is encoded, invalid UTF-8
// included, and nothing else; the result maps to itself.
func TestEncodeNonASCII(t *testing.T) {
	for in, want := range map[string]string{
		"":                          "",
		"http://a/b?c#d":            "http://a/b?c#d",
		"red%09ros\u00e9#red":       "red%09ros%C3%A9#red",
		"\xff\x80a":                 "%FF%80a",
		"0123456789abcdef\u4f8b/x!": "0123456789abcdef%E4%BE%8B/x!",
	} {
		got := uri.EncodeNonASCII(in)
		if got != want || uri.EncodeNonASCII(got) != got {
			t.Errorf("EncodeNonASCII(%q) = %q, want %q (and idempotent)", in, got, want)
		}
	}
}

// TestNormalizeHostCaseAndNFC: the case of a US-ASCII host only is
// folded; NFC composes and leaves percent-encodings alone.
func TestNormalizeHostCaseAndNFC(t *testing.T) {
	for in, want := range map[string]string{
		"EXAMPLE.%c3%a9.ORG": "example.%C3%A9.org",
		"RÉSUMÉ.%2f":         "RÉSUMÉ.%2F",
		"a%2":                "a%2",
	} {
		if got := uri.NormalizeHostCase(in); got != want {
			t.Errorf("NormalizeHostCase(%q) = %q, want %q", in, got, want)
		}
	}
	for in, want := range map[string]string{"e\u0301%CC%81": "\u00e9%CC%81", "\u037e": ";", "\xff": "\xff"} {
		if got := uri.NormalizeNFC(in); got != want {
			t.Errorf("NormalizeNFC(%q) = %q, want %q", in, got, want)
		}
	}
}
