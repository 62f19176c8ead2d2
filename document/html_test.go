package document

import (
	"fmt"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
)

// TestHTMLPositions checks where attribute and text references are
// located, in the forms HTML allows attributes to be written.
func TestHTMLPositions(t *testing.T) {
	doc := "<html>\n<A HREF=unquoted/x TITLE=t>a</A>\n<img alt='a href=no' src='single.png'\n  data-x=1 SRC = \"dup\">\n" +
		"<p>text http://t/x &amp; <a\nhref=\"&#x2e;./e\">e</a></p>\n<link rel=x href>\n&eacute;&lt;http://e/&gt;"
	var got []string
	err := Read(strings.NewReader(doc), HTML, Options{}, func(r *Reference) error {
		got = append(got, fmt.Sprintf("%d:%d@%d %s %s=%q", r.Line, r.Column, r.Offset, r.Element, r.Attribute, r.URI))
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	want := []string{
		`2:9@15 a href="unquoted/x"`,
		`3:27@66 img src="single.png"`, // the repeated SRC is ignored, as HTML does
		`5:9@110  ="http://t/x"`,
		`6:7@136 a href="../e"`,
		`7:17@173 link href=""`,  // no value: where it would start
		`8:13@187  ="http://e/"`, // in text, after character references
	}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("(-want +got):\n%s", diff)
	}
}
