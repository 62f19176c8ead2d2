package rfc9112

import (
	"bufio"
	"errors"
	"os"
	"strconv"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/rfc2396/rfc2396/uri"
)

// rows reads the tab-separated rows of a testdata file, skipping "#" lines.
func rows(t *testing.T, file string, fields int) [][]string {
	t.Helper()
	f, err := os.Open(file)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	var out [][]string
	sc := bufio.NewScanner(f)
	for n := 1; sc.Scan(); n++ {
		if strings.HasPrefix(sc.Text(), "#") || sc.Text() == "" {
			continue
		}
		r := strings.Split(sc.Text(), "\t")
		if len(r) != fields {
			t.Fatalf("%s:%d: %d fields, want %d", file, n, len(r), fields)
		}
		out = append(out, r)
	}
	return out
}

func component(s string) uri.Component {
	switch s {
	case "-":
		return uri.Component{}
	case `""`:
		return uri.Component{Defined: true}
	}
	return uri.Component{Value: s, Defined: true}
}

var warningCodes = map[string]Warning{"networkpath": WarnNetworkPath}

func TestParseValid(t *testing.T) {
	for _, r := range rows(t, "testdata/valid.txt", 10) {
		got, err := Parse(r[0])
		if err != nil {
			t.Errorf("Parse(%q): %v", r[0], err)
			continue
		}
		want := &RequestTarget{Target: r[0], Scheme: component(r[2]), Authority: component(r[3]),
			Host: component(r[4]), Port: component(r[5]), Path: r[6], Query: component(r[7]), AlsoAuthority: r[9] == "also"}
		for f := OriginForm; f <= AsteriskForm; f++ {
			if f.String() == r[1] {
				want.Form = f
			}
		}
		if r[8] != "" {
			for _, w := range strings.Split(r[8], ",") {
				want.Warnings = append(want.Warnings, warningCodes[w])
			}
		}
		got.UserInfo = uri.Component{} // checked through Authority
		if d := cmp.Diff(want, got); d != "" {
			t.Errorf("Parse(%q) (-want +got):\n%s", r[0], d)
		}
	}
}

func TestParseInvalid(t *testing.T) {
	for _, r := range rows(t, "testdata/invalid.txt", 4) {
		in, err := strconv.Unquote(`"` + r[0] + `"`)
		if err != nil {
			t.Fatalf("%q: %v", r[0], err)
		}
		_, err = Parse(in)
		var te *TargetError
		var core *Error
		if !errors.As(err, &te) || !errors.As(err, &core) {
			t.Errorf("Parse(%q) = %v, want a *TargetError over an *Error", in, err)
			continue
		}
		if off, _ := strconv.Atoi(r[1]); core.Offset != off || te.Form.String() != r[2] || !strings.Contains(te.Why, r[3]) {
			t.Errorf("Parse(%q): offset %d, form %s, why %q; want %s, %s, %q\n%s", in, core.Offset, te.Form, te.Why, r[1], r[2], r[3], te.ErrorWithPosition())
		}
	}
}

func TestParseAs(t *testing.T) {
	tg, err := ParseAs(AuthorityForm, "localhost:8080")
	if err != nil || tg.Form != AuthorityForm || tg.Host.Value != "localhost" || tg.Port.Value != "8080" {
		t.Errorf("ParseAs(AuthorityForm, localhost:8080) = %+v, %v", tg, err)
	}
	if _, err := ParseAs(AuthorityForm, "/x"); err == nil {
		t.Error("ParseAs(AuthorityForm, /x) succeeded")
	}
}

func TestTargetURI(t *testing.T) {
	tests := []struct{ target, scheme, host, want, err string }{
		// RFC 9112 section 3.3's example.
		{"/pub/WWW/TheProject.html", "http", "www.example.org", "http://www.example.org/pub/WWW/TheProject.html", ""},
		{"/where?q=now", "https", "www.example.org:8443", "https://www.example.org:8443/where?q=now", ""},
		{"http://www.example.org/pub/WWW/TheProject.html", "https", "ignored", "http://www.example.org/pub/WWW/TheProject.html", ""},
		{"[::1]:80", "http", "x", "http://[::1]:80", ""},
		{"*", "http", "www.example.org:8001", "http://www.example.org:8001", ""},
		{"/x", "http", "", "", "empty or invalid"},
		{"/x", "http", "a b", "", "empty or invalid"},
		{"/x", "http", "u@h", "", "empty or invalid"},
		{"/x", "urn", "", "urn:///x", ""},
		{"/x", "1http", "h", "", "not a scheme"},
	}
	for _, tt := range tests {
		tg, err := Parse(tt.target)
		if err != nil {
			t.Fatal(err)
		}
		got, err := tg.TargetURI(tt.scheme, tt.host)
		if got != tt.want || (err == nil) != (tt.err == "") || err != nil && !strings.Contains(err.Error(), tt.err) {
			t.Errorf("TargetURI(%q, %q, %q) = %q, %v; want %q, %q", tt.target, tt.scheme, tt.host, got, err, tt.want, tt.err)
		}
	}
}
