package parser

import (
	"bufio"
	"os"
	"strconv"
	"strings"
	"testing"

	"github.com/rfc2396/rfc2396/grammar"
	"github.com/rfc2396/rfc2396/internal/syntax"
)

// spansLayoutSeeds are references of every shape the layout of uriSpans
// derives a boundary for: each component present and absent, empty
// components, opaque parts with "?" in them, registry authorities, IPv6
// hosts with and without a port, and what the edits read differently
// ("file:///x" and "//?q" under empty-authority, non-ASCII bytes).
var spansLayoutSeeds = []string{
	"", "#", "?", "?#", "//", "///", "//?q", "//#f", "a", "a:", "a:b", "a:/", "a:b?c#d", "mailto:a?b#c",
	"http://a/b", "http://a/b?q#f", "http://u@h:80/p?q#f", "http://@h:/", "http://u@:80/", "http://h:80",
	"http://1.2.3.4:8080/x", "http://a~b:80/", "http://$/x", "http://u@$:1/x", "//u@h:9", "//h:9?q", "//h#f",
	"http://[::1]/", "http://[::1]:80/x?q#f", "http://u@[fe80::1%eth0]:8080/", "http://[::1.2.3.4]/",
	"file:///x", "file:////x", "file://", "file:", "/a/b;p?q#f", "../g?y#s", "g;x=1/../y", "%41%42?%43#%44",
	"http://h/é", "é#é", "a b", "http://h/[x]", "x:[y]", "http://a:b@c:d@e/", "http://256.1.1.1/",
}

// wideFill sets w from the tokens of parser p as fill did before
// uriSpans, with syntax.SpansFiller: the reading TestSpansLayout holds
// uriSpans to.
func wideFill(ref string, n int, token func(i int) (grammar.Rule, int, int), emptyAuthority bool) (w syntax.ComponentSpans, opaque bool) {
	var parts syntax.SpansFiller
	for i := 0; i < n; i++ {
		rule, b, e := token(i)
		switch rule {
		case grammar.RuleScheme:
			parts.Scheme(&w, b, e)
		case grammar.RuleOpaquePart:
			opaque = true
			parts.Opaque(b, e)
		case grammar.RuleAuthority:
			parts.Authority(&w, b, e)
		case grammar.RuleUserinfo:
			w.Set(syntax.UserInfo, b, e)
		case grammar.RuleHostname, grammar.RuleIPv4address, grammar.RuleIpv6reference:
			w.Set(syntax.Host, b, e)
		case grammar.RulePort:
			w.Set(syntax.Port, b, e)
		case grammar.RuleQuery:
			parts.Query(&w, b, e)
		case grammar.RuleFragment:
			parts.Fragment(&w, b, e)
		}
	}
	begin, end := parts.Path(len(ref))
	if emptyAuthority && !w.Has(syntax.Authority) && !opaque && end-begin >= 2 && ref[begin:begin+2] == "//" {
		begin += 2
	}
	if a, ok := w.Get(ref, syntax.Authority); emptyAuthority && ok && a == "" {
		w.Clear(syntax.Authority)
	}
	w.Set(syntax.Path, begin, end)
	return w, opaque
}

// checkSpansLayout parses ref under p and, if it is valid, checks that
// every component the URI gives is the one the tokens give read by
// syntax.SpansFiller, and that its wide form gives the same.
func checkSpansLayout(t *testing.T, p *Profile, ref string) {
	t.Helper()
	u, err := p.Parse(ref)
	if err != nil {
		return
	}
	var want syntax.ComponentSpans
	var opaque bool
	if p.edits == 0 {
		var c strictCompactParser
		if !c.Match(ref, grammar.RuleURIReference) {
			t.Fatalf("%s: %q parses, but the strict compact parser does not match it", p, ref)
		}
		want, opaque = wideFill(ref, c.Len(), c.Token, false)
	} else {
		c := p.compactParser()
		if !c.Match(ref, grammar.RuleURIReference) {
			t.Fatalf("%s: %q parses, but the compact parser does not match it", p, ref)
		}
		want, opaque = wideFill(ref, c.Len(), c.Token, p.edits.Has(grammar.EditEmptyAuthority))
		p.auto.parsers.Put(c)
	}
	if u.opaque != opaque {
		t.Errorf("%s: %q: opaque %v, want %v", p, ref, u.opaque, opaque)
	}
	wide := u.spans.wide(u.ref)
	for part := syntax.Scheme; part <= syntax.Fragment; part++ {
		gv, gok := u.spans.get(u.ref, part)
		wv, wok := want.Get(ref, part)
		if gv != wv || gok != wok {
			t.Errorf("%s: %q: part %d = %q, %v; SpansFiller reads %q, %v", p, ref, part, gv, gok, wv, wok)
		}
		if v, ok := wide.Get(ref, part); v != wv || ok != wok {
			t.Errorf("%s: %q: wide part %d = %q, %v; SpansFiller reads %q, %v", p, ref, part, v, ok, wv, wok)
		}
	}
	if got, want := u.SchemeSpecificPart(), want.SchemeSpecificPart(ref); got != want {
		t.Errorf("%s: %q: SchemeSpecificPart %q, want %q", p, ref, got, want)
	}
}

// spansLayoutProfiles returns the named profiles and Strict with each
// edit.
func spansLayoutProfiles() []*Profile {
	ps := Profiles()
	for _, e := range grammar.Edits() {
		ps = append(ps, Strict.With(e))
	}
	return ps
}

// TestSpansLayout checks that the boundaries uriSpans keeps give every
// component as syntax.SpansFiller reads it from the same tokens, under
// every named profile and Strict with each edit, on the seeds, the
// hand-checked components and the corpus sample.
func TestSpansLayout(t *testing.T) {
	refs := append([]string(nil), spansLayoutSeeds...)
	refs = append(refs, quotedFirstFields(t, "../testdata/components.txt")...)
	f, err := os.Open("../testdata/bench-sample.txt")
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		refs = append(refs, sc.Text())
	}
	if err := sc.Err(); err != nil {
		t.Fatal(err)
	}
	for _, p := range spansLayoutProfiles() {
		for _, ref := range refs {
			checkSpansLayout(t, p, ref)
		}
	}
}

// quotedFirstFields returns the first field, Go-quoted, of each line of a
// testdata file that is not a comment.
func quotedFirstFields(t *testing.T, path string) []string {
	t.Helper()
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	var out []string
	for _, line := range strings.Split(string(b), "\n") {
		if line == "" || line[0] == '#' {
			continue
		}
		q, err := strconv.QuotedPrefix(line)
		if err != nil {
			t.Fatalf("%s: %q: %v", path, line, err)
		}
		s, _ := strconv.Unquote(q)
		out = append(out, s)
	}
	return out
}

// FuzzSpansLayout is TestSpansLayout on any input.
func FuzzSpansLayout(f *testing.F) {
	for _, s := range spansLayoutSeeds {
		f.Add(s)
	}
	ps := spansLayoutProfiles()
	f.Fuzz(func(t *testing.T, ref string) {
		for _, p := range ps {
			checkSpansLayout(t, p, ref)
		}
	})
}
