package site

import (
	"bytes"
	"context"
	"encoding/json"
	"testing"

	"github.com/google/go-cmp/cmp"
)

// encodingJSON is what encoding/json writes for v, as PlayJSON used to
// write it: HTML characters as they are unless html.
func encodingJSON(t *testing.T, v any, html bool) string {
	t.Helper()
	var b bytes.Buffer
	enc := json.NewEncoder(&b)
	enc.SetEscapeHTML(html)
	if err := enc.Encode(v); err != nil {
		t.Fatal(err)
	}
	return b.String()
}

// The hand-written JSON of every playground case is encoding/json's.
func TestAnalysisJSONMatchesEncodingJSON(t *testing.T) {
	s := newSite(t)
	for _, q := range renderCases(t) {
		f, bad := s.playRequest(q)
		if bad != nil {
			t.Fatalf("%s: %s", q, bad.msg)
		}
		for _, static := range []bool{false, true} {
			p := s.newPage(s.grammars[0], "", static, "/")
			a, html, err := s.playResult(context.Background(), p, f)
			if err != nil {
				t.Fatalf("%s: %v", q, err)
			}
			if a == nil {
				a = &Analysis{Rule: f.Rule, Standard: f.Standard, Profile: f.Profile}
			}
			a.HTML = string(html)
			if diff := cmp.Diff(encodingJSON(t, a, false), string(appendAnalysisJSON(nil, a))); diff != "" {
				t.Errorf("%s: (-encoding/json +ours):\n%s", q, diff)
			}
		}
	}
	// The members that no case above fills.
	a := &Analysis{Tree: &TreeNode{Children: []*TreeNode{nil, {Rule: "x"}}}, Error: &ErrorView{}, Resolution: &Trace{Warnings: []string{"w"}, WarningNotes: []WarningNote{{"c", "t"}}, Steps: []Step{{HasBuffer: true}}}}
	if diff := cmp.Diff(encodingJSON(t, a, false), string(appendAnalysisJSON(nil, a))); diff != "" {
		t.Errorf("(-encoding/json +ours):\n%s", diff)
	}
}

// FuzzJSONString: any string is written as encoding/json writes it, with
// and without its HTML escapes.
func FuzzJSONString(f *testing.F) {
	for _, s := range []string{"", "plain", "<a href=\"x\">&amp;</a>", "\x00\b\f\n\r\t\x1f\x7f", "\xff\xc3(", "\u2028\u2029\ufffd", "é✓", `\\"`} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		for _, html := range []bool{false, true} {
			want := encodingJSON(t, s, html)
			got := string(appendJSONString(nil, s, html)) + "\n"
			if got != want {
				t.Errorf("%q (html %v): got %s, encoding/json writes %s", s, html, got, want)
			}
		}
		want := encodingJSON(t, map[string]string{"error": s}, true)
		if got := string(appendErrorJSON(nil, s)); got != want {
			t.Errorf("error %q: got %s, encoding/json writes %s", s, got, want)
		}
	})
}
