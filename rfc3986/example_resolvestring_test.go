package rfc3986_test

import (
	"fmt"

	"github.com/rfc2396/rfc2396/rfc3986"
)

// A batch that resolves many parsed references against one base, and
// wants strings: nothing is parsed again, not even the result, so a
// result that would not read back as its components comes with a warning
// instead of an error.
func ExampleURI_ResolveReferenceString() {
	var base rfc3986.URI
	if err := rfc3986.ParseInto(&base, "foo:/a/b"); err != nil {
		fmt.Println(err)
		return
	}
	refs := make([]rfc3986.URI, 3)
	for i, s := range []string{"c", "../../c", "..//c"} {
		if err := rfc3986.ParseInto(&refs[i], s); err != nil {
			fmt.Println(err)
			return
		}
	}
	for i := range refs {
		target, warnings, err := base.ResolveReferenceString(&refs[i])
		if err != nil {
			fmt.Println(err)
			continue
		}
		codes := make([]string, len(warnings))
		for j, w := range warnings {
			codes[j] = w.Code()
		}
		fmt.Printf("%-8s -> %-8s %v\n", refs[i].String(), target, codes)
	}
	// Output:
	// c        -> foo:/a/c []
	// ../../c  -> foo:/c   []
	// ..//c    -> foo://c  [path-reads-as-authority]
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
