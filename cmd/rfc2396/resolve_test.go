package main

import (
	"encoding/json"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
)

func TestResolveJSON(t *testing.T) {
	out, errOut, status := runCLI(t, "g\r\n?y\n../../../g\na b\n", "resolve", "--json", "--dotdot", "error", "http://a/b/c/d;p?q")
	if status != 1 || errOut != "" {
		t.Errorf("status %d, stderr %q; want 1", status, errOut)
	}
	var got []resolution
	for _, line := range strings.Split(strings.TrimSuffix(out, "\n"), "\n") {
		var r resolution
		if err := json.Unmarshal([]byte(line), &r); err != nil {
			t.Fatalf("%q: %v", line, err)
		}
		if r.Error != nil {
			r.Error.Message = ""
		}
		for i := range r.Warnings {
			r.Warnings[i].Message = ""
		}
		got = append(got, r)
	}
	str := func(s string) *string { return &s }
	one := 1
	want := []resolution{
		{Base: "http://a/b/c/d;p?q", Ref: "g", Result: str("http://a/b/c/g"), Warnings: []warningReport{}},
		{Base: "http://a/b/c/d;p?q", Ref: "?y", Result: str("http://a/b/c/?y"), Warnings: []warningReport{{Code: "empty-relative-path"}}},
		{Base: "http://a/b/c/d;p?q", Ref: "../../../g", Error: &resolveReport{Reason: "dotdot-above-root"}, Warnings: []warningReport{}},
		{Base: "http://a/b/c/d;p?q", Ref: "a b", Error: &resolveReport{Reason: "invalid-reference", Offset: &one}, Warnings: []warningReport{}},
	}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("(-want +got):\n%s", diff)
	}
}

func TestResolveHuman(t *testing.T) {
	out, _, status := runCLI(t, "", "resolve", "--compat-scheme", "http://a/b/c/d;p?q", "http:g", "../../../g")
	want := "http:g -> http://a/b/c/g\n  warning: "
	if status != 0 || !strings.HasPrefix(out, want) || !strings.Contains(out, "../../../g -> http://a/../g\n") {
		t.Errorf("status %d, output:\n%s", status, out)
	}
	for _, args := range [][]string{{"resolve"}, {"resolve", "--dotdot", "maybe", "http://a/"}, {"relativize", "http://a/"}} {
		if _, _, status := runCLI(t, "", args...); status != 2 {
			t.Errorf("%q: status %d, want 2", args, status)
		}
	}
}

func TestNormalizeAndRelativize(t *testing.T) {
	out, _, status := runCLI(t, "HTTP://A:80/./b\n%zz\n", "normalize")
	if status != 1 || !strings.HasPrefix(out, "http://a/b\n%zz: rfc2396: offset 1") {
		t.Errorf("normalize: status %d, output %q", status, out)
	}
	out, _, status = runCLI(t, "", "normalize", "--json", "http://a:/")
	if status != 0 || out != `{"input":"http://a:/","result":"http://a/","error":null}`+"\n" {
		t.Errorf("normalize --json: status %d, output %q", status, out)
	}
	out, _, status = runCLI(t, "", "relativize", "http://a/b/c/d", "http://a/b/x", "http://a/b/c/d#f")
	if status != 0 || out != "../x\n#f\n" {
		t.Errorf("relativize: status %d, output %q", status, out)
	}
}
