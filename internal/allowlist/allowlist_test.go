package allowlist

import (
	"errors"
	"fmt"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/rfc2396/rfc2396/grammar"
)

func TestParse(t *testing.T) {
	var all []string
	for _, e := range grammar.Edits() {
		all = append(all, e.Code())
	}
	for _, c := range []struct {
		allow   string
		want    []string // the codes read
		wantErr *Error
	}{
		{allow: ""},
		{allow: " , "},
		{allow: "ipv6", want: []string{"ipv6"}},
		{allow: " ipv6 , non-ascii,", want: []string{"ipv6", "non-ascii"}},
		{allow: strings.Join(all, ","), want: all},
		{allow: "ipv6,ipv6", wantErr: &Error{Code: "ipv6", Twice: true}},
		{allow: "non-ascii, ipv6 ,ipv6", wantErr: &Error{Code: "ipv6", Twice: true}},
		{allow: "ipv7", wantErr: &Error{Code: "ipv7"}},
		{allow: "IPv6", wantErr: &Error{Code: "IPv6"}},
		{allow: strings.Repeat("x", 1000), wantErr: &Error{Code: strings.Repeat("x", maxEchoCode) + "…"}},
		{allow: strings.Join(all, ",") + ",ipv6", wantErr: &Error{Codes: grammar.NumEdits + 1}},
		{allow: strings.Repeat(",", 100000), wantErr: &Error{Codes: 100001}},
	} {
		edits, err := Parse(c.allow)
		var got []string
		for _, e := range edits {
			got = append(got, e.Code())
		}
		if diff := cmp.Diff(c.want, got); diff != "" {
			t.Errorf("Parse(%.40q) edits (-want +got):\n%s", c.allow, diff)
		}
		var gotErr *Error
		if err != nil && !errors.As(err, &gotErr) {
			t.Errorf("Parse(%.40q): error %T %v, not an *Error", c.allow, err, err)
		}
		if diff := cmp.Diff(c.wantErr, gotErr); diff != "" {
			t.Errorf("Parse(%.40q) error (-want +got):\n%s", c.allow, diff)
		}
	}
}

// TestErrorText checks that each refusal says what is wrong and lists
// the edits where a code is wrong.
func TestErrorText(t *testing.T) {
	for _, c := range []struct {
		err  Error
		want string
	}{
		{Error{Code: "ipv7"}, `no edit "ipv7"; the edits are empty-relative-path,`},
		{Error{Code: "ipv6", Twice: true}, `edit "ipv6" is given twice in the allow list; give it once`},
		{Error{Codes: grammar.NumEdits + 1}, fmt.Sprintf("the allow list has %d codes, more than the %d edits there are: empty-relative-path,", grammar.NumEdits+1, grammar.NumEdits)},
	} {
		if got := c.err.Error(); !strings.HasPrefix(got, c.want) {
			t.Errorf("%+v: %q, want it to start %q", c.err, got, c.want)
		}
	}
}
