package parser_test

import (
	"encoding/json"
	"errors"
	"fmt"
	"log"

	"github.com/rfc2396/rfc2396/grammar"
	"github.com/rfc2396/rfc2396/parser"
)

func ExampleParseInto() {
	var u parser.URI // reused: a valid reference costs no allocation
	for _, ref := range []string{"http://a/b", "mailto:x@example.org", "a b"} {
		if err := parser.ParseInto(&u, ref); err != nil {
			fmt.Println("invalid:", ref)
			continue
		}
		fmt.Println(u.Scheme().Value, u.IsOpaque())
	}
	// Output:
	// http false
	// mailto true
	// invalid: a b
}

func ExampleValid() {
	fmt.Println(parser.Valid("http://www.ietf.org/rfc/rfc2396.txt"))
	fmt.Println(parser.Valid("http://[::1]/"))
	// Output:
	// true
	// false
}

func ExampleMatches() {
	for _, s := range []string{"www.example.com", "example.com-", "a~b"} {
		fmt.Println(s, parser.Matches(grammar.RuleHostname, s), parser.Matches(grammar.RuleRegName, s))
	}
	// Output:
	// www.example.com true true
	// example.com- false true
	// a~b false true
}

// Under the input, the offending byte and the rule of Appendix A it
// breaks; for a reference that runs into a known gap of RFC 2396, a note
// on the gap.
func ExampleError_ErrorWithPosition() {
	for _, ref := range []string{"http://a/b%zz", "http://[::1]/"} {
		var perr *parser.Error
		if _, err := parser.Parse(ref); errors.As(err, &perr) {
			fmt.Println(perr.ErrorWithPosition())
		}
	}
	// Output:
	// rfc2396: offset 11: invalid character 'z' in segment; expected hex
	//   http://a/b%zz
	//              ^
	//   segment = *pchar *( ";" param )  (RFC 2396 §3.3)
	// rfc2396: offset 7: invalid character '[' in net_path; expected uric, "#" or end of input ("[" is an unwise character in RFC 2396 (section 2.4.3): IPv6 literals such as "[::1]" are not RFC 2396 syntax; RFC 2732 added them)
	//   http://[::1]/
	//          ^
	//   net_path = "//" authority [ abs_path ]  (RFC 2396 §3)
}

func ExampleGap() {
	for _, ref := range []string{"?y", "about:", "http://[::1]/", "http://a/?x[1]"} {
		_, err := parser.Parse(ref)
		var perr *parser.Error
		if errors.As(err, &perr) {
			fmt.Printf("%s: %q\n", ref, perr.Gap.Code())
		}
	}
	// Output:
	// ?y: "empty-relative-path"
	// about:: "empty-opaque-part"
	// http://[::1]/: "ipv6-literal"
	// http://a/?x[1]: ""
}

func ExampleURI_UnmarshalText() {
	var link struct {
		Href *parser.URI `json:"href"`
	}
	err := json.Unmarshal([]byte(`{"href":"http://example.org/a?b#c"}`), &link)
	fmt.Println(link.Href.Query().Value, err)
	out, err := json.Marshal(link)
	if err != nil {
		log.Fatal(err)
	}
	fmt.Println(string(out))
	err = json.Unmarshal([]byte(`{"href":"http://a/%zz"}`), &link)
	fmt.Println(err)
	// Output:
	// b <nil>
	// {"href":"http://example.org/a?b#c"}
	// rfc2396: offset 10: invalid character 'z' in segment; expected hex
}

func ExampleURI_ResolveReference() {
	base, err := parser.Parse("http://a/b/c/d;p?q")
	if err != nil {
		log.Fatal(err)
	}
	ref, err := parser.Parse("../g?y")
	if err != nil {
		log.Fatal(err)
	}
	u, warnings, err := base.ResolveReference(ref)
	fmt.Println(u, warnings, err)
	// Output:
	// http://a/b/g?y [] <nil>
}

func ExampleCompose() {
	u, err := parser.Compose(parser.Some("http"), parser.Some("a"), "/b", parser.Component{}, parser.Some("f"))
	fmt.Println(u, err)
	_, err = parser.Compose(parser.Some("foo"), parser.Component{}, "//x", parser.Component{}, parser.Component{})
	fmt.Println(err)
	// Output:
	// http://a/b#f <nil>
	// rfc2396: the components recompose to "foo://x", which Appendix A reads as other components
}

func ExampleEquivalent() {
	a, err := parser.Parse("HTTP://a:80/b/./c")
	if err != nil {
		log.Fatal(err)
	}
	b, err := parser.Parse("http://a/b/c")
	if err != nil {
		log.Fatal(err)
	}
	fmt.Println(parser.Equal(a, b), parser.Equivalent(a, b))
	// Output:
	// false true
}

func ExampleAuthorityKind() {
	for _, ref := range []string{"http://u@h:80/", "http://a~b/", "file:///etc"} {
		u, err := parser.Parse(ref)
		if err != nil {
			fmt.Println(err)
			continue
		}
		fmt.Printf("%s %s (%s) host %q %s\n", ref, u.AuthorityKind().Code(), u.AuthorityKind(), u.Host().Value, u.HostKind())
	}
	// Output:
	// http://u@h:80/ server (server-based) host "h" hostname
	// http://a~b/ registry (registry-based) host "" no host
	// file:///etc server (server-based) host "" no host
}
