package uri_test

import (
	"fmt"
	"testing"

	"github.com/rfc2396/rfc2396/internal/uritest"
	"github.com/rfc2396/rfc2396/rfc3986"
	"github.com/rfc2396/rfc2396/rfc3987"
	"github.com/rfc2396/rfc2396/uri"
)

// TestZeroURI calls every method of a URI that reads it on nil and zero
// URIs of two grammars' rule types: each answers, and none panics. The
// faces' tests call their own functions so (rfc3986's TestZeroValues).
func TestZeroURI(t *testing.T) {
	for _, u := range []*rfc3986.URI{nil, {}} {
		zeroURIMethods(t, u)
	}
	for _, u := range []*rfc3987.URI{nil, {}} {
		zeroURIMethods(t, u)
	}
}

// zeroURIMethods calls the reading methods of u.
func zeroURIMethods[R uri.Rule](t *testing.T, u *uri.URI[R]) {
	t.Helper()
	uritest.NoPanic(t, fmt.Sprintf("URI methods on %#v", u), func() {
		_, _, _, _, _ = u.Scheme(), u.Authority(), u.UserInfo(), u.Host(), u.Port()
		_, _, _, _, _, _ = u.Path(), u.Query(), u.Fragment(), u.HostKind(), u.IsAbsolute(), u.String()
		_ = u.PathSegments()
		_, _ = u.UserInfoFields()
		_, _ = u.QueryFields()
		_, _ = u.RegNameFields()
		_, _ = u.DecodedQuery()
		_, _ = u.DecodedFragment()
		_, _ = u.DecodedHost()
	})
}
