//go:build !js

package parser

import (
	"os"
	"strings"
	"testing"

	"github.com/rfc2396/rfc2396/grammar"
)

// TestProfileTokensBounded checks what lets a profile's Parse run the
// union's compact parser on a long input without screening it with the
// automaton first: until it knows the input is valid, the parser keeps at
// most tokenLimit tokens, under every profile, every edit alone and all
// of them, for inputs of many shapes at 64 KiB, 1 MB in the long checks
// (under RFC 2732's ipv6 edit, an IPv6 address of any length has a token
// for each group). Its verdict is the automaton's, and a valid input over
// the limit is read in full.
func TestProfileTokensBounded(t *testing.T) {
	shapes := []struct{ prefix, unit, suffix string }{
		{"http://", "a.", "\x00"}, {"http://", "a.", "b/"}, {"http://", "1.", ":80/ "},
		{"http://h/", "%4", ""}, {"http://", ":", "@@/ "}, {"http://", "a:a", "@@ "},
		{"http://h/", ";", "#\x7f"}, {"", "../", "?y#z "}, {"", "//", "["},
		{"http://h/?", "a=b&", "#f#"}, {"x:", "\xff", ""}, {"http://h/", "\u00e9", ""},
		{"http://h/#", "\u00e9", " "}, {"http://", "\u00e9.", "/"}, {"", "\u00e9", ":"},
		{"http://[", "1:", "1]/"}, {"http://[", "1:", "]/"}, {"http://[", "1:", "1%25x]/"},
		{"http://[::", "1.", "]/"}, {"http://h/", "[]", ""}, {"mailto:", "[", "]"},
		{"http://h/", "a b", "|"}, {"file:///", "a", ""}, {"http://", "%41.", "/"},
	}
	profiles := map[string]*Profile{}
	var all []grammar.Edit
	for _, p := range Profiles() {
		profiles[p.Name()] = p
	}
	for e := grammar.Edit(1); e <= grammar.NumEdits; e++ {
		profiles[e.Code()] = strict.With(e)
		all = append(all, e)
	}
	profiles["every edit"] = strict.With(all...)
	// 64 KiB is 16 times the limit's tokens for the widest unit; the
	// long checks read 1 MB.
	size := 64 << 10
	if os.Getenv("RFC2396_LONG") != "" {
		size = 1 << 20
	}
	for name, p := range profiles {
		for _, sh := range shapes {
			in := sh.prefix + strings.Repeat(sh.unit, size/len(sh.unit)) + sh.suffix
			c := newTokenParser()
			c.SetEdits(p.edits)
			if ok := matchesReference(c, in); len(c.peg.more) > tokenLimit || ok != p.Valid(in) {
				t.Errorf("%s: %q+%q*N+%q, %d bytes: %d tokens kept (limit %d), valid %v; the automaton says %v",
					name, sh.prefix, sh.unit, sh.suffix, len(in), len(c.peg.more), tokenLimit, ok, p.Valid(in))
			}
		}
	}
	// An IPv6 address of 2^18 groups, valid under RFC 2732's grammar.
	host := "[" + strings.Repeat("1:", 1<<18) + "1]"
	u, err := strict.With(grammar.EditIPv6).Parse("http://" + host + "/p")
	if err != nil || u.Host() != Some(host) || u.Path() != "/p" {
		t.Errorf("a long IPv6 address under ipv6: %v", err)
	}
}
