package extract_test

import (
	"fmt"

	"github.com/rfc2396/rfc2396/extract"
)

func ExampleFind() {
	text := []byte(`Yes, Jim, I found it under "http://www.w3.org/Addressing/",
but you can probably pick it up from <ftp://ds.internic.
net/rfc/>.  Note the warning in <URL:http://www.ics.uci.edu/pub/
ietf/uri/historical.html#WARNING>, not at http://a/b c.`)
	for _, r := range extract.Find(text) {
		verdict := "valid"
		if !r.Valid() {
			verdict = "invalid: " + r.Err.Error()
		}
		fmt.Printf("%d:%d %s (%s) %s\n", r.Line, r.Column, r.URI, r.Delimiter, verdict)
		for _, n := range r.Notes {
			fmt.Println("  note:", n)
		}
	}
	// Output:
	// 1:29 http://www.w3.org/Addressing/ (double quotes) valid
	// 2:39 ftp://ds.internic.net/rfc/ (angle brackets) valid
	//   note: whitespace inside angle brackets removed (Appendix E)
	// 3:38 http://www.ics.uci.edu/pub/ietf/uri/historical.html#WARNING (angle brackets) valid
	//   note: "URL:" prefix dropped (Appendix E): "URL:"
	//   note: whitespace inside angle brackets removed (Appendix E)
	// 4:43 http://a/b (whitespace) valid
}

func ExampleReference_Alternative() {
	refs := extract.Find([]byte("<http://example.org/long-\n  name>"))
	r := refs[0]
	fmt.Println(r.URI)
	fmt.Println(r.Alternative)
	// Output:
	// http://example.org/long-name
	// http://example.org/longname
}

// Appendix F's example of an abbreviated URL, and a file name that is not
// one.
func ExampleLooksAbbreviated() {
	for _, s := range []string{"www.w3.org/Addressing/", "index.html"} {
		a, ok := extract.LooksAbbreviated(s)
		fmt.Println(s, ok, a.Likely, a.NetworkPath)
	}
	// Output:
	// www.w3.org/Addressing/ true http://www.w3.org/Addressing/ //www.w3.org/Addressing/
	// index.html false
}

// Abbreviated URLs in running text, as Appendix F describes them.
func ExampleFindAbbreviated() {
	text := []byte("Visit www.w3.org/Addressing/ or example.com, not index.html.")
	for _, a := range extract.FindAbbreviated(text) {
		fmt.Printf("%d:%d %s -> %s\n", a.Line, a.Column, a.Text, a.Likely)
	}
	// Output:
	// 1:7 www.w3.org/Addressing/ -> http://www.w3.org/Addressing/
	// 1:33 example.com -> http://example.com
}
