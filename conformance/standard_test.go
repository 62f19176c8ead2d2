package conformance

import (
	"testing"

	"github.com/google/go-cmp/cmp"
)

// TestSection: a case names the section that defines its rule in the
// grammar in force, whatever the standard: an edit's rule the document
// that justifies the edit, a core rule RFC 5234's.
func TestSection(t *testing.T) {
	for _, c := range []struct {
		std           Standard
		profile, rule string
		want          string
	}{
		{RFC2396, "", "hostname", "3.2.2"},
		{RFC2396, "", "URI-reference", "4"},
		{RFC2396, "rfc2732", "host", "RFC 2732 3"},
		{RFC2396, "rfc2732", "HEXDIG", "RFC 2234 6.1"},
		{RFC2396, "rfc2732", "hexpart", "RFC 2373 Appendix B"},
		{RFC2396, "rfc2732", "hostname", "3.2.2"},
		{RFC2396, "java", "hostname", "java.net.URI"}, // a document without sections
		{RFC2396, "", "hexpart", ""},                  // no rule of the grammar in force
		{RFC3986, "", "IP-literal", "3.2.2"},
		{RFC3986, "", "ALPHA", "RFC 5234 B.1"},
		{"rfc3987", "", "ucschar", "2.2"},
	} {
		st, err := newStd(c.std, c.profile)
		if err != nil {
			t.Fatal(err)
		}
		if diff := cmp.Diff(c.want, st.section(c.rule)); diff != "" {
			t.Errorf("%s %s: section(%q) (-want +got):\n%s", c.std, c.profile, c.rule, diff)
		}
	}
}
