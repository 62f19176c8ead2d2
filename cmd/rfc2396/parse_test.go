package main

import (
	"bytes"
	"encoding/json"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
)

func runCLI(t *testing.T, stdin string, args ...string) (stdout, stderr string, status int) {
	t.Helper()
	var out, errOut bytes.Buffer
	status = run(args, strings.NewReader(stdin), &out, &errOut)
	return out.String(), errOut.String(), status
}

func TestParseJSON(t *testing.T) {
	str := func(s string) *string { return &s }
	yes, no := true, false
	tests := []struct {
		in   string
		want result
	}{
		{"http://h:/p?", result{Input: "http://h:/p?", Valid: true, Rule: "URI-reference",
			Scheme: str("http"), SchemeSpecificPart: str("//h:/p?"), Authority: str("h:"), Host: str("h"), Port: str(""),
			Path: str("/p"), Query: str(""), Opaque: &no, AuthorityKind: str("server"), HostKind: str("hostname")}},
		{"mailto:a?b#", result{Input: "mailto:a?b#", Valid: true, Rule: "URI-reference",
			Scheme: str("mailto"), SchemeSpecificPart: str("a?b"), Path: str("a?b"), Fragment: str(""), Opaque: &yes}},
		{"//a_b", result{Input: "//a_b", Valid: true, Rule: "URI-reference",
			SchemeSpecificPart: str("//a_b"), Authority: str("a_b"), Path: str(""), Opaque: &no, AuthorityKind: str("registry")}},
		{"?y", result{Input: "?y", Rule: "URI-reference", Error: &errorReport{Offset: 0, Rule: "URI-reference"}}},
	}
	var stdin strings.Builder
	for _, tt := range tests {
		stdin.WriteString(tt.in + "\r\n")
	}
	out, errOut, status := runCLI(t, stdin.String(), "parse", "--json")
	if status != 1 || errOut != "" {
		t.Errorf("status %d, stderr %q; want 1 and nothing", status, errOut)
	}
	lines := strings.Split(strings.TrimSuffix(out, "\n"), "\n")
	if len(lines) != len(tests) {
		t.Fatalf("%d lines of output, want %d:\n%s", len(lines), len(tests), out)
	}
	for i, tt := range tests {
		var got result
		if err := json.Unmarshal([]byte(lines[i]), &got); err != nil {
			t.Fatalf("line %d: %v", i, err)
		}
		if got.Error != nil {
			if !strings.Contains(got.Error.Message, "offset 0") || got.Error.Gap == "" {
				t.Errorf("%q: error %+v", tt.in, got.Error)
			}
			got.Error.Message, got.Error.Gap = "", ""
		}
		if diff := cmp.Diff(tt.want, got, cmp.AllowUnexported(result{})); diff != "" {
			t.Errorf("%q (-want +got):\n%s", tt.in, diff)
		}
	}
	// Every key is present, undefined components as null.
	for _, key := range []string{`"error":null`, `"userinfo":null`, `"authority_kind":"server"`, `"host_kind":"hostname"`, `"port":""`} {
		if !strings.Contains(lines[0], key) {
			t.Errorf("line %s lacks %s", lines[0], key)
		}
	}
}

func TestParseHuman(t *testing.T) {
	out, _, status := runCLI(t, "", "parse", "http://a b/")
	want := "http://a b/: invalid URI-reference\n  http://a b/\n          ^\n"
	if status != 1 || !strings.HasPrefix(out, want) || !strings.Contains(out, "offset 8") {
		t.Errorf("status %d, output:\n%s\nwant prefix:\n%s", status, out, want)
	}
	out, _, status = runCLI(t, "", "parse", "http://a\x01/")
	if status != 1 || !strings.Contains(out, `http://a\x01/`+"\n"+`          ^`) {
		t.Errorf("control byte: status %d, output:\n%s", status, out)
	}
	out, _, status = runCLI(t, "", "parse", "--rule", "hostname", "www.example.com.")
	if status != 0 || out != "www.example.com.: valid hostname\n" {
		t.Errorf("status %d, output %q", status, out)
	}
}

func TestUsageErrors(t *testing.T) {
	for _, args := range [][]string{
		{},
		{"frobnicate"},
		{"parse", "--rule", "nosuchrule", "x"},
		{"parse", "--nosuchflag"},
		{"tree"},
		{"tree", "a", "b"},
	} {
		if _, _, status := runCLI(t, "", args...); status != 2 {
			t.Errorf("%q: status %d, want 2", args, status)
		}
	}
}

func TestTree(t *testing.T) {
	out, _, status := runCLI(t, "", "tree", "g;x?y")
	want := `URI-reference [0,5) "g;x?y"
  relativeURI [0,5) "g;x?y"
    rel_path [0,3) "g;x"
      rel_segment [0,3) "g;x"
    query [4,5) "y"
`
	if status != 0 || out != want {
		t.Errorf("status %d, output:\n%s\nwant:\n%s", status, out, want)
	}
	out, _, status = runCLI(t, "", "tree", "--all", "--rule", "port", "8")
	if status != 0 || out != "port [0,1) \"8\"\n  digit [0,1) \"8\"\n" {
		t.Errorf("status %d, output %q", status, out)
	}
	if _, _, status := runCLI(t, "", "tree", "a b"); status != 1 {
		t.Errorf("invalid input: status %d, want 1", status)
	}
}
