package document

import (
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/google/go-cmp/cmp/cmpopts"
)

// TestCheckOnly: with Options.CheckOnly every kind gives the references it
// gives without, but unresolved (an abbreviated URL in text keeps the
// reason it is not resolved).
func TestCheckOnly(t *testing.T) {
	for _, c := range []struct {
		name string
		kind Kind
		doc  string
	}{
		{"text", Text, "See <http://a/b>, <rel/x.html>, http://a/%zz and www.example.com/x.\n"},
		{"html", HTML, `<html><body><a href="x.html">x</a> http://a/b <img src="%zz"> www.example.com/y</body></html>`},
		{"markdown", Markdown, "[a](x.html) <http://a/b> ![i](%zz)\n"},
	} {
		t.Run(c.name, func(t *testing.T) {
			read := func(checkOnly bool) []Reference {
				var refs []Reference
				opts := Options{Retrieval: "http://r/doc", CheckOnly: checkOnly}
				if err := Read(strings.NewReader(c.doc), c.kind, opts, func(r *Reference) error {
					refs = append(refs, *r)
					return nil
				}); err != nil {
					t.Fatal(err)
				}
				return refs
			}
			want, got := read(false), read(true)
			resolved := 0
			for i := range want {
				if want[i].Resolved != "" {
					resolved++
				}
				if !(want[i].Abbreviation != nil && want[i].InText()) {
					want[i].Resolved, want[i].Warnings, want[i].ResolveErr = "", nil, nil
				}
			}
			if resolved == 0 {
				t.Fatalf("no reference resolved without CheckOnly: %+v", want)
			}
			if diff := cmp.Diff(want, got, cmpopts.IgnoreUnexported(Base{})); diff != "" {
				t.Errorf("CheckOnly (-want +got):\n%s", diff)
			}
		})
	}
}
