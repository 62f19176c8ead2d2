package rfc3987

import (
	"fmt"
	"testing"

	"github.com/rfc2396/rfc2396/rfc3986"
)

// TestNormalizeOutside checks Normalize and Equivalent against the rows
// of outside suites in normalize_outside.txt: the normal form, the one
// reached through URIs, the IRIs that must stay apart, and, where the
// suite answers otherwise, whether its answer is equivalent all the same.
func TestNormalizeOutside(t *testing.T) {
	for _, r := range readOutside(t, "normalize_outside.txt", 1) {
		in := r.in[0]
		at := fmt.Sprintf("normalize_outside.txt:%d: %s %q", r.line, r.op, in)
		if r.errCode != "" || r.theirsNone || len(r.warns) > 0 {
			t.Fatalf("%s: a normalization row has an answer and at most \"differs\", the source's and \"equivalent\"", at)
		}
		u, err := Parse(in)
		if err != nil {
			t.Errorf("%s: %v", at, err)
			continue
		}
		var got string
		switch r.op {
		case "normalize":
			got, err = Normalize(in)
			if again, _ := Normalize(got); again != got {
				t.Errorf("%s: Normalize(%q) = %q, want it unchanged", at, got, again)
			}
		case "to-uri+normalize":
			got, err = rfc3986.Normalize(ToURI(in))
		case "same", "different":
			v, err := Parse(r.want)
			if err != nil {
				t.Errorf("%s: %v", at, err)
			} else if eq := Equivalent(u, v); eq != (r.op == "same") {
				t.Errorf("%s: Equivalent to %q = %v, want %v", at, r.want, eq, !eq)
			}
			continue
		default:
			t.Fatalf("%s: unknown operation", at)
		}
		if err != nil || got != r.want {
			t.Errorf("%s = %q, %v; want %q", at, got, err, r.want)
		}
		if !r.differs {
			continue
		}
		if r.theirs == r.want {
			t.Errorf("%s: the source's answer %q is want: drop \"differs\"", at, r.theirs)
		}
		if r.op != "normalize" {
			continue
		}
		v, err := Parse(r.theirs)
		if eq := err == nil && Equivalent(u, v); eq != r.equivalent {
			t.Errorf("%s: Equivalent to the source's %q = %v, want %v", at, r.theirs, eq, r.equivalent)
		}
	}
}
