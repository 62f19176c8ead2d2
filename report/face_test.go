package report

import (
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/rfc2396/rfc2396/parser"
)

// TestFaces holds the fields and errors the faces add to parse to what
// RFC 9112 and RFC 8141 say of each input.
func TestFaces(t *testing.T) {
	u := parser.Component{}
	for _, c := range []struct {
		std, in string
		ctx     Context
		want    []Field // nil: invalid
	}{
		// RFC 9112 section 3.2.1 and 3.3: origin-form, Host www.example.org.
		{"rfc9112", "/where?q=now", Context{Host: "www.example.org"}, []Field{
			{Name: "form", Value: parser.Some("origin-form")},
			{Name: "target_uri", Value: parser.Some("http://www.example.org/where?q=now")},
			{Name: "target_uri_error", Value: u, Optional: true}}},
		{"rfc9112", "*", Context{}, []Field{{Name: "form", Value: parser.Some("asterisk-form")}}},
		{"rfc9112", "/a#f", Context{}, nil},
		// RFC 8141 section 2.3.1, and its r-component ending at "?=".
		{"rfc8141", "urn:example:foo-bar-baz-qux?+CCResolve:cc=uk?=x", Context{}, []Field{
			{Name: "nid", Value: parser.Some("example")}, {Name: "nss", Value: parser.Some("foo-bar-baz-qux")},
			{Name: "r_component", Value: parser.Some("CCResolve:cc=uk")}, {Name: "q_component", Value: parser.Some("x")},
			{Name: "f_component", Value: u}}},
		{"rfc8141", "urn:example:a?+r?=", Context{}, nil},
	} {
		s, err := LookupStandard(c.std)
		if err != nil {
			t.Fatal(err)
		}
		rd := s.NewReader(nil)
		if err := SetContext(rd, c.ctx); err != nil {
			t.Fatal(err)
		}
		rule, _ := rd.LookupRule(rd.StartRule())
		r := rd.Read(rule, c.in, false)
		if (r.Err == nil) != (c.want != nil) {
			t.Errorf("%s %q: error %v", c.std, c.in, r.Err)
			continue
		}
		if d := cmp.Diff(c.want, r.Fields); d != "" {
			t.Errorf("%s %q: fields (-want +got):\n%s", c.std, c.in, d)
		}
	}
	s, _ := LookupStandard("rfc8141")
	if err := SetContext(s.NewReader(nil), Context{Host: "h"}); err == nil {
		t.Error("SetContext with a host under RFC 8141: no error")
	}
	if n, err := s.NewReader(nil).Normalize("URN:EXAMPLE:a%2c?+R"); err != nil || n != "urn:example:a%2C?+R" {
		t.Errorf("Normalize under RFC 8141: %q, %v", n, err)
	}
}
