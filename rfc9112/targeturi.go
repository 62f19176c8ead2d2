package rfc9112

import (
	"errors"
	"strings"

	"github.com/rfc2396/rfc2396/rfc9112/grammar"
)

// TargetURI rebuilds the target URI from t, the scheme of the connection
// ("http", or "https" over a secured one, or a configured one) and host,
// the Host header field's value, as RFC 9112 section 3.3 does:
//
//   - absolute-form: the target URI is the request-target; scheme and
//     host are not used.
//   - authority-form: scheme "://" the request-target; the path and
//     query are empty.
//   - asterisk-form: scheme "://" host; the path and query are empty.
//   - origin-form: scheme "://" host, then the request-target (the path
//     and query).
//
// A host that is empty or not a valid Host value (uri-host [ ":" port ],
// RFC 9110 section 7.2) leaves the authority empty (section 3.3), which an
// http or https URI cannot have (RFC 9110 section 4.2.1): for those
// schemes that is an error. scheme must be an RFC 3986 scheme.
func (t *RequestTarget) TargetURI(scheme, host string) (string, error) {
	switch t.Form {
	case AbsoluteForm:
		return t.Target, nil
	case OriginForm, AuthorityForm, AsteriskForm:
	default:
		return "", errors.New("rfc9112: TargetURI of a RequestTarget that Parse did not return")
	}
	if !theGrammar.Matches(grammar.RuleScheme, scheme) {
		return "", errors.New("rfc9112: TargetURI: " + quote(scheme) + " is not a scheme (RFC 3986 section 3.1)")
	}
	authority := t.Target
	if t.Form != AuthorityForm {
		authority = host
		if !theGrammar.Matches(grammar.RuleUriHost, host) && !theGrammar.Matches(grammar.RuleAuthorityForm, host) {
			authority = ""
		}
	}
	if s := strings.ToLower(scheme); authority == "" && (s == "http" || s == "https") {
		return "", errors.New("rfc9112: TargetURI: the Host " + quote(host) + " is empty or invalid, which leaves the target URI's authority empty (RFC 9112 section 3.3); an " + s + " URI cannot have an empty host (RFC 9110 section 4.2.1)")
	}
	u := scheme + "://" + authority
	if t.Form == OriginForm {
		u += t.Target
	}
	return u, nil
}

// quote quotes s for a message, any byte that is not printable ASCII
// escaped.
func quote(s string) string {
	var b strings.Builder
	b.WriteByte('"')
	for i := 0; i < len(s); i++ {
		c := s[i]
		switch {
		case c == '"' || c == '\\':
			b.WriteString(`\` + string(c))
		case c >= 0x20 && c < 0x7f:
			b.WriteByte(c)
		default:
			b.WriteString(`\x` + string("0123456789abcdef"[c>>4]) + string("0123456789abcdef"[c&15]))
		}
	}
	b.WriteByte('"')
	return b.String()
}
