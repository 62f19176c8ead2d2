package rfc9112

import "strings"

// The rules of RFC 9110's prose that a request-target's ABNF does not
// express, for an absolute-form of the http or https scheme: the grammar
// value (and so Parse, Valid and the command) refuses a target they
// refuse, citing the section, and each is lifted by an edit of its own.
//
//   - Section 4.2.4: "A sender MUST NOT generate the userinfo subcomponent
//     (and its "@" delimiter) when an "http" or "https" URI reference is
//     generated within a message as a target URI", and a recipient
//     "SHOULD parse for userinfo and treat its presence as an error": a
//     userinfo hides the authority ("http://good.example@evil.example/").
//     The edit http-userinfo lifts it.
//   - Section 4.2.1: "A sender MUST NOT generate an "http" URI with an
//     empty host identifier. A recipient that processes such a URI
//     reference MUST reject it as invalid." (section 4.2.2 says the same
//     of https). The edit http-empty-host lifts it.

// httpAuthority returns the authority of s, and its offset, when s starts
// with "http://" or "https://" (in any case); ok is false otherwise.
func httpAuthority(s string) (auth string, at int, ok bool) {
	i := strings.Index(s, "://")
	if i < 0 || !strings.EqualFold(s[:i], "http") && !strings.EqualFold(s[:i], "https") {
		return "", 0, false
	}
	at = i + len("://")
	end := strings.IndexAny(s[at:], "/?#")
	if end < 0 {
		end = len(s) - at
	}
	return s[at : at+end], at, true
}

// findHTTPUserinfo returns the offset of the "@" that ends the userinfo
// of an http or https URI s, or -1 (RFC 9110 section 4.2.4).
func findHTTPUserinfo(s string) int {
	auth, at, ok := httpAuthority(s)
	if !ok {
		return -1
	}
	if j := strings.IndexByte(auth, '@'); j >= 0 {
		return at + j
	}
	return -1
}

// findEmptyHTTPHost returns the offset where the empty host of an http or
// https URI s would be, or -1 (RFC 9110 sections 4.2.1 and 4.2.2).
func findEmptyHTTPHost(s string) int {
	auth, at, ok := httpAuthority(s)
	if !ok {
		return -1
	}
	if j := strings.IndexByte(auth, '@'); j >= 0 {
		auth, at = auth[j+1:], at+j+1
	}
	if auth == "" || auth[0] == ':' {
		return at
	}
	return -1
}
