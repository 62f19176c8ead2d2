package main

import (
	"bufio"
	"net/http"
	"net/http/httptest"
	"net/url"
	"os"
	"strconv"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/rfc2396/rfc2396/site"
)

// TestAPIParseIsCLI checks that the site's /api/parse answers with the
// very line rfc2396 parse --json writes, for the cases of
// testdata/api-parse.tsv: valid and invalid references, bytes that are
// not UTF-8, each standard, profiles, edits, rules and --explain.
func TestAPIParseIsCLI(t *testing.T) {
	s, err := site.New()
	if err != nil {
		t.Fatal(err)
	}
	h := s.Handler()
	f, err := os.Open("testdata/api-parse.tsv")
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
		flags, quoted, ok := strings.Cut(text, "\t")
		ref, err := strconv.Unquote(quoted)
		if !ok || err != nil {
			t.Fatalf("testdata/api-parse.tsv:%d: want flags, a tab and a quoted reference", line)
		}
		cases++
		args := []string{"parse", "--json"}
		q := url.Values{"ref": {ref}}
		if flags != "-" {
			fs := strings.Fields(flags)
			args = append(args, fs...)
			for i := 0; i < len(fs); i++ {
				name := strings.TrimPrefix(fs[i], "--")
				if name == "explain" {
					q.Set(name, "1")
					continue
				}
				i++
				q.Set(name, fs[i])
			}
		}
		args = append(args, "--", ref)
		stdout, stderr, status := runCLI("", args...)
		if status > 1 || stderr != "" {
			t.Fatalf("line %d: rfc2396 %q: status %d: %s", line, args, status, stderr)
		}
		rec := httptest.NewRecorder()
		h.ServeHTTP(rec, httptest.NewRequest("GET", "/api/parse?"+q.Encode(), nil))
		if rec.Code != http.StatusOK {
			t.Errorf("line %d: /api/parse?%s: status %d: %s", line, q.Encode(), rec.Code, rec.Body)
			continue
		}
		if got := rec.Header().Get("Content-Type"); got != "application/json; charset=utf-8" {
			t.Errorf("line %d: Content-Type %q", line, got)
		}
		if diff := cmp.Diff(stdout, rec.Body.String()); diff != "" {
			t.Errorf("line %d: %q: /api/parse differs from rfc2396 %q (-cli +api):\n%s", line, ref, args, diff)
		}
	}
	if err := sc.Err(); err != nil {
		t.Fatal(err)
	}
	if cases == 0 {
		t.Fatal("testdata/api-parse.tsv has no cases")
	}
}

// TestAPIParseRefuses checks the requests /api/parse cannot answer: 400
// and a message saying why, as rfc2396 parse refuses the same flags.
func TestAPIParseRefuses(t *testing.T) {
	s, err := site.New()
	if err != nil {
		t.Fatal(err)
	}
	h := s.Handler()
	for _, c := range []struct{ query, want string }{
		{"", "no ref"},
		{"ref=a&base=http://a/", `is no parameter of /api/parse`},
		{"ref=a&profile=nosuch", `no profile`},
		{"ref=a&allow=nosuch", `no edit`},
		{"ref=a&standard=rfc9999", "the standard must be one of rfc2396, rfc3986,"},
		{"ref=a&standard=rfc3986&profile=java", `RFC 3986 has no profile \"java\"; its profiles are strict, rfc6874`},
		{"ref=a&standard=rfc3986&allow=ipv6", `no edit \"ipv6\" of RFC 3986; its edits are zone-id`},
		{"ref=a&explain=yes", "explain must be 1 or 0"},
		{"ref=a&rule=nosuch", `no rule named`},
		{"ref=a&rule=a&rule=b", "given 2 times"},
		{"ref=%zz", "malformed"},
		{"ref=a&b=c", "is no parameter of /api/parse"},
	} {
		rec := httptest.NewRecorder()
		h.ServeHTTP(rec, httptest.NewRequest("GET", "/api/parse?"+c.query, nil))
		if rec.Code != http.StatusBadRequest || !strings.Contains(rec.Body.String(), c.want) {
			t.Errorf("/api/parse?%s: %d %s, want 400 with %q", c.query, rec.Code, rec.Body, c.want)
		}
	}
	rec := httptest.NewRecorder()
	h.ServeHTTP(rec, httptest.NewRequest("GET", "/api/parse?ref="+strings.Repeat("a", site.MaxInput+1), nil))
	if rec.Code != http.StatusRequestURITooLong || !strings.Contains(rec.Body.String(), "at most 8192 bytes") {
		t.Errorf("/api/parse with a ref of %d bytes: %d %s, want 414", site.MaxInput+1, rec.Code, rec.Body)
	}
}
