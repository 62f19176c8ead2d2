package parser_test

import (
	"fmt"

	"github.com/rfc2396/rfc2396/parser"
)

// A batch that resolves many parsed references against one base, and
// wants strings: no *URI is kept for each result.
func ExampleURI_ResolveReferenceString() {
	base, err := parser.Parse("http://a/b/c/d;p?q")
	if err != nil {
		fmt.Println(err)
		return
	}
	var ref parser.URI
	for _, s := range []string{"g", "../g?y#s", "../../../g"} {
		if err := parser.ParseInto(&ref, s); err != nil {
			fmt.Println(err)
			continue
		}
		result, warnings, err := base.ResolveReferenceString(&ref)
		if err != nil {
			fmt.Println(err)
			continue
		}
		fmt.Println(s, "->", result)
		for _, w := range warnings {
			fmt.Println("  warning:", w.Code())
		}
	}
	// Output:
	// g -> http://a/b/c/g
	// ../g?y#s -> http://a/b/g?y#s
	// ../../../g -> http://a/../g
	//   warning: dotdot-above-root
}

// Lines of "reference -> result" written into one buffer, as a batch
// writes its output: each result is appended after what the buffer holds.
func ExampleURI_AppendResolveReference() {
	base, err := parser.Parse("http://a/b/c/d;p?q")
	if err != nil {
		fmt.Println(err)
		return
	}
	var out []byte
	var ref parser.URI
	for _, s := range []string{"g;x", "..", "//g"} {
		if err := parser.ParseInto(&ref, s); err != nil {
			fmt.Println(err)
			continue
		}
		out = append(out, s+" -> "...)
		if out, _, err = base.AppendResolveReference(out, &ref); err != nil {
			fmt.Println(err)
			return
		}
		out = append(out, '\n')
	}
	fmt.Print(string(out))
	// Output:
	// g;x -> http://a/b/c/g;x
	// .. -> http://a/b/
	// //g -> http://g
}
