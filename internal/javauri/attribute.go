package javauri

import (
	"strings"
	"unicode/utf8"
)

// Deviation names the reason java.net.URI and strict Appendix A part on a
// reference: one of the deviations Java's documentation lists (numbered in
// its order) or an undocumented behaviour found by measurement.
type Deviation string

// The deviations [Attribute] recognizes.
const (
	DevEmptyAuthority Deviation = "1 empty authority (Java: undefined, not empty)"
	DevEmptyRelPath   Deviation = "2 empty relative path before a query"
	DevIPv4Octets     Deviation = "3 IPv4 octets over 255: not a server"
	DevDigitHostname  Deviation = "4 single-label hostname starting with a digit"
	DevIPv6           Deviation = "5 IPv6 literal host"
	DevOther          Deviation = "6 \"other\" characters (non-ASCII)"
	DevNotUTF8        Deviation = "6 not UTF-8: Java sees U+FFFD, an \"other\" character"
	DevBrackets       Deviation = "undocumented: \"[\" \"]\" in query, fragment or opaque part"
	DevBareNetPath    Deviation = "undocumented: \"//\" with nothing after it"
	DevPortOverflow   Deviation = "undocumented: port over 2147483647: not a server"
	DevUncheckedJDK   Deviation = "undocumented: unchecked exception (JDK bug)"
	DevUnattributed   Deviation = "unattributed"
	devNone           Deviation = ""
)

// Attribute names the deviation that explains why java.net.URI's answer
// res differs from strict Appendix A's (c, err from [Strict]); it returns
// "" when they agree. It reads the reference, not the grammar: it is a
// research aid for sorting measured differences, and a reference that
// differs for two reasons is given the first that applies.
func Attribute(res *Result, c Components, err error) Deviation {
	if res.Unsent {
		return devNone
	}
	switch {
	case res.Valid && err == nil:
		if diffComponents(res.Components, c) == "" {
			return devNone
		}
		j := res.Components
		switch {
		case !j.Authority.Defined && c.Authority.Defined && c.Authority.Value == "":
			return DevEmptyAuthority
		case j.ServerBased && !c.ServerBased:
			return DevDigitHostname
		case !j.ServerBased && c.ServerBased && c.Port == PortOverflow:
			return DevPortOverflow
		case !j.ServerBased && c.ServerBased && dottedDigits(c.Host.Value):
			return DevIPv4Octets
		}
		return DevUnattributed
	case !res.Valid && err != nil:
		return devNone
	case !res.Valid:
		switch {
		case res.Unchecked:
			return DevUncheckedJDK
		case res.Reason == "Expected authority" && c.Authority.Defined && c.Authority.Value == "" && c.Path.Value == "" && !c.Query.Defined:
			return DevBareNetPath
		}
		return DevUnattributed
	}
	// Java valid, strict invalid.
	j := res.Components
	switch {
	case res.Replaced:
		return DevNotUTF8
	case strings.HasPrefix(j.Host.Value, "["):
		return DevIPv6
	case hasNonASCII(res.Input):
		return DevOther
	case strings.ContainsAny(j.Query.Value+j.Fragment.Value, "[]") || j.Opaque && strings.ContainsAny(j.SchemeSpecificPart.Value, "[]"):
		return DevBrackets
	case !j.Scheme.Defined && !j.Authority.Defined && j.Path.Value == "" && j.Query.Defined:
		return DevEmptyRelPath
	}
	return DevUnattributed
}

func dottedDigits(s string) bool {
	if s == "" {
		return false
	}
	for i := 0; i < len(s); i++ {
		if s[i] != '.' && (s[i] < '0' || s[i] > '9') {
			return false
		}
	}
	return true
}

func hasNonASCII(s string) bool {
	for i := 0; i < len(s); i++ {
		if s[i] >= utf8.RuneSelf {
			return true
		}
	}
	return false
}
