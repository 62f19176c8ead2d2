package site

import (
	"html"
	"net/http"
	"net/url"
	"strings"
	"testing"

	"github.com/rfc2396/rfc2396/grammar"
)

// TestAllowRefused checks that /api/parse, /play and /play.json refuse,
// with 400 and the same words, an allow list of an unknown code, of a
// code given twice or of more codes than there are edits, and a rule that
// does not exist: what a request names is checked before any profile is
// made of it.
func TestAllowRefused(t *testing.T) {
	h := newSite(t).Handler()
	var all []string
	for _, e := range grammar.Edits() {
		all = append(all, e.Code())
	}
	for _, c := range []struct {
		query, want string
	}{
		{"allow=ipv7", `no edit "ipv7"`},
		{"allow=ipv6,non-ascii,ipv6", `edit "ipv6" is given twice in the allow list`},
		{"allow=" + url.QueryEscape(strings.Join(all, ",")+",ipv6,ipv6"), "codes, more than the"},
		{"allow=" + strings.Repeat("%2C", 5000), "the allow list has 5001 codes"},
		{"rule=nosuch", `no rule`},
		{"rule=" + strings.Repeat("x", 2000), `no rule`},
	} {
		for _, path := range []string{"/api/parse", "/play", "/play.json"} {
			code, body := get(t, h, "GET", path+"?ref=a&"+c.query)
			// The message as a reader sees it: in HTML, or in JSON.
			text := strings.ToLower(strings.ReplaceAll(html.UnescapeString(body), `\"`, `"`))
			if code != http.StatusBadRequest || !strings.Contains(text, strings.ToLower(c.want)) {
				t.Errorf("%s?ref=a&%.60s: %d %.300s, want 400 with %q", path, c.query, code, body, c.want)
			}
		}
	}
	// A list the reader accepts is answered.
	for _, path := range []string{"/api/parse", "/play", "/play.json"} {
		if code, body := get(t, h, "GET", path+"?ref=a&allow=+ipv6+,non-ascii,"); code != http.StatusOK {
			t.Errorf("%s with a good allow list: %d %.300s", path, code, body)
		}
	}
}

// TestAPIParseProfiles checks that /api/parse reads every standard under
// its profiles and edits, as the command's --profile and --allow do, and
// refuses with 400 a profile or an edit the standard does not have.
func TestAPIParseProfiles(t *testing.T) {
	h := newSite(t).Handler()
	zone := "ref=" + url.QueryEscape("http://[fe80::1%25en1]/")
	for _, c := range []struct {
		query string
		code  int
		want  string
	}{
		{zone + "&standard=rfc3986", http.StatusOK, `"valid":false,"standard":"rfc3986","rule":"URI-reference","profile":null`},
		{zone + "&standard=rfc3986&profile=strict", http.StatusOK, `"valid":false,"standard":"rfc3986","rule":"URI-reference","profile":null`},
		{zone + "&standard=rfc3986&profile=rfc6874", http.StatusOK, `"valid":true,"standard":"rfc3986","rule":"URI-reference","profile":"rfc6874","edits_needed":["zone-id"]`},
		{zone + "&standard=rfc3986&allow=zone-id", http.StatusOK, `"valid":true,"standard":"rfc3986","rule":"URI-reference","profile":"zone-id"`},
		{zone + "&standard=rfc3987&profile=rfc6874&allow=bidi-formatting", http.StatusOK, `"valid":true,"standard":"rfc3987","rule":"IRI-reference","profile":"rfc6874+bidi-formatting"`},
		{"ref=" + url.QueryEscape("http://a/\u200e") + "&standard=rfc3987&profile=abnf", http.StatusOK, `"valid":true,"standard":"rfc3987","rule":"IRI-reference","profile":"abnf"`},
		{"ref=" + url.QueryEscape("http://a/\u200e") + "&standard=rfc3987", http.StatusOK, `"valid":false`},
		{zone + "&standard=rfc3986&profile=java", http.StatusBadRequest, `RFC 3986 has no profile \"java\"; its profiles are strict, rfc6874`},
		{zone + "&standard=rfc3986&allow=ipv6", http.StatusBadRequest, `no edit \"ipv6\" of RFC 3986; its edits are zone-id`},
		{zone + "&standard=rfc8141&allow=zone-id", http.StatusBadRequest, `no edit \"zone-id\" of RFC 8141; its edits are none`},
		{zone + "&standard=rfc3986&allow=zone-id,zone-id", http.StatusBadRequest, `edit \"zone-id\" is given twice`},
		{zone + "&standard=rfc3986&allow=+zone-id+,", http.StatusOK, `"valid":true`},
		{zone + "&standard=rfc3986&allow=" + strings.Repeat("%2C", 5000), http.StatusBadRequest, "the allow list has 5001 codes, more than the 1 edits there are: zone-id"},
	} {
		code, body := get(t, h, "GET", "/api/parse?"+c.query)
		if code != c.code || !strings.Contains(body, c.want) {
			t.Errorf("/api/parse?%s: %d %.400s; want %d with %s", c.query, code, body, c.code, c.want)
		}
		checkAPIParse(t, c.query, code, body)
	}
}
