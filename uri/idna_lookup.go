//go:build !playground

package uri

import (
	"strings"
	"sync"
	"unicode/utf8"

	"golang.org/x/net/idna"

	"github.com/rfc2396/rfc2396/internal/syntax"
)

// HostToASCII and its IDNA profile are left out of the playground's
// WebAssembly module (the build tag playground), which never converts a
// host: importing golang.org/x/net/idna links its tables and, through
// golang.org/x/text/secure/bidirule, an initialization that builds one.

// hostProfile returns the IDNA profile of [HostToASCII], made on first
// use rather than at initialization. An *idna.Profile is immutable and
// safe for concurrent use.
var hostProfile = sync.OnceValue(func() *idna.Profile {
	return idna.New(
		// UTS #46 mapping, the successor of RFC 3490's Nameprep (case folding,
		// compatibility normalization, deleting ignored characters), with the
		// STD3 ASCII rules: UseSTD3ASCIIRules set to TRUE, as RFC 3987
		// section 3.1 asks.
		idna.MapForLookup(),
		// Transitional processing maps the deviation characters as RFC 3490
		// does (ß to "ss", final sigma to sigma, ZWJ and ZWNJ deleted).
		idna.Transitional(true),
		// Labels of 1 to 63 octets: RFC 3490 ToASCII step 8.
		idna.VerifyDNSLength(true),
		// Bidi labels checked: Nameprep does it (RFC 3491 section 7); this is
		// the same check as RFC 5893 revised it.
		idna.BidiRule(),
		// RFC 3490 forbids a leading or trailing hyphen under STD3, which
		// HostToASCII checks itself, but not "--" in the third and fourth
		// places, which the UTS #46 hyphen check would also reject.
		idna.CheckHyphens(false),
	)
})

// HostToASCII converts a reg-name whose characters go beyond US-ASCII (an
// IRI's ireg-name) to ASCII, as RFC 3987 section 3.1 lets systems do for
// schemes known to use domain names there: each "."-separated label
// through RFC 3490's ToASCII with UseSTD3ASCIIRules set, the labels joined
// with "." again. "résumé.example.org" becomes "xn--rsum-bpad.example.org".
// A failure means, as the section says, that the reference cannot be
// resolved: a *[LabelError] names the label.
//
// ToASCII is golang.org/x/net/idna's, which implements UTS #46, the
// mapping that carries IDNA2003 (RFC 3490) forward. The profile is the one
// nearest to what section 3.1 asks: mapping as for lookup, STD3 rules,
// transitional processing (IDNA2003's treatment of ß and the like), label
// lengths checked, the bidi rule, and hyphens checked as RFC 3490 checks
// them. Section 3.1 wants AllowUnassigned TRUE when converting an existing
// IRI and FALSE when creating one; UTS #46 has no such flag and rejects
// unassigned code points, which is the stricter setting (creating). Labels
// already in ACE ("xn--...") are checked to decode to a valid label.
//
// Percent-encoded octets are decoded first, as RFC 3986 section 3.2.2
// says a reg-name's non-ASCII characters are written (UTF-8, then
// percent-encoded), so "r%C3%A9sum%C3%A9.example.org" gives the same
// result; octets that are not UTF-8 are an error ([ErrHostNotUTF8]).
// Characters that map to "." (U+3002 IDEOGRAPHIC FULL STOP and the like,
// and a decoded "%2E") separate labels in the result, as RFC 3490 section
// 3.1 has it. One "." at the end (the root) is kept; "" gives "".
//
// host must be a reg-name, not an IP-literal or an IPv4address with port
// or brackets: "[" and ":" are not allowed in a label.
func HostToASCII(host string) (string, error) {
	var b strings.Builder
	b.Grow(len(host))
	for at := 0; at < len(host); {
		n := strings.IndexByte(host[at:], '.')
		if n < 0 {
			n = len(host) - at
		}
		label := host[at : at+n]
		out, err := labelToASCII(label)
		if err != nil {
			return "", &LabelError{Host: host, Label: label, Offset: at, Err: err}
		}
		b.WriteString(out)
		at += n
		if at < len(host) {
			b.WriteByte('.')
			at++ // a final "." is the root label and is kept
		}
	}
	return b.String(), nil
}

// labelToASCII converts one label, percent-encoded or not.
func labelToASCII(label string) (string, error) {
	if label == "" {
		return "", ErrHostEmptyLabel
	}
	dec, bad := syntax.DecodePercent(label)
	if bad >= 0 {
		return "", ErrHostPercent
	}
	if !utf8.ValidString(dec) {
		return "", ErrHostNotUTF8
	}
	out, err := hostProfile().ToASCII(dec)
	if err != nil {
		return "", err
	}
	// The result may hold more than one label: U+3002 and "%2E" map to ".".
	for _, l := range strings.Split(out, ".") {
		if l == "" {
			return "", ErrHostEmptyLabel
		}
		if strings.HasPrefix(l, "xn--") {
			// The hyphen rule is on the label before encoding.
			if u, err := idna.Punycode.ToUnicode(l); err == nil {
				l = u
			}
		}
		if l != "" && (l[0] == '-' || l[len(l)-1] == '-') {
			return "", ErrHostHyphen
		}
	}
	return out, nil
}
