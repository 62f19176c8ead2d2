package rfc8141

import "strings"

// Normalize returns s with section 3.1's case normalization applied to
// its assigned-name, and nothing else: "urn" and the NID in lower case,
// and the hexadecimal digits of every percent-encoding in the NSS in
// upper case ("%2c" becomes "%2C"). Percent-encodings are not decoded
// (section 3.1: "MUST NOT be decoded"), and the r-, q- and f-components,
// which URN-equivalence ignores, are kept as written. Two URNs are
// URN-equivalent when the assigned-names of their normal forms are equal
// ([Equivalent]). The error is [Parse]'s.
func Normalize(s string) (string, error) {
	u, err := Parse(s)
	if err != nil {
		return "", err
	}
	return normalizedName(u) + s[len(u.AssignedName()):], nil
}

// Equivalent reports whether a and b are URN-equivalent by RFC 8141
// section 3.1: their assigned-names are octet-by-octet equal once "urn"
// and the NID are lower-cased and the percent-encodings of the NSS
// upper-cased; their r-, q- and f-components are ignored. The error is
// [Parse]'s for the first of the two that is not a URN.
func Equivalent(a, b string) (bool, error) {
	ua, err := Parse(a)
	if err != nil {
		return false, err
	}
	ub, err := Parse(b)
	if err != nil {
		return false, err
	}
	return normalizedName(ua) == normalizedName(ub), nil
}

// normalizedName is u's assigned-name under section 3.1's case
// normalization.
func normalizedName(u *URN) string {
	var b strings.Builder
	b.Grow(len("urn:") + len(u.NID) + 1 + len(u.NSS))
	b.WriteString("urn:")
	b.WriteString(strings.ToLower(u.NID))
	b.WriteByte(':')
	nss := u.NSS
	for i := 0; i < len(nss); i++ {
		c := nss[i]
		if c == '%' && i+2 < len(nss) {
			// The grammar makes every "%" of the NSS a pct-encoded.
			b.WriteByte('%')
			b.WriteString(strings.ToUpper(nss[i+1 : i+3]))
			i += 2
			continue
		}
		b.WriteByte(c)
	}
	return b.String()
}
