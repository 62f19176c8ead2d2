package rfc3986_test

import (
	"bufio"
	"encoding/json"
	"fmt"
	"os"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/rfc2396/rfc2396/internal/oracle"
	"github.com/rfc2396/rfc2396/rfc3986"
	"github.com/rfc2396/rfc2396/rfc3986/grammar"
)

// decodedCase is a line of testdata/decoded.txt.
type decodedCase struct {
	Ref       string      `json:"ref"`
	Segments  []string    `json:"segments"`
	UserInfo  [][2]string `json:"userinfo"`
	Query     [][2]string `json:"query"`
	RegName   [][2]string `json:"regname"`
	Host      *string     `json:"host"`
	DQuery    *string     `json:"dquery"`
	DFragment *string     `json:"dfragment"`
}

// TestDecodedAccessors: each accessor splits on raw delimiters and then
// decodes, as testdata/decoded.txt says, in file order.
func TestDecodedAccessors(t *testing.T) {
	if !delimitersAsPublished() {
		t.Skip("not checked: the grammar in force holds other reserved characters raw in userinfo, reg-name or query than as published")
	}
	facts := oracle.NewFacts3986()
	f, err := os.Open("testdata/decoded.txt")
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	sc := bufio.NewScanner(f)
	for line := 1; sc.Scan(); line++ {
		text := strings.TrimSpace(sc.Text())
		if text == "" || strings.HasPrefix(text, "#") {
			continue
		}
		var want decodedCase
		if err := json.Unmarshal([]byte(text), &want); err != nil {
			t.Fatalf("line %d: %v", line, err)
		}
		if !facts.Hold(want.Ref) {
			t.Logf("line %d: %q: %s", line, want.Ref, oracle.NotHeld)
			continue
		}
		u, err := rfc3986.Parse(want.Ref)
		if err != nil {
			t.Fatalf("line %d: %v", line, err)
		}
		got := decodedCase{Ref: want.Ref, Segments: u.PathSegments()}
		got.UserInfo = pairs(u.UserInfoFields())
		got.Query = pairs(u.QueryFields())
		got.RegName = pairs(u.RegNameFields())
		got.Host = optional(u.DecodedHost())
		got.DQuery = optional(u.DecodedQuery())
		got.DFragment = optional(u.DecodedFragment())
		if diff := cmp.Diff(want, got); diff != "" {
			t.Errorf("line %d: %q (-want +got):\n%s", line, want.Ref, diff)
		}
	}
	if err := sc.Err(); err != nil {
		t.Fatal(err)
	}
}

// delimitersAsPublished reports whether the grammar in force takes the
// same reserved characters raw in userinfo, reg-name and query as the
// grammar as published: what the decoded accessors split on.
func delimitersAsPublished() bool {
	inForce, published := oracles()
	for c := 0; c < 0x80; c++ {
		s := string(rune(c))
		for _, r := range []grammar.Rule{grammar.RuleReserved, grammar.RuleUserinfo, grammar.RuleRegName, grammar.RuleQuery} {
			if inForce.Match(r, s) != published.Match(r, s) {
				return false
			}
		}
	}
	return true
}

func pairs(fields []rfc3986.Field, ok bool) [][2]string {
	if !ok {
		return nil
	}
	out := make([][2]string, len(fields))
	for i, f := range fields {
		out[i] = [2]string{f.Value, ""}
		if f.Delim != 0 {
			out[i][1] = string(rune(f.Delim))
		}
	}
	return out
}

func optional(s string, ok bool) *string {
	if !ok {
		return nil
	}
	return &s
}

// TestCompose: components recompose by section 5.3 and read back as
// themselves, or the error says why not.
func TestCompose(t *testing.T) {
	some := rfc3986.Some
	var none rfc3986.Component
	tests := []struct {
		scheme, authority rfc3986.Component
		path              string
		query, fragment   rfc3986.Component
		want              string // the reference, or the error's type
	}{
		{some("http"), some("a"), "/b", none, some("f"), "http://a/b#f"},
		{none, none, "", some(""), some(""), "?#"},
		{some("foo"), none, "//x", none, none, "*rfc3986.ComposeError"},
		{none, none, "a:b", none, none, "*rfc3986.ComposeError"},
		{none, none, "a b", none, none, "*rfc3986.Error"},
		{some("http"), some("a"), "b", none, none, "*rfc3986.ComposeError"},
	}
	facts := oracle.NewFacts3986()
	for _, tt := range tests {
		if ref := rfc3986.Recompose(tt.scheme, tt.authority, tt.path, tt.query, tt.fragment); !facts.Hold(ref) {
			t.Logf("%q: %s", ref, oracle.NotHeld)
			continue
		}
		u, err := rfc3986.Compose(tt.scheme, tt.authority, tt.path, tt.query, tt.fragment)
		got := ""
		switch err.(type) {
		case nil:
			got = u.String()
		case *rfc3986.ComposeError:
			got = "*rfc3986.ComposeError"
		case *rfc3986.Error:
			got = "*rfc3986.Error"
		default:
			got = fmt.Sprintf("%T", err)
		}
		if got != tt.want {
			t.Errorf("Compose(%v, %v, %q, %v, %v) = %s, want %s", tt.scheme, tt.authority, tt.path, tt.query, tt.fragment, got, tt.want)
		}
		if r := rfc3986.Recompose(tt.scheme, tt.authority, tt.path, tt.query, tt.fragment); err == nil && r != got {
			t.Errorf("Recompose = %q, Compose %q", r, got)
		}
	}
}
