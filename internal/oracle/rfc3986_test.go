package oracle

import (
	"testing"

	"github.com/rfc2396/rfc2396/rfc3986/grammar"
)

// TestPublished3986 checks rfc3986-appendix-a.abnf: it parses, and it defines the
// rules of the catalogue, in its order. (What it says of strings,
// package rfc3986's TestOracleSelfCheck checks.)
func TestPublished3986(t *testing.T) {
	defs, err := PublishedDefinitions3986()
	if err != nil {
		t.Fatal(err)
	}
	if err := SameRules(defs, grammar.Names()); err != nil { // in the RFC's order
		t.Error(err)
	}
}
