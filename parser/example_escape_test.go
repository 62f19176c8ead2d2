package parser_test

import (
	"errors"
	"fmt"
	"log"

	"github.com/rfc2396/rfc2396/grammar"
	"github.com/rfc2396/rfc2396/parser"
)

func ExampleEscape() {
	seg, err := parser.Escape("a/b;c d", grammar.RuleSegment)
	if err != nil {
		log.Fatal(err)
	}
	q, err := parser.Escape("x=1&y=é", grammar.RuleQuery)
	if err != nil {
		log.Fatal(err)
	}
	path, err := parser.Escape("/my docs/a;type=d", grammar.RuleAbsPath)
	if err != nil {
		log.Fatal(err)
	}
	fmt.Println(seg)
	fmt.Println(q)
	fmt.Println(path)
	_, err = parser.Escape("a", grammar.RuleAbsPath)
	fmt.Println(err)
	// Output:
	// a%2Fb%3Bc%20d
	// x%3D1%26y%3D%C3%A9
	// /my%20docs/a;type=d
	// rfc2396: cannot escape for abs_path: the path does not start as the rule requires (abs_path must start with "/")
}

func ExampleUnescape() {
	s, err := parser.Unescape("caf%C3%A9%20au%20lait")
	if err != nil {
		log.Fatal(err)
	}
	fmt.Println(s)
	_, err = parser.Unescape("100%")
	var uerr *parser.UnescapeError
	if errors.As(err, &uerr) {
		fmt.Println(uerr.Offset)
	}
	fmt.Println(err)
	// Output:
	// café au lait
	// 3
	// rfc2396: offset 3: malformed escape "%": "%" must be followed by two hex digits (section 2.4.1, escaped = "%" hex hex)
}

// RFC 2396 gives every path segment parameters after ";" (section 3.3):
// the decoded accessors split on the delimiters and decode what is
// between them, so that an escaped delimiter stays data.
func ExampleURI_PathSegments() {
	u, err := parser.Parse("http://h/a%2Fb;v=1%3B2/c?k=a%26b&l=c")
	if err != nil {
		log.Fatal(err)
	}
	for _, s := range u.PathSegments() {
		fmt.Printf("segment %q %q\n", s.Name, s.Params)
	}
	fields, ok := u.QueryFields()
	if !ok {
		log.Fatal("no query")
	}
	for _, f := range fields {
		fmt.Printf("field %q %q\n", f.Value, f.Delim)
	}
	// Output:
	// segment "a/b" ["v=1;2"]
	// segment "c" []
	// field "k" '='
	// field "a&b" '&'
	// field "l" '='
	// field "c" '\x00'
}
