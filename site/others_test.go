package site

import (
	"net/http"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/rfc2396/rfc2396/grammar"
	"github.com/rfc2396/rfc2396/internal/oracle"
	"github.com/rfc2396/rfc2396/parser"
	"github.com/rfc2396/rfc2396/report"
)

// TestOtherReadings: the comparison with net/url, by component, with the
// differences marked.
func TestOtherReadings(t *testing.T) {
	for _, c := range []struct {
		ref, base string
		want      map[string]string // component: "ours | net/url | differs"
		err       bool
		// hostname: the row holds while hostname reads as Appendix A
		// publishes it ("_" is in no label), not under an edit of it.
		hostname bool
	}{
		{"http://a_b.example:80/x?q#f", "", map[string]string{
			"scheme": "http | http | false", "host": "undefined | a_b.example | true", "port": "undefined | 80 | true",
			"userinfo": "undefined |  | false", "path": "/x | /x | false", "query": "q | q | false", "fragment": "f | f | false",
		}, false, true},
		{"http://u@h:8080/", "", map[string]string{"userinfo": "u | u | false", "host": "h | h | false", "port": "8080 | 8080 | false"}, false, false},
		{"http://[::1]:8080/", "", map[string]string{"host": "none | [::1] | false"}, false, false},
		{"../g", "http://a/b/c/d", map[string]string{"resolved": "http://a/b/g | http://a/b/g | false", "scheme": "undefined |  | false"}, false, false},
		{"http://a/%zz", "", map[string]string{"path": "none |  | false"}, true, false},
	} {
		if c.hostname && !oracle.RuleAsPublished(grammar.RuleHostname) {
			continue
		}
		s := newSite(t)
		status, body := s.PlayJSON(NoCancel{}, "ref="+urlQueryEscape(c.ref)+"&base="+urlQueryEscape(c.base), false)
		if status != http.StatusOK {
			t.Fatalf("%q: %d %s", c.ref, status, body)
		}
		a := analyzeForTest(t, s, c.ref, c.base)
		v := otherReadings(a, c.ref, c.base)
		got := map[string]string{}
		for _, r := range v.Rows {
			if _, ok := c.want[r.Name]; !ok {
				continue
			}
			ours := r.Ours
			if r.OursUndefined {
				ours = "undefined"
			}
			if r.NoReading {
				ours = "none"
			}
			d := "false"
			if r.NetURLDiffers {
				d = "true"
			}
			got[r.Name] = ours + " | " + r.NetURL + " | " + d
		}
		if diff := cmp.Diff(c.want, got); diff != "" {
			t.Errorf("%q against %q (-want +got):\n%s", c.ref, c.base, diff)
		}
		if (v.NetURLError != "") != c.err || (c.err && v.Rows[0].NetURLError == "") {
			t.Errorf("%q: net/url error %q, want one: %v", c.ref, v.NetURLError, c.err)
		}
	}
}

// analyzeStrict reads ref under RFC 2396 strictly, as the playground does
// by default.
func analyzeStrict(t *testing.T, ref string) *Analysis {
	t.Helper()
	st, err := report.LookupStandard(report.StandardRFC2396)
	if err != nil {
		t.Fatal(err)
	}
	return analyze(st, st.NewReader(parser.Strict), "URI-reference", ref, false)
}

// analyzeForTest reads ref (against base) under RFC 2396 as the
// playground does.
func analyzeForTest(t *testing.T, s *Site, ref, base string) *Analysis {
	t.Helper()
	a := analyzeStrict(t, ref)
	if base != "" {
		a.Resolution = traceResolve(parser.Strict, base, ref)
	}
	return a
}

// profilesSentence is how the page names the RFC 2396 profiles whose
// grammar accepts ref ("RFC 2396 with the profiles rfc2732,
// rfc2732-intent and java"), each by the oracle under its edits, in the
// order of parser.Profiles: a profile added to edits/edits.txt takes its
// place in the sentence with no change here.
func profilesSentence(t *testing.T, ref string) string {
	t.Helper()
	var names []string
	for _, p := range parser.Profiles() {
		if oracle.NewFor(p.Edits()).Match(grammar.RuleURIReference, ref) {
			names = append(names, p.Name())
		}
	}
	switch len(names) {
	case 0:
		t.Fatalf("%q: no RFC 2396 profile accepts it", ref)
	case 1:
		return "RFC 2396 with the profile " + names[0]
	}
	return "RFC 2396 with the profiles " + strings.Join(names[:len(names)-1], ", ") + " and " + names[len(names)-1]
}

// TestResultWording: the page says what each item of "valid under" is,
// names RFC 3986's authority, disables the profile under RFC 3986 and
// shows the comparison with the other parsers under serve too.
func TestResultWording(t *testing.T) {
	h := newSite(t).Handler()
	for _, c := range []struct {
		path     string
		want     []string
		dontWant []string
	}{
		{"/play?ref=" + urlQueryEscape("http://[::1]:8080/") + "&profile=rfc2732", []string{
			"Valid under " + profilesSentence(t, "http://[::1]:8080/") + ", under RFC 3986 and under RFC 3987; not under RFC 2396 itself.",
			`id="authority-kind">server-based<`, `id="others-table"`, `data-who="whatwg"`, `data-who="neturl"`,
		}, []string{"RFC 2396, rfc2732"}},
		{"/play?ref=" + urlQueryEscape("http://[::1]:8080/") + "&standard=rfc3986", []string{
			`id="authority-kind">host and port`, `<optgroup label="RFC 3986" data-standard="rfc3986"><option selected>strict</option><option>rfc6874</option></optgroup>`,
			`<datalist id="edit-names-rfc3986" data-standard="rfc3986" data-example="zone-id"><option value="zone-id"></datalist>`,
		}, []string{`id="authority-kind">none`, `title="edits of the standard's grammar added to the profile, comma-separated" disabled`}},
		{"/play?ref=" + urlQueryEscape("urn:a:b") + "&standard=rfc8141", []string{`title="edits of the standard's grammar added to the profile, comma-separated" disabled>`}, nil},
		// RFC 2396's edits are offered by their codes, as --allow takes
		// them (they were offered as "code: summary", which allow refused).
		{"/play?ref=" + urlQueryEscape("http://h/"), []string{`<optgroup label="RFC 2396" data-standard="rfc2396"><option selected>strict</option><option>rfc2732</option>`,
			`<datalist id="edit-names-rfc2396" data-standard="rfc2396" data-example="empty-relative-path,empty-authority"><option value="empty-relative-path"><option value="empty-authority">`}, nil},
		{"/play?ref=" + urlQueryEscape("http://[v1.x]/"), []string{"Valid under RFC 3986 and under RFC 3987; not under RFC 2396."}, nil},
		{"/play?ref=" + urlQueryEscape("?y"), []string{"Valid under " + profilesSentence(t, "?y") + ", under RFC 3986 and under RFC 3987; not under RFC 2396 itself."}, nil},
		{"/play?ref=" + urlQueryEscape("http://a b/"), []string{"Valid under no standard or profile here."}, nil},
	} {
		status, body := get(t, h, "GET", c.path)
		if status != http.StatusOK {
			t.Fatalf("%s: %d", c.path, status)
		}
		for _, w := range c.want {
			if !strings.Contains(body, w) {
				t.Errorf("%s: no %q", c.path, w)
			}
		}
		for _, w := range c.dontWant {
			if strings.Contains(body, w) {
				t.Errorf("%s: has %q", c.path, w)
			}
		}
	}
}

// TestValidUnderText: a reference valid under profiles of RFC 2396 only.
func TestValidUnderText(t *testing.T) {
	a := &Analysis{Verdicts: []Verdict{
		{Standard: "RFC 2396"}, {Standard: "RFC 2396", Profile: "rfc2732", Valid: true}, {Standard: "RFC 2396", Profile: "java", Valid: true},
		{Standard: "RFC 3986"}, {Standard: "RFC 3986", Profile: "rfc6874"},
	}}
	if got, want := a.ValidUnderText(), "Valid under RFC 2396 with the profiles rfc2732 and java; not under RFC 2396 itself or RFC 3986."; got != want {
		t.Errorf("got %q, want %q", got, want)
	}
}
