package document

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"sort"
	"strings"

	"github.com/rfc2396/rfc2396/extract"
	"github.com/rfc2396/rfc2396/parser"
	"golang.org/x/net/html"
	"golang.org/x/net/html/atom"
)

// urlAttributes lists, for each HTML element, the attributes whose value
// is a URI reference (HTML 4.01 section 6.4 "%URI;" attributes and HTML5's
// URL attributes). Lists of URLs (srcset, ping, archive), object's classid
// and data (resolved against codebase in HTML 4), and URLs inside other
// syntaxes (<meta http-equiv=refresh content>, CSS url()) are not read.
var urlAttributes = map[string][]string{
	"a":          {"href"},
	"area":       {"href"},
	"link":       {"href"},
	"base":       {"href"},
	"img":        {"src", "longdesc", "usemap"},
	"script":     {"src"},
	"form":       {"action"},
	"iframe":     {"src", "longdesc"},
	"frame":      {"src", "longdesc"},
	"q":          {"cite"},
	"blockquote": {"cite"},
	"del":        {"cite"},
	"ins":        {"cite"},
	"input":      {"src", "formaction", "usemap"},
	"button":     {"formaction"},
	"object":     {"usemap"},
	"applet":     {"codebase"},
	"body":       {"background"},
	"head":       {"profile"},
	"audio":      {"src"},
	"video":      {"src", "poster"},
	"source":     {"src"},
	"track":      {"src"},
	"embed":      {"src"},
	"html":       {"manifest"},
}

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
	z := html.NewTokenizer(r)
	z.SetMaxBuf(maxLine)
	h := &htmlRefs{emit: emit, fallback: establish(chain), chain: chain, budget: htmlHold(maxLine), checkOnly: opts.CheckOnly}
	var refs []*Reference // the references of one token
	var xopts []extract.Option
	if opts.Relative {
		xopts = append(xopts, extract.WithRelative())
	}
	offset, line, lineStart := 0, 1, 0
	skipText := false // inside script or style
	var raw []byte
	var nls []int // the indices of the newlines in raw
	for {
		tt := z.Next()
		if tt == html.ErrorToken {
			err := z.Err()
			if err == io.EOF {
				break
			}
			if errors.Is(err, html.ErrBufferExceeded) {
				return &LimitError{Part: part, Offset: offset, Limit: maxLine, What: "HTML token"}
			}
			return err
		}
		refs = refs[:0]
		raw = append(raw[:0], z.Raw()...)
		nls = nls[:0]
		for k, c := range raw {
			if c == '\n' {
				nls = append(nls, k)
			}
		}
		at := func(i int) Position {
			// The newlines of raw before i: nls[:n].
			n := sort.SearchInts(nls, i)
			if n == 0 {
				return Position{Offset: offset + i, Line: line, Column: offset + i - lineStart + 1}
			}
			return Position{Offset: offset + i, Line: line + n, Column: i - nls[n-1]}
		}
		switch tt {
		case html.StartTagToken, html.SelfClosingTagToken:
			name, hasAttr := z.TagName()
			elName := tagName(name)
			skipText = tt == html.StartTagToken && (elName == "script" || elName == "style")
			if tt == html.StartTagToken && (elName == "noscript" || elName == "noframes" || elName == "noembed") {
				// Their content is markup for readers without scripts,
				// frames or plug-ins: read its links, as a browser
				// without them would.
				z.NextIsNotRawText()
			}
			refs = tagRefs(z, raw, elName, hasAttr, part, at, refs)
		case html.EndTagToken:
			skipText = false
		case html.TextToken:
			if skipText {
				break
			}
			// Text is read decoded (character references replaced), as a
			// reader sees it; origin maps each decoded byte back to raw.
			text, origin := decodeText(raw)
			rawAt := func(i int) int {
				if origin == nil {
					return i
				}
				if i >= len(origin) {
					return len(raw)
				}
				return origin[i]
			}
			var found []extract.Reference
			// Find needs a ":" (a scheme), a "<" or, for relative
			// references in quotes, a '"'; most text has none.
			if bytes.IndexByte(text, ':') >= 0 || bytes.IndexByte(text, '<') >= 0 || (opts.Relative && bytes.IndexByte(text, '"') >= 0) {
				found = extract.Find(text, xopts...)
			}
			for i := range found {
				// One allocation for the reference and what extract found.
				both := &struct {
					r Reference
					f extract.Reference
				}{f: found[i]}
				f := &both.f
				b, e := rawAt(f.Offset), rawAt(f.End)
				p := at(b)
				ref := &both.r
				*ref = Reference{Position: p, End: offset + e, Part: part, Text: f.Text, URI: f.URI, Err: f.Err, Found: f}
				if string(raw[b:e]) != f.Text {
					ref.Text = string(raw[b:e]) // as written: character references not decoded
				}
				if ref.Err != nil {
					ref.ErrPos = at(rawAt(f.InputOffset(ref.Err.Offset)))
				}
				for _, n := range f.Notes {
					ref.NotePos = append(ref.NotePos, at(rawAt(n.Offset)))
				}
				abbreviatedInText(ref)
				f.Offset, f.End = offset+b, offset+e
				f.Line, f.Column = p.Line, p.Column
				for i := range f.Notes {
					f.Notes[i].Offset = offset + rawAt(f.Notes[i].Offset)
				}
				refs = append(refs, ref)
			}
			for _, a := range extract.FindAbbreviated(text) {
				b, e := rawAt(a.Offset), rawAt(a.End)
				if covered(refs, offset+b) {
					continue
				}
				p := at(b)
				a.Offset, a.End, a.Line, a.Column = p.Offset, offset+e, p.Line, p.Column
				refs = append(refs, &Reference{Position: p, End: a.End, Part: part, Text: string(raw[b:e]), URI: a.Text, Abbreviation: &a,
					ResolveErr: &AbbreviatedError{Text: a.Text, Likely: a.Likely}})
			}
		}
		sortByOffset(refs)
		for _, ref := range refs {
			if err := h.add(ref); err != nil {
				return err
			}
		}
		if n := len(nls); n > 0 {
			line += n
			lineStart = offset + nls[n-1] + 1
		}
		offset += len(raw)
	}
	return h.flush()
}

// tagName returns the element name name as a string, without an
// allocation for the names HTML defines.
func tagName(name []byte) string {
	if a := atom.Lookup(name); a != 0 {
		return a.String()
	}
	return string(name)
}

// tagRefs appends to refs the references in the URL attributes of the
// start tag z has just read: elName is its name, hasAttr says whether it
// has attributes, raw is its bytes and at locates an index of raw in the
// input.
func tagRefs(z *html.Tokenizer, raw []byte, elName string, hasAttr bool, part string, at func(int) Position, refs []*Reference) []*Reference {
	attrs := urlAttributes[elName]
	from := len(elName) + 1
	var seenBuf [4]string
	seen := seenBuf[:0] // HTML ignores a repeated attribute
	for hasAttr && attrs != nil {
		var k, v []byte
		k, v, hasAttr = z.TagAttr()
		vs, next := attrValueStart(raw, from, k)
		from = next
		key := attrName(attrs, k) // the list's string: no allocation
		if key == "" || contains(seen, key) {
			continue
		}
		seen = append(seen, key)
		val := string(v)
		uri := strings.Trim(val, htmlSpace)
		lead := len(val) - len(strings.TrimLeft(val, htmlSpace))
		ref := &Reference{Position: at(vs), End: at(vs + len(val)).Offset, Part: part, Element: elName, Attribute: key, Text: val, URI: uri}
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
				ab := a
				ref.Abbreviation = &ab
			}
		}
		refs = append(refs, ref)
	}
	return refs
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
	held     []*Reference
	size     int // what held is counted as
	budget   int
	// checkOnly: do not resolve (Options.CheckOnly).
	checkOnly bool
	// spilled says the budget ran out before a base element: references
	// are then emitted under fallback as they come. earlyN counts them,
	// earlyFirst and earlyLast are the offsets of the first and last.
	spilled               bool
	earlyN                int
	earlyFirst, earlyLast int
}

// add takes the next reference of the document, in order.
func (h *htmlRefs) add(ref *Reference) error {
	if ref.Element == "base" && ref.Attribute == "href" && h.baseHref == nil {
		h.baseHref = ref
		h.docBase = establish(append([]candidate{{from: Content, what: "<base href>", uri: ref.URI}}, h.chain...))
		if err := h.flush(); err != nil {
			return err
		}
	}
	if h.docBase != nil || h.spilled {
		return h.send(ref)
	}
	h.held = append(h.held, ref)
	h.size += heldCost + len(ref.Text)
	if h.size <= h.budget {
		return nil
	}
	h.spilled = true
	return h.flush()
}

// flush emits the held references.
func (h *htmlRefs) flush() error {
	for i, ref := range h.held {
		h.held[i] = nil
		if err := h.send(ref); err != nil {
			return err
		}
	}
	h.held, h.size = h.held[:0], 0
	return nil
}

// send resolves ref against the base known now and emits it.
func (h *htmlRefs) send(ref *Reference) error {
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
	return h.emit(ref)
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
func covered(refs []*Reference, off int) bool {
	for i := len(refs) - 1; i >= 0 && i >= len(refs)-64; i-- {
		if refs[i].Offset <= off && off < refs[i].End {
			return true
		}
	}
	return false
}

// sortByOffset sorts refs by offset; they are nearly sorted (a text
// token's references, then its abbreviated URLs), so insertion sort.
func sortByOffset(refs []*Reference) {
	for i := 1; i < len(refs); i++ {
		for j := i; j > 0 && refs[j].Offset < refs[j-1].Offset; j-- {
			refs[j], refs[j-1] = refs[j-1], refs[j]
		}
	}
}

// attrValueStart finds, in the raw tag from index from, the attribute key
// (case-insensitive) and returns the index where its value starts (after
// "=", white space and an opening quote) and where to look for the next
// attribute. When it cannot find it, it returns from for both.
func attrValueStart(raw []byte, from int, key []byte) (int, int) {
	for i := from; i+len(key) <= len(raw); i++ {
		if !bytes.EqualFold(raw[i:i+len(key)], key) {
			continue
		}
		if i > 0 && !strings.ContainsRune(htmlSpace+"/\"'", rune(raw[i-1])) {
			continue
		}
		j := i + len(key)
		for j < len(raw) && strings.IndexByte(htmlSpace, raw[j]) >= 0 {
			j++
		}
		if j >= len(raw) || raw[j] != '=' {
			return j, j // an attribute without a value
		}
		j++
		for j < len(raw) && strings.IndexByte(htmlSpace, raw[j]) >= 0 {
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
		for e < len(raw) && strings.IndexByte(htmlSpace+">", raw[e]) < 0 {
			e++
		}
		return j, e
	}
	return from, from
}

// decodeText returns raw text with its character references decoded, and
// for each decoded byte the offset in raw of the byte or the reference it
// comes from. Text without "&" is returned as it is, with a nil origin.
// Only references ending in ";" within 40 bytes are decoded.
func decodeText(raw []byte) (text []byte, origin []int) {
	if bytes.IndexByte(raw, '&') < 0 {
		return raw, nil
	}
	text = make([]byte, 0, len(raw))
	origin = make([]int, 0, len(raw))
	for i := 0; i < len(raw); {
		if raw[i] == '&' {
			if j := bytes.IndexByte(raw[i:min(len(raw), i+40)], ';'); j > 1 {
				ent := string(raw[i : i+j+1])
				if dec := html.UnescapeString(ent); dec != ent {
					for k := 0; k < len(dec); k++ {
						text = append(text, dec[k])
						origin = append(origin, i)
					}
					i += j + 1
					continue
				}
			}
		}
		text = append(text, raw[i])
		origin = append(origin, i)
		i++
	}
	return text, origin
}
