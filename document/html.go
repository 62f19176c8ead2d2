package document

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"math"
	"sort"
	"strings"
	"unicode/utf8"

	"github.com/rfc2396/rfc2396/extract"
	"github.com/rfc2396/rfc2396/parser"
	"golang.org/x/net/html"
	"golang.org/x/net/html/atom"
)

// htmlElement is what the HTML reader needs to know of an element.
type htmlElement struct {
	name string // its name, lower-case; "" for an element of no use here
	// attrs are the attributes whose value is a URI reference (HTML 4.01
	// section 6.4 "%URI;" attributes and HTML5's URL attributes), or nil.
	// Lists of URLs (srcset, ping, archive), object's classid and data
	// (resolved against codebase in HTML 4), and URLs inside other
	// syntaxes (<meta http-equiv=refresh content>, CSS url()) are not
	// read.
	attrs []string
	// script says that its content is a script or a style sheet, whose
	// text is not read; fallback that it is markup for readers without
	// scripts, frames or plug-ins (noscript, noframes, noembed), read as
	// a browser without them would.
	script, fallback bool
}

// elementOf returns what the reader needs to know of the element named
// name (lower-case). A switch on the name: it is asked of every start
// tag, and comparing costs less than hashing (atom.Lookup).
func elementOf(name []byte) htmlElement {
	switch string(name) {
	case "a":
		return htmlElement{name: "a", attrs: attrsHref}
	case "area":
		return htmlElement{name: "area", attrs: attrsHref}
	case "link":
		return htmlElement{name: "link", attrs: attrsHref}
	case "base":
		return htmlElement{name: "base", attrs: attrsHref}
	case "img":
		return htmlElement{name: "img", attrs: attrsImg}
	case "script":
		return htmlElement{name: "script", attrs: attrsSrc, script: true}
	case "style":
		return htmlElement{name: "style", script: true}
	case "audio":
		return htmlElement{name: "audio", attrs: attrsSrc}
	case "source":
		return htmlElement{name: "source", attrs: attrsSrc}
	case "track":
		return htmlElement{name: "track", attrs: attrsSrc}
	case "embed":
		return htmlElement{name: "embed", attrs: attrsSrc}
	case "form":
		return htmlElement{name: "form", attrs: attrsAction}
	case "iframe":
		return htmlElement{name: "iframe", attrs: attrsFrame}
	case "frame":
		return htmlElement{name: "frame", attrs: attrsFrame}
	case "q":
		return htmlElement{name: "q", attrs: attrsCite}
	case "blockquote":
		return htmlElement{name: "blockquote", attrs: attrsCite}
	case "del":
		return htmlElement{name: "del", attrs: attrsCite}
	case "ins":
		return htmlElement{name: "ins", attrs: attrsCite}
	case "input":
		return htmlElement{name: "input", attrs: attrsInput}
	case "button":
		return htmlElement{name: "button", attrs: attrsFormaction}
	case "object":
		return htmlElement{name: "object", attrs: attrsUsemap}
	case "applet":
		return htmlElement{name: "applet", attrs: attrsCodebase}
	case "body":
		return htmlElement{name: "body", attrs: attrsBackground}
	case "head":
		return htmlElement{name: "head", attrs: attrsProfile}
	case "video":
		return htmlElement{name: "video", attrs: attrsVideo}
	case "html":
		return htmlElement{name: "html", attrs: attrsManifest}
	case "noscript":
		return htmlElement{name: "noscript", fallback: true}
	case "noframes":
		return htmlElement{name: "noframes", fallback: true}
	case "noembed":
		return htmlElement{name: "noembed", fallback: true}
	}
	return htmlElement{}
}

// urlAttributes returns the URL attributes of an HTML element by its atom
// (see [htmlElement]), or nil.
func urlAttributes(a atom.Atom) []string {
	return elementOf([]byte(a.String())).attrs
}

// The lists urlAttributes returns, shared and never changed.
var (
	attrsHref       = []string{"href"}
	attrsImg        = []string{"src", "longdesc", "usemap"}
	attrsSrc        = []string{"src"}
	attrsAction     = []string{"action"}
	attrsFrame      = []string{"src", "longdesc"}
	attrsCite       = []string{"cite"}
	attrsInput      = []string{"src", "formaction", "usemap"}
	attrsFormaction = []string{"formaction"}
	attrsUsemap     = []string{"usemap"}
	attrsCodebase   = []string{"codebase"}
	attrsBackground = []string{"background"}
	attrsProfile    = []string{"profile"}
	attrsVideo      = []string{"src", "poster"}
	attrsManifest   = []string{"manifest"}
)

// htmlSpace is HTML's ASCII white space, stripped from both ends of a URL
// attribute's value.
const htmlSpace = " \t\n\f\r"

// readHTML reads an HTML document with the x/net/html tokenizer and emits
// its references (through htmlRefs, once the base is known): the value of
// each URL attribute, and the
// references and abbreviated URLs in its text (not in script or style
// elements, nor in comments), all resolved against the document's base:
// the first <base> element with an href attribute (section 5.1.1), else
// the next candidate of chain.
func readHTML(r io.Reader, part string, chain []candidate, opts *Options, emit func(*Reference) error) error {
	maxLine := opts.maxLine()
	in := newHTMLInput(r, maxLine)
	z := in.z
	h := &htmlRefs{emit: emit, fallback: establish(chain), chain: chain, budget: htmlHold(maxLine), checkOnly: opts.CheckOnly, noBase: opts.NoBase}
	if opts.Transient {
		h.mem = &refMemory{}
	}
	t := &htmlText{part: part, relative: opts.Relative, mem: h.mem, stream: extract.NewStream()}
	if opts.Relative {
		t.config = extract.NewStream(extract.WithRelative())
	} else {
		t.config = extract.NewStream()
	}
	var refs []tokenRef // the references of one token
	var tag []byte      // a copy of a start tag's bytes
	skipText := false   // inside script or style
	for {
		tt := z.Next()
		if tt == html.ErrorToken {
			err := z.Err()
			if err == io.EOF {
				break
			}
			if errors.Is(err, html.ErrBufferExceeded) {
				return &LimitError{Part: part, Offset: in.offset, Limit: maxLine, What: "HTML token"}
			}
			return err
		}
		refs = refs[:0]
		// Raw's bytes stay as read until TagName and TagAttr, which
		// lower-case names and decode values in place.
		in.start(z.Raw())
		switch tt {
		case html.StartTagToken, html.SelfClosingTagToken:
			name, hasAttr := z.TagName()
			el := elementOf(name)
			start := tt == html.StartTagToken
			skipText = start && el.script
			if start && el.fallback {
				z.NextIsNotRawText()
			}
			if attrs := el.attrs; hasAttr && attrs != nil {
				// Only the name is lower-cased yet: a copy keeps the
				// tag as written.
				tag = append(tag[:0], in.raw...)
				vals := tagValues{raw: in.raw, tag: tag, from: len(name) + 1, last: -1}
				refs = vals.refs(z, el.name, attrs, part, in.at, h.mem, refs)
			}
		case html.EndTagToken:
			skipText = false
		case html.TextToken:
			if !skipText {
				refs = t.refs(in, refs)
			}
		}
		if len(refs) > 0 {
			if len(refs) > 1 {
				sortByOffset(refs)
			}
			for _, ref := range refs {
				if err := h.add(ref); err != nil {
					return err
				}
			}
		}
		in.end()
	}
	return h.flush()
}

// htmlInput is what the tokenizer reads: the input, with its line breaks
// noted as it passes, so that the position of a byte of the current token
// costs nothing until a reference asks for one, and the token size limit
// (Options.MaxLine) set on the tokenizer only for a token that reaches it.
// It also locates the current token.
//
// The tokenizer's own limit ([html.Tokenizer.SetMaxBuf]) is checked on
// every byte it reads; set from the start it costs a quarter of what
// reading a byte does (7 % of the instructions of a page). It changes
// nothing for a token shorter than the limit, so Read
// gives the tokenizer no more than the current token's limit minus one
// byte, and sets the limit when the tokenizer asks for the byte that
// reaches it: every token then meets the limit as if it had been set
// from the start.
type htmlInput struct {
	r     io.Reader
	z     *html.Tokenizer
	limit int // the longest token, plus one byte
	read  int // the bytes given to the tokenizer
	// nls holds the offsets of the line breaks given to the tokenizer;
	// those before head are passed. next is nls[head], or math.MaxInt
	// when there is none.
	nls        []int
	head, next int

	raw []byte // the current token
	// offset is where raw starts in the input, line the number of the
	// line it starts in, and lineStart the offset where that line starts.
	offset, line, lineStart int
}

// newHTMLInput returns an htmlInput that reads r, with a tokenizer that
// reads it.
func newHTMLInput(r io.Reader, limit int) *htmlInput {
	in := &htmlInput{r: r, limit: limit, line: 1, next: math.MaxInt}
	in.z = html.NewTokenizer(in)
	return in
}

// Read reads into p for the tokenizer.
func (in *htmlInput) Read(p []byte) (int, error) {
	if room := in.limit - 1 - (in.read - in.offset); room > 0 {
		p = p[:min(len(p), room)]
	} else {
		in.z.SetMaxBuf(in.limit)
	}
	if in.head > 0 && in.head >= len(in.nls)/2 {
		// The passed line breaks are the older half: drop them.
		n := copy(in.nls, in.nls[in.head:])
		in.nls, in.head = in.nls[:n], 0
	}
	n, err := in.r.Read(p)
	for i := 0; i < n; {
		j := bytes.IndexByte(p[i:n], '\n')
		if j < 0 {
			break
		}
		in.nls = append(in.nls, in.read+i+j)
		i += j + 1
	}
	if in.next == math.MaxInt && in.head < len(in.nls) {
		in.next = in.nls[in.head]
	}
	in.read += n
	return n, err
}

// start makes raw the current token.
func (in *htmlInput) start(raw []byte) { in.raw = raw }

// end moves past the current token.
func (in *htmlInput) end() {
	in.offset += len(in.raw)
	for in.next < in.offset {
		in.line++
		in.lineStart = in.next + 1
		in.head++
		in.next = math.MaxInt
		if in.head < len(in.nls) {
			in.next = in.nls[in.head]
		}
	}
}

// at locates index i of the current token in the input.
func (in *htmlInput) at(i int) Position {
	off := in.offset + i
	nls := in.nls[in.head:]
	// The line breaks of raw before i: nls[:n]; a token has few.
	n := 0
	for n < len(nls) && n < 8 && nls[n] < off {
		n++
	}
	if n == 8 {
		n += sort.SearchInts(nls[n:], off)
	}
	if n == 0 {
		return Position{Offset: off, Line: in.line, Column: off - in.lineStart + 1}
	}
	return Position{Offset: off, Line: in.line + n, Column: off - nls[n-1]}
}

// htmlText finds the references and abbreviated URLs of the text of an
// HTML document.
type htmlText struct {
	part     string
	relative bool // Options.Relative
	mem      *refMemory
	// config is a Stream with the reader's options that reads nothing:
	// stream follows it before each text so as to read it afresh (as
	// extract.Find would) in memory reused from text to text.
	config, stream *extract.Stream
	decoded        []byte     // the text with character references decoded
	spans          []textSpan // where decoded's bytes are in the token
	charRefs       charRefs
}

// refs appends to refs the references and abbreviated URLs of the text
// token that pos holds.
func (t *htmlText) refs(pos *htmlInput, refs []tokenRef) []tokenRef {
	raw := pos.raw
	if !mayHoldRef(raw) {
		return refs // most text between tags: words, white space
	}
	// Text is read decoded (character references replaced), as a
	// reader sees it; spans map the decoded bytes back to raw.
	text, spans := raw, []textSpan(nil)
	if bytes.IndexByte(raw, '&') >= 0 {
		if t.charRefs == nil {
			t.charRefs = charRefs{}
		}
		t.decoded, t.spans = decodeText(raw, t.decoded[:0], t.spans[:0], t.charRefs)
		text, spans = t.decoded, t.spans
	}
	rawAt := func(i int) int {
		if spans == nil {
			return i
		}
		return rawIndex(spans, len(text), len(raw), i)
	}
	offset := pos.offset
	var found []extract.Reference
	var abbrs []extract.Abbreviation
	// Find needs a ":" (a scheme), a "<" or, for relative
	// references in quotes, a '"'; most text has none.
	if bytes.IndexByte(text, ':') >= 0 || bytes.IndexByte(text, '<') >= 0 || (t.relative && bytes.IndexByte(text, '"') >= 0) {
		t.stream.Follow(t.config) // read afresh: nothing is read on after the text
		found, abbrs, _ = t.stream.WindowOnce(text, 0, len(text), false)
	} else {
		abbrs = extract.FindAbbreviated(text)
	}
	for i := range found {
		var ref *Reference
		var f *extract.Reference
		var m *htmlRef
		if t.mem != nil {
			m = t.mem.get()
			ref, f = &m.r, &m.f
		} else {
			// One allocation for the reference and what extract found.
			both := new(foundRef)
			ref, f = &both.r, &both.f
		}
		*f = found[i]
		b, e := rawAt(f.Offset), rawAt(f.End)
		p := pos.at(b)
		*ref = Reference{Position: p, End: offset + e, Part: t.part, Text: f.Text, URI: f.URI, Err: f.Err, Found: f}
		if string(raw[b:e]) != f.Text {
			ref.Text = string(raw[b:e]) // as written: character references not decoded
		}
		if ref.Err != nil {
			ref.ErrPos = pos.at(rawAt(f.InputOffset(ref.Err.Offset)))
		}
		if len(f.Notes) > 0 {
			var notePos []Position
			if m != nil {
				notePos = m.notePos[:0]
			}
			for _, n := range f.Notes {
				notePos = append(notePos, pos.at(rawAt(n.Offset)))
			}
			ref.NotePos = notePos
			if m != nil {
				m.notePos = notePos
			}
		}
		abbreviatedInText(ref)
		f.Offset, f.End = offset+b, offset+e
		f.Line, f.Column = p.Line, p.Column
		for i := range f.Notes {
			f.Notes[i].Offset = offset + rawAt(f.Notes[i].Offset)
		}
		refs = append(refs, tokenRef{ref, m})
	}
	for _, a := range abbrs {
		b, e := rawAt(a.Offset), rawAt(a.End)
		if covered(refs, offset+b) {
			continue
		}
		p := pos.at(b)
		a.Offset, a.End, a.Line, a.Column = p.Offset, offset+e, p.Line, p.Column
		var ref *Reference
		var m *htmlRef
		if t.mem != nil {
			m = t.mem.get()
			m.a = a
			ref = &m.r
			*ref = Reference{Abbreviation: &m.a}
		} else {
			ab := a
			ref = &Reference{Abbreviation: &ab}
		}
		ref.Position, ref.End, ref.Part, ref.Text, ref.URI = p, a.End, t.part, string(raw[b:e]), a.Text
		ref.ResolveErr = &AbbreviatedError{Text: a.Text, Likely: a.Likely}
		refs = append(refs, tokenRef{ref, m})
	}
	return refs
}

// refMarks are the bytes without which a text holds neither a reference
// nor an abbreviated URL: a ":" (a scheme), a "<" or a '"' (a delimited
// reference), a "." (an abbreviated URL), or a "&" (a character
// reference, which may stand for any of them).
var refMarks = [256]bool{':': true, '<': true, '"': true, '.': true, '&': true}

// mayHoldRef reports whether text has one of refMarks. A loop, not
// IndexByte: the text between tags is mostly short.
func mayHoldRef(text []byte) bool {
	for _, c := range text {
		if refMarks[c] {
			return true
		}
	}
	return false
}

// tokenRef is a reference of the current token and, when the reader
// reuses memory (Options.Transient), the memory it is in.
type tokenRef struct {
	r   *Reference
	mem *htmlRef
}

// htmlRef is the memory of one reference of an HTML document: the
// Reference and what it points to.
type htmlRef struct {
	r       Reference
	f       extract.Reference
	a       extract.Abbreviation
	notePos []Position
}

// refMemory holds the memory of the references that emit is done with
// (Options.Transient), for the references read after them. It holds at
// most as many as were held at once before a base element (a budget) and
// in one token.
type refMemory struct {
	free []*htmlRef
}

// get returns memory for a reference.
func (m *refMemory) get() *htmlRef {
	if n := len(m.free); n > 0 {
		x := m.free[n-1]
		m.free = m.free[:n-1]
		return x
	}
	return new(htmlRef)
}

// put takes back the memory of a reference emitted.
func (m *refMemory) put(x *htmlRef) { m.free = append(m.free, x) }

// tagValues locates the values of the attributes of a start tag in its
// bytes as written.
type tagValues struct {
	// raw is the tag in the tokenizer's buffer, whose bytes TagAttr
	// returns the values in; tag is a copy of it as written.
	raw, tag []byte
	// from is where attrValueStart looks for the next attribute, unless
	// last, the start of the value located through raw before, is not
	// negative: the next attribute is then after that value.
	from, last int
}

// start returns the index in the tag where the value of the attribute that
// TagAttr has just returned starts: k is the attribute's name and v its
// value. The tokenizer decodes a value in place, so the value it returns
// starts where the value does in raw; where it does not (an empty value,
// which starts where the tokenizer stopped reading the name, or a
// tokenizer that copies), the tag is read with attrValueStart.
func (tv *tagValues) start(k, v []byte) int {
	if len(v) > 0 {
		if i := cap(tv.raw) - cap(v); 0 <= i && i < len(tv.raw) && &tv.raw[i] == &v[0] {
			tv.last = i
			return i
		}
	}
	if tv.last >= 0 {
		tv.from, tv.last = valueEnd(tv.tag, tv.last), -1
	}
	vs, next := attrValueStart(tv.tag, tv.from, k)
	tv.from = next
	return vs
}

// valueEnd returns, for a value that starts at index i of tag, the index
// after it: after its closing quote when it is quoted, else at the first
// white space or ">" (where attrValueStart looks for the next attribute).
func valueEnd(tag []byte, i int) int {
	if i > 0 && (tag[i-1] == '"' || tag[i-1] == '\'') {
		e := bytes.IndexByte(tag[i:], tag[i-1])
		if e < 0 {
			return len(tag)
		}
		return i + e + 1
	}
	e := i
	for e < len(tag) && !isHTMLSpace(tag[e]) && tag[e] != '>' {
		e++
	}
	return e
}

// tagRefs appends to refs the references in the URL attributes of the
// start tag z has just read, whose attributes TagAttr has yet to return:
// elName is its name, attrs its URL attributes (from urlAttributes), raw its
// bytes and at locates an index of raw in the input. The references are
// made in mem (nil: in new memory).
func tagRefs(z *html.Tokenizer, raw []byte, elName string, attrs []string, part string, at func(int) Position, mem *refMemory, refs []tokenRef) []tokenRef {
	vals := tagValues{raw: raw, tag: raw, from: len(elName) + 1, last: -1}
	return vals.refs(z, elName, attrs, part, at, mem, refs)
}

// refs is tagRefs for the tag vals locates the values of.
func (vals *tagValues) refs(z *html.Tokenizer, elName string, attrs []string, part string, at func(int) Position, mem *refMemory, refs []tokenRef) []tokenRef {
	hasAttr := true
	var seenBuf [4]string
	seen := seenBuf[:0] // HTML ignores a repeated attribute
	// Until each of the element's URL attributes has been seen: those
	// after them (an image's alt) can give no reference.
	for hasAttr && len(seen) < len(attrs) {
		var k, v []byte
		k, v, hasAttr = z.TagAttr()
		vs := vals.start(k, v)    // each in turn, for those read with attrValueStart
		key := attrName(attrs, k) // the list's string: no allocation
		if key == "" || contains(seen, key) {
			continue
		}
		seen = append(seen, key)
		val := string(v)
		uri, lead := trimHTMLSpace(val)
		var ref *Reference
		var m *htmlRef
		if mem != nil {
			m = mem.get()
			ref = &m.r
		} else {
			ref = new(Reference)
		}
		*ref = Reference{Position: at(vs), End: at(vs + len(val)).Offset, Part: part, Element: elName, Attribute: key, Text: val, URI: uri}
		// Valid is the common case, checked without building a URI.
		if !parser.Valid(uri) {
			_, err := parser.Parse(uri)
			var perr *parser.Error
			if errors.As(err, &perr) {
				ref.Err = perr
				ref.ErrPos = at(vs + lead + perr.Offset)
			} else {
				ref.Err = &parser.Error{Input: uri, Offset: len(uri)}
				ref.ErrPos = at(vs + len(val))
			}
		}
		if ref.Err == nil && strings.IndexByte(uri, '.') >= 0 {
			if a, ok := extract.LooksAbbreviated(uri); ok {
				if m != nil {
					m.a = a
					ref.Abbreviation = &m.a
				} else {
					ab := a // allocated only for an abbreviation
					ref.Abbreviation = &ab
				}
			}
		}
		refs = append(refs, tokenRef{ref, m})
	}
	return refs
}

// trimHTMLSpace returns s without HTML's white space at either end, and
// how many bytes it dropped at the start.
func trimHTMLSpace(s string) (string, int) {
	if s == "" || !isHTMLSpace(s[0]) && !isHTMLSpace(s[len(s)-1]) {
		return s, 0
	}
	t := strings.TrimLeft(s, htmlSpace)
	return strings.TrimRight(t, htmlSpace), len(s) - len(t)
}

func isHTMLSpace(c byte) bool {
	return c == ' ' || c == '\t' || c == '\n' || c == '\f' || c == '\r'
}

// htmlHold is the budget of the references an HTML document's reader
// holds until it knows the document's base: 4*MaxLine bytes, each
// reference counted as heldCost and its text.
func htmlHold(maxLine int) int { return 4 * maxLine }

// heldCost is what a held reference is counted as, besides its text: the
// Reference, what package extract found, a pointer to it.
const heldCost = 256 + 128 + 8

// htmlRefs holds the references of an HTML document until its base is
// known: the first base element with an href, wherever it is, is the
// document's base for every reference (section 5.1.1, Appendix D; HTML5's
// document base URL), those before it included. Once a base element is
// read, references are emitted as they come. Past the budget, the held
// references are emitted under the base known so far (the next rule's),
// and so are those after them; a base element after that carries a note
// in its Base.Notes naming the references resolved without it. (Without
// a later base element, the result is the same as holding them all.)
type htmlRefs struct {
	emit     func(*Reference) error
	chain    []candidate
	fallback *Base // the base without a base element
	docBase  *Base // the base once the first base element is read
	baseHref *Reference
	held     []tokenRef
	size     int // what held is counted as
	// mem, when not nil, takes back the memory of each reference emitted
	// (Options.Transient), but the base element's, which h keeps.
	mem    *refMemory
	budget int
	// checkOnly: do not resolve (Options.CheckOnly).
	checkOnly bool
	// noBase: the base is not wanted (Options.NoBase), so nothing is
	// held: each reference is emitted as it comes.
	noBase bool
	// spilled says the budget ran out before a base element: references
	// are then emitted under fallback as they come. earlyN counts them,
	// earlyFirst and earlyLast are the offsets of the first and last.
	spilled               bool
	earlyN                int
	earlyFirst, earlyLast int
}

// add takes the next reference of the document, in order.
func (h *htmlRefs) add(t tokenRef) error {
	if h.noBase {
		err := h.emit(t.r)
		if h.mem != nil && t.mem != nil {
			h.mem.put(t.mem)
		}
		return err
	}
	ref := t.r
	if ref.Element == "base" && ref.Attribute == "href" && h.baseHref == nil {
		h.baseHref = ref
		h.docBase = establish(append([]candidate{{from: Content, what: "<base href>", uri: ref.URI}}, h.chain...))
		if err := h.flush(); err != nil {
			return err
		}
	}
	if h.docBase != nil || h.spilled {
		return h.send(t)
	}
	h.held = append(h.held, t)
	h.size += heldCost + len(ref.Text)
	if h.size <= h.budget {
		return nil
	}
	h.spilled = true
	return h.flush()
}

// flush emits the held references.
func (h *htmlRefs) flush() error {
	for i, t := range h.held {
		h.held[i] = tokenRef{}
		if err := h.send(t); err != nil {
			return err
		}
	}
	h.held, h.size = h.held[:0], 0
	return nil
}

// send resolves t's reference against the base known now and emits it.
func (h *htmlRefs) send(t tokenRef) error {
	ref := t.r
	b := h.fallback
	switch {
	case ref.Element == "base":
		// A base element's own href is resolved against what the
		// document's base would be without it.
	case h.docBase != nil:
		b = h.docBase
	case h.spilled:
		if h.earlyN == 0 {
			h.earlyFirst = ref.Offset
		}
		h.earlyN++
		h.earlyLast = ref.Offset
	}
	ref.Base = b
	if !(ref.Abbreviation != nil && ref.Attribute == "") {
		if !h.checkOnly {
			ref.Resolved, ref.Warnings, ref.ResolveErr = resolve(b, ref.URI, ref.Err == nil)
		}
	}
	var note string
	switch {
	case ref.Element == "base" && ref != h.baseHref:
		note = "this base element is ignored: only the first base element with an href sets the document's base"
	case ref == h.baseHref && h.earlyN > 0:
		note = fmt.Sprintf("this base element came after %d references (bytes %d to %d) that were emitted resolved without it: more than %d bytes of references (the limit, 4 times --max-line) came before it", h.earlyN, h.earlyFirst, h.earlyLast, h.budget)
	}
	if note != "" {
		ref.Base = &Base{URI: b.URI, From: b.From, What: b.What, Notes: append(append([]string(nil), b.Notes...), note)}
	}
	err := h.emit(ref)
	if h.mem != nil && t.mem != nil && ref != h.baseHref {
		h.mem.put(t.mem)
	}
	return err
}

// attrName returns the entry of list equal to k, or "".
func attrName(list []string, k []byte) string {
	for _, x := range list {
		if x == string(k) {
			return x
		}
	}
	return ""
}

func contains(list []string, s string) bool {
	for _, x := range list {
		if x == s {
			return true
		}
	}
	return false
}

// covered reports whether off is inside the span of one of the last
// references found.
func covered(refs []tokenRef, off int) bool {
	for i := len(refs) - 1; i >= 0 && i >= len(refs)-64; i-- {
		if refs[i].r.Offset <= off && off < refs[i].r.End {
			return true
		}
	}
	return false
}

// sortByOffset sorts refs by offset; they are nearly sorted (a text
// token's references, then its abbreviated URLs), so insertion sort.
func sortByOffset(refs []tokenRef) {
	for i := 1; i < len(refs); i++ {
		for j := i; j > 0 && refs[j].r.Offset < refs[j-1].r.Offset; j-- {
			refs[j], refs[j-1] = refs[j-1], refs[j]
		}
	}
}

// attrValueStart finds, in the raw tag from index from, the attribute key
// (case-insensitive) and returns the index where its value starts (after
// "=", white space and an opening quote) and where to look for the next
// attribute. When it cannot find it, it returns from for both.
func attrValueStart(raw []byte, from int, key []byte) (int, int) {
	// An ASCII key matches only ASCII bytes of raw (a byte of a longer
	// UTF-8 sequence cannot stand for one of its bytes), whose first then
	// equals the key's first but for case: a test cheaper than EqualFold.
	ascii := len(key) > 0
	for _, c := range key {
		ascii = ascii && c < utf8.RuneSelf
	}
	for i := from; i+len(key) <= len(raw); i++ {
		if ascii && raw[i]|0x20 != key[0]|0x20 || !bytes.EqualFold(raw[i:i+len(key)], key) {
			continue
		}
		if i > 0 && !isHTMLSpace(raw[i-1]) && raw[i-1] != '/' && raw[i-1] != '"' && raw[i-1] != '\'' {
			continue
		}
		j := i + len(key)
		for j < len(raw) && isHTMLSpace(raw[j]) {
			j++
		}
		if j >= len(raw) || raw[j] != '=' {
			return j, j // an attribute without a value
		}
		j++
		for j < len(raw) && isHTMLSpace(raw[j]) {
			j++
		}
		if j < len(raw) && (raw[j] == '"' || raw[j] == '\'') {
			q := raw[j]
			e := bytes.IndexByte(raw[j+1:], q)
			if e < 0 {
				return j + 1, len(raw)
			}
			return j + 1, j + 1 + e + 1
		}
		e := j
		for e < len(raw) && !isHTMLSpace(raw[e]) && raw[e] != '>' {
			e++
		}
		return j, e
	}
	return from, from
}

// decodeText appends to text raw text with its character references
// decoded (with refs), and to spans where each run of the decoded bytes
// comes from in raw. Only references ending in ";" within 40 bytes are
// decoded.
func decodeText(raw, text []byte, spans []textSpan, refs charRefs) ([]byte, []textSpan) {
	copied := 0 // raw[:copied] is in text
	for i := 0; i < len(raw); {
		k := bytes.IndexByte(raw[i:], '&')
		if k < 0 {
			break
		}
		i += k
		if j := bytes.IndexByte(raw[i:min(len(raw), i+40)], ';'); j > 1 {
			ent := raw[i : i+j+1]
			if dec := refs.decode(ent); dec != string(ent) {
				if copied < i {
					spans = append(spans, textSpan{at: len(text), raw: copied})
					text = append(text, raw[copied:i]...)
				}
				spans = append(spans, textSpan{at: len(text), raw: i, ref: true})
				text = append(text, dec...)
				i += j + 1
				copied = i
				continue
			}
		}
		i++
	}
	if copied < len(raw) {
		spans = append(spans, textSpan{at: len(text), raw: copied})
		text = append(text, raw[copied:]...)
	}
	return text, spans
}

// charRefs holds what the character references a reader has met stand
// for, by their text from "&" to ";": most documents use a few, many
// times, and html.UnescapeString allocates twice for each.
type charRefs map[string]string

// maxCharRefs bounds a charRefs: past it, a reference not held is decoded
// each time it is met.
const maxCharRefs = 256

// decode returns what the character reference ref stands for, or ref
// when it stands for nothing.
func (c charRefs) decode(ref []byte) string {
	if dec, ok := c[string(ref)]; ok {
		return dec
	}
	ent := string(ref)
	dec := html.UnescapeString(ent)
	if c != nil && len(c) < maxCharRefs {
		c[ent] = dec
	}
	return dec
}

// textSpan says where the bytes of a decoded text from index at on come
// from in the raw text: from index raw on, byte for byte, or, for a
// character reference (ref), each from raw, where the reference starts.
type textSpan struct {
	at, raw int
	ref     bool
}

// rawIndex returns the index in raw, of length n, of byte i of the text
// that decodeText made with spans (i past its end: n).
func rawIndex(spans []textSpan, textLen, n, i int) int {
	if i >= textLen {
		return n
	}
	k := sort.Search(len(spans), func(k int) bool { return spans[k].at > i }) - 1
	if spans[k].ref {
		return spans[k].raw
	}
	return spans[k].raw + i - spans[k].at
}
