package site

import (
	"html"
	"strconv"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
)

// appendEscaped is held to html.EscapeString, which it replaces on the
// playground's answer path.
func TestAppendEscaped(t *testing.T) {
	for _, s := range []string{"", "abc", `<a href="x">&'</a>`, "&&", "\xff<\x00>", "ü<ü", "a'b\"c"} {
		if diff := cmp.Diff(html.EscapeString(s), string(appendEscaped([]byte("prefix:"), s)[len("prefix:"):])); diff != "" {
			t.Errorf("%q (-html.EscapeString +appendEscaped):\n%s", s, diff)
		}
	}
}

func FuzzAppendEscaped(f *testing.F) {
	f.Add(`<a href="x">&'</a>`)
	f.Fuzz(func(t *testing.T, s string) {
		if got, want := string(appendEscaped(nil, s)), html.EscapeString(s); got != want {
			t.Errorf("%q: %q, html.EscapeString gives %q", s, got, want)
		}
	})
}

// treeHTML writes one span per node with its label, the bytes between
// children as escaped text, and ∅ for an empty match.
func TestTreeHTML(t *testing.T) {
	input := `a<b&c`
	tree := &TreeNode{Rule: "URI-reference", Begin: 0, End: 5, Children: []*TreeNode{
		{Rule: "scheme", Begin: 1, End: 3},
		{Rule: "port", Begin: 4, End: 4},
	}}
	link := func(name string) string { return "rule/" + name + ".html?x=1&y" }
	got := treeHTML(input, tree, link)
	want := `<div class="tree">` +
		`<span class="n" style="--h:` + itoa(ruleHue("URI-reference")) + `" data-rule="URI-reference" data-href="rule/URI-reference.html?x=1&amp;y" data-begin="0" data-end="5">a` +
		`<span class="n" style="--h:` + itoa(ruleHue("scheme")) + `" data-rule="scheme" data-href="rule/scheme.html?x=1&amp;y" data-begin="1" data-end="3">&lt;b<span class="l">scheme</span></span>` +
		`&amp;` +
		`<span class="n" style="--h:` + itoa(ruleHue("port")) + `" data-rule="port" data-href="rule/port.html?x=1&amp;y" data-begin="4" data-end="4"><span class="empty-match">∅</span><span class="l">port</span></span>` +
		`c<span class="l">URI-reference</span></span></div>`
	if diff := cmp.Diff(strings.Split(want, "<span"), strings.Split(got, "<span")); diff != "" {
		t.Errorf("treeHTML (-want +got):\n%s", diff)
	}
	outline := outlineHTML(input, tree, link)
	for _, s := range []string{`<a class="rule" href="rule/scheme.html?x=1&amp;y">scheme</a> <span class="span">[1, 3)</span> <code>&lt;b</code>`, `[4, 4)</span> <code></code>`} {
		if !strings.Contains(outline, s) {
			t.Errorf("outlineHTML has no %q:\n%s", s, outline)
		}
	}
}

func itoa(i int) string { return strconv.Itoa(i) }
