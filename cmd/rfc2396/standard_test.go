package main

import (
	"encoding/json"
	"os"
	"strconv"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/rfc2396/rfc2396/internal/oracle"
)

// TestResolveRFC3986Examples runs every example of RFC 3986 section 5.4
// (testdata/rfc3986/resolve-5.4.txt) through resolve --standard rfc3986
// --json, one reference a line on standard input, as a user of the tool
// would, and compares the results with the RFC's.
func TestResolveRFC3986Examples(t *testing.T) {
	data, err := os.ReadFile("../../testdata/rfc3986/resolve-5.4.txt")
	if err != nil {
		t.Fatal(err)
	}
	var base string
	type row struct{ ref, want string }
	var strict, nonStrict []row
	facts := oracle.NewFacts3986()
	skipped := 0
	for _, line := range strings.Split(string(data), "\n") {
		if line == "" || strings.HasPrefix(line, "#") {
			continue
		}
		f := strings.Split(line, "\t")
		if f[0] == "base" {
			base = f[1]
			continue
		}
		ref := f[0]
		if strings.HasPrefix(ref, `"`) {
			if ref, err = strconv.Unquote(ref); err != nil {
				t.Fatalf("%q: %v", line, err)
			}
		}
		r := row{ref, f[1]}
		refs := []string{base, ref, f[1]}
		if _, rest, ok := strings.Cut(ref, ":"); ok && len(f) > 2 && f[2] == "non-strict" {
			refs = append(refs, rest) // read without its scheme
		}
		if !facts.Hold(refs...) {
			t.Logf("%q: %s", ref, oracle.NotHeld)
			skipped++
			continue
		}
		if len(f) > 2 && f[2] == "non-strict" {
			nonStrict = append(nonStrict, r)
		} else {
			strict = append(strict, r)
		}
	}
	if base == "" || skipped == 0 && (len(strict) < 40 || len(nonStrict) == 0) {
		t.Fatalf("read base %q, %d strict and %d non-strict rows", base, len(strict), len(nonStrict))
	}
	for _, tc := range []struct {
		rows  []row
		flags []string
	}{{strict, nil}, {nonStrict, []string{"--compat-scheme"}}} {
		if len(tc.rows) == 0 {
			continue
		}
		var in strings.Builder
		var want []string
		for _, r := range tc.rows {
			in.WriteString(r.ref + "\n")
			want = append(want, r.want)
		}
		args := append([]string{"resolve", "--standard", "rfc3986", "--json"}, tc.flags...)
		stdout, stderr, status := runCLI(in.String(), append(args, base)...)
		if status != 0 {
			t.Errorf("%v: status %d, stderr %s", args, status, stderr)
		}
		var got []string
		for _, line := range strings.Split(strings.TrimSuffix(stdout, "\n"), "\n") {
			var v struct{ Result string }
			if err := json.Unmarshal([]byte(line), &v); err != nil {
				t.Fatalf("%q: %v", line, err)
			}
			got = append(got, v.Result)
		}
		if diff := cmp.Diff(want, got); diff != "" {
			t.Errorf("%v (-want +got):\n%s", args, diff)
		}
	}
}
