package pct

import "testing"

func TestDecode(t *testing.T) {
	tests := []struct {
		in, want string
		bad      int
	}{
		{"", "", -1},
		{"abc", "abc", -1},
		{"%41%62%2f", "Ab/", -1},
		{"%00%FF", "\x00\xff", -1},
		{"a%", "", 1},
		{"a%4", "", 1},
		{"%4g", "", 0},
		{"%41%", "", 3},
	}
	for _, tt := range tests {
		got, bad := Decode(tt.in)
		if got != tt.want || bad != tt.bad {
			t.Errorf("Decode(%q) = %q, %d; want %q, %d", tt.in, got, bad, tt.want, tt.bad)
		}
	}
}

func TestTableEscape(t *testing.T) {
	alnum := SetOf("abc")
	slash := SetOf("/")
	segment := &Table{Raw: alnum, First: alnum}
	nonEmpty := &Table{Raw: alnum, First: alnum, NonEmpty: true}
	absolute := &Table{Raw: alnum, First: slash, Keep: slash, FirstSegment: alnum}
	rootless := &Table{Raw: alnum, First: alnum, Keep: slash, FirstSegment: alnum}
	tests := []struct {
		t       *Table
		in      string
		want    string
		problem Problem
	}{
		{segment, "ab c/", "ab%20c%2F", NoProblem},
		{segment, "", "", NoProblem},
		{nonEmpty, "", "", Empty},
		{absolute, "/a b/c", "/a%20b/c", NoProblem},
		{absolute, "a", "", MustStartWithSeparator},
		{rootless, "a/b", "a/b", NoProblem},
		{rootless, "/a", "", StartsWithSeparator},
		{segment, "\xff", "%FF", NoProblem},
	}
	for _, tt := range tests {
		got, p := tt.t.Escape(tt.in)
		if got != tt.want || p != tt.problem {
			t.Errorf("Escape(%q) = %q, %d; want %q, %d", tt.in, got, p, tt.want, tt.problem)
		}
	}
}
