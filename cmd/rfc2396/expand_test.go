package main

import (
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/rfc2396/rfc2396/rfc6570"
)

// TestDecodeVars checks the JSON reading of expand --vars: an object's
// order kept, numbers and booleans as their JSON text, null members left
// out, and the errors with their offsets.
func TestDecodeVars(t *testing.T) {
	tests := []struct {
		in      string
		want    rfc6570.Values
		wantErr string
	}{
		{in: `{}`, want: rfc6570.Values{}},
		{in: ` {"s": "x", "e": "", "n": -1.50e3, "t": true, "f": false, "u": null} `, want: rfc6570.Values{
			"s": rfc6570.String("x"), "e": rfc6570.String(""), "n": rfc6570.String("-1.50e3"),
			"t": rfc6570.String("true"), "f": rfc6570.String("false"), "u": {}}},
		{in: `{"l": ["b", 2, null, "a"], "m": {"z": "1", "a": null, "y": 2}, "el": [], "em": {}}`, want: rfc6570.Values{
			"l":  rfc6570.List("b", "2", "a"),
			"m":  rfc6570.Assoc(rfc6570.Pair{Name: "z", Value: "1"}, rfc6570.Pair{Name: "y", Value: "2"}),
			"el": rfc6570.List(), "em": rfc6570.Assoc()}},
		{in: `{"ü": "€"}`, want: rfc6570.Values{"ü": rfc6570.String("€")}},
		{in: ``, wantErr: "offset 0: the JSON text ends early"},
		{in: `["x"]`, wantErr: "offset 1: the variables are one JSON object"},
		{in: `{"a": 1, "a": 2}`, wantErr: `offset 12: variable "a" is defined twice`},
		{in: `{"a": [{"b": 1}]}`, wantErr: `offset 8: a member of "a" is an array or an object`},
		{in: `{"a": {"b": [1]}}`, wantErr: `offset 13: a member of "a" is an array or an object`},
		{in: `{"a": "x"} {}`, wantErr: "offset 12: more after the object of variables"},
		{in: "{\"a\": \"\xc3\"}", wantErr: "offset 7: byte 0xC3 is not UTF-8"},
		{in: `{"a": "x"`, wantErr: "offset 9: the JSON text ends early"},
		{in: `{"a" "x"}`, wantErr: "invalid character"},
	}
	for _, tt := range tests {
		got, err := decodeVars([]byte(tt.in))
		if tt.wantErr != "" {
			if err == nil || !strings.Contains(err.Error(), tt.wantErr) {
				t.Errorf("decodeVars(%q): error %v, want one containing %q", tt.in, err, tt.wantErr)
			}
			continue
		}
		if err != nil {
			t.Errorf("decodeVars(%q): %v", tt.in, err)
			continue
		}
		if diff := cmp.Diff(tt.want, got, cmp.AllowUnexported(rfc6570.Value{})); diff != "" {
			t.Errorf("decodeVars(%q) (-want +got):\n%s", tt.in, diff)
		}
	}
}
