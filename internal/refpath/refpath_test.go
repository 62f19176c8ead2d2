package refpath

import (
	"testing"

	"github.com/google/go-cmp/cmp"
)

func TestRelativeSegments(t *testing.T) {
	tests := []struct {
		base, target string
		want         []string
	}{
		{"b/c/d", "b/c/g", []string{"g"}},
		{"b/c/d", "b/x", []string{"../x"}},
		{"b/c/d", "b/c/", []string{".", "./"}},
		{"b/c/d", "b/", []string{"..", "../"}},
		{"b/c/d", "b/c/g:h", []string{"./g:h"}},
		{"b/c/d", "b/c//x", []string{".//x"}},
		{"d", "x/y", []string{"x/y"}},
	}
	for _, tt := range tests {
		if diff := cmp.Diff(tt.want, RelativeSegments(tt.base, tt.target)); diff != "" {
			t.Errorf("RelativeSegments(%q, %q) (-want +got):\n%s", tt.base, tt.target, diff)
		}
	}
}
