//go:build !uri_iri_only

package report

import (
	"github.com/rfc2396/rfc2396/rfc6570"
	g6570 "github.com/rfc2396/rfc2396/rfc6570/grammar"
	"github.com/rfc2396/rfc2396/rfc8141"
	g8141 "github.com/rfc2396/rfc2396/rfc8141/grammar"
	"github.com/rfc2396/rfc2396/rfc9112"
	g9112 "github.com/rfc2396/rfc2396/rfc9112/grammar"
)

// otherStandards are the standards after RFC 2396, 3986 and 3987, whose
// strings are not URI or IRI references: HTTP's request-targets, URNs and
// URI Templates. A build with the tag uri_iri_only has none of them
// (standards_uri_iri.go): docs/site.md measures the playground's
// WebAssembly module built so, which links none of their packages.
func otherStandards() []Standard {
	return []Standard{
		grammarStandard(rfc9112.Grammar(), rfc9112Face{}).withCore(g9112.Definitions(), g9112.NumRules),
		grammarStandard(rfc8141.Grammar(), rfc8141Face{}).withCore(g8141.Definitions(), g8141.NumRules),
		grammarStandard(rfc6570.Grammar(), nil).withCore(g6570.Definitions(), g6570.NumRules),
	}
}
