package rfc3986_test

import (
	"testing"

	"github.com/rfc2396/rfc2396/internal/oracle"
	"github.com/rfc2396/rfc2396/internal/uritest"
	"github.com/rfc2396/rfc2396/rfc3986"
)

func TestRelativize(t *testing.T) {
	resolvesBack := func(base, target string) func(string) bool { return uritest.ResolvesTo(rfc3986.Resolve, base, target) }
	uritest.RelativizeTable(t, "testdata/relativize.txt", oracle.NewFacts3986().Hold, rfc3986.Relativize, relativizeRefused, resolvesBack)
}

// relativizeRefused reports a relativization's *ResolveError of the given
// reason code, or for "base" one that the base is not an absolute URI.
func relativizeRefused(err error, code string) bool {
	rerr, ok := uritest.As[*rfc3986.ResolveError](err)
	if !ok || rerr.Op != "relativize" {
		return false
	}
	if code == "base" {
		return rerr.Reason == rfc3986.InvalidBase || rerr.Reason == rfc3986.RelativeBase
	}
	return rerr.Reason.Code() == code
}
