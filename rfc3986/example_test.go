package rfc3986_test

import (
	"errors"
	"fmt"

	"github.com/rfc2396/rfc2396/rfc3986"
	"github.com/rfc2396/rfc2396/rfc3986/grammar"
)

func ExampleParse() {
	u, err := rfc3986.Parse("foo://user@[2001:db8::7]:8042/over/there?name=ferret#nose")
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println(u.Scheme().Value, u.UserInfo().Value, u.Host().Value, u.HostKind(), u.Port().Value)
	fmt.Println(u.Path(), u.Query().Value, u.Fragment().Value)
	// Output:
	// foo user [2001:db8::7] IP-literal 8042
	// /over/there name=ferret nose
}

func ExampleParse_undefinedVersusEmpty() {
	u, _ := rfc3986.Parse("http://h:/p?")
	fmt.Printf("port %+v, query %+v, fragment %+v\n", u.Port(), u.Query(), u.Fragment())
	// Output:
	// port {Value: Defined:true}, query {Value: Defined:true}, fragment {Value: Defined:false}
}

func ExampleError() {
	_, err := rfc3986.Parse("http://[::1/")
	var perr *rfc3986.Error
	if errors.As(err, &perr) {
		fmt.Println(perr.Offset, perr.Rule, perr.Char())
	}
	fmt.Println(err)
	// Output:
	// 11 h16 character '/'
	// rfc3986: offset 11: invalid character '/' in h16; expected HEXDIG, ".", ":" or "]"
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
	n, _ := rfc3986.Normalize("HTTP://www.Example.COM:80/a/./b/../%7euser/%2f")
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
	seg, _ := rfc3986.Escape("my résumé;v=2", grammar.RuleSegment)
	query, _ := rfc3986.Escape("q=a b&lang=fr/ca", grammar.RuleQuery)
	fmt.Println(seg)
	fmt.Println(query)
	back, _ := rfc3986.Unescape(seg)
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
	a, _ := rfc3986.Parse("HTTP://Example.COM:80/a/./b/%7euser")
	b, _ := rfc3986.Parse("http://example.com/a/b/~user")
	fmt.Println(rfc3986.Equal(a, b), rfc3986.Equivalent(a, b))
	ports := rfc3986.DefaultPorts()
	ports["svn"] = "3690"
	n, _ := rfc3986.Normalize("svn://host:3690/repo", rfc3986.WithDefaultPorts(ports))
	fmt.Println(n)
	// Output:
	// false true
	// svn://host/repo
}

// A parsed base resolves parsed references, as Resolve does for strings.
func ExampleURI_Resolve() {
	base, err := rfc3986.Parse("http://a/b/c/d;p?q")
	if err != nil {
		fmt.Println(err)
		return
	}
	for _, ref := range []string{"../g", "g?y#s", "../../../g"} {
		t, _, err := base.Resolve(ref)
		if err != nil {
			fmt.Println(err)
			continue
		}
		fmt.Println(t)
	}
	target, err := rfc3986.Parse("http://a/b/x")
	if err != nil {
		fmt.Println(err)
		return
	}
	rel, err := base.Relativize(target)
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println(rel)
	// Output:
	// http://a/b/g
	// http://a/b/c/g?y#s
	// http://a/g
	// ../x
}
