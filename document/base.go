package document

import (
	"errors"
	"path/filepath"
	"strings"

	"github.com/rfc2396/rfc2396/grammar"
	"github.com/rfc2396/rfc2396/parser"
)

// Source says which rule of RFC 2396 section 5.1 gave a base URI.
type Source uint8

const (
	// Default: section 5.1.4, the application's default. The default of
	// this package is none ([Options.Default] empty): a relative reference
	// is then left unresolved.
	Default Source = iota
	// Content: section 5.1.1, a base embedded in the document's content
	// (HTML's first <base href>, Appendix D).
	Content
	// Entity: section 5.1.2, the base of the encapsulating entity (a MIME
	// part's or message's Content-Base or Content-Location).
	Entity
	// Retrieval: section 5.1.3, the URI the document was retrieved from
	// ([Options.Retrieval]).
	Retrieval
)

// Code returns the name machines use: "content", "entity", "retrieval" or
// "default".
func (s Source) Code() string {
	switch s {
	case Content:
		return "content"
	case Entity:
		return "entity"
	case Retrieval:
		return "retrieval"
	}
	return "default"
}

// Section returns the section of RFC 2396 that names s: "5.1.1" to
// "5.1.4".
func (s Source) Section() string {
	switch s {
	case Content:
		return "5.1.1"
	case Entity:
		return "5.1.2"
	case Retrieval:
		return "5.1.3"
	}
	return "5.1.4"
}

// String describes s for people, with its section.
func (s Source) String() string {
	switch s {
	case Content:
		return "embedded in the content (section " + s.Section() + ")"
	case Entity:
		return "of the encapsulating entity (section " + s.Section() + ")"
	case Retrieval:
		return "the retrieval URI (section " + s.Section() + ")"
	}
	return "the application's default (section " + s.Section() + ")"
}

// Base is the base URI that section 5.1 establishes for a place in a
// document.
type Base struct {
	// URI is the absolute base URI, or "" when no rule gave one (the
	// application default is none).
	URI string
	// From is the rule that gave URI ([Default] when URI is "").
	From Source
	// What names the candidate that gave it: `<base href>`,
	// "Content-Location of part 2", "--base", ...
	What string
	// Notes says what was decided on the way: candidates passed over
	// (invalid, or relative with nothing to resolve them against) and a
	// relative candidate resolved against the next rule's base.
	Notes []string

	parsed *parser.URI // URI, parsed once for all the references
}

// candidate is one possible base, in the order of section 5.1.
type candidate struct {
	from Source
	what string
	uri  string
}

// establish returns the base that the first usable candidate gives. A
// candidate that is not a URI-reference under Appendix A is passed over
// with a note. A relative candidate is resolved against the base the
// candidates after it give (as HTML5 resolves a relative <base href>
// against the document's URL, and RFC 2557 a relative Content-Location
// against the enclosing one); with none, it is passed over.
func establish(cands []candidate) *Base {
	var notes []string
	for i, c := range cands {
		if c.uri == "" {
			continue
		}
		u, err := parser.Parse(c.uri)
		if err != nil {
			notes = append(notes, c.what+" "+quote(c.uri)+" passed over: "+message(err))
			continue
		}
		if !u.IsAbsolute() {
			rest := establish(cands[i+1:])
			if rest.URI == "" {
				notes = append(notes, c.what+" "+quote(c.uri)+" passed over: it is relative and no later rule gives a base to resolve it against")
				continue
			}
			abs, _, err := parser.Resolve(rest.URI, c.uri)
			if err != nil {
				notes = append(notes, c.what+" "+quote(c.uri)+" passed over: "+message(err))
				continue
			}
			notes = append(notes, rest.Notes...)
			notes = append(notes, c.what+" "+quote(c.uri)+" is relative: resolved against "+quote(rest.URI)+", "+rest.What+" ("+rest.From.Code()+")")
			return &Base{URI: abs, From: c.from, What: c.what, Notes: notes}
		}
		return &Base{URI: c.uri, From: c.from, What: c.what, Notes: notes}
	}
	return &Base{From: Default, What: "none", Notes: notes}
}

// message is err's message without the package prefix.
func message(err error) string {
	return strings.TrimPrefix(err.Error(), "rfc2396: ")
}

func quote(s string) string {
	if len(s) > 200 {
		s = s[:200] + "..."
	}
	return "\"" + s + "\""
}

// NoBaseError is the reason a relative reference was not resolved: no
// rule of section 5.1 gave a base.
type NoBaseError struct {
	Ref string
}

func (e *NoBaseError) Error() string {
	return "no base URI: nothing is embedded in the content, there is no encapsulating entity's base or retrieval URI, and the application default (section 5.1.4) is none"
}

// AbbreviatedError is the reason an abbreviated URL found in running text
// was not resolved: it is not a URI reference (Appendix F).
type AbbreviatedError struct {
	Text, Likely string
}

func (e *AbbreviatedError) Error() string {
	if e == nil {
		return "document: <nil *AbbreviatedError>"
	}
	return "not resolved: abbreviated URL (Appendix F), most likely " + e.Likely
}

// resolve resolves ref against b: the absolute URI and the warnings of
// the resolution, or the reason it has none (a *parser.ResolveError or a
// *NoBaseError). valid says that ref is known to be a URI-reference
// under Appendix A (the reference's Err is nil), which spares a parse
// when there is no base.
func resolve(b *Base, ref string, valid bool) (string, []parser.Warning, error) {
	if b.URI == "" && valid {
		if hasScheme(ref) {
			return ref, nil, nil // section 5.2 step 3: an absolute reference needs no base
		}
		return "", nil, &NoBaseError{Ref: ref}
	}
	if b.URI == "" {
		u, err := parser.Parse(ref)
		if err != nil {
			return "", nil, &parser.ResolveError{Op: "resolve", Reason: parser.InvalidReference, Ref: ref, Err: err}
		}
		if u.IsAbsolute() {
			return ref, nil, nil // section 5.2 step 3: an absolute reference needs no base
		}
		return "", nil, &NoBaseError{Ref: ref}
	}
	if b.parsed == nil {
		u, err := parser.Parse(b.URI)
		if err != nil {
			return "", nil, &parser.ResolveError{Op: "resolve", Reason: parser.InvalidBase, Base: b.URI, Ref: ref, Err: err}
		}
		b.parsed = u
	}
	u, warnings, err := b.parsed.Resolve(ref)
	if err != nil {
		return "", warnings, err
	}
	// A repeated scheme matters only without "//" ("http:g"): with an
	// authority both readings give the same URI.
	if i := strings.IndexByte(ref, ':'); i >= 0 && strings.HasPrefix(ref[i+1:], "//") {
		kept := warnings[:0:0]
		for _, w := range warnings {
			if w != parser.WarnRepeatedScheme {
				kept = append(kept, w)
			}
		}
		warnings = kept
	}
	return u.String(), warnings, nil
}

// hasScheme reports whether ref starts with a scheme and ":" (section
// 3.1). In a valid URI-reference only an absolute URI does: the first
// segment of a relative path has no ":".
func hasScheme(ref string) bool {
	if ref == "" || !('a' <= ref[0]|0x20 && ref[0]|0x20 <= 'z') {
		return false
	}
	for i := 1; i < len(ref); i++ {
		switch c := ref[i]; {
		case c == ':':
			return true
		case 'a' <= c|0x20 && c|0x20 <= 'z', '0' <= c && c <= '9', c == '+', c == '-', c == '.':
		default:
			return false
		}
	}
	return false
}

// FileURI returns the file: URI of a local file, "file://" and its
// absolute path, each byte outside RFC 2396's pchar (other than "/")
// escaped as %XX: "/tmp/a b.html" gives "file:///tmp/a%20b.html".
func FileURI(path string) (string, error) {
	if path == "" {
		return "", errors.New("file URI: empty path")
	}
	abs, err := filepath.Abs(path)
	if err != nil {
		return "", err
	}
	abs = filepath.ToSlash(abs)
	if !strings.HasPrefix(abs, "/") {
		abs = "/" + abs // a Windows drive letter: file:///C:/x
	}
	const hex = "0123456789ABCDEF"
	var b strings.Builder
	b.WriteString("file://")
	for i := 0; i < len(abs); i++ {
		c := abs[i]
		if c == '/' || pchar(abs[i:i+1]) {
			b.WriteByte(c)
			continue
		}
		b.WriteByte('%')
		b.WriteByte(hex[c>>4])
		b.WriteByte(hex[c&15])
	}
	if _, err := parser.Parse(b.String()); err != nil {
		return "", errors.New("file URI of " + path + ": " + message(err))
	}
	return b.String(), nil
}

// pchar reports whether c, one byte, may stand unescaped in a path segment: whether
// it is a pchar of the grammar in force (section 3.3: unreserved | ":" |
// "@" | "&" | "=" | "+" | "$" | ","), asked of the grammar rather than
// written here a second time.
func pchar(c string) bool { return parser.Matches(grammar.RulePchar, c) }
