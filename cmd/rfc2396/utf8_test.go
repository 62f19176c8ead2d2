package main

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/google/go-cmp/cmp"
)

// TestJSONUTF8 runs every command that writes JSON records through the
// shared writer on references in UTF-8 and not, and decodes each record
// with encoding/json: a member holding an input is the input itself when
// it is UTF-8, and otherwise has U+FFFD for the bytes that are not and a
// "_bytes" member that gives back the exact bytes.
func TestJSONUTF8(t *testing.T) {
	inputs := []string{
		"http://例え.jp/",
		"http://h/caf\xc3\xa9",
		"http://h/\xff",
		"http://h/\xe4\xbe", // a character cut short
		"\x1b[2J\xc2\x9b",   // controls, C1 in UTF-8
	}
	commands := []struct {
		args   []string // the input is appended
		member string   // the member that holds the input
	}{
		{[]string{"parse", "--json"}, "input"},
		{[]string{"parse", "--json", "--profile", "java"}, "input"},
		{[]string{"parse", "--json", "--standard", "rfc3986"}, "input"},
		{[]string{"resolve", "--json", "http://a/b"}, "ref"},
		{[]string{"normalize", "--json"}, "input"},
		{[]string{"relativize", "--json", "http://a/b"}, "target"},
		{[]string{"compare", "--json", "--base", "http://a/b"}, "input"},
	}
	for _, c := range commands {
		for _, in := range inputs {
			out, errOut, status := runCLI("", append(c.args, in)...)
			if status > 1 {
				t.Fatalf("%q %q: status %d: %s", c.args, in, status, errOut)
			}
			var record map[string]any
			if err := json.Unmarshal([]byte(out), &record); err != nil {
				t.Fatalf("%q %q: %v\n%s", c.args, in, err, out)
			}
			got, _ := record[c.member].(string)
			b64, hasBytes := record[c.member+"_bytes"].(string)
			if hasBytes == utf8.ValidString(in) {
				t.Errorf("%q %q: %s_bytes present: %v\n%s", c.args, in, c.member, hasBytes, out)
			}
			if hasBytes {
				var exact struct {
					B []byte `json:"b"`
				}
				if err := json.Unmarshal([]byte(`{"b":"`+b64+`"}`), &exact); err != nil {
					t.Fatalf("%q %q: %s_bytes %q: %v", c.args, in, c.member, b64, err)
				}
				// U+FFFD for each byte that is not UTF-8, as a
				// conversion to []rune reads them.
				if want := string([]rune(in)); got != want {
					t.Errorf("%q %q: %s is %q, want %q", c.args, in, c.member, got, want)
				}
				got = string(exact.B)
			}
			if diff := cmp.Diff(in, got); diff != "" {
				t.Errorf("%q %q: %s reads back (-want +got):\n%s", c.args, in, c.member, diff)
			}
		}
	}
}

// TestJSONUTF8Components holds the components of a reference in UTF-8,
// valid under the java profile, to the same UTF-8.
func TestJSONUTF8Components(t *testing.T) {
	out, errOut, status := runCLI("", "parse", "--json", "--profile", "java", "http://h/例え?q=é#ü")
	if status != 0 {
		t.Fatalf("status %d: %s%s", status, out, errOut)
	}
	var got struct {
		Input, Path, Query, Fragment string
	}
	if err := json.Unmarshal([]byte(out), &got); err != nil {
		t.Fatal(err)
	}
	want := struct{ Input, Path, Query, Fragment string }{"http://h/例え?q=é#ü", "/例え", "q=é", "ü"}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("(-want +got):\n%s", diff)
	}
	if strings.Contains(out, `\u00`) {
		t.Errorf("bytes written as characters: %s", out)
	}
}

// TestLintJSONUTF8: lint --json carries a reference's valid UTF-8 as is
// and the exact bytes of one that is not in text_bytes and uri_bytes, as
// the other commands do.
func TestLintJSONUTF8(t *testing.T) {
	for _, in := range []string{"http://例え.jp/", "http://h/\xff", "http://h/\xe4\xbe"} {
		file := filepath.Join(t.TempDir(), "refs.txt")
		if err := os.WriteFile(file, []byte("see <"+in+">\n"), 0o644); err != nil {
			t.Fatal(err)
		}
		out, errOut, status := runCLI("", "lint", "--json", file)
		if status > 1 {
			t.Fatalf("%q: status %d: %s", in, status, errOut)
		}
		var record struct {
			Text      string `json:"text"`
			TextBytes []byte `json:"text_bytes"`
			URIBytes  []byte `json:"uri_bytes"`
		}
		if err := json.Unmarshal([]byte(out), &record); err != nil {
			t.Fatalf("%q: %v\n%s", in, err, out)
		}
		if utf8.ValidString(in) {
			if record.Text != in || record.TextBytes != nil || record.URIBytes != nil {
				t.Errorf("%q: text %q, text_bytes %q, uri_bytes %q; want the text as is and no bytes", in, record.Text, record.TextBytes, record.URIBytes)
			}
			continue
		}
		if string(record.TextBytes) != in || string(record.URIBytes) != in {
			t.Errorf("%q: text_bytes %q, uri_bytes %q; want the exact bytes", in, record.TextBytes, record.URIBytes)
		}
	}
}
