package oracle3986

import (
	"testing"

	"github.com/rfc2396/rfc2396/internal/oracle"
	"github.com/rfc2396/rfc2396/rfc3986/grammar"
)

// TestPublished checks appendix-a.abnf: it parses, and it defines the
// rules of the catalogue, in its order. (What it says of strings,
// package rfc3986's TestOracleSelfCheck checks.)
func TestPublished(t *testing.T) {
	defs, err := PublishedDefinitions()
	if err != nil {
		t.Fatal(err)
	}
	if err := oracle.SameRules(defs, grammar.Names()); err != nil { // in the RFC's order
		t.Error(err)
	}
}
