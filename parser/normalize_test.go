package parser_test

import (
	"testing"

	"github.com/rfc2396/rfc2396/parser"
)

func TestNormalize(t *testing.T) {
	tests := []struct{ in, want string }{
		{"HTTP://WWW.Example.COM/", "http://www.example.com/"},
		{"http://a:80/", "http://a/"},
		{"http://a:/", "http://a/"},
		{"http://a:8080/", "http://a:8080/"},
		{"https://a:443/x", "https://a/x"},
		{"ftp://a:21", "ftp://a"},
		{"gopher://a:70/", "gopher://a/"},
		{"telnet://a:23/", "telnet://a/"},
		{"news://a:119/x", "news://a/x"},
		{"nntp://a:119/x", "nntp://a/x"},
		{"wais://a:210/x", "wais://a/x"},
		{"prospero://a:1525/x", "prospero://a/x"},
		{"ldap://a:389/x", "ldap://a/x"},
		{"foo://a:80/", "foo://a:80/"},
		{"http://U%7e@A/%7e?%7e#%7e", "http://U%7E@a/%7E?%7E#%7E"},
		{"http://a/b/./c/../d", "http://a/b/d"},
		{"http://a/../b", "http://a/../b"},
		{"http://a/b/c/..", "http://a/b/"},
		{"http://a/%2e/b", "http://a/%2E/b"},
		{"http://A_B/", "http://A_B/"},
		{"mailto:Joe@Example.COM", "mailto:Joe@Example.COM"},
		{"MAILTO:a%7eb?c/./d", "mailto:a%7Eb?c/./d"},
		{"a/./b/../c", "a/c"},
		{"../a/../../b", "../../b"},
		{".", "./"},
		{"a/..", "./"},
		{"./a:b", "./a:b"},
		{"x/../a:b", "./a:b"},
		{"", ""},
		{"#F", "#F"},
		{"/.//a", "/.//a"},
		{"x:/a/..//b", "x:/.//b"},
	}
	for _, tt := range tests {
		got, err := parser.Normalize(tt.in)
		if err != nil || got != tt.want {
			t.Errorf("Normalize(%q) = %q, %v; want %q", tt.in, got, err, tt.want)
		}
	}
	if _, err := parser.Normalize("?q"); err == nil {
		t.Error(`Normalize("?q") succeeded; "?q" is not a URI-reference`)
	}
	ports := parser.DefaultPorts()
	ports["svn"] = "3690"
	if got, _ := parser.Normalize("svn://h:3690/r", parser.WithDefaultPorts(ports)); got != "svn://h/r" {
		t.Errorf("with svn's default port: %q", got)
	}
	if got, _ := parser.Normalize("svn://h:3690/r"); got != "svn://h:3690/r" {
		t.Errorf("DefaultPorts was changed by a caller's copy: %q", got)
	}
}

func TestEqualAndEquivalent(t *testing.T) {
	tests := []struct {
		a, b              string
		equal, equivalent bool
	}{
		{"http://a/b", "http://a/b", true, true},
		{"http://a/b", "HTTP://A/b", false, true},
		{"http://a:80/b", "http://a/b", false, true},
		{"http://a/%7eb", "http://a/%7Eb", false, true},
		{"http://a/%7Eb", "http://a/~b", false, false},
		{"http://a/b", "http://a/B", false, false},
		{"http://a/b?", "http://a/b", false, false},
		{"http://a/./b", "http://a/b", false, true},
		{"mailto:A", "mailto:a", false, false},
	}
	for _, tt := range tests {
		a, _ := parser.Parse(tt.a)
		b, _ := parser.Parse(tt.b)
		if got := parser.Equal(a, b); got != tt.equal {
			t.Errorf("Equal(%q, %q) = %v", tt.a, tt.b, got)
		}
		if got := parser.Equivalent(a, b); got != tt.equivalent {
			t.Errorf("Equivalent(%q, %q) = %v", tt.a, tt.b, got)
		}
	}
}
