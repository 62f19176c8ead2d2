package parser_test

import (
	"testing"

	"github.com/rfc2396/rfc2396/parser"
)

func TestRelativize(t *testing.T) {
	base := "http://a/b/c/d;p?q"
	tests := []struct{ target, want string }{
		{"http://a/b/c/g", "g"},
		{"http://a/b/c/d;p?q", ""},
		{"http://a/b/c/d;p?q#f", "#f"},
		{"http://a/b/c/d;p?r", "d;p?r"},
		{"http://a/b/c/", "./"},
		{"http://a/b/", "../"},
		{"http://a/b/g", "../g"},
		{"http://a/", "/"},
		{"http://a/x/y/z", "/x/y/z"},
		{"http://a/b/c/g:h", "./g:h"},
		{"http://a/b/c/g?y/./x", "g?y/./x"},
		{"http://a/b/c/./g", "/b/c/./g"},
		{"http://a/../g", "/../g"},
		{"http://a", "//a"},
		{"http://b/x", "http://b/x"},
		{"ftp://a/b/c/g", "ftp://a/b/c/g"},
		{"mailto:x", "mailto:x"},
	}
	for _, tt := range tests {
		got, err := parser.Relativize(base, tt.target)
		if err != nil || got != tt.want {
			t.Errorf("Relativize(%q, %q) = %q, %v; want %q", base, tt.target, got, err, tt.want)
			continue
		}
		if back, _, err := parser.Resolve(base, got); err != nil || back != tt.target {
			t.Errorf("Resolve(%q, %q) = %q, %v; want %q", base, got, back, err, tt.target)
		}
	}
	if _, err := parser.Relativize("a/b", "http://a/b"); err == nil {
		t.Error("Relativize against a relative base succeeded")
	}
}
