package parser_test

import (
	"fmt"
	"log"

	"github.com/rfc2396/rfc2396/parser"
)

// RFC 2396 leaves a ".." that climbs above the root to the implementation
// (section 5.2, step 6g): resolved straight to a string, under each
// policy of DotDotAboveRoot.
func ExampleURI_ResolveReferenceString() {
	base, err := parser.Parse("http://a/b/c/d;p?q")
	if err != nil {
		log.Fatal(err)
	}
	ref, err := parser.Parse("../../../g")
	if err != nil {
		log.Fatal(err)
	}
	for _, policy := range []parser.DotDotPolicy{parser.KeepDotDot, parser.RemoveDotDot, parser.RefuseDotDot} {
		result, warnings, err := base.ResolveReferenceString(ref, parser.DotDotAboveRoot(policy))
		if err != nil {
			fmt.Println(policy.Code(), "error:", err)
			continue
		}
		fmt.Println(policy.Code(), result, len(warnings), "warning(s)")
	}
	// Output:
	// keep http://a/../g 1 warning(s)
	// remove http://a/g 0 warning(s)
	// refuse error: rfc2396: resolve: the reference "../../../g" climbs above the root of the base's path with ".." (section 5.2 step 6g: the reference is in error)
}

// Lines of "reference -> result" written into one buffer, as a batch
// writes its output: each result is appended after what the buffer holds.
func ExampleURI_AppendResolveReference() {
	base, err := parser.Parse("http://a/b/c/d;p?q")
	if err != nil {
		log.Fatal(err)
	}
	var out []byte
	var ref parser.URI
	for _, s := range []string{"g;x", "..", "//g"} {
		if err := parser.ParseInto(&ref, s); err != nil {
			fmt.Println(err)
			continue
		}
		out = append(out, s+" -> "...)
		var err error
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
