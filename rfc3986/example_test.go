package rfc3986_test

import (
	"errors"
	"fmt"
	"log"

	"github.com/rfc2396/rfc2396/rfc3986"
	"github.com/rfc2396/rfc2396/rfc3986/grammar"
)

// The examples of section 3 of RFC 3986, a URL and a URN (whose path is
// rootless), and the URL with an IP-literal for its host (section 3.2.2).
func ExampleParse() {
	for _, ref := range []string{"foo://example.com:8042/over/there?name=ferret#nose", "urn:example:animal:ferret:nose", "foo://user@[2001:db8::7]:8042/over/there"} {
		if u, err := rfc3986.Parse(ref); err != nil {
			fmt.Println(err)
		} else {
			fmt.Printf("scheme %s, authority %q (%v %q), path %s, query %q, fragment %q\n",
				u.Scheme().Value, u.Authority().Value, u.HostKind(), u.Host().Value, u.Path(), u.Query().Value, u.Fragment().Value)
		}
	}
	// Output:
	// scheme foo, authority "example.com:8042" (reg-name "example.com"), path /over/there, query "name=ferret", fragment "nose"
	// scheme urn, authority "" (none ""), path example:animal:ferret:nose, query "", fragment ""
	// scheme foo, authority "user@[2001:db8::7]:8042" (IP-literal "[2001:db8::7]"), path /over/there, query "", fragment ""
}

// An empty component is not an undefined one: in "http://h:/p?" the port
// and the query are present and empty (Defined, with an empty Value), the
// fragment is absent. The Example stops on an error if the grammar in
// force rejects its input (an edit of port to 1*DIGIT would), rather than
// show what its comment denies.
func ExampleParse_undefinedVersusEmpty() {
	u, err := rfc3986.Parse("http://h:/p?")
	if err != nil {
		log.Fatal(err)
	}
	fmt.Printf("port %+v, query %+v, fragment %+v\n", u.Port(), u.Query(), u.Fragment())
	// Output:
	// port {Value: Defined:true}, query {Value: Defined:true}, fragment {Value: Defined:false}
}

// An *Error names the rules from the start rule down to where the input
// leaves the grammar, and what could have come there: here, inside the
// IPv6 address of an IP-literal (section 3.2.2).
func ExampleError() {
	var perr *rfc3986.Error
	if errors.As(rfc3986.Match(grammar.RuleURI, "http://[::1/"), &perr) {
		fmt.Println(perr.Offset, perr.Path)
		fmt.Println("expected", perr.Expected)
	}
	// Output:
	// 11 [URI hier-part authority host IP-literal IPv6address h16]
	// expected HEXDIG, ".", ":" or "]"
}

func ExampleError_ErrorWithPosition() {
	_, err := rfc3986.Parse("http://example.com/a%zz")
	var perr *rfc3986.Error
	if errors.As(err, &perr) {
		fmt.Println(perr.ErrorWithPosition())
	}
	// Output:
	// rfc3986: offset 21: invalid character 'z' in segment; expected HEXDIG
	//   http://example.com/a%zz
	//                        ^
	//   segment = *pchar  (RFC 3986 §3.3)
}

func ExampleMatch() {
	fmt.Println(rfc3986.Match(grammar.RuleIPv6address, "::ffff:192.0.2.1"))
	fmt.Println(rfc3986.Match(grammar.RuleIPv4address, "192.0.2.256"))
	// Output:
	// <nil>
	// rfc3986: not a valid IPv4address: offset 10: invalid character '6' in dec-octet; expected "0", "1", "2", "3", "4", "5" or end of input
}

func ExampleResolve() {
	const base = "http://a/b/c/d;p?q"
	strict := []rfc3986.ResolveOption{}
	nonStrict := []rfc3986.ResolveOption{rfc3986.BackwardsCompatibleScheme()}
	for _, c := range []struct {
		ref     string
		options []rfc3986.ResolveOption
	}{{"../../../g", strict}, {"?y", strict}, {"http:g", strict}, {"http:g", nonStrict}} {
		if target, _, err := rfc3986.Resolve(base, c.ref, c.options...); err != nil {
			fmt.Println(c.ref, "->", err)
		} else {
			fmt.Printf("%s -> %s (%d options)\n", c.ref, target, len(c.options))
		}
	}
	// Output:
	// ../../../g -> http://a/g (0 options)
	// ?y -> http://a/b/c/d;p?y (0 options)
	// http:g -> http:g (0 options)
	// http:g -> http://a/b/c/g (1 options)
}

func ExampleNormalize() {
	n, err := rfc3986.Normalize("HTTP://www.Example.COM:80/a/./b/../%7euser/%2f")
	if err != nil {
		log.Fatal(err)
	}
	fmt.Println(n)
	// Output:
	// http://www.example.com/a/~user/%2F
}

func ExampleRemoveDotSegments() {
	fmt.Println(rfc3986.RemoveDotSegments("/a/b/c/./../../g"))
	fmt.Println(rfc3986.RemoveDotSegments("mid/content=5/../6"))
	// Output:
	// /a/g
	// mid/6
}

// Escape percent-encodes data for one component; Unescape decodes it.
func ExampleEscape() {
	seg, err := rfc3986.Escape("my résumé;v=2", grammar.RuleSegment)
	if err != nil {
		log.Fatal(err)
	}
	query, err := rfc3986.Escape("q=a b&lang=fr/ca", grammar.RuleQuery)
	if err != nil {
		log.Fatal(err)
	}
	fmt.Println(seg)
	fmt.Println(query)
	back, err := rfc3986.Unescape(seg)
	if err != nil {
		log.Fatal(err)
	}
	fmt.Println(back)
	// Output:
	// my%20r%C3%A9sum%C3%A9%3Bv%3D2
	// q%3Da%20b%26lang%3Dfr/ca
	// my résumé;v=2
}

func ExampleRelativize() {
	for _, target := range []string{"http://a/b/c/g", "http://a/b/x", "http://a/b/c/d;p?y", "http://b/", "http://a/b/../c"} {
		ref, err := rfc3986.Relativize("http://a/b/c/d;p?q", target)
		fmt.Printf("%q %v\n", ref, err)
	}
	// Output:
	// "g" <nil>
	// "../x" <nil>
	// "?y" <nil>
	// "//b/" <nil>
	// "" rfc3986: no reference resolves against "http://a/b/c/d;p?q" to "http://a/b/../c" (section 5.2.2 removes dot segments from every path it does not take from the base)
}

// Equivalent compares references by their normal form (section 6.2).
func ExampleEquivalent() {
	a, err := rfc3986.Parse("HTTP://Example.COM:80/a/./b/%7euser")
	if err != nil {
		log.Fatal(err)
	}
	b, err := rfc3986.Parse("http://example.com/a/b/~user")
	if err != nil {
		log.Fatal(err)
	}
	fmt.Println(rfc3986.Equal(a, b), rfc3986.Equivalent(a, b))
	ports := rfc3986.DefaultPorts()
	ports["svn"] = "3690"
	n, err := rfc3986.Normalize("svn://host:3690/repo", rfc3986.WithDefaultPorts(ports))
	if err != nil {
		log.Fatal(err)
	}
	fmt.Println(n)
	// Output:
	// false true
	// svn://host/repo
}

// A parsed base resolves references to parsed URIs, and relativizes
// them back to the shortest reference that resolves to them (sections 5.2
// and 5.4.1).
func ExampleURI_Resolve() {
	base, err := rfc3986.Parse("http://a/b/c/d;p?q")
	if err != nil {
		log.Fatal(err)
	}
	for _, ref := range []string{"../g", "g?y#s", "../../../g", "//g"} {
		target, _, err := base.Resolve(ref)
		if err != nil {
			fmt.Println(err)
			continue
		}
		back, err := base.Relativize(target)
		fmt.Println(ref, "->", target, "->", back, err)
	}
	// Output:
	// ../g -> http://a/b/g -> ../g <nil>
	// g?y#s -> http://a/b/c/g?y#s -> g?y#s <nil>
	// ../../../g -> http://a/g -> /g <nil>
	// //g -> http://g -> //g <nil>
}

func ExampleURI_QueryFields() {
	u, err := rfc3986.Parse("http://a/b%2Fc/d;e?x=1&y=%26")
	if err != nil {
		log.Fatal(err)
	}
	fmt.Printf("%q\n", u.PathSegments())
	fields, ok := u.QueryFields()
	if !ok {
		log.Fatal("no query")
	}
	for _, f := range fields {
		fmt.Printf("%q %q\n", f.Value, f.Delim)
	}
	// Output:
	// ["b/c" "d;e"]
	// "x" '='
	// "1" '&'
	// "y" '='
	// "&" '\x00'
}

func ExampleCompose() {
	u, err := rfc3986.Compose(rfc3986.Some("http"), rfc3986.Some("a"), "/b", rfc3986.Component{}, rfc3986.Some("f"))
	fmt.Println(u, err)
	_, err = rfc3986.Compose(rfc3986.Some("foo"), rfc3986.Component{}, "//x", rfc3986.Component{}, rfc3986.Component{})
	fmt.Println(err)
	// Output:
	// http://a/b#f <nil>
	// rfc3986: the components recompose to "foo://x", which RFC 3986's Appendix A reads as other components
}
