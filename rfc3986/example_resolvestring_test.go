package rfc3986_test

import (
	"fmt"

	"github.com/rfc2396/rfc2396/rfc3986"
)

// A batch that resolves many parsed references against one base, and
// wants strings: nothing is parsed again.
func ExampleURI_ResolveReferenceString() {
	var base, ref rfc3986.URI
	if err := rfc3986.ParseInto(&base, "http://a/b/c/d;p?q"); err != nil {
		fmt.Println(err)
		return
	}
	for _, s := range []string{"g", "../../../g", "..//g"} {
		if err := rfc3986.ParseInto(&ref, s); err != nil {
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
	// ../../../g -> http://a/g
	// ..//g -> http://a/b//g
}

// Results appended to one buffer, reused from reference to reference: a
// batch that writes each result out allocates nothing for it.
func ExampleURI_AppendResolveReference() {
	var base, ref rfc3986.URI
	if err := rfc3986.ParseInto(&base, "http://a/b/c/d;p?q"); err != nil {
		fmt.Println(err)
		return
	}
	var buf []byte
	for _, s := range []string{"g", "../../../g", "?y#s"} {
		if err := rfc3986.ParseInto(&ref, s); err != nil {
			fmt.Println(err)
			continue
		}
		var err error
		if buf, _, err = base.AppendResolveReference(buf[:0], &ref); err != nil {
			fmt.Println(err)
			continue
		}
		fmt.Printf("%s -> %s\n", s, buf)
	}
	// Output:
	// g -> http://a/b/c/g
	// ../../../g -> http://a/g
	// ?y#s -> http://a/b/c/d;p?y#s
}
