package rfc8141

import (
	"net/url"
	"testing"
)

// urns are URNs of the shapes RFC 8141's text shows.
var urns = []string{
	"urn:example:a123,z456",
	"urn:example:1/406/47452/2",
	"urn:example:foo-bar-baz-qux?+CCResolve:cc=uk",
	"urn:example:weather?=op=map&lat=39.56&lon=-104.85&datetime=1969-07-21T02:56:15Z",
	"urn:example:foo-bar-baz-qux#somepart",
	"URN:EXAMPLE:a123%2cz456",
	"urn:ietf:params:xml:ns:yang:ietf-interfaces",
	"urn:uuid:f81d4fae-7dec-11d0-a765-00a0c91e6bf6",
	"urn:isbn:0451450523",
	"urn:oid:1.3.6.1.4.1",
}

// BenchmarkValid compares Valid and Parse with net/url.Parse, which
// knows nothing of URNs (it reads the whole as an opaque part) but is
// what a Go program reaches for first.
func BenchmarkValid(b *testing.B) {
	b.Run("rfc8141.Valid", func(b *testing.B) {
		b.ReportAllocs()
		for i := 0; i < b.N; i++ {
			if !Valid(urns[i%len(urns)]) {
				b.Fatal(urns[i%len(urns)])
			}
		}
	})
	b.Run("rfc8141.Parse", func(b *testing.B) {
		b.ReportAllocs()
		for i := 0; i < b.N; i++ {
			if _, err := Parse(urns[i%len(urns)]); err != nil {
				b.Fatal(err)
			}
		}
	})
	b.Run("net/url.Parse", func(b *testing.B) {
		b.ReportAllocs()
		for i := 0; i < b.N; i++ {
			if _, err := url.Parse(urns[i%len(urns)]); err != nil {
				b.Fatal(err)
			}
		}
	})
}
