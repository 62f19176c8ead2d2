package parser_test

import (
	"fmt"
	"log"

	"github.com/rfc2396/rfc2396/grammar"
	"github.com/rfc2396/rfc2396/parser"
)

func ExampleProfile() {
	for _, p := range []*parser.Profile{parser.Strict, parser.RFC2732, parser.Java} {
		u, err := p.Parse("http://[::1]:8080/")
		if err != nil {
			fmt.Println(p.Name(), "invalid")
			continue
		}
		fmt.Println(p.Name(), u.Host().Value, u.HostKind().Code())
	}
	// Output:
	// strict invalid
	// rfc2732 [::1] ipv6
	// java [::1] ipv6
}

func ExampleProfile_With() {
	p := parser.Strict.With(grammar.EditEmptyOpaquePart)
	fmt.Println(p.Name(), p.Valid("about:"), parser.Valid("about:"))
	result, _, err := p.Resolve("http://a/b/c/d;p?q", "http:")
	if err != nil {
		log.Fatal(err)
	}
	fmt.Println(result)
	// Output:
	// strict+empty-opaque-part true false
	// http:
}

func ExampleProfile_ValidUnder() {
	for _, a := range parser.Strict.ValidUnder(grammar.RuleURIReference, "?y") {
		fmt.Println(a.Profile.Name(), a.Edits, a.Documents())
	}
	// Output:
	// strict+empty-relative-path [empty-relative-path: a relative reference may have an empty path before its query ("?y"), as Appendix C resolves it] [RFC 2396 Appendix C; java.net.URI deviation 2]
	// java [empty-relative-path: a relative reference may have an empty path before its query ("?y"), as Appendix C resolves it] [RFC 2396 Appendix C; java.net.URI deviation 2]
}

func ExampleProfile_Needs() {
	for _, ref := range []string{"http://example.org/", "http://[fe80::1%eth0]/", "http://example.org/café"} {
		var set grammar.EditSet
		for _, e := range parser.Java.Needs(grammar.RuleURIReference, ref) {
			set = set.With(e)
		}
		fmt.Println(ref, set)
	}
	// Output:
	// http://example.org/ none
	// http://[fe80::1%eth0]/ ipv6,ipv6-scope
	// http://example.org/café non-ascii
}
