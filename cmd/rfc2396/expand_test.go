package main

import (
	"bytes"
	"errors"
	"runtime"
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

// TestExpandAmplified expands a template that names a 64 KiB value 1,024
// times: the 64 MiB of expansion are written as they are made, in a small
// part of their size in memory, and a failed write ends the command.
func TestExpandAmplified(t *testing.T) {
	vars := `{"a": "` + strings.Repeat("v", 64<<10) + `"}`
	tmpl := strings.Repeat("{a}", 1024)
	var out byteCounter
	var errOut bytes.Buffer
	var before, after runtime.MemStats
	runtime.ReadMemStats(&before)
	status := run([]string{"expand", "--vars", "-", tmpl}, strings.NewReader(vars), &out, &errOut)
	runtime.ReadMemStats(&after)
	if want := int64(1024<<16 + 1); status != 0 || out.n != want {
		t.Fatalf("status %d, %d bytes written, want 0 and %d; standard error:\n%s", status, out.n, want, errOut.String())
	}
	if allocated := after.TotalAlloc - before.TotalAlloc; allocated > 16<<20 {
		t.Errorf("expand allocated %d bytes for %d bytes of expansion", allocated, out.n)
	}

	errOut.Reset()
	status = run([]string{"expand", "--vars", "-", tmpl}, strings.NewReader(vars), failingOutput{}, &errOut)
	if status != 2 || !strings.Contains(errOut.String(), "writing standard output: no space left") {
		t.Errorf("to a full output: status %d, standard error %q; want 2 and the write error", status, errOut.String())
	}
}

// byteCounter counts the bytes written to it.
type byteCounter struct{ n int64 }

func (w *byteCounter) Write(p []byte) (int, error) {
	w.n += int64(len(p))
	return len(p), nil
}

// failingOutput fails every write as a full device does.
type failingOutput struct{}

func (failingOutput) Write([]byte) (int, error) { return 0, errors.New("no space left on device") }
