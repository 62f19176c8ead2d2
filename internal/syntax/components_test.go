package syntax

import (
	"testing"

	"github.com/google/go-cmp/cmp"
)

// token is a component's token as a parse would give it.
type token struct {
	part       Part
	begin, end int
}

// view is every component of a reference, as a test compares them.
type view struct {
	Parts [numParts]Component
	SSP   string
}

func viewOf(s *ComponentSpans, ref string) view {
	var v view
	for p := Scheme; p < numParts; p++ {
		v.Parts[p].Value, v.Parts[p].Defined = s.Get(ref, p)
	}
	v.SSP = s.SchemeSpecificPart(ref)
	return v
}

func some(s string) Component { return Component{Value: s, Defined: true} }

func TestSpansFiller(t *testing.T) {
	tests := []struct {
		ref    string
		tokens []token
		opaque [2]int // the opaque part's range, if not zero
		want   view
	}{
		{
			ref:    "http://u@h:8/p?q#f",
			tokens: []token{{Scheme, 0, 4}, {UserInfo, 7, 8}, {Host, 9, 10}, {Port, 11, 12}, {Authority, 7, 12}, {Query, 15, 16}, {Fragment, 17, 18}},
			want: view{Parts: [numParts]Component{some("http"), some("u@h:8"), some("u"), some("h"), some("8"), some("/p"), some("q"), some("f")},
				SSP: "//u@h:8/p?q"},
		},
		{
			ref:    "a/b#",
			tokens: []token{{Fragment, 4, 4}},
			want:   view{Parts: [numParts]Component{Path: some("a/b"), Fragment: some("")}, SSP: "a/b"},
		},
		{
			ref:    "",
			tokens: nil,
			want:   view{Parts: [numParts]Component{Path: some("")}},
		},
		{
			ref:    "mailto:a?b#c",
			tokens: []token{{Scheme, 0, 6}, {Fragment, 11, 12}},
			opaque: [2]int{7, 10},
			want:   view{Parts: [numParts]Component{Scheme: some("mailto"), Path: some("a?b"), Fragment: some("c")}, SSP: "a?b"},
		},
		{
			ref:    "?",
			tokens: []token{{Query, 1, 1}},
			want:   view{Parts: [numParts]Component{Path: some(""), Query: some("")}, SSP: "?"},
		},
	}
	for _, tt := range tests {
		var s ComponentSpans
		var f SpansFiller
		for i, tok := range tt.tokens {
			if i == 1 && tt.opaque != [2]int{} {
				f.Opaque(tt.opaque[0], tt.opaque[1])
			}
			switch tok.part {
			case Scheme:
				f.Scheme(&s, tok.begin, tok.end)
			case Authority:
				f.Authority(&s, tok.begin, tok.end)
			case Query:
				f.Query(&s, tok.begin, tok.end)
			case Fragment:
				f.Fragment(&s, tok.begin, tok.end)
			default:
				s.Set(tok.part, tok.begin, tok.end)
			}
		}
		f.Finish(&s, len(tt.ref))
		if diff := cmp.Diff(tt.want, viewOf(&s, tt.ref)); diff != "" {
			t.Errorf("%q (-want +got):\n%s", tt.ref, diff)
		}
	}
}

func TestRecompose(t *testing.T) {
	tests := []struct {
		scheme, authority Component
		path              string
		query, fragment   Component
		want              string
	}{
		{some("http"), some("a"), "/b", some("q"), some("f"), "http://a/b?q#f"},
		{Component{}, Component{}, "", Component{}, Component{}, ""},
		{some(""), some(""), "", some(""), some(""), "://?#"},
		{Component{Value: "ignored"}, Component{}, "p", Component{}, Component{}, "p"},
	}
	for _, tt := range tests {
		if got := Recompose(tt.scheme, tt.authority, tt.path, tt.query, tt.fragment); got != tt.want {
			t.Errorf("Recompose(%v, %v, %q, %v, %v) = %q, want %q", tt.scheme, tt.authority, tt.path, tt.query, tt.fragment, got, tt.want)
		}
		if got := RecomposedLen(tt.scheme, tt.authority, tt.path, tt.query, tt.fragment); got != len(tt.want) {
			t.Errorf("RecomposedLen(%v, %v, %q, %v, %v) = %d, want %d", tt.scheme, tt.authority, tt.path, tt.query, tt.fragment, got, len(tt.want))
		}
	}
}

// TestRecomposesTo checks RecomposesTo against RecomposeJoined over every
// combination of a few components: true for the string it builds, false
// for a string one byte longer or shorter, and for the string of any other
// combination that differs.
func TestRecomposesTo(t *testing.T) {
	type parts struct {
		scheme, authority Component
		dir, path         string
		query, fragment   Component
	}
	opts := []Component{{}, some(""), some("a")}
	var all []parts
	for _, scheme := range []Component{{}, some("s")} {
		for _, authority := range opts {
			for _, dir := range []string{"", "/", "/d/"} {
				for _, path := range []string{"", "p", "/p"} {
					for _, query := range opts {
						for _, fragment := range opts {
							all = append(all, parts{scheme, authority, dir, path, query, fragment})
						}
					}
				}
			}
		}
	}
	for _, p := range all {
		s := RecomposeJoined(p.scheme, p.authority, p.dir, p.path, p.query, p.fragment)
		if !RecomposesTo(s, p.scheme, p.authority, p.dir, p.path, p.query, p.fragment) {
			t.Fatalf("RecomposesTo(%q, %+v) = false; RecomposeJoined gives that string", s, p)
		}
		for _, other := range []string{s + "x", s[:max(len(s)-1, 0)]} {
			if other != s && RecomposesTo(other, p.scheme, p.authority, p.dir, p.path, p.query, p.fragment) {
				t.Fatalf("RecomposesTo(%q, %+v) = true; RecomposeJoined gives %q", other, p, s)
			}
		}
		for _, q := range all[:40] {
			if o := RecomposeJoined(q.scheme, q.authority, q.dir, q.path, q.query, q.fragment); o != s && RecomposesTo(o, p.scheme, p.authority, p.dir, p.path, p.query, p.fragment) {
				t.Fatalf("RecomposesTo(%q, %+v) = true; RecomposeJoined gives %q", o, p, s)
			}
		}
	}
}

func TestColonAhead(t *testing.T) {
	for s, want := range map[string]bool{"le:x": true, "le.html": false, "le/a:b": false, "le?a:b": false, "le#:": false, ":": true, "": false} {
		if got := ColonAhead(s); got != want {
			t.Errorf("ColonAhead(%q) = %v; want %v", s, got, want)
		}
	}
}
