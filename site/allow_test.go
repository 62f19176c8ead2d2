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
		{"allow=" + url.QueryEscape(strings.Join(all, ",")+",ipv6"), "codes, more than the"},
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
