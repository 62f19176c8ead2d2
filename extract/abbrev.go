package extract

import (
	"bytes"
	"strings"
)

// Abbreviation is a string that reads as an abbreviated URL, as RFC 2396
// Appendix F describes them: the authority and path of a resource without
// its scheme ("www.w3.org/Addressing/"), or a bare host name. It is not a
// URI: under Appendix A it is a relative path whose first segment happens
// to contain dots, and Appendix F says such strings "cannot be used in
// contexts where relative URLs are expected".
type Abbreviation struct {
	// Offset and End are the byte span of Text in the input (for
	// [LooksAbbreviated], in the string given).
	Offset, End int
	// Line and Column locate Offset as in [Reference].
	Line, Column int
	// Text is the string as written.
	Text string
	// Host is its first segment, the part that reads as a host name.
	Host string
	// Likely is the URI it most likely stands for: "http://" + Text, or
	// "ftp://" + Text when the host name starts with "ftp." (Appendix F:
	// "most hostnames beginning with "www" are likely to have a URL prefix
	// of "http://"").
	Likely string
	// NetworkPath is the network-path reference "//" + Text, the form that
	// makes Host a host under RFC 2396 without naming a scheme.
	NetworkPath string
}

// Reason is Appendix F's reason that an abbreviated URL is not a URI
// reference, for people.
const Reason = "an abbreviated URL is not a URI: under RFC 2396 it has the syntax of a relative path, and Appendix F says it cannot be used where relative references are expected; the host name is not a host without \"//\" and a scheme"

// hostTLD reports whether label, in any case, is one of the last labels
// that make a dotted word a host name. The list is conservative: generic
// top-level domains and common country codes, leaving out every code that
// is also a common file extension (md, py, sh, rs, pl, cc, so, ps, ai, js,
// go, ...), so that "index.html", "README.md" and "main.go" are not taken
// for hosts. A switch on the label lower-cased in place, not a map: it is
// asked of every dotted word, and comparing costs less than hashing.
func hostTLD(label string) bool {
	var lower [6]byte // the longest is "museum"
	if len(label) > len(lower) {
		return false
	}
	for i := 0; i < len(label); i++ {
		c := label[i]
		if 'A' <= c && c <= 'Z' {
			c += 'a' - 'A'
		}
		lower[i] = c
	}
	switch string(lower[:len(label)]) {
	case "com", "org", "net", "edu", "gov", "mil", "int",
		"info", "biz", "name", "museum", "aero", "coop",
		"io", "dev", "app",
		"uk", "de", "fr", "jp", "cn", "ru", "nl",
		"eu", "ca", "au", "us", "ch", "it", "es",
		"se", "no", "fi", "dk", "be", "at", "br",
		"in", "kr", "nz", "za", "ie", "pt", "cz":
		return true
	}
	return false
}

// LooksAbbreviated reports whether ref, a string without a scheme, reads
// as an abbreviated URL (Appendix F): its first segment (up to the first
// "/", "?" or "#") is a host name by this conservative heuristic:
//
//   - two labels or more, separated by "."; each label letters, digits and
//     "-", not starting or ending with "-", at most 63 bytes; the whole
//     name at most 253 bytes;
//   - and either the first label is "www" or "ftp" (the prefixes Appendix
//     F's heuristics rely on), or the last label is a top-level domain in a
//     short list of generic and country codes that are not also common
//     file extensions.
//
// So "www.w3.org/Addressing/", "example.com" and "ftp.example.org/pub"
// are abbreviated URLs, and "index.html", "README.md", "v1.2.3", "e.g."
// and "a/www.example.com" are not. A string with "@" (an e-mail address),
// ":" or a leading "/" is never one.
func LooksAbbreviated(ref string) (Abbreviation, bool) {
	if ref == "" || ref[0] == '/' {
		return Abbreviation{}, false
	}
	// The host: up to the first "/", "?" or "#", and only label bytes
	// and dots (a ":", "@" or "\\" in it is not one of them).
	host, dots := ref, 0
	for i := 0; i < len(ref); i++ {
		c := ref[i]
		if c == '/' || c == '?' || c == '#' {
			host = ref[:i]
			break
		}
		if c == '.' {
			dots++
		} else if !labelByte(c) {
			return Abbreviation{}, false
		}
	}
	if dots == 0 || len(host) > 253 {
		return Abbreviation{}, false
	}
	first := host[:strings.IndexByte(host, '.')]
	tld := host[strings.LastIndexByte(host, '.')+1:]
	www, ftp := strings.EqualFold(first, "www"), strings.EqualFold(first, "ftp")
	if !isLetters([]byte(tld)) || !(www || ftp || hostTLD(tld)) {
		return Abbreviation{}, false // 10.0.0.1, v1.2.3, index.html
	}
	// The labels: at least two, each a valid label.
	for rest := host; ; {
		l, after, more := strings.Cut(rest, ".")
		if !hostLabel(l) {
			return Abbreviation{}, false
		}
		if !more {
			break
		}
		rest = after
	}
	if strings.ContainsAny(ref[len(host):], ":@\\") {
		return Abbreviation{}, false
	}
	scheme := "http://"
	if ftp {
		scheme = "ftp://"
	}
	return Abbreviation{End: len(ref), Text: ref, Host: host, Likely: scheme + ref, NetworkPath: "//" + ref}, true
}

// labelByte reports whether c may be in a host label: a letter, a digit
// or "-".
func labelByte(c byte) bool {
	return c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9' || c == '-'
}

func hostLabel(l string) bool {
	if l == "" || len(l) > 63 || l[0] == '-' || l[len(l)-1] == '-' {
		return false
	}
	for i := 0; i < len(l); i++ {
		if !labelByte(l[i]) {
			return false
		}
	}
	return true
}

// FindAbbreviated returns the abbreviated URLs (see [LooksAbbreviated]) in
// running text, in order. A candidate is a run of bytes delimited as a
// bare reference is (see the package documentation), with opening
// punctuation skipped and trailing sentence punctuation dropped, that has
// no ":" (a run with a scheme is [Find]'s), is not inside angle brackets
// or double quotes, and is not preceded by "/" or "@". Like Find it takes
// time linear in the length of text.
func FindAbbreviated(text []byte) []Abbreviation {
	if bytes.IndexByte(text, '.') < 0 {
		return nil // every one has a dot: most short texts, such as HTML's between tags, have none
	}
	var out []Abbreviation
	line, lineStart := 1, 0
	i := 0
	for i < len(text) {
		c := text[i]
		if c == '\n' {
			line++
			lineStart = i + 1
			i++
			continue
		}
		if c >= 0x80 || class[c]&clToken == 0 {
			i++
			continue
		}
		start := i
		end := i
		dot := false
		for end < len(text) && text[end] < 0x80 && class[text[end]]&clToken != 0 {
			dot = dot || text[end] == '.'
			end++
		}
		i = end
		if !dot {
			continue // no host name, as below
		}
		if start > 0 && (text[start-1] == '<' || text[start-1] == '"') {
			continue // delimited: Find's business
		}
		if end < len(text) && text[end] >= 0x80 {
			continue // part of a longer non-ASCII run
		}
		s, e := start, end
		for s < e && class[text[s]]&clOpener != 0 {
			s++
		}
		for e > s && class[text[e-1]]&clTrailer != 0 && text[e-1] != ')' {
			e--
		}
		if e > s && text[e-1] == ')' && strings.Count(string(text[s:e]), ")") > strings.Count(string(text[s:e]), "(") {
			e--
			for e > s && class[text[e-1]]&clTrailer != 0 && text[e-1] != ')' {
				e--
			}
		}
		if s == e || bytes.IndexByte(text[s:e], '.') < 0 || bytes.ContainsAny(text[s:e], ":@") {
			continue // no host name; LooksAbbreviated would say no
		}
		a, ok := LooksAbbreviated(string(text[s:e]))
		if !ok {
			continue
		}
		a.Offset, a.End = s, e
		a.Line, a.Column = line, s-lineStart+1
		out = append(out, a)
	}
	return out
}

// Note says, for a relative reference that reads as an abbreviated URL,
// what RFC 2396 makes of it: its first segment is a path segment, not a
// host (Appendix F), and the "//" form would make it a host.
func (a Abbreviation) Note() string {
	return "under RFC 2396 this is a relative path, not a host: \"" + a.Host + "\" is its first path segment (Appendix F: an abbreviated URL cannot be used where relative references are expected); \"" + a.NetworkPath + "\" would name the host " + a.Host + " (most likely meant: " + a.Likely + ")"
}
