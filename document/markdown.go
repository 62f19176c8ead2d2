package document

import (
	"bytes"
	"errors"
	"io"
	"math"
	"sort"

	"github.com/rfc2396/rfc2396/extract"
	"github.com/rfc2396/rfc2396/parser"
	"github.com/yuin/goldmark"
	"github.com/yuin/goldmark/ast"
	"github.com/yuin/goldmark/text"
	"golang.org/x/net/html"
	"golang.org/x/net/html/atom"
)

// The constructs of Markdown a reference is taken from, as
// [Reference.Markdown] names them.
const (
	// MarkdownLink is an inline link's destination: [text](dest).
	MarkdownLink = "link"
	// MarkdownImage is an inline image's destination: ![alt](dest).
	MarkdownImage = "image"
	// MarkdownDefinition is a link reference definition's destination:
	// [label]: dest. The links that use it ([text][label]) are not
	// reported again.
	MarkdownDefinition = "definition"
	// MarkdownAutolink is an autolink: <scheme:...>.
	MarkdownAutolink = "autolink"
	// MarkdownUnparsed is the text between "](" and ")" where CommonMark
	// makes no link, such as [text](a b): see Markdown in the package
	// documentation.
	MarkdownUnparsed = "unparsed-link"
)

// markdownHold is how much of a Markdown document is read, in multiples
// of MaxLine: a link may use a definition anywhere in the document, so it
// is parsed whole.
const markdownHold = 4

// readMarkdown reads a whole Markdown document (at most markdownHold *
// MaxLine bytes) with goldmark's CommonMark parser and emits the
// references of its links, images, reference definitions and autolinks,
// the URL attributes of its raw HTML, and the destinations CommonMark did
// not make a link of, in document order, resolved against the first
// <base href> of its raw HTML, else the next rule of chain.
func readMarkdown(r io.Reader, chain []candidate, opts *Options, emit func(*Reference) error) error {
	limit := markdownHold * opts.maxLine()
	src, err := io.ReadAll(io.LimitReader(r, int64(limit)+1))
	if err != nil {
		return err
	}
	if len(src) > limit {
		return &LimitError{Offset: 0, Limit: limit, What: "Markdown document"}
	}
	// (MaxLine is at most 1 GiB from the command, but any int here: the
	// product stays an int on 32-bit platforms.)
	if budget := min(opts.maxLine(), math.MaxInt/markdownRereadHold) * markdownRereadHold; len(src) > 0 {
		if at, over := goldmarkRereads(src, budget); over {
			return &LimitError{Offset: at, Limit: budget, What: markdownRereadWhat}
		}
	}
	md := &mdReader{src: src}
	for i, c := range src {
		if c == '\n' {
			md.nls = append(md.nls, i)
		}
	}
	root := goldmark.DefaultParser().Parse(text.NewReader(src))
	if err := ast.Walk(root, md.visit); err != nil {
		return err
	}
	root = nil // the spans found are all that is needed now
	sort.SliceStable(md.spans, func(i, j int) bool { return md.spans[i].b < md.spans[j].b })
	var baseHref *Reference
	for _, sp := range md.spans {
		if ref := sp.html; ref != nil && ref.Element == "base" && ref.Attribute == "href" {
			baseHref = ref
			break
		}
	}
	fallback := establish(chain)
	docBase := fallback
	if baseHref != nil {
		docBase = establish(append([]candidate{{from: Content, what: "<base href>", uri: baseHref.URI}}, chain...))
	}
	for i, sp := range md.spans {
		ref := sp.html
		if ref == nil {
			ref = md.reference(sp.b, sp.e, sp.construct)
		}
		md.spans[i] = mdSpan{}
		b := docBase
		if ref.Element == "base" {
			b = fallback
		}
		ref.Base = b
		if ref.Element == "base" && ref != baseHref {
			ref.Base = &Base{URI: b.URI, From: b.From, What: b.What, Notes: append(append([]string(nil), b.Notes...), "this base element is ignored: only the first base element with an href sets the document's base")}
		}
		if !opts.CheckOnly {
			ref.Resolved, ref.Warnings, ref.ResolveErr = resolve(b, ref.URI, ref.Err == nil)
		}
		if err := emit(ref); err != nil {
			return err
		}
	}
	return nil
}

// markdownRereadHold is how many bytes goldmark may read again while it
// parses a document, in multiples of MaxLine: 64 MiB by default, a few
// tenths of a second.
const markdownRereadHold = 64

// markdownRereadWhat is what a *LimitError says goldmarkRereads found.
const markdownRereadWhat = `Markdown that goldmark reads again and again ("](" with no space after, nested brackets, block markers nested on one line), counted in bytes read again,`

// goldmarkRereads bounds, in one pass, the bytes goldmark's parser reads
// more than once in src, in the three shapes where that grows with the
// square of the input: at each "](" it reads the destination up to the
// first space or the ")" that balances its "(", so a line of "[a]("
// without spaces is read once for each; at each "]" closing a "[" it
// walks what the brackets enclose, so nested brackets are walked once for
// each level; and each block quote or list item opened on a line reads
// the line again from its start. It reports the start of the line on
// which the count passes budget, if it does.
func goldmarkRereads(src []byte, budget int) (at int, over bool) {
	total := 0
	var parens []int   // the open "(" since the last space: where the text after a "](" starts, or -1
	var brackets []int // the open "[" of the paragraph
	lineStart, blank := 0, true
	markers := true // still reading the line's block markers
	for k := 0; k < len(src); k++ {
		c := src[k]
		space := c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\f' || c == '\v'
		if space {
			for _, p := range parens {
				if p >= 0 {
					total += k - p
				}
			}
			parens = parens[:0]
		}
		switch {
		case c == '\n' || c == '\r':
			if blank {
				brackets = brackets[:0] // a blank line ends the paragraph
			}
			lineStart, blank, markers = k+1, true, true
		case space:
		case markers && (c == '>' || (c == '-' || c == '+' || c == '*') && k+1 < len(src) && (src[k+1] == ' ' || src[k+1] == '\t')):
			total += k - lineStart
			blank = false
		case markers && c >= '0' && c <= '9':
			e := k
			for e < len(src) && e-k < 9 && src[e] >= '0' && src[e] <= '9' {
				e++
			}
			if e+1 < len(src) && (src[e] == '.' || src[e] == ')') && (src[e+1] == ' ' || src[e+1] == '\t') {
				total += k - lineStart
				k = e
			} else {
				markers = false
			}
			blank = false
		default:
			markers, blank = false, false
		}
		if !space && (k == 0 || src[k-1] != '\\') {
			switch c {
			case '[':
				brackets = append(brackets, k)
			case ']':
				if n := len(brackets); n > 0 {
					total += k - brackets[n-1]
					brackets = brackets[:n-1]
				}
			case '(':
				p := -1
				if k > 0 && src[k-1] == ']' {
					p = k + 1
				}
				parens = append(parens, p)
			case ')':
				if n := len(parens); n > 0 {
					if p := parens[n-1]; p >= 0 {
						total += k - p
					}
					parens = parens[:n-1]
				}
			}
		}
		if total > budget {
			return lineStart, true
		}
	}
	for _, p := range parens {
		if p >= 0 {
			total += len(src) - p
		}
	}
	return lineStart, total > budget
}

// mdReader collects the references of a Markdown document's AST.
type mdReader struct {
	src   []byte
	nls   []int // the offsets of the newlines of src
	spans []mdSpan
	tails []linkTail // see linkTails, found at the first text segment
}

// mdSpan is a reference found: the span src[b:e] of a Markdown
// construct, made a Reference only when it is emitted so that a document
// dense with links holds little more than its source; or an attribute
// of raw HTML.
type mdSpan struct {
	b, e      int
	construct string
	html      *Reference
}

// at is the position of offset i of the source.
func (md *mdReader) at(i int) Position {
	n := sort.SearchInts(md.nls, i) // the newlines before i
	if n == 0 {
		return Position{Offset: i, Line: 1, Column: i + 1}
	}
	return Position{Offset: i, Line: n + 1, Column: i - md.nls[n-1]}
}

// offsetOf returns where b, a slice that goldmark took of the source,
// starts in it, or -1 when b is a copy. Slices of one array share its end,
// so the difference of capacities is the offset, checked by address.
func (md *mdReader) offsetOf(b []byte) int {
	if len(b) == 0 {
		return -1
	}
	off := cap(md.src) - cap(b)
	if off < 0 || off+len(b) > len(md.src) || &md.src[off] != &b[0] {
		return -1
	}
	return off
}

func (md *mdReader) visit(n ast.Node, entering bool) (ast.WalkStatus, error) {
	if !entering {
		return ast.WalkContinue, nil
	}
	switch n := n.(type) {
	case *ast.CodeSpan, *ast.CodeBlock, *ast.FencedCodeBlock:
		return ast.WalkSkipChildren, nil
	case *ast.Link:
		if n.Reference == nil {
			md.destination(n.Destination, n.Pos(), MarkdownLink)
		}
	case *ast.Image:
		if n.Reference == nil {
			md.destination(n.Destination, n.Pos(), MarkdownImage)
		}
	case *ast.LinkReferenceDefinition:
		md.destination(n.Destination, n.Pos(), MarkdownDefinition)
	case *ast.AutoLink:
		if n.AutoLinkType == ast.AutoLinkURL {
			md.destination(n.Label(md.src), n.Pos(), MarkdownAutolink)
		}
	case *ast.RawHTML:
		md.rawHTML(n.Segments.Sliced(0, n.Segments.Len()))
	case *ast.HTMLBlock:
		segs := n.Lines().Sliced(0, n.Lines().Len())
		if n.HasClosure() {
			segs = append(segs, n.ClosureLine)
		}
		md.rawHTML(segs)
	case *ast.Text:
		md.unparsed(n.Segment)
	}
	return ast.WalkContinue, nil
}

// destination adds the reference of a link destination or an autolink,
// dest as goldmark took it from the source, the construct starting near
// offset pos. A destination in angle brackets (<a b>) is reported
// without them.
func (md *mdReader) destination(dest []byte, pos int, construct string) {
	off := md.offsetOf(dest)
	if off < 0 && len(dest) > 0 {
		// A copy (a destination in a block with padding): the first
		// occurrence from where the construct starts.
		if i := bytes.Index(md.src[max(pos, 0):], dest); i >= 0 {
			off = max(pos, 0) + i
		}
	}
	if off < 0 {
		return // an empty destination: [text]()
	}
	md.spans = append(md.spans, mdSpan{b: off, e: off + len(dest), construct: construct})
}

// reference returns the reference written at src[b:e]: its text as
// written, and as a URI the text with CommonMark's backslash escapes and
// character references decoded (autolinks have neither).
func (md *mdReader) reference(b, e int, construct string) *Reference {
	raw := md.src[b:e]
	uri, origin := raw, []int(nil)
	if construct != MarkdownAutolink {
		uri, origin = mdDecode(raw)
	}
	rawAt := func(i int) int {
		switch {
		case origin == nil:
			return min(i, len(raw))
		case i >= len(origin):
			return len(raw)
		}
		return origin[i]
	}
	ref := &Reference{Position: md.at(b), End: e, Markdown: construct, Text: string(raw), URI: string(uri)}
	if !parser.Valid(ref.URI) {
		_, err := parser.Parse(ref.URI)
		var perr *parser.Error
		if !errors.As(err, &perr) {
			perr = &parser.Error{Input: ref.URI, Offset: len(ref.URI)}
		}
		ref.Err = perr
		ref.ErrPos = md.at(b + rawAt(perr.Offset))
	} else if bytes.IndexByte(uri, '.') >= 0 {
		if a, ok := extract.LooksAbbreviated(ref.URI); ok {
			ref.Abbreviation = &a
		}
	}
	return ref
}

// unparsed adds, for each "](" in the text segment seg that CommonMark did
// not read as a link (a link's "](" is not text), the text up to the
// ")" that closes it on the same line, trimmed of spaces: [y](a b) gives
// "a b". The "]" must close a "[" earlier on its line, and neither may be
// escaped with a backslash: \[x](a b) and f(x)](a b) are text.
func (md *mdReader) unparsed(seg text.Segment) {
	if md.tails == nil {
		md.tails = linkTails(md.src)
	}
	src := md.src
	tails := md.tails
	for k := sort.Search(len(tails), func(k int) bool { return tails[k].j >= seg.Start }); k < len(tails) && tails[k].j < seg.Stop; k++ {
		if tails[k].end < 0 {
			continue
		}
		b, e := tails[k].j+2, tails[k].end
		for b < e && (src[b] == ' ' || src[b] == '\t') {
			b++
		}
		for e > b && (src[e-1] == ' ' || src[e-1] == '\t') {
			e--
		}
		if b < e {
			md.spans = append(md.spans, mdSpan{b: b, e: e, construct: MarkdownUnparsed})
		}
	}
}

// linkTail is a "](" of the source at j whose "]" closes a "[" earlier
// on its line, neither escaped, and the ")" at end that closes its "("
// on the line (-1 when none does).
type linkTail struct{ j, end int }

// linkTails returns the source's link tails in order, in one pass, so
// that a line of many "](" costs its length and not its square:
//
//   - a "]" closes an earlier "[" when, reading back from it, some "["
//     outnumbers the "]" after it: with s the count of "[" less "]"
//     from the line's start, when s at the "]" exceeds the least s
//     before it. A bracket right after a backslash is escaped.
//   - a "(" is closed by the ")" that balances it, as a stack of the
//     open "(" finds it; a backslash escapes the byte after it, the
//     pairs counted from the line's start.
func linkTails(src []byte) []linkTail {
	tails := []linkTail{}
	var parens []int // the open "(" of the line: an index in tails, or -1
	s, least := 0, 0
	escaping := false
	for k := 0; k < len(src); k++ {
		c := src[k]
		if c == '\n' || c == '\r' {
			for _, t := range parens {
				if t >= 0 {
					tails[t].end = -1
				}
			}
			parens, s, least, escaping = parens[:0], 0, 0, false
			continue
		}
		bracketEscaped := k > 0 && src[k-1] == '\\'
		switch {
		case c == '[' && !bracketEscaped:
			s++
		case c == ']' && !bracketEscaped:
			if k+1 < len(src) && src[k+1] == '(' && s > least {
				tails = append(tails, linkTail{j: k, end: -1})
			}
			s--
		}
		least = min(least, s)
		switch {
		case escaping:
			escaping = false
		case c == '\\':
			escaping = true
		case c == '(':
			t := -1
			if n := len(tails); n > 0 && tails[n-1].j == k-1 {
				t = n - 1
			}
			parens = append(parens, t)
		case c == ')' && len(parens) > 0:
			if t := parens[len(parens)-1]; t >= 0 {
				tails[t].end = k
			}
			parens = parens[:len(parens)-1]
		}
	}
	return tails
}

// rawHTML reads the URL attributes of the tags in raw HTML made of the
// given segments of the source, as the HTML reader reads them.
func (md *mdReader) rawHTML(segs []text.Segment) {
	var buf []byte
	starts := make([]int, 0, len(segs)) // where each segment starts in buf
	for _, s := range segs {
		starts = append(starts, len(buf))
		buf = append(buf, md.src[s.Start:s.Stop]...)
	}
	srcAt := func(i int) int {
		k := sort.SearchInts(starts, i+1) - 1
		if k < 0 {
			return segs[0].Start
		}
		return segs[k].Start + i - starts[k]
	}
	z := html.NewTokenizer(bytes.NewReader(buf))
	offset := 0
	var refs []tokenRef
	for {
		tt := z.Next()
		if tt == html.ErrorToken {
			return
		}
		raw := z.Raw()
		if tt == html.StartTagToken || tt == html.SelfClosingTagToken {
			name, hasAttr := z.TagName()
			base := offset
			at := func(i int) Position { return md.at(srcAt(base + i)) }
			refs = refs[:0]
			if attrs := urlAttributes(atom.Lookup(name)); hasAttr && attrs != nil {
				refs = tagRefs(z, raw, string(name), attrs, "", at, nil, refs)
			}
			for _, ref := range refs {
				md.spans = append(md.spans, mdSpan{b: ref.r.Offset, html: ref.r})
			}
		}
		offset += len(raw)
	}
}

// mdDecode returns raw with CommonMark's backslash escapes (of ASCII
// punctuation) and character references decoded, and for each decoded
// byte the offset in raw it comes from; raw itself and a nil origin when
// there is neither.
func mdDecode(raw []byte) ([]byte, []int) {
	if bytes.IndexByte(raw, '\\') < 0 && bytes.IndexByte(raw, '&') < 0 {
		return raw, nil
	}
	out := make([]byte, 0, len(raw))
	origin := make([]int, 0, len(raw))
	for i := 0; i < len(raw); {
		c := raw[i]
		if c == '\\' && i+1 < len(raw) && isASCIIPunct(raw[i+1]) {
			out = append(out, raw[i+1])
			origin = append(origin, i)
			i += 2
			continue
		}
		if c == '&' {
			if j := bytes.IndexByte(raw[i:min(len(raw), i+40)], ';'); j > 1 {
				ent := string(raw[i : i+j+1])
				if dec := html.UnescapeString(ent); dec != ent {
					for k := 0; k < len(dec); k++ {
						out = append(out, dec[k])
						origin = append(origin, i)
					}
					i += j + 1
					continue
				}
			}
		}
		out = append(out, c)
		origin = append(origin, i)
		i++
	}
	return out, origin
}

func isASCIIPunct(c byte) bool {
	return c >= '!' && c <= '/' || c >= ':' && c <= '@' || c >= '[' && c <= '`' || c >= '{' && c <= '~'
}
