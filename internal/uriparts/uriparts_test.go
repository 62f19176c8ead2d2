package uriparts

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
	Parts [None]Component
	SSP   string
}

func viewOf(s *Spans, ref string) view {
	var v view
	for p := Scheme; p < None; p++ {
		v.Parts[p].Value, v.Parts[p].Defined = s.Get(ref, p)
	}
	v.SSP = s.SchemeSpecificPart(ref)
	return v
}

func some(s string) Component { return Component{Value: s, Defined: true} }

func TestFiller(t *testing.T) {
	tests := []struct {
		ref    string
		tokens []token
		opaque [2]int // the opaque part's range, if not zero
		want   view
	}{
		{
			ref:    "http://u@h:8/p?q#f",
			tokens: []token{{Scheme, 0, 4}, {UserInfo, 7, 8}, {Host, 9, 10}, {Port, 11, 12}, {Authority, 7, 12}, {Query, 15, 16}, {Fragment, 17, 18}},
			want: view{Parts: [None]Component{some("http"), some("u@h:8"), some("u"), some("h"), some("8"), some("/p"), some("q"), some("f")},
				SSP: "//u@h:8/p?q"},
		},
		{
			ref:    "a/b#",
			tokens: []token{{Fragment, 4, 4}, {None, 0, 3}},
			want:   view{Parts: [None]Component{Path: some("a/b"), Fragment: some("")}, SSP: "a/b"},
		},
		{
			ref:    "",
			tokens: nil,
			want:   view{Parts: [None]Component{Path: some("")}},
		},
		{
			ref:    "mailto:a?b#c",
			tokens: []token{{Scheme, 0, 6}, {Fragment, 11, 12}},
			opaque: [2]int{7, 10},
			want:   view{Parts: [None]Component{Scheme: some("mailto"), Path: some("a?b"), Fragment: some("c")}, SSP: "a?b"},
		},
		{
			ref:    "?",
			tokens: []token{{Query, 1, 1}},
			want:   view{Parts: [None]Component{Path: some(""), Query: some("")}, SSP: "?"},
		},
	}
	for _, tt := range tests {
		var s Spans
		var f Filler
		for i, tok := range tt.tokens {
			if i == 1 && tt.opaque != [2]int{} {
				f.Opaque(tt.opaque[0], tt.opaque[1])
			}
			f.Add(&s, tok.part, tok.begin, tok.end)
		}
		f.Finish(&s, len(tt.ref))
		if diff := cmp.Diff(tt.want, viewOf(&s, tt.ref)); diff != "" {
			t.Errorf("%q (-want +got):\n%s", tt.ref, diff)
		}
	}
}

func TestSkipPath(t *testing.T) {
	var s Spans
	var f Filler
	f.SkipPath(2)
	f.Finish(&s, 4)
	if got, _ := s.Get("//ab", Path); got != "ab" {
		t.Errorf("path after SkipPath(2) = %q, want %q", got, "ab")
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
	}
}

// rule is a made-up grammar's rule type for TokenParts.
type rule int

func (r rule) String() string {
	return [...]string{"scheme", "hostname", "path", "fragment", "IPv4address"}[r]
}

func TestTokenParts(t *testing.T) {
	got := TokenParts(rule(5), rule.String, "hostname", "IPv4address")
	want := []Part{Scheme, Host, None, Fragment, Host}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("TokenParts (-want +got):\n%s", diff)
	}
}
