package conformance

import (
	"encoding/json"
	"fmt"
	"strings"

	"github.com/rfc2396/rfc2396/grammar/bnf"
)

// The causes under which disagreements are grouped are meant to name what
// a maintainer of the parser under test would change: one cause, one
// group, whatever the rule or component it shows in. A cause depends on
// what differs, not on the case: a parser that percent-encodes whatever
// the grammar refuses does so in every component and after every rule,
// and is one group, not one a byte and rule.

// Causes that do not depend on a rule or a component.
const (
	causeEncodes   = "percent-encodes bytes the suite keeps raw"
	causeDecodes   = "decodes escapes the suite keeps"
	causeRepairs   = "accepts what the grammar refuses by percent-encoding it"
	causeUnread    = "unreadable answer"
	causeNowhere   = "accepts a printable character the grammar allows nowhere"
	causeControl   = "accepts a control character"
	causeNonASCII  = "accepts a byte outside US-ASCII"
	causeSpace     = "accepts a space"
	causeBadEscape = `accepts a "%" not followed by two hex digits`
	causeEmptyNone = "reports empty components as undefined"
	causeNoneEmpty = "reports undefined components as empty"
)

// encodes reports whether got is want with at least one byte written as
// a percent-encoding (%XX, either case of hex) that want has raw.
func encodes(want, got string) bool {
	i, j, encoded := 0, 0, false
	for i < len(want) && j < len(got) {
		switch {
		case want[i] == got[j] && (got[j] != '%' || strings.HasPrefix(want[i:], got[j:min(j+3, len(got))])):
			i++
			j++
		case got[j] == '%' && j+2 < len(got) && isHex(got[j+1]) && isHex(got[j+2]) && unhex(got[j+1])<<4|unhex(got[j+2]) == want[i]:
			i++
			j += 3
			encoded = true
		default:
			return false
		}
	}
	return encoded && i == len(want) && j == len(got)
}

func isHex(c byte) bool {
	return '0' <= c && c <= '9' || 'a' <= c && c <= 'f' || 'A' <= c && c <= 'F'
}

func unhex(c byte) byte {
	switch {
	case c <= '9':
		return c - '0'
	case c <= 'F':
		return c - 'A' + 10
	}
	return c - 'a' + 10
}

// stringHow says how got differs from want, two strings, or "" when it
// is not one of the ways this file names.
func stringHow(want, got string) string {
	switch {
	case encodes(want, got):
		return causeEncodes
	case encodes(got, want):
		return causeDecodes
	}
	return ""
}

// componentHow is how one component of a parser's answer differs from the
// suite's, as the cause of a components disagreement.
func componentHow(name string, want, got *string) string {
	switch {
	case got == nil && want != nil && *want == "":
		return causeEmptyNone
	case got != nil && want == nil && *got == "":
		return causeNoneEmpty
	case got == nil:
		return "leaves out the " + name
	case want == nil:
		return "reports a " + name + " where the suite has none"
	}
	if h := stringHow(*want, *got); h != "" {
		return h
	}
	if strings.EqualFold(*want, *got) {
		return "changes the case of the " + name
	}
	return "reads the " + name + " otherwise"
}

// recomposeAnswer joins the components an answer reports into a reference, as
// section 5.3 of RFC 3986 does; ok is false when the answer lacks the
// path or a component is not a string or null.
func recomposeAnswer(a answer) (string, bool) {
	get := func(n string) (*string, bool) {
		raw, ok := a.fields[n]
		if !ok {
			return nil, n != "path"
		}
		var s *string
		if json.Unmarshal(raw, &s) != nil {
			return nil, false
		}
		return s, true
	}
	var b strings.Builder
	for _, p := range []struct{ name, before, after string }{
		{"scheme", "", ":"}, {"authority", "//", ""}, {"path", "", ""}, {"query", "?", ""}, {"fragment", "#", ""},
	} {
		s, ok := get(p.name)
		if !ok {
			return "", false
		}
		if s != nil {
			b.WriteString(p.before + *s + p.after)
		}
	}
	return b.String(), true
}

// charClass names the class of the byte c for the cause of an accepted
// near miss: a class of bytes the grammar allows nowhere (whatever the
// rule, one cause), or one the grammar allows elsewhere, as its rules
// name them.
func (s *std) charClass(c byte) (class string, nowhere bool) {
	switch {
	case c < 0x20 || c == 0x7f:
		return causeControl, true
	case c >= 0x80:
		return causeNonASCII, true
	case c == ' ':
		return causeSpace, true
	case !s.literalBytes()[c]:
		return causeNowhere, true
	case c == '%':
		return `"%"`, false
	case c == '#':
		return `"#"`, false
	}
	rules := []struct{ rule, words string }{{"reserved", "a reserved character"}, {"unreserved", "an unreserved character"}}
	if s.family() {
		rules = []struct{ rule, words string }{{"gen-delims", "a gen-delim"}, {"sub-delims", "a sub-delim"}, {"unreserved", "an unreserved character"}}
	}
	for _, r := range rules {
		if s.catalogued(r.rule) && s.parserMatch(r.rule, string(c)) == nil {
			return r.words, false
		}
	}
	return fmt.Sprintf("%q", string(c)), false
}

// literalBytes is the set of bytes some literal or range of the grammar
// (with the profile's edits) allows.
func (s *std) literalBytes() *[256]bool {
	if s.lits != nil {
		return s.lits
	}
	var set [256]bool
	var walk func(n *bnf.Node)
	walk = func(n *bnf.Node) {
		switch n.Kind {
		case bnf.Literal:
			for i := 0; i < len(n.Text); i++ {
				c := n.Text[i]
				set[c] = true
				if n.Fold && (c|0x20) >= 'a' && (c|0x20) <= 'z' {
					set[c^0x20] = true
				}
			}
		case bnf.CharRange:
			top := 0xFF
			if n.CodePoints {
				top = 0x7F // beyond, a code point is more than one byte
			}
			for c := n.Min; c <= n.Max && c <= top; c++ {
				set[c] = true
			}
		}
		for _, k := range n.Children {
			walk(k)
		}
	}
	for _, d := range s.defs {
		walk(d.Body)
	}
	s.lits = &set
	return s.lits
}

// acceptedCause is the cause of a near miss the parser accepted: the
// class of the byte at its offset, with the rule being matched there
// only when the byte is one the grammar allows elsewhere.
func (s *std) acceptedCause(v ValidityCase) string {
	in, off := v.Input, *v.Offset
	if off >= 2 && in[off-2] == '%' && isHex(in[off-1]) || off >= 1 && in[off-1] == '%' {
		// Inside an escape: whatever the byte, the escape is the fault.
		return causeBadEscape
	}
	if off >= len(in) {
		return "accepts an input that ends inside " + v.ErrorRule
	}
	class, nowhere := s.charClass(in[off])
	if nowhere {
		return class
	}
	if in[off] == '#' && strings.Contains(in[:off], "#") {
		return `accepts a second "#"`
	}
	if in[off] == '%' && off+2 < len(in) && isHex(in[off+1]) && isHex(in[off+2]) {
		class = "an escape"
	}
	return fmt.Sprintf("accepts %s out of place in %s", class, v.ErrorRule)
}

// baseShape describes what of a base section 5.2 uses: how the
// resolution of a reference against it can go wrong.
func baseShape(base string) string {
	rest, scheme := base, ""
	if i := strings.IndexAny(base, ":/?#"); i > 0 && base[i] == ':' {
		rest, scheme = base[i+1:], base[:i]
	}
	rest, frag, hasFrag := strings.Cut(rest, "#")
	_ = frag
	rest, _, hasQuery := strings.Cut(rest, "?")
	var f []string
	path := rest
	if strings.HasPrefix(rest, "//") {
		auth := rest[2:]
		if i := strings.IndexByte(auth, '/'); i >= 0 {
			auth, path = auth[:i], auth[i:]
		} else {
			path = ""
		}
		switch {
		case auth == "":
			f = append(f, "an empty authority")
		case strings.Contains(auth, "@") && strings.Contains(auth, ":"):
			f = append(f, "userinfo and a port")
		case strings.Contains(auth, "@"):
			f = append(f, "userinfo")
		case strings.Contains(auth, ":"):
			f = append(f, "a port")
		}
	} else if strings.HasPrefix(rest, "/") {
		f = append(f, "no authority")
	} else {
		f = append(f, "an opaque part")
	}
	segs := strings.Split(path, "/")
	dots := false
	for _, s := range segs {
		dots = dots || s == "." || s == ".."
	}
	switch {
	case path == "" && strings.HasPrefix(rest, "/"):
		f = append(f, "an empty path")
	case path == "/":
		f = append(f, "the root path")
	case strings.HasSuffix(path, "/"):
		f = append(f, `a path ending in "/"`)
	}
	if dots {
		f = append(f, "dot segments")
	}
	if strings.Contains(path, "%") {
		f = append(f, "escapes in the path")
	}
	if strings.Contains(path, ";") {
		f = append(f, "params in the path")
	}
	if hasQuery {
		f = append(f, "a query")
	}
	if hasFrag {
		f = append(f, "a fragment")
	}
	if len(f) == 0 {
		f = append(f, "an authority and a path")
	}
	return fmt.Sprintf("scheme %q, %s", scheme, strings.Join(f, ", "))
}
