package rfc3987

import (
	"testing"

	"github.com/google/go-cmp/cmp"
)

func TestToURI(t *testing.T) {
	for _, r := range readIRITable(t, "to_uri.txt", 2) {
		in, want := r.fields[0], r.fields[1]
		if diff := cmp.Diff(want, ToURI(in)); diff != "" {
			t.Errorf("to_uri.txt:%d: ToURI(%q) (-want +got):\n%s", r.line, in, diff)
		}
		// Idempotent, as section 3.1 says.
		if got := ToURI(want); got != want {
			t.Errorf("to_uri.txt:%d: ToURI(%q) = %q, want it unchanged", r.line, want, got)
		}
	}
}

// TestToURIEveryOffset puts a character beyond ASCII at every offset of a
// US-ASCII string longer than two of the 16-byte blocks ToURI scans at a
// time, so that the first byte it must escape lies at each place within a
// block, a word of one and the tail.
func TestToURIEveryOffset(t *testing.T) {
	const ascii = "http://a/bcdefghijklmnopqrstuvwxyz/0123456789"
	for i := 0; i <= len(ascii); i++ {
		in := ascii[:i] + "\u00e9" + ascii[i:]
		want := ascii[:i] + "%C3%A9" + ascii[i:]
		if got := ToURI(in); got != want {
			t.Errorf("ToURI(%q) = %q, want %q", in, got, want)
		}
		if got := ToURI(ascii[:i]); got != ascii[:i] {
			t.Errorf("ToURI(%q) = %q, want it unchanged", ascii[:i], got)
		}
	}
}

func TestToIRI(t *testing.T) {
	for _, r := range readIRITable(t, "to_iri.txt", 2) {
		in, want := r.fields[0], r.fields[1]
		if diff := cmp.Diff(want, ToIRI(in)); diff != "" {
			t.Errorf("to_iri.txt:%d: ToIRI(%q) (-want +got):\n%s", r.line, in, diff)
		}
		if got := ToIRI(want); got != want {
			t.Errorf("to_iri.txt:%d: ToIRI(%q) = %q, want it unchanged (idempotent)", r.line, want, got)
		}
	}
}

// TestToIRIRoundTrip checks section 3.2's promise on its examples: the
// IRI maps back to the URI, up to the case of re-encoded hex digits and
// percent-encoded unreserved characters.
func TestToIRIRoundTrip(t *testing.T) {
	tests := []struct{ uri, back string }{
		{"http://www.example.org/D%C3%BCrst", "http://www.example.org/D%C3%BCrst"},
		{"http://www.example.org/D%FCrst", "http://www.example.org/D%FCrst"},
		{"http://xn--99zt52a.example.org/%e2%80%ae", "http://xn--99zt52a.example.org/%E2%80%AE"},
		// Section 3.2: "except ... for potential percent-encoded
		// unreserved characters".
		{"http://example.org/%7Euser", "http://example.org/~user"},
	}
	for _, tt := range tests {
		if got := ToURI(ToIRI(tt.uri)); got != tt.back {
			t.Errorf("ToURI(ToIRI(%q)) = %q, want %q", tt.uri, got, tt.back)
		}
	}
}
