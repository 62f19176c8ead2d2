package rfc3986_test

import (
	"errors"
	"strings"
	"testing"

	"github.com/rfc2396/rfc2396/internal/uritest"
	"github.com/rfc2396/rfc2396/rfc3986"
)

func TestRelativize(t *testing.T) {
	for _, r := range uritest.ReadTable(t, "testdata/relativize.txt", 3) {
		base, target, want := r.Fields[0], r.Fields[1], r.Fields[2]
		got, err := rfc3986.Relativize(base, target)
		if code, ok := strings.CutPrefix(want, "error "); ok {
			var rerr *rfc3986.ResolveError
			if !errors.As(err, &rerr) || rerr.Op != "relativize" || code != "base" && rerr.Reason.Code() != code ||
				code == "base" && rerr.Reason != rfc3986.InvalidBase && rerr.Reason != rfc3986.RelativeBase {
				t.Errorf("Relativize(%q, %q) = %q, %v; want a %s error", base, target, got, err, code)
			}
			continue
		}
		if err != nil {
			t.Errorf("Relativize(%q, %q): %v", base, target, err)
			continue
		}
		uritest.CheckRelativized(t, "base "+base, target, want, got, uritest.ResolvesTo(rfc3986.Resolve, base, target))
	}
}
