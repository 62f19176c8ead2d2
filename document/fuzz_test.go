package document

import (
	"bytes"
	"errors"
	"testing"

	"github.com/rfc2396/rfc2396/parser"
)

// checkRead reads data as kind and checks what any input must give: no
// panic, references in order inside the input with sane positions, a
// base that is absolute or absent, and a resolution that is absolute or
// comes with a reason. The small MaxLine keeps memory bounded.
func checkRead(t *testing.T, data []byte, kind Kind) {
	last := -1
	err := Read(bytes.NewReader(data), kind, Options{Retrieval: "http://fuzz/a/b", MaxLine: 1 << 12}, func(r *Reference) error {
		if r.Line < 1 || r.Column < 1 || r.Offset < 0 || r.End < r.Offset {
			t.Fatalf("bad position %+v end %d", r.Position, r.End)
		}
		if (kind == Text || r.Markdown != "") && (r.End > len(data) || string(data[r.Offset:r.End]) != r.Text) {
			t.Fatalf("span %d-%d is not %q", r.Offset, r.End, r.Text)
		}
		if r.Part == "" && r.Offset < last {
			t.Fatalf("offset %d after %d", r.Offset, last)
		}
		if r.Part == "" {
			last = r.Offset
		}
		if r.Base == nil {
			t.Fatal("no base")
		}
		if r.Base.URI != "" {
			if u, err := parser.Parse(r.Base.URI); err != nil || !u.IsAbsolute() {
				t.Fatalf("base %q is not absolute: %v", r.Base.URI, err)
			}
		}
		if (r.Resolved == "") == (r.ResolveErr == nil) {
			t.Fatalf("resolved %q with reason %v", r.Resolved, r.ResolveErr)
		}
		if r.Resolved != "" {
			if u, err := parser.Parse(r.Resolved); err != nil || !u.IsAbsolute() {
				t.Fatalf("resolved %q is not absolute: %v", r.Resolved, err)
			}
		}
		if r.Valid() && r.Err != nil {
			t.Fatal("valid with an error")
		}
		if p := r.PositionOf(len(r.URI)); p.Offset < r.Offset || p.Line < r.Line || p.Column < 1 {
			t.Fatalf("PositionOf(%d) = %+v, before %+v", len(r.URI), p, r.Position)
		}
		return nil
	})
	if err != nil {
		var le *LimitError
		var fe *FormatError
		if !errors.As(err, &le) && !(kind == MIME && errors.As(err, &fe)) {
			t.Fatalf("%s: error %v (%T), want a *LimitError or a *FormatError", kind.Code(), err, err)
		}
	}
}

func FuzzHTML(f *testing.F) {
	f.Add([]byte(`<!doctype html><html><head><base href="http://x/y/z"></head><body><a href="../q">q</a> http://a/b www.w3.org/x</body></html>`))
	f.Add([]byte(`<base href="rel/"><img src="  i.png "><script>http://no/</script><q cite=http://c/>`))
	f.Add([]byte("<a href=\"x\n\"><base href=\"http://bad host/\">&amp;http://a/?b=1&amp;c</a>"))
	f.Fuzz(func(t *testing.T, data []byte) { checkRead(t, data, HTML) })
}

func FuzzMIME(f *testing.F) {
	f.Add([]byte("MIME-Version: 1.0\nContent-Type: multipart/related; boundary=B\nContent-Location: http://m/d/\n\n--B\nContent-Type: text/html\nContent-Location: p.html\n\n<a href=\"c\">c</a>\n--B\nContent-Type: text/plain\nContent-Transfer-Encoding: base64\n\naHR0cDovL2EvYg==\n--B--\n"))
	f.Add([]byte("MIME-Version: 1.0\nContent-Type: message/rfc822\n\nContent-Type: text/plain\nContent-Transfer-Encoding: quoted-printable\n\n<http://a/=\nb>\n"))
	f.Fuzz(func(t *testing.T, data []byte) { checkRead(t, data, MIME) })
}

func FuzzText(f *testing.F) {
	f.Add([]byte("see <../x> and http://a/b. www.example.com/c\n\n<http://a/\n b>"))
	f.Fuzz(func(t *testing.T, data []byte) { checkRead(t, data, Text) })
}
