package site_test

import (
	"cmp"
	"context"
	"encoding/json"
	"fmt"
	"net/http/httptest"
	"net/url"
	"os"
	"strings"

	"github.com/rfc2396/rfc2396/site"
)

// The playground's JSON endpoint: the components of a reference whose
// authority is registry-based (a port must be digits, so "www.example.com:http" is no server), undefined ones as
// null-like "defined": false.
func ExampleSite_Handler() {
	s, err := site.New()
	if err != nil {
		panic(err)
	}
	rec := httptest.NewRecorder()
	s.Handler().ServeHTTP(rec, httptest.NewRequest("GET", "/play.json?ref=http%3A%2F%2Fwww.example.com%3Ahttp%2Fx%3F", nil))
	var a site.Analysis
	if err := json.Unmarshal(rec.Body.Bytes(), &a); err != nil {
		panic(err)
	}
	fmt.Printf("%v %s, authority %q\n", a.Valid, a.Kind, a.AuthorityKind)
	for _, c := range a.Components {
		if c.Defined {
			fmt.Printf("%s %q\n", c.Name, c.Value)
		} else {
			fmt.Printf("%s undefined\n", c.Name)
		}
	}
	// Output:
	// true absolute, hierarchical, authority "registry"
	// scheme "http"
	// scheme-specific-part "//www.example.com:http/x?"
	// authority "www.example.com:http"
	// userinfo undefined
	// host undefined
	// port undefined
	// path "/x"
	// query ""
	// fragment undefined
}

// A static copy of the site, for hosting anywhere.
func ExampleSite_WriteStatic() {
	s, err := site.New()
	if err != nil {
		panic(err)
	}
	dir, err := os.MkdirTemp("", "rfc2396-site-")
	if err != nil {
		panic(err)
	}
	defer os.RemoveAll(dir)
	written, err := s.WriteStatic(dir, site.StaticOptions{})
	if err != nil {
		panic(err)
	}
	fmt.Println(written[0], written[1], written[2])
	// Output: style.css index.html rule/URI-reference.html
}

// The playground's answer to a query string, as /play.json gives it.
func ExampleSite_PlayJSON() {
	s, err := site.New()
	if err != nil {
		panic(err)
	}
	status, body := s.PlayJSON(context.Background(), "ref="+url.QueryEscape("http://[::1]/")+"&profile=rfc2732", false)
	var a site.Analysis
	if err := json.Unmarshal(body, &a); err != nil {
		panic(err)
	}
	if a.Error != nil {
		// An edited grammar may reject the reference: say why.
		fmt.Println(status, a.Valid, a.Profile, a.Error.Message)
	} else {
		fmt.Println(status, a.Valid, a.Profile, a.HostKind)
	}
	fmt.Println("valid under:", cmp.Or(strings.Join(a.ValidUnder, "; "), "none"))
	// Output:
	// 200 true rfc2732 IPv6reference
	// valid under: RFC 2396 (profile rfc2732); RFC 2396 (profile rfc2732-intent); RFC 2396 (profile java); RFC 3986; RFC 3986 (profile rfc6874); RFC 3987; RFC 3987 (profile rfc6874); RFC 3987 (profile abnf)
}

// An answer that nothing cancels, as the playground's WebAssembly module
// asks for it: with the static copy's links, and the error of an invalid
// reference.
func ExampleNoCancel() {
	s, err := site.New()
	if err != nil {
		panic(err)
	}
	status, body := s.PlayJSON(site.NoCancel{}, "ref="+url.QueryEscape("http://a b/"), true)
	var a site.Analysis
	if err := json.Unmarshal(body, &a); err != nil {
		panic(err)
	}
	fmt.Println(status, a.Valid, a.Error.Offset, a.Error.Rule)
	// Output: 200 false 8 server
}

// /api/parse answers with the line rfc2396 parse --json writes for the
// same reference and options.
func ExampleSite_Handler_apiParse() {
	s, err := site.New()
	if err != nil {
		panic(err)
	}
	rec := httptest.NewRecorder()
	s.Handler().ServeHTTP(rec, httptest.NewRequest("GET", "/api/parse?ref=http%3A%2F%2F%5B%3A%3A1%5D%2F&profile=java", nil))
	fmt.Print(rec.Code, " ", rec.Body)
	// Output:
	// 200 {"input":"http://[::1]/","valid":true,"standard":"rfc2396","rule":"URI-reference","profile":"java","edits_needed":["ipv6"],"error":null,"scheme":"http","scheme_specific_part":"//[::1]/","authority":"[::1]","userinfo":null,"host":"[::1]","port":null,"path":"/","query":null,"fragment":null,"opaque":false,"authority_kind":"server","host_kind":"ipv6"}
}
