package parser_test

import (
	"errors"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/rfc2396/rfc2396/parser"
)

func TestRelativize(t *testing.T) {
	for _, r := range readTable(t, "relativize.txt", 3) {
		base, target, want := r.fields[0], r.fields[1], r.fields[2]
		got, err := parser.Relativize(base, target)
		if code, ok := strings.CutPrefix(want, "error "); ok {
			var rerr *parser.ResolveError
			if !errors.As(err, &rerr) || rerr.Reason.Code() != code || rerr.Op != "relativize" {
				t.Errorf("relativize.txt:%d: Relativize(%q, %q) = %q, %v; want a %s error", r.line, base, target, got, err, code)
			}
			continue
		}
		if err != nil {
			t.Errorf("relativize.txt:%d: Relativize(%q, %q): %v", r.line, base, target, err)
			continue
		}
		if diff := cmp.Diff(want, got); diff != "" {
			t.Errorf("relativize.txt:%d: Relativize(%q, %q) (-want +got):\n%s", r.line, base, target, diff)
		}
		if back, _, err := parser.Resolve(base, got); err != nil || back != target {
			t.Errorf("relativize.txt:%d: Resolve(%q, %q) = %q, %v; want %q", r.line, base, got, back, err, target)
		}
		if c, ok := shorterReference(base, target, got); ok {
			t.Errorf("relativize.txt:%d: Relativize(%q, %q) = %q, but %q is shorter and resolves back", r.line, base, target, got, c)
		}
	}
}
