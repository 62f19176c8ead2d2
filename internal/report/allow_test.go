package report

import (
	"errors"
	"fmt"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/rfc2396/rfc2396/grammar"
)

func TestParseAllow(t *testing.T) {
	var all []string
	for _, e := range grammar.Edits() {
		all = append(all, e.Code())
	}
	for _, c := range []struct {
		allow   string
		want    []string // the codes read
		wantErr *AllowError
	}{
		{allow: ""},
		{allow: " , "},
		{allow: "ipv6", want: []string{"ipv6"}},
		{allow: " ipv6 , non-ascii,", want: []string{"ipv6", "non-ascii"}},
		{allow: strings.Join(all, ","), want: all},
		{allow: "ipv6,ipv6", wantErr: &AllowError{Code: "ipv6", Twice: true}},
		{allow: "non-ascii, ipv6 ,ipv6", wantErr: &AllowError{Code: "ipv6", Twice: true}},
		{allow: "ipv7", wantErr: &AllowError{Code: "ipv7"}},
		{allow: "IPv6", wantErr: &AllowError{Code: "IPv6"}},
		{allow: strings.Repeat("x", 1000), wantErr: &AllowError{Code: strings.Repeat("x", maxEchoCode) + "…"}},
		{allow: strings.Join(all, ",") + ",ipv6", wantErr: &AllowError{Codes: grammar.NumEdits + 1}},
		{allow: strings.Repeat(",", 100000), wantErr: &AllowError{Codes: 100001}},
	} {
		edits, err := ParseAllow(c.allow)
		var got []string
		for _, e := range edits {
			got = append(got, e.Code())
		}
		if diff := cmp.Diff(c.want, got); diff != "" {
			t.Errorf("ParseAllow(%.40q) edits (-want +got):\n%s", c.allow, diff)
		}
		var gotErr *AllowError
		if err != nil && !errors.As(err, &gotErr) {
			t.Errorf("ParseAllow(%.40q): error %T %v, not an *AllowError", c.allow, err, err)
		}
		if diff := cmp.Diff(c.wantErr, gotErr); diff != "" {
			t.Errorf("ParseAllow(%.40q) error (-want +got):\n%s", c.allow, diff)
		}
	}
}

// TestAllowErrorText checks that each refusal says what is wrong and lists
// the edits where a code is wrong.
func TestAllowErrorText(t *testing.T) {
	for _, c := range []struct {
		err  AllowError
		want string
	}{
		{AllowError{Code: "ipv7"}, `no edit "ipv7"; the edits are empty-relative-path,`},
		{AllowError{Code: "ipv6", Twice: true}, `edit "ipv6" is given twice in the allow list; give it once`},
		{AllowError{Codes: grammar.NumEdits + 1}, fmt.Sprintf("the allow list has %d codes, more than the %d edits there are: empty-relative-path,", grammar.NumEdits+1, grammar.NumEdits)},
	} {
		if got := c.err.Error(); !strings.HasPrefix(got, c.want) {
			t.Errorf("%+v: %q, want it to start %q", c.err, got, c.want)
		}
	}
}
