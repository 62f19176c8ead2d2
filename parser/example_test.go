package parser_test

import (
	"errors"
	"fmt"
	"log"

	"github.com/rfc2396/rfc2396/grammar"
	"github.com/rfc2396/rfc2396/parser"
)

func ExampleParse() {
	u, err := parser.Parse("http://www.ics.uci.edu:/pub/ietf/uri/?#Related")
	if err != nil {
		log.Fatal(err)
	}
	fmt.Printf("scheme %q, host %q (%v), port %+v\n", u.Scheme().Value, u.Host().Value, u.HostKind(), u.Port())
	fmt.Printf("path %q, query %+v, fragment %q\n", u.Path(), u.Query(), u.Fragment().Value)
	fmt.Println(u)
	// Output:
	// scheme "http", host "www.ics.uci.edu" (hostname), port {Value: Defined:true}
	// path "/pub/ietf/uri/", query {Value: Defined:true}, fragment "Related"
	// http://www.ics.uci.edu:/pub/ietf/uri/?#Related
}

func ExampleParse_opaque() {
	u, err := parser.Parse("mailto:a@example.org?subject=hi")
	if err != nil {
		log.Fatal(err)
	}
	fmt.Println(u.IsOpaque(), u.Path(), u.Query().Defined)
	// Output:
	// true a@example.org?subject=hi false
}

func ExampleError() {
	_, err := parser.Parse("http://a/b%zz")
	var perr *parser.Error
	if errors.As(err, &perr) {
		fmt.Println(perr.Offset, perr.Rule, perr.Char())
	}
	fmt.Println(err)
	// Output:
	// 11 segment character 'z'
	// rfc2396: offset 11: invalid character 'z' in segment; expected hex
}

func ExampleMatch() {
	fmt.Println(parser.Match(grammar.RuleHostname, "www.example.com."))
	fmt.Println(parser.Match(grammar.RuleIPv4address, "1.2.3.4"))
	err := parser.Match(grammar.RuleHostname, "www..example.com")
	var perr *parser.Error
	if errors.As(err, &perr) {
		fmt.Println("not a hostname: offset", perr.Offset, "in", perr.Rule)
	}
	// Output:
	// <nil>
	// <nil>
	// not a hostname: offset 4 in hostname
}

func ExampleParseTree() {
	root, err := parser.ParseTree(grammar.RuleAuthority, "u@h:80")
	if err != nil {
		log.Fatal(err)
	}
	var print func(n *parser.Node, indent string)
	print = func(n *parser.Node, indent string) {
		if n.Rule.IsCharacterLevel() {
			return
		}
		fmt.Printf("%s%s [%d,%d)\n", indent, n.Rule, n.Begin, n.End)
		for _, c := range n.Children {
			print(c, indent+"  ")
		}
	}
	print(root, "")
	// Output:
	// authority [0,6)
	//   server [0,6)
	//     userinfo [0,1)
	//     hostport [2,6)
	//       host [2,3)
	//         hostname [2,3)
	//           toplabel [2,3)
	//       port [4,6)
}
