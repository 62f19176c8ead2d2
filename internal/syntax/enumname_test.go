package syntax

import "testing"

func TestReasons(t *testing.T) {
	type reason int
	table := Reasons[reason](1, 2, 3, 7, map[reason]EnumName{4: {"own", "its own reason"}})
	tests := []struct {
		r          reason
		code, text string
	}{
		{1, "invalid-base", "the base is not a URI-reference"},
		{2, "relative-base", "the base is not an absolute URI"},
		{3, "invalid-reference", "the reference is not a URI-reference"},
		{7, "relative-target", "the target is not an absolute URI"},
		{4, "own", "its own reason"},
		{0, "unknown", "unknown reason"},
		{9, "unknown", "unknown reason"},
	}
	for _, tt := range tests {
		if code, text := table.Code(tt.r), table.Text(tt.r); code != tt.code || text != tt.text {
			t.Errorf("reason %d: %q, %q; want %q, %q", tt.r, code, text, tt.code, tt.text)
		}
	}
}
