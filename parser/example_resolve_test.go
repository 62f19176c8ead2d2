package parser_test

import (
	"fmt"
	"log"

	"github.com/rfc2396/rfc2396/parser"
)

func ExampleResolve() {
	base := "http://a/b/c/d;p?q"
	for _, ref := range []string{"g;x?y#s", "../../../g", "?y", "http:g"} {
		result, warnings, err := parser.Resolve(base, ref)
		if err != nil {
			fmt.Println(err)
			continue
		}
		fmt.Println(ref, "->", result)
		for _, w := range warnings {
			fmt.Println("  warning:", w.Code())
		}
	}
	result, _, err := parser.Resolve(base, "http:g", parser.BackwardsCompatibleScheme())
	if err != nil {
		log.Fatal(err)
	}
	fmt.Println("http:g -> (backwards compatible)", result)
	// Output:
	// g;x?y#s -> http://a/b/c/g;x?y#s
	// ../../../g -> http://a/../g
	//   warning: dotdot-above-root
	// ?y -> http://a/b/c/?y
	//   warning: empty-relative-path
	// http:g -> http:g
	//   warning: repeated-scheme
	// http:g -> (backwards compatible) http://a/b/c/g
}

func ExampleNormalize() {
	n, err := parser.Normalize("HTTP://WWW.Example.COM:80/a/./b/../c?%7e#s")
	if err != nil {
		log.Fatal(err)
	}
	fmt.Println(n)
	// Output:
	// http://www.example.com/a/c?%7E#s
}

func ExampleRelativize() {
	for _, target := range []string{"http://a/b/c/g", "http://a/b/x", "http://a/b/c/d;p?q#s", "http://b/"} {
		ref, err := parser.Relativize("http://a/b/c/d;p?q", target)
		if err != nil {
			log.Fatal(err)
		}
		fmt.Printf("%q\n", ref)
	}
	// Output:
	// "g"
	// "../x"
	// "#s"
	// "//b/"
}
