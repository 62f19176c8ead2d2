package rfc3986x_test

import (
	"errors"
	"fmt"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/rfc2396/rfc2396/rfc3986"
	"github.com/rfc2396/rfc2396/rfc3986x"
	"github.com/rfc2396/rfc2396/rfc3986x/grammar"
)

// The grammar TestAddGrammar adds: RFC 3986's Appendix A with one change,
// scheme = ALPHA *( ALPHA / DIGIT / "+" / "-" / "." / "_" ). This file is
// copied into the new package and run there.

// verdict is what a grammar makes of a reference: valid, or the offset
// and rule of its error.
type verdict struct {
	Valid  bool
	Offset int
	Rule   string
}

// TestScheme holds the new grammar and RFC 3986 to what their ABNF says
// of references whose scheme has "_".
func TestScheme(t *testing.T) {
	for _, c := range []struct {
		ref        string
		x, rfc3986 verdict
	}{
		// "my_app" is a scheme here. RFC 3986 has no scheme with "_", so
		// the string can only be a relative-ref, whose first segment
		// (segment-nz-nc) cannot hold the ":" at offset 6.
		{"my_app://host/p", verdict{Valid: true}, verdict{Offset: 6, Rule: "segment-nz-nc"}},
		// The space is the first byte no authority can have, in both.
		{"my_app://a b/", verdict{Offset: 10, Rule: "authority"}, verdict{Offset: 6, Rule: "segment-nz-nc"}},
		{"ok://a b/", verdict{Offset: 6, Rule: "authority"}, verdict{Offset: 6, Rule: "authority"}},
		// A scheme starts with ALPHA in both: "_app" is a relative
		// path's first segment, which cannot hold ":".
		{"_app:x", verdict{Offset: 4, Rule: "segment-nz-nc"}, verdict{Offset: 4, Rule: "segment-nz-nc"}},
	} {
		var xerr *rfc3986x.Error
		got := verdict{Valid: true}
		if _, err := rfc3986x.Parse(c.ref); errors.As(err, &xerr) {
			got = verdict{Offset: xerr.Offset, Rule: xerr.Rule.String()}
		} else if err != nil {
			t.Fatalf("rfc3986x.Parse(%q): %v is no *rfc3986x.Error", c.ref, err)
		}
		if diff := cmp.Diff(c.x, got); diff != "" {
			t.Errorf("rfc3986x.Parse(%q) (-want +got):\n%s", c.ref, diff)
		}
		var err3986 *rfc3986.Error
		got = verdict{Valid: true}
		if _, err := rfc3986.Parse(c.ref); errors.As(err, &err3986) {
			got = verdict{Offset: err3986.Offset, Rule: err3986.Rule.String()}
		} else if err != nil {
			t.Fatalf("rfc3986.Parse(%q): %v is no *rfc3986.Error", c.ref, err)
		}
		if diff := cmp.Diff(c.rfc3986, got); diff != "" {
			t.Errorf("rfc3986.Parse(%q) (-want +got):\n%s", c.ref, diff)
		}
		// Valid (the automata) and ParseTree (the parser peg compiles
		// from the grammar file) say what Parse says.
		if v := rfc3986x.Valid(c.ref); v != c.x.Valid {
			t.Errorf("rfc3986x.Valid(%q) = %t, want %t", c.ref, v, c.x.Valid)
		}
		if _, err := rfc3986x.ParseTree(grammar.RuleURIReference, c.ref); (err == nil) != c.x.Valid {
			t.Errorf("rfc3986x.ParseTree(%q): %v, want valid %t", c.ref, err, c.x.Valid)
		}
	}
	if !rfc3986x.Matches(grammar.RuleScheme, "my_app") || rfc3986.Matches(rfc3986.Grammar().Start(), "my_app:") {
		t.Error(`scheme "my_app": want a scheme of rfc3986x, and "my_app:" no URI-reference of RFC 3986`)
	}
}

func ExampleParse() {
	u, err := rfc3986x.Parse("my_app://host/p?q")
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println(u.Scheme().Value, u.Host().Value, u.Path())
	_, err = rfc3986x.Parse("my_app://a b/")
	fmt.Println(err)
	// Output:
	// my_app host /p
	// rfc3986x: offset 10: invalid character ' ' in authority; expected pchar, "#", "/", "?" or end of input
}
