package format_test

import (
	"errors"
	"fmt"
	"sort"

	"github.com/rfc2396/rfc2396/format"
	"github.com/rfc2396/rfc2396/rfc3986"
	"github.com/rfc2396/rfc2396/rfc3987"
)

// validator stands for a JSON Schema validator's custom-format hook,
// which this example does not import: several take a func(any) bool by
// format name (kaptinlin/jsonschema's Compiler.RegisterFormat;
// gojsonschema's FormatChecker is an IsFormat(any) bool method), and
// santhosh-tekuri/jsonschema's Format takes a func(any) error, which
// [format.ForAny] gives as it is.
type validator struct {
	formats map[string]func(any) bool
}

func (v *validator) RegisterFormat(name string, valid func(any) bool) {
	v.formats[name] = valid
}

// Register every checker under its JSON Schema name. The hook is called
// with any JSON value: ForAny lets non-strings pass, as JSON Schema's
// string formats ignore them.
func ExampleCheckers() {
	v := &validator{formats: map[string]func(any) bool{}}
	for name, check := range format.Checkers() {
		f := format.ForAny(check)
		v.RegisterFormat(name, func(x any) bool { return f(x) == nil })
	}

	names := make([]string, 0, len(v.formats))
	for name := range v.formats {
		names = append(names, name)
	}
	sort.Strings(names)
	for _, name := range names {
		valid := v.formats[name]
		fmt.Printf("%-13s %-5v %-5v %v\n", name, valid("http://a/b#c"), valid("b#c"), valid(12))
	}
	// Output:
	// iri           true  false true
	// iri-reference true  true  true
	// uri           true  false true
	// uri-reference true  true  true
	// uri-template  true  true  true
}

// An invalid string gets the RFC's error, which says where and why.
func ExampleURI() {
	err := format.URI("http://example.org/a b")
	fmt.Println(err)
	var e *rfc3986.Error
	if errors.As(err, &e) {
		fmt.Println(e.Offset, e.Rule)
	}
	// A trailing newline is not trimmed: the grammar has none.
	fmt.Println(format.URI("http://example.org/\n") != nil)
	// Output:
	// rfc3986: not a valid URI: offset 20: invalid character ' ' in segment; expected pchar, "#", "/", "?" or end of input
	// 20 segment
	// true
}

// RFC 3987's ABNF admits the bidirectional formatting characters, but
// section 4.1 forbids them in IRIs; percent-encoded, they are allowed.
func ExampleIRI() {
	fmt.Println(format.IRI("http://example.org/r\u00e9sum\u00e9"))
	err := format.IRI("http://example.org/\u202egnp.exe")
	var b *rfc3987.BidiError
	if errors.As(err, &b) {
		fmt.Printf("offset %d: %U, section %s\n", b.Offset, b.Char, b.Section)
	}
	fmt.Println(format.IRI("http://example.org/%E2%80%AEgnp.exe"))
	// Output:
	// <nil>
	// offset 19: U+202E, section 4.1
	// <nil>
}

func ExampleURITemplate() {
	fmt.Println(format.URITemplate("http://example.com/search{?q,lang}"))
	fmt.Println(format.URITemplate("http://example.com/{!q}"))
	// Output:
	// <nil>
	// rfc6570: at offset 20 ("!"): operator "!" is reserved for future extensions (section 2.2, op-reserve = "=" / "," / "!" / "@" / "|")
}
