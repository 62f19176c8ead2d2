package parser

import (
	"testing"

	"github.com/rfc2396/rfc2396/grammar"
	"github.com/rfc2396/rfc2396/internal/syntax"
	"github.com/rfc2396/rfc2396/internal/uritest"
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

// wideFill sets w from the tokens of a parse as fill did before
// uriSpans, with syntax.SpansFiller, and returns the kinds of host (the
// last host token's) and of authority: the reading TestSpansLayout holds
// fill to.
func wideFill(ref string, n int, token func(i int) (grammar.Rule, int, int), emptyAuthority bool) (w syntax.ComponentSpans, opaque bool, hk HostKind, ak AuthorityKind) {
	var parts syntax.SpansFiller
	registry := false
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
		case grammar.RuleRegName:
			registry = true
		case grammar.RuleUserinfo:
			w.Set(syntax.UserInfo, b, e)
		case grammar.RuleHostname:
			w.Set(syntax.Host, b, e)
			hk = Hostname
		case grammar.RuleIPv4address:
			w.Set(syntax.Host, b, e)
			hk = IPv4
		case grammar.RuleIpv6reference:
			w.Set(syntax.Host, b, e)
			hk = IPv6
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
	if w.Has(syntax.Authority) {
		ak = ServerAuthority
		if registry {
			ak = RegistryAuthority
		}
	}
	return w, opaque, hk, ak
}

// checkSpansLayout checks, if ref is valid under p, that every component
// of the URI Parse gives is the one its compact parser's tokens give read
// by syntax.SpansFiller, and so are its kinds of host and authority and
// its wide form's components.
func checkSpansLayout(t *testing.T, p *Profile, ref string) {
	t.Helper()
	var want syntax.ComponentSpans
	var opaque bool
	var hk HostKind
	var ak AuthorityKind
	if p.edits == 0 {
		var c strictCompactParser
		if !c.Match(ref, grammar.RuleURIReference) {
			return
		}
		want, opaque, hk, ak = wideFill(ref, c.Len(), c.Token, false)
	} else {
		c := p.compactParser()
		ok := c.Match(ref, grammar.RuleURIReference)
		if ok {
			want, opaque, hk, ak = wideFill(ref, c.Len(), c.Token, p.edits.Has(grammar.EditEmptyAuthority))
		}
		p.auto.parsers.Put(c)
		if !ok {
			return
		}
	}
	u, err := p.Parse(ref)
	if err != nil {
		t.Fatalf("%s: the compact parser matches %q, Parse: %v", p, ref, err)
	}
	if u.opaque != opaque || u.hostKind != hk || u.authorityKind != ak {
		t.Errorf("%s: %q: opaque %v, %v, %v; want %v, %v, %v", p, ref, u.opaque, u.hostKind, u.authorityKind, opaque, hk, ak)
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
// strings of the testdata of components, RFC examples and profiles, and
// every 25th reference of the corpus.
func TestSpansLayout(t *testing.T) {
	refs := append([]string(nil), spansLayoutSeeds...)
	refs = append(refs, uritest.TestdataStrings(t, "../testdata/components.txt", "../testdata/rfc-examples.txt", "testdata/profiles.txt")...)
	lines, _ := uritest.LoadCorpus(t, "..")
	refs = append(refs, sample(lines, 25)...)
	for _, p := range spansLayoutProfiles() {
		for _, ref := range refs {
			checkSpansLayout(t, p, ref)
		}
	}
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
