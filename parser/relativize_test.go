package parser_test

import (
	"testing"

	"github.com/rfc2396/rfc2396/internal/oracle"
	"github.com/rfc2396/rfc2396/internal/uritest"
	"github.com/rfc2396/rfc2396/parser"
)

func TestRelativize(t *testing.T) {
	uritest.RelativizeTable(t, "testdata/relativize.txt", oracle.NewFacts(0).Hold, parser.Relativize, relativizeRefused, resolvesBack)
}

// relativizeRefused reports a relativization's *ResolveError of the given
// reason code.
func relativizeRefused(err error, code string) bool {
	rerr, ok := uritest.As[*parser.ResolveError](err)
	return ok && rerr.Reason.Code() == code && rerr.Op == "relativize"
}

// resolvesBack is uritest.ResolvesTo, except that the target itself may
// resolve to itself with a warning (it repeats the base's scheme,
// WarnRepeatedScheme); a shorter reference may not.
func resolvesBack(base, target string) func(ref string) bool {
	return func(ref string) bool {
		back, warnings, err := parser.Resolve(base, ref)
		return err == nil && back == target && (ref == target || len(warnings) == 0)
	}
}
