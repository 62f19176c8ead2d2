package parser_test

import (
	"strings"
	"unicode/utf8"
)

// Deviation names the reason java.net.URI and strict Appendix A part on a
// reference: one of the deviations Java's documentation lists (numbered in
// its order) or an undocumented behaviour found by measurement.
type Deviation int

// The deviations [Attribute] recognizes.
const (
	// NoDeviation: the two agree.
	NoDeviation Deviation = iota
	// DevEmptyAuthority (Java's deviation 1): Java reports an empty
	// authority ("file:///x") as undefined, Appendix A as an empty server.
	DevEmptyAuthority
	// DevBareNetPath (the other half of deviation 1): Java rejects "//"
	// with nothing after it; Appendix A derives it.
	DevBareNetPath
	// DevEmptyRelPath (deviation 2): "?y", a query after an empty relative
	// path.
	DevEmptyRelPath
	// DevIPv4Octets (deviation 3): an IPv4 octet over 255 makes the
	// authority a reg_name in Java.
	DevIPv4Octets
	// DevDigitHostname (deviation 4): a single-label hostname starting
	// with a digit ("s://123").
	DevDigitHostname
	// DevIPv6 (deviation 5): an IPv6 literal host, with Java's "%" scope.
	DevIPv6
	// DevBrackets: "[" and "]" in a query, fragment or opaque part (RFC
	// 2732 moved them to "reserved"; Java follows, outside its deviation
	// list).
	DevBrackets
	// DevOther (deviation 6): characters outside US-ASCII.
	DevOther
	// DevNotUTF8: bytes that are not UTF-8, which Java, given the line
	// decoded with U+FFFD, sees as "other" characters.
	DevNotUTF8
	// DevPortOverflow (undocumented): a port over 2147483647 makes the
	// authority a reg_name in Java.
	DevPortOverflow
	// DevUnchecked (JDK 17 bug): the constructor threw an unchecked
	// exception.
	DevUnchecked
	// DevUnattributed: a difference none of the above explains.
	DevUnattributed
	numDeviations
)

// Code returns a short stable name for d, after the relaxation
// names where there is one.
func (d Deviation) Code() string {
	return [...]string{"", "empty-authority", "bare-net-path", "empty-relative-path", "ipv4-octets", "digit-hostname", "ipv6", "reserved-brackets", "non-ascii", "not-utf8", "port-int", "unchecked-exception", "unattributed"}[d]
}

// String describes d for people, with Java's deviation number.
func (d Deviation) String() string {
	return [...]string{
		"no deviation",
		"1 empty authority (Java: undefined, not empty)",
		"1 \"//\" with nothing after it (Java: invalid)",
		"2 empty relative path before a query",
		"3 IPv4 octet over 255 (Java: not a server)",
		"4 single-label hostname starting with a digit",
		"5 IPv6 literal host",
		"5 \"[\" \"]\" in query, fragment or opaque part (RFC 2732's reserved)",
		"6 \"other\" characters (non-ASCII)",
		"6 not UTF-8 (Java sees U+FFFD, an \"other\" character)",
		"undocumented: port over 2147483647 (Java: not a server)",
		"undocumented: unchecked exception (JDK bug)",
		"unattributed",
	}[d]
}

// Attribute names the deviation that explains why java.net.URI's answer
// res differs from strict Appendix A's (c, err from [Strict]); it returns
// "" when they agree. It reads the reference, not the grammar: it is a
// research aid for sorting measured differences, and a reference that
// differs for two reasons is given the first that applies.
func Attribute(res *Result, c Components, err error) Deviation {
	if res.Unsent {
		return NoDeviation
	}
	switch {
	case res.Valid && err == nil:
		if diffComponents(res.Components, c) == "" {
			return NoDeviation
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
		return NoDeviation
	case !res.Valid:
		switch {
		case res.Unchecked:
			return DevUnchecked
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
