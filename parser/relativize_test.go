package parser_test

import (
	"errors"
	"fmt"
	"strings"
	"testing"

	"github.com/rfc2396/rfc2396/internal/uritest"
	"github.com/rfc2396/rfc2396/parser"
)

func TestRelativize(t *testing.T) {
	for _, r := range uritest.ReadTable(t, "testdata/relativize.txt", 3) {
		base, target, want := r.Fields[0], r.Fields[1], r.Fields[2]
		got, err := parser.Relativize(base, target)
		if code, ok := strings.CutPrefix(want, "error "); ok {
			var rerr *parser.ResolveError
			if !errors.As(err, &rerr) || rerr.Reason.Code() != code || rerr.Op != "relativize" {
				t.Errorf("relativize.txt:%d: Relativize(%q, %q) = %q, %v; want a %s error", r.Line, base, target, got, err, code)
			}
			continue
		}
		if err != nil {
			t.Errorf("relativize.txt:%d: Relativize(%q, %q): %v", r.Line, base, target, err)
			continue
		}
		// The target itself may resolve to itself with a warning (it
		// repeats the base's scheme, WarnRepeatedScheme); a shorter
		// reference may not.
		resolvesBack := func(ref string) bool {
			back, warnings, err := parser.Resolve(base, ref)
			return err == nil && back == target && (ref == target || len(warnings) == 0)
		}
		uritest.CheckRelativized(t, fmt.Sprintf("relativize.txt:%d: base %q", r.Line, base), target, want, got, resolvesBack)
	}
}
