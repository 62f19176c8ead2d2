package rfc8089_test

import (
	"errors"
	"fmt"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/rfc2396/rfc2396/rfc3986"
	"github.com/rfc2396/rfc2396/rfc8089"
	"github.com/rfc2396/rfc2396/rfc8089/grammar"
)

// reading is what Parse makes of a string: its host and path, or the
// offset and rule of its error.
type reading struct {
	Host, Path string
	Local      bool
	Offset     int
	Rule       string
}

// TestParse holds Parse to section 2's ABNF on Appendix B's examples and
// Appendix E's nonstandard forms, which section 2 does not derive, and
// checks that each valid one is an RFC 3986 URI too (RFC 8089's grammar
// is a part of RFC 3986's).
func TestParse(t *testing.T) {
	for _, c := range []struct {
		in   string
		want reading
	}{
		// Appendix B.
		{"file:///path/to/file", reading{Path: "/path/to/file", Local: true}},
		{"file:/path/to/file", reading{Path: "/path/to/file", Local: true}},
		{"file://host.example.com/path/to/file", reading{Host: "host.example.com", Path: "/path/to/file"}},
		// "localhost" is a file-auth of the machine that reads the URI.
		{"file://LocalHost/etc/hosts", reading{Host: "LocalHost", Path: "/etc/hosts", Local: true}},
		{"FILE://[2001:db8::1]/x", reading{Host: "[2001:db8::1]", Path: "/x"}},
		{"file:///c:/path/to/file", reading{Path: "/c:/path/to/file", Local: true}},
		// Appendix E: a drive letter after "file:", and UNC paths.
		{"file:c:/path/to/file", reading{Offset: 5, Rule: "file-URI"}},
		{"file:////host.example.com/path/to/file", reading{Offset: 8, Rule: "path-absolute"}},
		{"file://///host.example.com/path/to/file", reading{Offset: 8, Rule: "path-absolute"}},
		// No path: auth-path ends in path-absolute.
		{"file://host.example.com", reading{Offset: 23, Rule: "reg-name"}},
		{"file://a b/", reading{Offset: 8, Rule: "reg-name"}},
		{"file:/a?q", reading{Offset: 7, Rule: "segment-nz"}},
		{"file:/a#f", reading{Offset: 7, Rule: "segment-nz"}},
		{"http://example.com/", reading{Offset: 0, Rule: "file-URI"}},
	} {
		var got reading
		u, err := rfc8089.Parse(c.in)
		var perr *rfc8089.Error
		switch {
		case errors.As(err, &perr):
			got = reading{Offset: perr.Offset, Rule: perr.Rule.String()}
		case err != nil:
			t.Fatalf("Parse(%q): %v is no *rfc8089.Error", c.in, err)
		default:
			got = reading{Host: u.Host().Value, Path: u.Path(), Local: rfc8089.IsLocal(u)}
			if !rfc3986.Valid(c.in) {
				t.Errorf("%q is a file-URI and no RFC 3986 URI-reference", c.in)
			}
		}
		if diff := cmp.Diff(c.want, got); diff != "" {
			t.Errorf("Parse(%q) (-want +got):\n%s", c.in, diff)
		}
		if v := rfc8089.Valid(c.in); v != (err == nil) {
			t.Errorf("Valid(%q) = %t, Parse: %v", c.in, v, err)
		}
		if _, terr := rfc8089.Grammar().ParseTree(grammar.RuleFileURI, c.in); (terr == nil) != (err == nil) {
			t.Errorf("ParseTree(%q): %v, Parse: %v", c.in, terr, err)
		}
	}
}

// TestFilePath checks the decoding of a path's segments.
func TestFilePath(t *testing.T) {
	for _, c := range []struct {
		in, want string
		err      error
	}{
		{"file:///a%20b/c", "/a b/c", nil},
		{"file:///", "/", nil},
		{"file://h/r%C3%A9sum%C3%A9.txt", "/résumé.txt", nil},
		{"file:///a%2Fb", "", rfc8089.ErrPathSegment},
		{"file:///a%00", "", rfc8089.ErrPathSegment},
	} {
		u, err := rfc8089.Parse(c.in)
		if err != nil {
			t.Fatal(err)
		}
		got, err := rfc8089.FilePath(u)
		if got != c.want || err != c.err {
			t.Errorf("FilePath(%q) = %q, %v; want %q, %q", c.in, got, err, c.want, c.err)
		}
	}
}

func ExampleParse() {
	u, err := rfc8089.Parse("file://localhost/etc/hosts")
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println(u.Host().Value, u.Path(), rfc8089.IsLocal(u))
	_, err = rfc8089.Parse("file:c:/path/to/file")
	fmt.Println(err)
	// Output:
	// localhost /etc/hosts true
	// rfc8089: offset 5: invalid character 'c' in file-URI; expected "/"
}
