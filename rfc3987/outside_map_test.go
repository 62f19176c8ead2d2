package rfc3987

import (
	"fmt"
	"strings"
	"testing"

	"github.com/rfc2396/rfc2396/rfc3986"
)

// toURIWithIDNA maps iri to a URI as the CLI's parse --idna does: an
// ireg-name host through HostToASCII first (section 3.1's option for
// schemes known to use domain names), then ToURI.
func toURIWithIDNA(iri string) (string, error) {
	u, err := Parse(iri)
	if err != nil {
		return "", err
	}
	if u.HostKind() != RegName || u.Host().Value == "" {
		return ToURI(iri), nil
	}
	authority, err := HostToASCII(u.Host().Value)
	if err != nil {
		return "", err
	}
	if u.UserInfo().Defined {
		authority = u.UserInfo().Value + "@" + authority
	}
	if u.Port().Defined {
		authority += ":" + u.Port().Value
	}
	return ToURI(Recompose(u.Scheme(), Some(authority), u.Path(), u.Query(), u.Fragment())), nil
}

// TestMapOutside checks ToURI and ToIRI against the rows of outside
// suites in map_outside.txt: the mapping the RFC gives, that it is
// idempotent (sections 3.1 and 3.2), and, where the suite answers
// otherwise, that its answer is still different.
func TestMapOutside(t *testing.T) {
	for _, r := range readOutside(t, "map_outside.txt", 1) {
		in := r.in[0]
		at := fmt.Sprintf("map_outside.txt:%d: %s %q", r.line, r.op, in)
		if r.errCode != "" || r.equivalent || r.theirsNone || len(r.warns) > 0 {
			t.Fatalf("%s: a mapping row has an answer and at most \"differs\" and the source's", at)
		}
		var got, again string
		switch r.op {
		case "to-uri":
			got, again = ToURI(in), ToURI(r.want)
			// Section 3.1: where the US-ASCII characters URIs do not
			// allow are left unconverted, the conversion SHOULD fail;
			// ToURI leaves that to the parser, which refuses them.
			if strings.ContainsAny(in, " <>\"{}|\\^`") && Valid(in) {
				t.Errorf("%s: Valid, with a character section 3.1 lets a conversion refuse", at)
			}
		case "to-uri-idna":
			var err error
			if got, err = toURIWithIDNA(in); err != nil {
				t.Errorf("%s: %v", at, err)
				continue
			}
			again = ToURI(r.want)
		case "to-iri":
			got, again = ToIRI(in), ToIRI(r.want)
		case "roundtrip":
			got, again = ToIRI(in), ToIRI(r.want)
			if back := ToURI(r.want); back != in {
				t.Errorf("%s: ToURI(%q) = %q, want the URI back", at, r.want, back)
			}
		default:
			t.Fatalf("%s: unknown operation", at)
		}
		if got != r.want {
			t.Errorf("%s = %q, want %q", at, got, r.want)
		}
		if again != r.want {
			t.Errorf("%s: applied to its result gives %q, want it unchanged", at, again)
		}
		if r.differs && r.theirs == r.want {
			t.Errorf("%s: the source's answer %q is want: drop \"differs\"", at, r.theirs)
		}
	}
}

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
