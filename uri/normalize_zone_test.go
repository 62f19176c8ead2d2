package uri_test

import (
	"testing"

	"github.com/rfc2396/rfc2396/rfc3986"
	"github.com/rfc2396/rfc2396/rfc3987"
)

// TestNormalizeZoneID checks normalization under RFC 6874's edit zone-id:
// the IPv6 address is written in lowercase, as every host of RFC 3986
// (section 6.2.2.1), but the zone ID keeps its case, which RFC 6874 leaves
// to the system (Linux's interface names tell "eth0" from "ETH0"); its
// percent-encodings are normalized as anywhere else (section 6.2.2.2).
func TestNormalizeZoneID(t *testing.T) {
	g3986, err := rfc3986.Allow("zone-id")
	if err != nil {
		t.Fatal(err)
	}
	g3987, err := rfc3987.Allow("zone-id")
	if err != nil {
		t.Fatal(err)
	}
	for _, tt := range []struct{ in, want string }{
		{"HTTP://[FE80::1%25ETH0]/", "http://[fe80::1%25ETH0]/"},
		{"http://[fe80::A%25en1]", "http://[fe80::a%25en1]/"},
		{"http://[fe80::1%25%45th%2d0]/", "http://[fe80::1%25Eth-0]/"},
		{"http://[fe80::1%25a%2Fb]/", "http://[fe80::1%25a%2Fb]/"},
		{"http://[FE80::1]/", "http://[fe80::1]/"},
		{"http://U%41@[FE80::1%25X]:80/", "http://UA@[fe80::1%25X]/"},
	} {
		for name, normalize := range map[string]func(string) (string, error){
			"rfc3986": func(s string) (string, error) { return g3986.Normalize(s) },
			"rfc3987": func(s string) (string, error) { return g3987.Normalize(s) },
		} {
			if got, err := normalize(tt.in); err != nil || got != tt.want {
				t.Errorf("%s under zone-id: Normalize(%q) = %q, %v; want %q", name, tt.in, got, err, tt.want)
			}
		}
	}
}
