package conformance

import (
	"encoding/json"
	"testing"

	"github.com/google/go-cmp/cmp"
)

func TestEncodes(t *testing.T) {
	for _, c := range []struct {
		want, got string
		encodes   bool
	}{
		{"a b", "a%20b", true},
		{"a b", "a%20B", false},
		{"%zz", "%25zz", true},
		{"a<b>", "a%3cb%3E", true},
		{"%41", "%41", false}, // the same
		{"%41", "A", false},   // decoded, not encoded
		{"ab", "a%62c", false},
		{"a", "a%", false},
		{"", "", false},
	} {
		if got := encodes(c.want, c.got); got != c.encodes {
			t.Errorf("encodes(%q, %q) = %v, want %v", c.want, c.got, got, c.encodes)
		}
	}
}

// TestAcceptedCause: the cause of an accepted near miss names the class
// of the byte at its offset; the rule only when the grammar allows the
// byte elsewhere.
func TestAcceptedCause(t *testing.T) {
	for _, c := range []struct {
		std         Standard
		in          string
		off         int
		errRule, is string
	}{
		{RFC2396, "http://a/b c", 10, "segment", causeSpace},
		{RFC2396, "http://a/b<c", 10, "segment", causeNowhere},
		{RFC2396, "http://a/b[c", 10, "segment", causeNowhere}, // not in RFC 2396's grammar
		{RFC3986, "http://a/b[c", 10, "segment", `accepts a gen-delim out of place in segment`},
		{RFC2396, "http://a/b\x7fc", 10, "segment", causeControl},
		{RFC2396, "http://a/b\xc3\xa9", 10, "segment", causeNonASCII},
		{RFC2396, "http://a/%zz", 10, "escaped", causeBadEscape},
		{RFC2396, "http://a/%4z", 11, "escaped", causeBadEscape},
		{RFC2396, "http://a/%4", 11, "escaped", causeBadEscape},
		{RFC2396, "http://a/b#c#d", 12, "fragment", `accepts a second "#"`},
		{RFC2396, "1a:b", 2, "rel_segment", "accepts a reserved character out of place in rel_segment"},
		{RFC3986, "1a:b", 2, "URI-reference", "accepts a gen-delim out of place in URI-reference"},
		{RFC3986, "http://a:b/", 9, "port", "accepts an unreserved character out of place in port"},
		{RFC3986, "http://a:!/", 9, "port", "accepts a sub-delim out of place in port"},
		{RFC3986, "http://a:%41/", 9, "port", "accepts an escape out of place in port"},
		{RFC2396, "http://[", 7, "host", causeNowhere},
		{RFC3986, "//[::1", 6, "IP-literal", "accepts an input that ends inside IP-literal"},
	} {
		st, err := newStd(c.std, "")
		if err != nil {
			t.Fatal(err)
		}
		off := c.off
		got := st.acceptedCause(ValidityCase{Input: c.in, Offset: &off, ErrorRule: c.errRule})
		if got != c.is {
			t.Errorf("%s %q at %d: cause %q, want %q", c.std, c.in, c.off, got, c.is)
		}
	}
}

func answers(t *testing.T, objects ...string) []answer {
	t.Helper()
	var out []answer
	for _, o := range objects {
		var a answer
		if err := json.Unmarshal([]byte(o), &a.fields); err != nil {
			t.Fatal(err)
		}
		out = append(out, a)
	}
	return out
}

func causes(c *Category) map[string]int {
	out := map[string]int{}
	for _, g := range c.Groups() {
		out[g[0].Cause] = len(g)
	}
	return out
}

// TestResolveCauseIsTheBase: a parser that cannot resolve against a base
// with no authority fails every reference against it, whatever the
// reference's shape: one group, named by the base; one that fails every
// reference with dot segments, whatever the base, is grouped by the
// reference.
func TestResolveCauseIsTheBase(t *testing.T) {
	st, err := newStd(RFC2396, "")
	if err != nil {
		t.Fatal(err)
	}
	s := &Suite{}
	var right, noOpaque, noDots []string
	for _, base := range []string{"http://a/b/c/d", "s:/a/b/c", "http://h/a/b/"} {
		for _, ref := range []string{"g", "/g", "../g", "./g", "//g", "?y", "#s", "g?y", "x:/y"} {
			want, err := st.resolve(base, ref)
			if err != nil {
				t.Fatal(err)
			}
			s.Resolve = append(s.Resolve, ResolveCase{ID: base + " " + ref, Base: base, Reference: ref, Result: want})
			right = append(right, `{"result":`+quote(want)+`}`)
			if base == "s:/a/b/c" {
				noOpaque = append(noOpaque, `{"result":null}`)
			} else {
				noOpaque = append(noOpaque, `{"result":`+quote(want)+`}`)
			}
			if ref == "../g" || ref == "./g" {
				noDots = append(noDots, `{"result":"http://wrong/"}`)
			} else {
				noDots = append(noDots, `{"result":`+quote(want)+`}`)
			}
		}
	}
	if got := causes(gradeResolve(st, s, answers(t, right...), false)); len(got) != 0 {
		t.Errorf("right answers: groups %v", got)
	}
	want := map[string]int{`fails against a base with scheme "s", no authority`: 9}
	if diff := cmp.Diff(want, causes(gradeResolve(st, s, answers(t, noOpaque...), false))); diff != "" {
		t.Errorf("no resolution against s:/a/b/c (-want +got):\n%s", diff)
	}
	want = map[string]int{"resolves otherwise a reference: relative path with dot segments": 6}
	if diff := cmp.Diff(want, causes(gradeResolve(st, s, answers(t, noDots...), false))); diff != "" {
		t.Errorf("dot segments (-want +got):\n%s", diff)
	}
}

func quote(s string) string {
	b, _ := json.Marshal(s)
	return string(b)
}

// TestComponentsCause: a parser that reports empty components as
// undefined is one group, whichever components; a case with two causes
// goes to the commoner; expected and got are JSON values, the differing
// components.
func TestComponentsCause(t *testing.T) {
	st, err := newStd(RFC3986, "")
	if err != nil {
		t.Fatal(err)
	}
	p := func(s string) *string { return &s }
	s := &Suite{Components: []ComponentsCase{
		{ID: "c1", Input: "http://a/?", Components: Components{Scheme: p("http"), Authority: p("a"), Host: p("a"), Path: p("/"), Query: p("")}},
		{ID: "c2", Input: "http://a/#", Components: Components{Scheme: p("http"), Authority: p("a"), Host: p("a"), Path: p("/"), Fragment: p("")}},
		{ID: "c3", Input: "HTTP://a:/", Components: Components{Scheme: p("HTTP"), Authority: p("a:"), Host: p("a"), Port: p(""), Path: p("/")}},
		{ID: "c4", Input: "http://a/ b", Components: Components{Scheme: p("http"), Authority: p("a"), Host: p("a"), Path: p("/b")}},
	}}
	a := answers(t,
		`{"valid":true,"scheme":"http","host":"a","path":"/","query":null}`,
		`{"valid":true,"scheme":"http","host":"a","path":"/","fragment":null}`,
		`{"valid":true,"scheme":"http","host":"a","port":null,"path":"/"}`,
		`{"valid":true,"scheme":"http","host":"a","path":"/%62"}`,
	)
	index := map[string]int{"http://a/?": 0, "http://a/#": 1, "HTTP://a:/": 2, "http://a/ b": 3}
	c := gradeComponents(st, s, a, index, false)
	want := map[string]int{causeEmptyNone: 3, causeEncodes: 1}
	if diff := cmp.Diff(want, causes(c)); diff != "" {
		t.Errorf("causes (-want +got):\n%s", diff)
	}
	b, err := json.Marshal(c.Disagreements[2])
	if err != nil {
		t.Fatal(err)
	}
	var d struct {
		Expected, Got map[string]*string
		Explanation   string
	}
	if err := json.Unmarshal(b, &d); err != nil {
		t.Fatalf("expected and got are not JSON objects: %v\n%s", err, b)
	}
	if diff := cmp.Diff(map[string]*string{"scheme": p("HTTP"), "port": p("")}, d.Expected); diff != "" {
		t.Errorf("expected (-want +got):\n%s", diff)
	}
	if diff := cmp.Diff(map[string]*string{"scheme": p("http"), "port": nil}, d.Got); diff != "" {
		t.Errorf("got (-want +got):\n%s", diff)
	}
}
