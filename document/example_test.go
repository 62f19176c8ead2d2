package document_test

import (
	"fmt"
	"log"
	"strings"

	"github.com/rfc2396/rfc2396/document"
)

// The document of RFC 2396 Appendix D: its BASE element gives the base of
// the anchor (section 5.1.1).
func ExampleRead() {
	page := `<!doctype html public "-//IETF//DTD HTML//EN">
<HTML><HEAD>
<TITLE>An example HTML document</TITLE>
<BASE href="http://www.ics.uci.edu/Test/a/b/c">
</HEAD><BODY>
... <A href="../x">a hypertext anchor</A> ...
</BODY></HTML>`
	err := document.Read(strings.NewReader(page), document.HTML, document.Options{}, func(r *document.Reference) error {
		resolved := r.Resolved
		if resolved == "" {
			resolved = "(not resolved)"
		}
		fmt.Printf("%d:%d <%s %s> %s -> %s (base from %s)\n", r.Line, r.Column, r.Element, r.Attribute, r.URI, resolved, r.Base.From.Code())
		return nil
	})
	if err != nil {
		fmt.Println(err)
	}
	// Output:
	// 4:13 <base href> http://www.ics.uci.edu/Test/a/b/c -> http://www.ics.uci.edu/Test/a/b/c (base from default)
	// 6:14 <a href> ../x -> http://www.ics.uci.edu/Test/a/x (base from content)
}

// Appendix F's abbreviated URL in running text is reported, not resolved.
func ExampleRead_abbreviated() {
	text := "such as\n\n      www.w3.org/Addressing/\n\nor simply the DNS hostname"
	document.Read(strings.NewReader(text), document.Text, document.Options{Retrieval: "http://example.org/"}, func(r *document.Reference) error {
		fmt.Println(r.Line, r.URI, r.Valid(), r.Abbreviation.Likely)
		fmt.Println(r.ResolveErr)
		return nil
	})
	// Output:
	// 3 www.w3.org/Addressing/ false http://www.w3.org/Addressing/
	// not resolved: abbreviated URL (Appendix F), most likely http://www.w3.org/Addressing/
}

// Each part of an MHTML archive resolves against its own
// Content-Location (section 5.1.2).
func ExampleRead_mhtml() {
	msg := "MIME-Version: 1.0\r\n" +
		"Content-Type: multipart/related; boundary=B\r\n\r\n" +
		"--B\r\nContent-Type: text/html\r\nContent-Location: http://a.example/x/page.html\r\n\r\n<a href=\"next.html\">\r\n" +
		"--B\r\nContent-Type: text/html\r\nContent-Location: http://b.example/y/\r\n\r\n<a href=\"next.html\">\r\n" +
		"--B--\r\n"
	document.Read(strings.NewReader(msg), document.MIME, document.Options{}, func(r *document.Reference) error {
		fmt.Println(r.Part, r.Resolved, r.Base.What)
		return nil
	})
	// Output:
	// 1 http://a.example/x/next.html Content-Location of part 1
	// 2 http://b.example/y/next.html Content-Location of part 2
}

func ExampleSniff() {
	fmt.Println(document.Sniff("saved.mht", nil).Code())
	fmt.Println(document.Sniff("-", []byte("<!DOCTYPE html><html>")).Code())
	fmt.Println(document.Sniff("-", []byte("MIME-Version: 1.0\r\nContent-Type: text/html\r\n\r\n")).Code())
	fmt.Println(document.Sniff("notes", []byte("see http://example.org/")).Code())
	// Output:
	// mime
	// html
	// mime
	// text
}

func ExampleFileURI() {
	u, err := document.FileURI("/srv/www/my page.html")
	if err != nil {
		log.Fatal(err)
	}
	fmt.Println(u)
	// Output: file:///srv/www/my%20page.html
}
