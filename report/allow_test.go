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
		{allow: strings.Join(all, ",") + ",", want: all},
		{allow: strings.Join(all, ",") + ",ipv6", wantErr: &AllowError{Code: "ipv6", Twice: true}},
		{allow: strings.Join(all, ",") + ",ipv6,ipv6", wantErr: &AllowError{Codes: grammar.NumEdits + 2}},
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

// TestStandardParseAllow reads allow lists of the standards other than
// RFC 2396 by the same rules, each against its own edits.
func TestStandardParseAllow(t *testing.T) {
	for _, c := range []struct {
		standard, allow string
		want            []string
		wantErr         string
	}{
		{"rfc3986", "", nil, ""},
		{"rfc3986", " zone-id ,", []string{"zone-id"}, ""},
		{"rfc3987", "zone-id,bidi-formatting", []string{"zone-id", "bidi-formatting"}, ""},
		{"rfc3986", "zone-id,zone-id", nil, `edit "zone-id" is given twice in the allow list; give it once`},
		{"rfc3986", "ipv6", nil, `no edit "ipv6" of RFC 3986; its edits are zone-id`},
		{"rfc3986", strings.Repeat(",", 5000), nil, "the allow list has 5001 codes, more than the 1 edits there are: zone-id"},
		{"rfc8141", "zone-id", nil, `no edit "zone-id" of RFC 8141; its edits are none`},
		{"rfc8141", " , ", nil, ""},
	} {
		st, err := LookupStandard(c.standard)
		if err != nil {
			t.Fatal(err)
		}
		got, err := st.ParseAllow(c.allow)
		var gotErr string
		if err != nil {
			gotErr = err.Error()
			var ae *AllowError
			if !errors.As(err, &ae) {
				t.Errorf("%s %.40q: error %T, not an *AllowError", c.standard, c.allow, err)
			}
		}
		if diff := cmp.Diff(c.want, got); diff != "" || gotErr != c.wantErr {
			t.Errorf("%s ParseAllow(%.40q) = %q, %q; want %q, %q", c.standard, c.allow, got, gotErr, c.want, c.wantErr)
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

// TestReaderUnder opens readers by a profile and an allow list the one
// way every tool does, for RFC 2396 and for grammars of the RFC 3986
// family alike: the reader's profile, or the error and what it names.
func TestReaderUnder(t *testing.T) {
	for _, c := range []struct {
		standard, profile, allow string
		want                     string // the reader's profile
		wantProfile              *ProfileError
		wantAllow                bool // an *AllowError naming the standard
	}{
		{standard: "rfc2396", want: "strict"},
		{standard: "rfc2396", profile: "java", want: "java"},
		{standard: "rfc2396", profile: "strict", allow: "ipv6", want: "strict+ipv6"},
		{standard: "rfc2396", profile: "nope", wantProfile: &ProfileError{Name: "nope", Spec: "RFC 2396"}},
		{standard: "rfc2396", profile: "nope", allow: "ipv7", wantProfile: &ProfileError{Name: "nope", Spec: "RFC 2396"}},
		{standard: "rfc2396", allow: "zone-id", wantAllow: true},
		{standard: "rfc3986", want: ""},
		{standard: "rfc3986", profile: "rfc6874", want: "rfc6874"},
		{standard: "rfc3986", allow: "zone-id", want: "zone-id"},
		{standard: "rfc3986", profile: "java", wantProfile: &ProfileError{Name: "java", Spec: "RFC 3986"}},
		{standard: "rfc3986", profile: strings.Repeat("p", 100), wantProfile: &ProfileError{Name: strings.Repeat("p", maxEchoCode) + "…", Spec: "RFC 3986"}},
		{standard: "rfc3986", allow: "ipv6", wantAllow: true},
		{standard: "rfc3987", profile: "abnf", want: "abnf"},
		{standard: "rfc8141", allow: "zone-id", wantAllow: true},
	} {
		name := c.standard + "/" + c.profile + "/" + c.allow
		s, err := LookupStandard(c.standard)
		if err != nil {
			t.Fatal(err)
		}
		rd, err := s.ReaderUnder(c.profile, c.allow)
		var pe *ProfileError
		var ae *AllowError
		switch {
		case c.wantProfile != nil:
			c.wantProfile.Profiles = s.ProfileNames()
			if !errors.As(err, &pe) {
				t.Errorf("%s: error %v, want a *ProfileError", name, err)
			} else if diff := cmp.Diff(c.wantProfile, pe); diff != "" {
				t.Errorf("%s: (-want +got):\n%s", name, diff)
			}
		case c.wantAllow:
			if !errors.As(err, &ae) || ae.Spec != s.Spec || len(ae.Edits) != len(editCodesOf(s)) {
				t.Errorf("%s: error %#v, want an *AllowError naming %s and its %d edits", name, err, s.Spec, len(editCodesOf(s)))
			}
		case err != nil:
			t.Errorf("%s: %v", name, err)
		default:
			if got := rd.Profile(); got != c.want {
				t.Errorf("%s: profile %q, want %q", name, got, c.want)
			}
		}
	}
}

// editCodesOf lists the edits --allow takes under s.
func editCodesOf(s Standard) []string {
	var codes []string
	if s.ParserProfiles() {
		for _, e := range grammar.Edits() {
			codes = append(codes, e.Code())
		}
		return codes
	}
	for _, e := range s.Edits() {
		codes = append(codes, e.Name)
	}
	return codes
}
