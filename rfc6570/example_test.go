package rfc6570_test

import (
	"errors"
	"fmt"
	"log"

	"github.com/rfc2396/rfc2396/rfc6570"
)

func ExampleExpand() {
	s, err := rfc6570.Expand("http://www.example.com/foo{?query,number}", rfc6570.Values{
		"query":  rfc6570.String("mycelium"),
		"number": rfc6570.String("100"),
	})
	fmt.Println(s, err)
	// Output: http://www.example.com/foo?query=mycelium&number=100 <nil>
}

func ExampleTemplate_Expand() {
	t := rfc6570.MustParse("/search{/term:1,term}{?q*,lang}")
	s, err := t.Expand(rfc6570.Values{
		"term": rfc6570.String("drücken"),
		"q":    rfc6570.Assoc(rfc6570.Pair{Name: "sort", Value: "date"}, rfc6570.Pair{Name: "page", Value: "2"}),
		"lang": rfc6570.List("de", "en"),
	})
	fmt.Println(s, err)
	// Output: /search/d/dr%C3%BCcken?sort=date&page=2&lang=de,en <nil>
}

func ExampleParse() {
	_, err := rfc6570.Parse("{var}{!hello}")
	var perr *rfc6570.Error
	if errors.As(err, &perr) {
		fmt.Println(perr.Offset, perr.Code, perr.Rule)
		fmt.Println(err)
	}
	// Output:
	// 6 reserved-operator op-reserve
	// rfc6570: at offset 6 ("!"): operator "!" is reserved for future extensions (section 2.2, op-reserve = "=" / "," / "!" / "@" / "|")
}

func ExampleTemplate_Varnames() {
	fmt.Println(rfc6570.MustParse("{/id*}{?fields,token}{&fields}").Varnames())
	// Output: [id fields token]
}

func ExampleValid() {
	fmt.Println(rfc6570.Valid("{+path:6}/here{?x,list*}"), rfc6570.Valid("{var:10000}"), rfc6570.Valid("{!x}"))
	// Output: true false false
}

// The grammar value checks any rule of section 2 by name, with the errors
// of the run-time core (package uri), as `rfc2396 parse --standard
// rfc6570 --rule varspec` does.
func ExampleGrammar() {
	g := rfc6570.Grammar()
	varspec, ok := g.Lookup("varspec")
	if !ok {
		log.Fatal("no rule varspec")
	}
	fmt.Println(g.Match(varspec, "list*"))
	fmt.Println(g.Match(varspec, "var:0"))
	// Output:
	// <nil>
	// rfc6570: not a valid varspec: offset 4: invalid character '0' in prefix; expected "1", "2", "3", "4", "5", "6", "7", "8" or "9"
}
