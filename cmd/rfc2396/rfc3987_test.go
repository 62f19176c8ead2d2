package main

import (
	"bufio"
	"encoding/json"
	"os"
	"strconv"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
)

// TestRFC3987 runs the cases of testdata/rfc3987.tsv: the URI an IRI maps
// to (section 3.1, with --idna), the warnings of section 4.2 and
// normalize --to-iri (section 3.2), each checked against the RFC's text.
func TestRFC3987(t *testing.T) {
	f, err := os.Open("testdata/rfc3987.tsv")
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	sc := bufio.NewScanner(f)
	cases := 0
	for line := 1; sc.Scan(); line++ {
		text := sc.Text()
		if text == "" || strings.HasPrefix(text, "#") {
			continue
		}
		fields := strings.Split(text, "\t")
		if len(fields) != 5 {
			t.Fatalf("testdata/rfc3987.tsv:%d: want 5 fields, got %d", line, len(fields))
		}
		ref, err1 := strconv.Unquote(fields[2])
		var want any
		err2 := json.Unmarshal([]byte(fields[4]), &want)
		if err1 != nil || err2 != nil {
			t.Fatalf("testdata/rfc3987.tsv:%d: bad reference or value: %v %v", line, err1, err2)
		}
		cases++
		args := []string{fields[0], "--json"}
		if fields[1] != "-" {
			args = append(args, strings.Fields(fields[1])...)
		}
		if !strings.Contains(fields[1], "--standard") {
			args = append(args, "--standard", "rfc3987")
		}
		args = append(args, "--", ref)
		stdout, stderr, status := runCLI("", args...)
		if status > 1 {
			t.Fatalf("line %d: rfc2396 %q: status %d: %s", line, args, status, stderr)
		}
		var rec map[string]any
		if err := json.Unmarshal([]byte(stdout), &rec); err != nil {
			t.Fatalf("line %d: rfc2396 %q: %v: %s", line, args, err, stdout)
		}
		got, ok := rec[fields[3]]
		if !ok {
			t.Errorf("line %d: rfc2396 %q: no member %q in %s", line, args, fields[3], stdout)
			continue
		}
		switch fields[3] {
		case "warnings":
			codes := []any{}
			ws, _ := got.([]any)
			for _, w := range ws {
				codes = append(codes, w.(map[string]any)["code"])
			}
			got = codes
		case "uri_error":
			if e, ok := got.(map[string]any); ok {
				got = e["label"]
			}
		}
		if diff := cmp.Diff(want, got); diff != "" {
			t.Errorf("line %d: rfc2396 %q: %s (-want +got):\n%s", line, args, fields[3], diff)
		}
	}
	if err := sc.Err(); err != nil {
		t.Fatal(err)
	}
	if cases == 0 {
		t.Fatal("no cases")
	}
}

// TestRFC3987Flags checks that the flags of RFC 3987 refuse the standards
// they do not apply to, and that --idna's failure is the input's.
func TestRFC3987Flags(t *testing.T) {
	for _, tc := range []struct {
		args      []string
		status    int
		stdout    string
		stderrHas string
		stdoutHas string
	}{
		{args: []string{"parse", "--idna", "http://a/"}, status: 2, stderrHas: "--idna converts the host of an IRI; it applies only with --standard rfc3987"},
		{args: []string{"parse", "--standard", "rfc3986", "--idna", "http://a/"}, status: 2, stderrHas: "applies only with --standard rfc3987"},
		{args: []string{"normalize", "--to-iri", "http://a/"}, status: 2, stderrHas: "--to-iri maps a URI of RFC 3986 to an IRI of RFC 3987; it does not apply with --standard rfc2396"},
		{args: []string{"parse", "--standard", "rfc3987", "--idna", "-q", "http://a-.example/"}, status: 1, stdoutHas: `reg-name "a-.example": label "a-" at offset 0: label starts or ends with "-"`},
		{args: []string{"parse", "--standard", "rfc3987", "http://\u00fc.de/\u05d0b\u05d1"}, status: 0, stdoutHas: "  warning: offset 15: U+0062 in isegment part"},
		{args: []string{"parse", "--standard", "rfc3987", "http://\u00fc.de/"}, status: 0, stdoutHas: "  uri                   http://%C3%BC.de/\n"},
		{args: []string{"parse", "--standard", "rfc3987", "--rule", "URI-reference", "x"}, status: 2, stderrHas: `no rule named "URI-reference" in RFC 3987's section 2.2`},
		{args: []string{"tree", "--standard", "rfc3987", "\u00fc"}, status: 0, stdoutHas: "IRI-reference [0,2)"},
		{args: []string{"equivalent", "--standard", "rfc3987", "http://\u00fc.de/", "HTTP://\u00fc.de:80/"}, status: 0, stdoutHas: "(RFC 3987 section 5.3.3)"},
		{args: []string{"equivalent", "--standard", "rfc3987", "http://\u00fc.de/", "http://\u00fd.de/"}, status: 1, stdoutHas: "(RFC 3987 section 5.3)"},
	} {
		stdout, stderr, status := runCLI("", tc.args...)
		if status != tc.status || !strings.Contains(stderr, tc.stderrHas) || !strings.Contains(stdout, tc.stdoutHas) {
			t.Errorf("rfc2396 %q: status %d, want %d\nstdout: %s\nstderr: %s\nwant stdout with %q, stderr with %q", tc.args, status, tc.status, stdout, stderr, tc.stdoutHas, tc.stderrHas)
		}
	}
}

// TestLintRFC3987 checks that lint under rfc3987 takes an IRI in text,
// HTML and Markdown whole, non-ASCII characters included (RFC 3987
// section 2.2's ucschar), and judges it by RFC 3987.
func TestLintRFC3987(t *testing.T) {
	for _, tc := range []struct {
		kind, doc string
		want      []string // the "uri" of each reference found, valid
	}{
		{"text", "See http://\u4f8b\u3048.jp/\u30d1\u30b9?q=\u00fc#f and http://a.de/D\u00fcrst.\n", []string{"http://\u4f8b\u3048.jp/\u30d1\u30b9?q=\u00fc#f", "http://a.de/D\u00fcrst"}},
		{"html", "<p><a href=\"http://a.de/d&#xFC;rst\">x</a> <a href=\"http://\u00fc.de/\u30d1\">y</a></p>", []string{"http://a.de/d\u00fcrst", "http://\u00fc.de/\u30d1"}},
		{"markdown", "Go to [x](http://\u00fc.de/\u00fc) or <http://\u4f8b\u3048.jp/>.\n", []string{"http://\u00fc.de/\u00fc", "http://\u4f8b\u3048.jp/"}},
	} {
		stdout, stderr, status := runCLI(tc.doc, "lint", "--json", "--standard", "rfc3987", "--type", tc.kind)
		if status != 0 {
			t.Errorf("%s: status %d: %s%s", tc.kind, status, stdout, stderr)
			continue
		}
		var got []string
		for _, line := range strings.Split(strings.TrimSpace(stdout), "\n") {
			var rec struct {
				URI   string `json:"uri"`
				Valid bool   `json:"valid"`
			}
			if err := json.Unmarshal([]byte(line), &rec); err != nil || !rec.Valid {
				t.Errorf("%s: %v: %s", tc.kind, err, line)
			}
			got = append(got, rec.URI)
		}
		if diff := cmp.Diff(tc.want, got); diff != "" {
			t.Errorf("%s: references (-want +got):\n%s", tc.kind, diff)
		}
	}
}
