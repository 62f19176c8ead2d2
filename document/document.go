package document

import (
	"bufio"
	"bytes"
	"errors"
	"fmt"
	"io"
	"path/filepath"
	"slices"
	"strings"

	"github.com/rfc2396/rfc2396/extract"
	"github.com/rfc2396/rfc2396/parser"
)

// Kind is the type of a document: how it is read.
type Kind uint8

const (
	// Text: running text, read as Appendix E describes (package extract).
	Text Kind = iota
	// HTML: an HTML document, read with an HTML tokenizer (Appendix D).
	HTML
	// MIME: a MIME message such as an MHTML archive (RFC 2557) or an
	// e-mail (section 5.1.2).
	MIME
	// Markdown: a CommonMark document, read with a CommonMark parser: its
	// links, images, reference definitions, autolinks and raw HTML.
	Markdown
)

// Code returns the name machines use: "text", "html", "mime" or
// "markdown".
func (k Kind) Code() string {
	switch k {
	case HTML:
		return "html"
	case MIME:
		return "mime"
	case Markdown:
		return "markdown"
	}
	return "text"
}

// String describes k for people.
func (k Kind) String() string {
	switch k {
	case HTML:
		return "HTML document"
	case MIME:
		return "MIME message"
	case Markdown:
		return "Markdown document"
	}
	return "plain text"
}

// ParseKind returns the Kind whose Code is s.
func ParseKind(s string) (Kind, error) {
	for _, k := range []Kind{Text, HTML, MIME, Markdown} {
		if k.Code() == s {
			return k, nil
		}
	}
	return Text, fmt.Errorf("unknown document type %q (want text, html, mime or markdown)", s)
}

// SniffLen is how many bytes at the start of a document [Sniff] looks at.
const SniffLen = 1024

// Sniff decides the Kind of a document from its file name and its first
// bytes (at most [SniffLen] are looked at):
//
//   - by extension: .html, .htm, .xhtml and .shtml are HTML; .mht, .mhtml,
//     .eml and .mime are MIME; .md and .markdown are Markdown; .txt and
//     .text are text;
//   - otherwise by content: after a byte-order mark and white space, a
//     document that starts with "<!DOCTYPE html", "<html", "<head" or a
//     comment followed by one of these (any case) is HTML; one whose
//     header block (the lines before the first empty line) has a
//     "MIME-Version:" field is MIME;
//   - everything else is text.
func Sniff(name string, head []byte) Kind {
	switch strings.ToLower(filepath.Ext(name)) {
	case ".html", ".htm", ".xhtml", ".shtml":
		return HTML
	case ".mht", ".mhtml", ".eml", ".mime":
		return MIME
	case ".md", ".markdown":
		return Markdown
	case ".txt", ".text":
		return Text
	}
	head = head[:min(len(head), SniffLen)]
	h := bytes.TrimPrefix(head, []byte("\xef\xbb\xbf"))
	h = bytes.TrimLeft(h, " \t\r\n\f")
	lower := bytes.ToLower(h)
	for bytes.HasPrefix(lower, []byte("<!--")) {
		end := bytes.Index(lower, []byte("-->"))
		if end < 0 {
			break
		}
		lower = bytes.TrimLeft(lower[end+3:], " \t\r\n\f")
	}
	for _, p := range []string{"<!doctype html", "<html", "<head"} {
		if bytes.HasPrefix(lower, []byte(p)) {
			return HTML
		}
	}
	header := head
	if i := bytes.Index(header, []byte("\n\n")); i >= 0 {
		header = header[:i]
	}
	if i := bytes.Index(header, []byte("\r\n\r\n")); i >= 0 {
		header = header[:i]
	}
	for _, line := range bytes.Split(header, []byte("\n")) {
		if len(line) >= 13 && strings.EqualFold(string(line[:13]), "MIME-Version:") {
			return MIME
		}
	}
	return Text
}

// DefaultMaxLine is the default of [Options.MaxLine]: 1 MiB.
const DefaultMaxLine = 1 << 20

// Options says where a document came from and how to read it.
type Options struct {
	// Retrieval is the URI the document was retrieved from (section
	// 5.1.3), or "" for none.
	Retrieval string
	// Default is the application's default base (section 5.1.4), or ""
	// for none, which leaves relative references unresolved when no other
	// rule gives a base.
	Default string
	// Relative makes the text reader report relative references in double
	// quotes too (extract.WithRelative).
	Relative bool
	// MaxLine bounds memory (see Memory in the package documentation):
	// the text reader holds windows of 16 KiB (MaxLine if less) and 64
	// KiB of look-ahead, a window longer only for a line longer than
	// that, and reads again at most 2*MaxLine bytes and 128 KiB more
	// where a construct spans its cut; the HTML tokenizer holds at most
	// MaxLine bytes for one token and the HTML reader 4*MaxLine bytes of
	// references before a base element, and the MIME reader refuses a
	// line longer than MaxLine and a header block longer than 4*MaxLine.
	// Lines and tokens of up to MaxLine bytes are always read; a longer
	// one stops the read with a *[LimitError]. Zero means
	// [DefaultMaxLine].
	MaxLine int
	// CheckOnly makes Read find and check the references without
	// resolving them: Resolved, Warnings and ResolveErr stay empty (but
	// for an abbreviated URL in text, whose ResolveErr says why it is
	// not resolved), and Base is still set. For a caller that reports
	// only whether each reference is valid.
	CheckOnly bool
	// NoBase makes Read leave every Reference's Base nil, for a caller
	// that needs neither the base nor the resolution (it implies
	// CheckOnly): an HTML document's references are then emitted as they
	// are read, not held until its base element (see Memory in the
	// package documentation), which spares the memory of up to 4*MaxLine
	// bytes of them and the collector's scanning of it. (A read that
	// stops with an error has then emitted the references before it,
	// where without NoBase those still held are not emitted.)
	NoBase bool
	// Workers is how many goroutines find the references of plain text
	// at once, each in its own window of the input (with as many windows
	// held at once as twice Workers); 0 or 1 means the goroutine
	// that calls Read alone. Whatever it is, Read emits the same
	// references, in the same order, on the goroutine that calls it, and
	// returns the same error. The text parts of a MIME message are read
	// so too; HTML and Markdown by that goroutine alone.
	Workers int
	// Transient says that emit keeps neither the *Reference it is given
	// nor what it points to (Found, NotePos, Abbreviation) once it
	// returns: Read may then reuse their memory for the references read
	// after it, which spares the collector nearly all the garbage of a
	// large text. The strings a Reference holds are never reused.
	Transient bool

	// window, when not 0, is the size of the text reader's windows and
	// of their look-ahead, for tests that cut many.
	window int
}

func (o *Options) maxLine() int {
	if o.MaxLine <= 0 {
		return DefaultMaxLine
	}
	return o.MaxLine
}

// Position locates a byte of the document (for a MIME message, of the
// decoded body of a part).
type Position struct {
	// Offset is 0-based, in bytes.
	Offset int
	// Line and Column are 1-based; the column counts bytes.
	Line, Column int
}

// Reference is one reference found in a document, with the base that
// section 5.1 gives it and the result of resolving it.
type Reference struct {
	// Position locates the first byte of Text.
	Position
	// End is the offset just after Text.
	End int
	// Part names the MIME part the reference is in ("1", "2.1"), or "".
	Part string
	// Element and Attribute name the HTML attribute the reference was
	// taken from ("a", "href"); both are "" for a reference in text.
	Element, Attribute string
	// Markdown names the Markdown construct the reference was taken from
	// ([MarkdownLink], [MarkdownImage], [MarkdownDefinition],
	// [MarkdownAutolink] or [MarkdownUnparsed]), or "". An attribute of
	// raw HTML in Markdown has Element and Attribute instead.
	Markdown string
	// Text is the reference as written; for an attribute, its value with
	// character references decoded.
	Text string
	// URI is the reference that was checked and resolved: Text after
	// Appendix E's clean-up, or an attribute's value with leading and
	// trailing white space removed (as HTML does for URL attributes).
	URI string
	// Err is nil when URI is a URI-reference under Appendix A, else where
	// and why it is not. ErrPos locates Err.Offset in the input.
	Err    *parser.Error
	ErrPos Position
	// Found is what package extract found, for a reference in text; nil
	// for an attribute or an abbreviated URL.
	Found *extract.Reference
	// NotePos locates each of Found.Notes in the input.
	NotePos []Position
	// Abbreviation is set when the string reads as an abbreviated URL
	// (Appendix F). In text it is then not a reference at all: Err is nil
	// and Resolved empty, with an *[AbbreviatedError] in ResolveErr. In an
	// attribute it is a relative reference, resolved as one, and
	// Abbreviation says what the author most likely meant.
	Abbreviation *extract.Abbreviation
	// Base is the base section 5.1 gives this place in the document.
	Base *Base
	// Resolved is the absolute URI the reference resolves to (section
	// 5.2), or "" with the reason in ResolveErr.
	Resolved   string
	ResolveErr error
	// Warnings are what the resolution decided where RFC 2396 is silent
	// or says "should" (parser.Warning).
	Warnings []parser.Warning
}

// Valid reports whether r is a valid URI reference: not an abbreviated URL
// in text, and a URI-reference under Appendix A.
func (r *Reference) Valid() bool {
	if r == nil {
		return false
	}
	return r.Err == nil && !(r.Abbreviation != nil && r.InText())
}

// InText reports whether r was found in running text (plain text, HTML
// text, a text part), where a string may be an abbreviated URL rather
// than a reference; not in an attribute or a Markdown destination, where
// a reference is expected.
func (r *Reference) InText() bool {
	return r != nil && r.Attribute == "" && r.Markdown == ""
}

// LimitError reports input longer than a limit that [Options.MaxLine]
// sets: a line or an HTML token longer than MaxLine, a MIME header block
// longer than 4*MaxLine, or running text with no place to cut a window
// (see Memory in the package documentation).
type LimitError struct {
	Part   string // the MIME part, or ""
	Offset int    // where the line, token, header block or stretch starts
	Limit  int
	// What is "line", "HTML token", "MIME header block" or "stretch of
	// text with no line break outside a reference".
	What string
}

func (e *LimitError) Error() string {
	if e == nil {
		return "document: <nil *LimitError>"
	}
	where := ""
	if e.Part != "" {
		where = "part " + e.Part + ", "
	}
	return fmt.Sprintf("%sbyte %d: %s longer than %d bytes (the limit; see --max-line)", where, e.Offset, e.What, e.Limit)
}

// ErrNilReader and ErrNilEmit are the errors of [Read] called with a nil
// reader or a nil emit function.
var (
	ErrNilReader = errors.New("document: nil reader")
	ErrNilEmit   = errors.New("document: nil emit function")
)

// FormatError reports a document that cannot be read as its Kind.
type FormatError struct {
	Kind Kind
	Part string
	Err  error
}

func (e *FormatError) Error() string {
	if e == nil {
		return "document: <nil *FormatError>"
	}
	where := ""
	if e.Part != "" {
		where = " part " + e.Part
	}
	return fmt.Sprintf("%s%s: %v", e.Kind.Code(), where, e.Err)
}

func (e *FormatError) Unwrap() error {
	if e == nil {
		return nil
	}
	return e.Err
}

// Read reads a document of the given kind from r and calls emit for each
// reference found, in document order, each resolved against the base that
// section 5.1 gives it. Read stops at the first error of emit, which it
// returns, or of reading (a *[LimitError], a *[FormatError] or the
// reader's error), or at once with [ErrNilReader], [ErrNilEmit] or an
// error for an unknown kind. Text is read in windows of bounded size and
// emitted as it is read, with the results of reading it whole; an HTML
// document's references are held until its first <base href> (which
// applies to all of them) or its end, within a budget (see Memory in the
// package documentation).
func Read(r io.Reader, kind Kind, opts Options, emit func(*Reference) error) error {
	switch {
	case r == nil:
		return ErrNilReader
	case emit == nil:
		return ErrNilEmit
	case kind > Markdown:
		return fmt.Errorf("document: unknown Kind %d (want Text, HTML, MIME or Markdown)", kind)
	}
	if opts.NoBase {
		opts.CheckOnly = true
		withBase := emit
		emit = func(r *Reference) error {
			r.Base = nil
			return withBase(r)
		}
	}
	chain := []candidate{
		{from: Retrieval, what: "the retrieval URI", uri: opts.Retrieval},
		{from: Default, what: "the application default", uri: opts.Default},
	}
	if kind != MIME {
		br, err := checkBOM(r, kind, "")
		if err != nil {
			return err
		}
		r = br
	}
	switch kind {
	case HTML:
		return readHTML(r, "", chain, &opts, emit)
	case MIME:
		return readMIME(r, chain, &opts, emit)
	case Markdown:
		return readMarkdown(r, chain, &opts, emit)
	}
	return readText(r, "", establish(chain), &opts, emit)
}

// textChunk emits the references and abbreviated URLs found in chunk,
// which starts at a line start, at the given offset and line of the input.
// With checkOnly the references are not resolved (Options.CheckOnly).
//
// The References are made in reuse when it is not nil (Options.Transient:
// the memory of the chunk before is taken again), else in memory of their
// own.
func textChunk(chunk []byte, refs []extract.Reference, abbrs []extract.Abbreviation, offset, line int, part string, base *Base, checkOnly bool, reuse *[]foundRef, emit func(*Reference) error) error {
	pos := func(p extract.Reference, off int) Position {
		l, c := lineColIn(chunk, p.Line, p.Offset-p.Column+1, p.Offset, off)
		return Position{Offset: offset + off, Line: line + l - 1, Column: c}
	}
	// One allocation for the references of the chunk, or none: each with
	// its own copy of what extract found (the stream reuses refs).
	var all []foundRef
	if reuse != nil {
		all = slices.Grow((*reuse)[:0], len(refs))[:len(refs)]
		*reuse = all
	} else {
		all = make([]foundRef, len(refs))
	}
	k := 0
	for i := range refs {
		all[i].f = refs[i]
		f := &all[i].f
		for k < len(abbrs) && abbrs[k].Offset < f.Offset {
			if err := emitAbbr(&abbrs[k], chunk, offset, line, part, base, emit); err != nil {
				return err
			}
			k++
		}
		for k < len(abbrs) && abbrs[k].Offset < f.End {
			k++ // inside the reference
		}
		r := &all[i].r
		*r = Reference{
			Position: pos(*f, f.Offset), End: offset + f.End, Part: part,
			Text: f.Text, URI: f.URI, Err: f.Err, Found: f, Base: base,
		}
		if f.Err != nil {
			r.ErrPos = pos(*f, f.InputOffset(f.Err.Offset))
		}
		if len(f.Notes) > 0 {
			r.NotePos = make([]Position, len(f.Notes))
			for j, n := range f.Notes {
				r.NotePos[j] = pos(*f, n.Offset)
			}
		}
		shiftFound(f, offset, line)
		if !abbreviatedInText(r) && !checkOnly {
			r.Resolved, r.Warnings, r.ResolveErr = resolve(base, r.URI, r.Err == nil)
		}
		if err := emit(r); err != nil {
			return err
		}
	}
	for ; k < len(abbrs); k++ {
		if err := emitAbbr(&abbrs[k], chunk, offset, line, part, base, emit); err != nil {
			return err
		}
	}
	return nil
}

// foundRef is a Reference of text and its own copy of what extract found,
// which the Reference's Found points to.
type foundRef struct {
	r Reference
	f extract.Reference
}

// shiftFound moves f's offsets and line from its chunk to the input.
func shiftFound(f *extract.Reference, offset, line int) {
	f.Offset += offset
	f.End += offset
	f.Line += line - 1
	for i := range f.Notes {
		f.Notes[i].Offset += offset
	}
}

// abbreviatedInText reports whether r, a valid reference found in text
// (inside angle brackets or, with Relative, quotes), is a relative one that
// reads as an abbreviated URL (<www.w3.org/Addressing/>). Then, as for a
// bare one, it is reported as an abbreviated URL and not resolved.
func abbreviatedInText(r *Reference) bool {
	if r.Err != nil {
		return false
	}
	found, ok := extract.LooksAbbreviated(r.URI)
	if !ok {
		return false
	}
	a := new(extract.Abbreviation) // allocated only for an abbreviation
	*a = found
	a.Offset, a.End, a.Line, a.Column = r.Offset, r.End, r.Line, r.Column
	r.Abbreviation = a
	r.ResolveErr = &AbbreviatedError{Text: r.URI, Likely: a.Likely}
	return true
}

func emitAbbr(a *extract.Abbreviation, chunk []byte, offset, line int, part string, base *Base, emit func(*Reference) error) error {
	ab := *a
	ab.Offset += offset
	ab.End += offset
	ab.Line += line - 1
	r := &Reference{
		Position: Position{Offset: ab.Offset, Line: ab.Line, Column: ab.Column},
		End:      ab.End, Part: part, Text: ab.Text, URI: ab.Text,
		Abbreviation: &ab, Base: base,
		ResolveErr: &AbbreviatedError{Text: ab.Text, Likely: ab.Likely},
	}
	return emit(r)
}

// lineColIn returns the line (relative, 1-based, as line0 is for
// lineStart0) and column of off in chunk, counting from a known position:
// line0 starts at lineStart0, and from <= off.
func lineColIn(chunk []byte, line0, lineStart0, from, off int) (int, int) {
	line, start := line0, lineStart0
	for i := from; i < off && i < len(chunk); i++ {
		if chunk[i] == '\n' {
			line++
			start = i + 1
		}
	}
	return line, off - start + 1
}

// bufferedReader returns r as a *bufio.Reader.
func bufferedReader(r io.Reader) *bufio.Reader {
	if br, ok := r.(*bufio.Reader); ok {
		return br
	}
	return bufio.NewReaderSize(r, 64<<10)
}

// PositionOf locates byte uriOffset of r.URI in the input (uriOffset ==
// len(r.URI) locates the end of the reference), for an error found in
// URI by another reading than Appendix A's, such as RFC 3986's. It follows
// what Appendix E's clean-up removed, an attribute's leading white space
// and Markdown's backslash escapes and character references; in HTML
// text and attribute values with character references it counts the
// decoded bytes.
func (r *Reference) PositionOf(uriOffset int) Position {
	if r == nil {
		return Position{}
	}
	uriOffset = max(0, min(uriOffset, len(r.URI)))
	var i int // the offset in r.Text
	switch {
	case r.Found != nil:
		i = r.Found.InputOffset(uriOffset) - r.Found.Offset
	case r.Markdown != "" && r.Markdown != MarkdownAutolink:
		i = uriOffset
		if _, origin := mdDecode([]byte(r.Text)); origin != nil {
			i = len(r.Text)
			if uriOffset < len(origin) {
				i = origin[uriOffset]
			}
		}
	case r.Attribute != "":
		i = len(r.Text) - len(strings.TrimLeft(r.Text, htmlSpace)) + uriOffset
	default:
		i = uriOffset
	}
	i = max(0, min(i, len(r.Text)))
	p := Position{Offset: r.Offset + i, Line: r.Line, Column: r.Column + i}
	if nl := strings.LastIndexByte(r.Text[:i], '\n'); nl >= 0 {
		p.Line += strings.Count(r.Text[:i], "\n")
		p.Column = i - nl
	}
	return p
}
