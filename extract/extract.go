package extract

import (
	"bytes"
	"errors"
	"maps"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/rfc2396/rfc2396/internal/syntax"
	"github.com/rfc2396/rfc2396/parser"
)

// maxAngle is how far Find looks for the ">" that closes a "<", and how
// far after a "<" an XML marker of a prefix still counts for it.
const maxAngle = 64 << 10

// markerMargin bounds the length of an XML marker ("xmlns:" or "</", a
// name of at most 64 bytes, ":"): a piece read with more to come decides
// whether a prefix is marked within maxAngle of a "<" only when it holds
// that far plus this margin.
const markerMargin = 128

// maxPrefixes bounds the XML prefixes a text counts: the first ones it
// marks, in order; later new ones are not counted (as a text read in
// pieces must hold them all).
const maxPrefixes = 1024

// MaxSpan is how far past the start of a construct Find may look to decide
// it: the ">" of a "<", the XML markers that make a qualified name markup.
// A reader that gives [Stream.Next] pieces of an input holds at most this
// much more than its longest lines (see [Stream]).
const MaxSpan = maxAngle + markerMargin

// Find returns the URI references in text, in the order they appear, as the
// package documentation describes. It reads each byte of text a bounded
// number of times, so it takes time linear in the length of text (plus a
// strict parse of each reference found, linear in the reference).
func Find(text []byte, opts ...Option) []Reference {
	s := &scanner{src: text, line: 1}
	s.xml, _ = addPrefixes(nil, false, text, 0, false)
	for _, o := range opts {
		if o != nil {
			o(&s.cfg)
		}
	}
	s.run()
	return s.refs
}

// byte classes
const (
	clToken   = 1 << iota // may be part of a bare candidate
	clSpace               // ASCII whitespace
	clScheme              // alpha | digit | "+" | "-" | "."
	clAlpha               // alpha
	clOpener              // opening punctuation skipped before a candidate
	clTrailer             // sentence punctuation dropped after a candidate
)

var class [256]uint8

func init() {
	for c := 0x21; c < 0x7f; c++ {
		class[c] |= clToken
	}
	for _, c := range []byte("<>\"`") {
		class[c] &^= clToken
	}
	for _, c := range []byte(" \t\n\r\f\v") {
		class[c] |= clSpace
	}
	for c := 'a'; c <= 'z'; c++ {
		class[c] |= clAlpha | clScheme
		class[c-'a'+'A'] |= clAlpha | clScheme
	}
	for c := '0'; c <= '9'; c++ {
		class[c] |= clScheme
	}
	for _, c := range []byte("+-.") {
		class[c] |= clScheme
	}
	for _, c := range []byte("([{'*") {
		class[c] |= clOpener
	}
	for _, c := range []byte(".,;:!?)]}'") {
		class[c] |= clTrailer
	}
}

func isSpace(c byte) bool { return class[c]&clSpace != 0 }

type scanner struct {
	src  []byte
	cfg  config
	refs []Reference
	// xml maps the namespace prefixes of XML markup to the offset of
	// their first marker, counted from base (src starts at base).
	xml map[string]int
	// prefixesOf, when not nil, is the Stream whose window src is, with
	// the prefixes src marks yet to be added to xml (Stream.WindowOnce):
	// isXML adds them the first time it is asked.
	prefixesOf *Stream
	base       int
	at         int // the "<" whose text bracketed and markup read

	// more says that src is a piece of an input that goes on past its
	// end (Stream): open is then the start of the first construct whose
	// reading needs bytes past the end (len(src) if none), and safe the
	// last line start, at or before open, where the scan stood with
	// nothing open: the input can be cut there.
	more       bool
	open, safe int
	// stop is where the scan ends (Stream.Window): len(src) but for a
	// window whose end the reader guessed; safe is stop when the scan
	// stands there with nothing open.
	stop int

	// line accounting: line is the number of the line that starts at
	// lineStart; every newline before counted has been counted.
	line, lineStart, counted int
}

// position returns the 1-based line and byte column of off. Calls come
// with non-decreasing offsets, so the whole input is counted once.
func (s *scanner) position(off int) (line, col int) {
	if off > s.counted {
		seg := s.src[s.counted:off]
		if n := bytes.Count(seg, []byte{'\n'}); n > 0 {
			s.line += n
			s.lineStart = s.counted + bytes.LastIndexByte(seg, '\n') + 1
		}
		s.counted = off
	}
	return s.line, off - s.lineStart + 1
}

// runeClass reports, for the non-ASCII sequence at src[i:], its length and
// whether it continues a bare candidate (a letter, mark or digit).
func runeClass(src []byte, i int) (size int, token bool) {
	r, size := utf8.DecodeRune(src[i:])
	if r == utf8.RuneError && size <= 1 {
		return 1, false
	}
	return size, unicode.IsLetter(r) || unicode.IsMark(r) || unicode.IsDigit(r)
}

// undecided records that the construct starting at p needs bytes past the
// end of src.
func (s *scanner) undecided(p int) {
	if s.more && p < s.open {
		s.open = p
	}
}

func (s *scanner) run() {
	src := s.src
	stop := len(src)
	if s.stop > 0 && s.stop < len(src) {
		stop = s.stop
	}
	i := 0
	for i < stop {
		c := src[i]
		if i > 0 && src[i-1] == '\n' && i <= s.open {
			s.safe = i
		}
		switch {
		case c == '<':
			if next, ok := s.angle(i); ok {
				i = next
				continue
			}
			i++
		case c == '"':
			if next, ok := s.quoted(i); ok {
				i = next
				continue
			}
			i++
		case c >= 0x80:
			size, tok := runeClass(src, i)
			if !tok {
				i += size
				continue
			}
			i = s.bare(i)
		case class[c]&clToken != 0:
			i = s.bare(i)
		default:
			i++
		}
	}
	if i == stop && stop > 0 && src[stop-1] == '\n' && stop <= s.open {
		s.safe = stop
	}
}

// tokenEnd returns the end of the bare candidate run starting at i, and
// whether the run holds a ":".
func (s *scanner) tokenEnd(i int) (end int, colon bool) {
	src := s.src
	for i < len(src) {
		c := src[i]
		if c < 0x80 {
			if class[c]&clToken == 0 {
				return i, colon
			}
			colon = colon || c == ':'
			i++
			continue
		}
		size, tok := runeClass(src, i)
		if !tok {
			if j := pastBidiFormatting(src, i); j > i && continuesToken(src, j) {
				// Inside the candidate, not after it: the invisible
				// character is the reference's, and the grammar's
				// verdict on it (RFC 3987 section 4.1 refuses it) is
				// the reader's to see, where ending the candidate
				// there would report what is before it and drop the
				// rest unseen.
				i = j
				continue
			}
			return i, colon
		}
		i += size
	}
	return i, colon
}

// pastBidiFormatting returns the index after the bidirectional formatting
// characters at src[i:] (RFC 3987 section 4.1's; see
// [syntax.BidiFormattingAt]), i if there are none.
func pastBidiFormatting(src []byte, i int) int {
	for syntax.BidiFormattingAt(src, i) {
		i += 3
	}
	return i
}

// continuesToken reports whether the character at src[i] may continue a
// bare candidate.
func continuesToken(src []byte, i int) bool {
	if i >= len(src) {
		return false
	}
	if c := src[i]; c < 0x80 {
		return class[c]&clToken != 0
	}
	_, tok := runeClass(src, i)
	return tok
}

// schemeColon returns the index of the ":" that ends a scheme at the start
// of b, or -1.
func schemeColon(b []byte) int {
	if len(b) == 0 || class[b[0]]&clAlpha == 0 {
		return -1
	}
	for i := 1; i < len(b); i++ {
		switch {
		case b[i] == ':':
			return i
		case class[b[i]]&clScheme == 0:
			return -1
		}
	}
	return -1
}

// hasURLPrefix reports whether b starts with "URL:" in any case.
func hasURLPrefix(b []byte) bool {
	return len(b) >= 4 && (b[0]|0x20) == 'u' && (b[1]|0x20) == 'r' && (b[2]|0x20) == 'l' && b[3] == ':'
}

func isLetters(b []byte) bool {
	for _, c := range b {
		if class[c]&clAlpha == 0 {
			return false
		}
	}
	return true
}

func knownScheme(s []byte) bool {
	for _, k := range knownSchemes {
		if len(k) == len(s) && strings.EqualFold(k, string(s)) {
			return true
		}
	}
	return false
}

// absolute reports whether b, a bare or quoted candidate, is taken as an
// absolute URI reference: a scheme, ":" and at least one byte, past the
// guards of the package documentation.
func absolute(b []byte) bool {
	colon := schemeColon(b)
	if colon < 0 || colon == len(b)-1 {
		return false
	}
	rest := b[colon+1:]
	if rest[0] == ':' || rest[0] == '\\' {
		return false
	}
	if len(rest) == 2 && rest[0] == '/' && rest[1] == '/' {
		return false
	}
	known := knownScheme(b[:colon])
	if !known && colon >= 4 && len(rest) >= 4 && isLetters(b[:colon]) && isLetters(rest) {
		return false // user:password, this:that
	}
	if !known && onlyBytes(rest, "0123456789.:-") && bytes.ContainsAny(rest, "0123456789") {
		return false // ISO-8859-1:1987, T12:30, John:3:16
	}
	if ipv6Like(b) {
		return false // FEDC:BA98:7654:3210:FEDC:BA98:7654:3210
	}
	if pfx := b[:colon]; string(pfx) == "xml" || string(pfx) == "xmlns" {
		return false // xml:lang, xmlns:D
	}
	return true
}

// onlyBytes reports whether every byte of b is in set.
func onlyBytes(b []byte, set string) bool {
	for _, c := range b {
		if strings.IndexByte(set, c) < 0 {
			return false
		}
	}
	return true
}

// ipv6Like reports whether b looks like an IPv6 address written without
// brackets: hex digits, dots and at least two colons, nothing else.
func ipv6Like(b []byte) bool {
	return bytes.Count(b, []byte{':'}) >= 2 && onlyBytes(b, "0123456789abcdefABCDEF:.")
}

// xmlName reports whether b is an XML-like name without a colon: alpha
// *( alpha | digit | "-" | "_" ).
func xmlName(b []byte) bool {
	if len(b) == 0 || class[b[0]]&clAlpha == 0 {
		return false
	}
	for _, c := range b {
		if class[c]&clAlpha == 0 && (c < '0' || c > '9') && c != '-' && c != '_' {
			return false
		}
	}
	return true
}

// xmlDotName reports whether b is an xmlName with dots allowed after
// the first byte.
func xmlDotName(b []byte) bool {
	if len(b) == 0 || class[b[0]]&clAlpha == 0 {
		return false
	}
	for _, c := range b {
		if class[c]&clAlpha == 0 && (c < '0' || c > '9') && c != '-' && c != '_' && c != '.' {
			return false
		}
	}
	return true
}

// qName returns the prefix of b if b is a qualified XML name,
// prefix ":" local, both names as xmlName (dots allowed after the first
// byte).
func qName(b []byte) (prefix string, ok bool) {
	colon := bytes.IndexByte(b, ':')
	if colon <= 0 {
		return "", false
	}
	if !xmlDotName(b[:colon]) || !xmlDotName(b[colon+1:]) {
		return "", false
	}
	return string(b[:colon]), true
}

// addPrefixes adds to prefixes the namespace prefixes that text uses in
// XML markup, with the offset (base plus the index in text) of the first
// marker of each: xmlns:PREFIX declarations and closing tags
// </PREFIX:name>; xml and xmlns are always prefixes and not kept in the
// map (see isXML). At most maxPrefixes are counted, the first ones in the
// order of their markers; a prefix already present keeps its offset.
// With more, a marker whose name runs to the end of text (it may go on)
// is left for the next piece. One pass over text. It returns prefixes,
// made when nil and a prefix is found (most text marks none) and copied
// first when shared (another Stream holds it too), and whether the map
// it returns is still shared.
func addPrefixes(prefixes map[string]int, shared bool, text []byte, base int, more bool) (map[string]int, bool) {
	close, decl := []byte("</"), []byte("xmlns:")
	nextClose, nextDecl := bytes.Index(text, close), bytes.Index(text, decl)
	for nextClose >= 0 || nextDecl >= 0 {
		k, marker := nextClose, close
		if k < 0 || (nextDecl >= 0 && nextDecl < k) {
			k, marker = nextDecl, decl
		}
		rest := text[k+len(marker):]
		e := 0
		for e < len(rest) && e < 64 && (class[rest[e]]&clScheme != 0 || rest[e] == '_') {
			e++
		}
		name := rest[:e]
		switch {
		case e == 0 || !xmlDotName(name):
		case more && e == len(rest):
			// The name or its ":" may go on in the next piece.
		case marker[0] == 'x' || (e < len(rest) && rest[e] == ':'):
			if n := string(name); n != "xml" && n != "xmlns" {
				if _, ok := prefixes[n]; !ok && len(prefixes) < maxPrefixes {
					if prefixes == nil {
						prefixes = map[string]int{}
					} else if shared {
						prefixes, shared = maps.Clone(prefixes), false
					}
					prefixes[n] = base + k
				}
			}
		}
		next := func(from int) int {
			if i := bytes.Index(text[from:], marker); i >= 0 {
				return from + i
			}
			return -1
		}
		if marker[0] == '<' {
			nextClose = next(k + len(marker))
		} else {
			nextDecl = next(k + len(marker))
		}
	}
	return prefixes, shared
}

// isXML reports whether prefix is an XML prefix for the "<" at s.at: the
// text marks it before, or less than maxAngle bytes after, that "<". In a
// piece with more to come that does not reach that far, the answer waits
// for the next piece.
func (s *scanner) isXML(prefix string) bool {
	if prefix == "xml" || prefix == "xmlns" {
		return true // marked before any input
	}
	if st := s.prefixesOf; st != nil {
		st.xml, st.shared = addPrefixes(st.xml, st.shared, s.src, s.base, s.more)
		s.xml, s.prefixesOf = st.xml, nil
	}
	if off, ok := s.xml[prefix]; ok && off < s.base+s.at+maxAngle {
		return true
	}
	if len(s.src) < s.at+maxAngle+markerMargin {
		s.undecided(s.at)
	}
	return false
}

// bare handles the candidate run starting at i and returns its end.
func (s *scanner) bare(i int) int {
	src := s.src
	end, colon := s.tokenEnd(i)
	if end == len(src) {
		s.undecided(i) // the run may go on
	}
	if !colon {
		return end // no scheme, no "URL:": most words of a text
	}
	start := i
	openedByQuote := false
	// Skip opening punctuation and non-ASCII letters before the scheme.
	for start < end {
		c := src[start]
		if c >= 0x80 {
			size, _ := runeClass(src, start)
			start += size
			continue
		}
		if class[c]&clOpener == 0 {
			break
		}
		if c == '\'' {
			openedByQuote = true
		}
		start++
	}
	var notes []Note
	if hasURLPrefix(src[start:end]) {
		if end-start == 4 {
			// "URL:" then whitespace: the reference is the next run, if it
			// follows on the same or the next line.
			j := end
			for j < len(src) && (src[j] == ' ' || src[j] == '\t') {
				j++
			}
			if j < len(src) && (src[j] == '\r' || src[j] == '\n') {
				j++
				if src[j-1] == '\r' && j < len(src) && src[j] == '\n' {
					j++
				}
				for j < len(src) && (src[j] == ' ' || src[j] == '\t') {
					j++
				}
			}
			if j >= len(src) {
				s.undecided(i) // the reference may follow
				return end
			}
			if j == end || src[j] >= 0x80 || class[src[j]]&clToken == 0 {
				return end
			}
			notes = append(notes, Note{Kind: NoteURLPrefix, Offset: start, Detail: string(src[start:j])})
			start = j
			end, _ = s.tokenEnd(j)
			if end == len(src) {
				s.undecided(i)
			}
		} else {
			notes = append(notes, Note{Kind: NoteURLPrefix, Offset: start, Detail: "URL:"})
			start += 4
		}
	}
	// Drop trailing sentence punctuation; in a table of results ("x =
	// URI") final dots belong to the URI.
	keepDots := afterEquals(src, i)
	stop := end
	// The brackets of the run, (), [] and {}, counted only when a closing
	// one ends it: most runs end in a letter, a digit or a slash.
	var opens, closes [3]int
	counted := false
trim:
	for stop > start {
		c := src[stop-1]
		if class[c]&clTrailer == 0 {
			break
		}
		switch c {
		case ')', ']', '}':
			if !counted {
				opens, closes = countBrackets(src[start:end])
				counted = true
			}
			k := 0
			if c == ']' {
				k = 1
			} else if c == '}' {
				k = 2
			}
			if closes[k] <= opens[k] {
				break trim
			}
			closes[k]--
		case '.':
			if keepDots {
				break trim
			}
		case '\'':
			if !openedByQuote {
				break trim
			}
			openedByQuote = false
		}
		stop--
	}
	cand := src[start:stop]
	if !absolute(cand) {
		return end
	}
	if start > 0 && src[start-1] == '<' {
		if _, ok := qName(bytes.TrimSuffix(cand, []byte{'/'})); ok {
			return end // an XML element name: <D:href ...
		}
	}
	if cand[len(cand)-1] == '=' && stop < len(src) && (src[stop] == '"' || src[stop] == '\'') {
		return end // an attribute name: xlink:href="..."
	}
	if stop < end {
		notes = append(notes, Note{Kind: NoteTrailingPunctuation, Offset: stop, Detail: string(src[stop:end])})
	}
	if stop == end && src[stop-1] == '-' && end < len(src) && (src[end] == '\n' || src[end] == '\r') {
		notes = append(notes, Note{Kind: NoteHyphenAtLineEnd, Offset: stop - 1})
	}
	text := string(cand)
	s.emit(Reference{Offset: start, End: stop, Text: text, URI: text, Delimiter: Bare, Notes: notes})
	return end
}

// countBrackets counts the opening and closing brackets of b: (), [] and
// {}, in that order.
func countBrackets(b []byte) (opens, closes [3]int) {
	for _, c := range b {
		switch c {
		case '(':
			opens[0]++
		case ')':
			closes[0]++
		case '[':
			opens[1]++
		case ']':
			closes[1]++
		case '{':
			opens[2]++
		case '}':
			closes[2]++
		}
	}
	return opens, closes
}

// afterEquals reports whether the last non-blank byte before i on its
// line is "=".
func afterEquals(src []byte, i int) bool {
	for j := i - 1; j >= 0 && j >= i-256; j-- {
		switch src[j] {
		case ' ', '\t':
			continue
		case '=':
			return true
		}
		return false
	}
	return false
}

// quoted handles a double quote at q and returns the index after the
// closing quote if the quoted text is a reference.
func (s *scanner) quoted(q int) (int, bool) {
	src := s.src
	j := q + 1
	limit := min(len(src), q+1+maxAngle)
	oneRun := true // the quoted text is one bare candidate run
	for j < limit && src[j] != '"' {
		c := src[j]
		if c == '\n' || c == '\r' {
			return 0, false
		}
		if c < 0x80 {
			if class[c]&clToken == 0 {
				oneRun = false
			}
			j++
			continue
		}
		size, tok := runeClass(src, j)
		if !tok {
			oneRun = false
		}
		j += size
	}
	if j >= limit && limit == len(src) && limit < q+1+maxAngle {
		s.undecided(q)
	}
	if j >= limit || src[j] != '"' || j == q+1 {
		return 0, false
	}
	start := q + 1
	var notes []Note
	if hasURLPrefix(src[start:j]) && j-start > 4 {
		notes = append(notes, Note{Kind: NoteURLPrefix, Offset: start, Detail: "URL:"})
		start += 4
	}
	cand := src[start:j]
	if oneRun {
		if !absolute(cand) && !(s.cfg.relativeInQuotes && len(cand) > 0) {
			return 0, false
		}
	} else {
		// Quoted text with spaces or delimiters in it is one (invalid)
		// reference if its first word is an absolute one, and prose
		// otherwise.
		w := start
		for w < j && (src[w] >= 0x80 || class[src[w]]&clToken != 0) {
			w++
		}
		if !absolute(src[start:w]) {
			return 0, false
		}
	}
	text := string(cand)
	s.emit(Reference{Offset: start, End: j, Text: text, URI: text, Delimiter: Quote, Notes: notes})
	return j + 1, true
}

// angle handles a "<" at lt and returns the index after the closing ">"
// if the bracketed text is a reference.
func (s *scanner) angle(lt int) (int, bool) {
	src := s.src
	limit := min(len(src), lt+1+maxAngle)
	lineHasText := true
	j := lt + 1
	for ; j < limit; j++ {
		c := src[j]
		if c == '>' {
			break
		}
		if c == '<' {
			return 0, false
		}
		if c == '\n' {
			if !lineHasText {
				return 0, false // blank line: a new paragraph
			}
			lineHasText = false
			continue
		}
		if isSpace(c) {
			continue
		}
		if c < 0x20 || c == 0x7f {
			return 0, false
		}
		lineHasText = true
	}
	if j >= limit {
		if limit < lt+1+maxAngle {
			s.undecided(lt) // the ">" may follow
		}
		return 0, false
	}
	s.at = lt
	// Trim leading and trailing whitespace and a "URL:" prefix.
	start, stop := lt+1, j
	for start < stop && isSpace(src[start]) {
		start++
	}
	for stop > start && isSpace(src[stop-1]) {
		stop--
	}
	var notes []Note
	if hasURLPrefix(src[start:stop]) {
		p := start
		start += 4
		for start < stop && isSpace(src[start]) {
			start++
		}
		notes = append(notes, Note{Kind: NoteURLPrefix, Offset: p, Detail: string(src[p:start])})
	}
	if start == stop {
		return 0, false
	}
	// Remove the whitespace around line breaks. Whitespace within a line
	// stays in a reference that starts with a scheme (and makes it
	// invalid); anything else with it is markup or prose.
	text := src[start:stop]
	var uri, alt []byte
	hyphens := 0
	firstSpace := -1
	hasScheme := schemeColon(text) > 0 && !s.markup(text)
	for k := 0; k < len(text); {
		if !isSpace(text[k]) {
			k++
			continue
		}
		e := k
		brk := false
		for e < len(text) && isSpace(text[e]) {
			if text[e] == '\n' || text[e] == '\r' {
				brk = true
			}
			e++
		}
		if !brk && !hasScheme {
			return 0, false
		}
		if brk && firstSpace < 0 {
			firstSpace = k
		}
		k = e
	}
	if firstSpace >= 0 {
		uri = make([]byte, 0, len(text))
		alt = make([]byte, 0, len(text))
		for k := 0; k < len(text); {
			c := text[k]
			if !isSpace(c) {
				uri = append(uri, c)
				alt = append(alt, c)
				k++
				continue
			}
			e := k
			brk := false
			for e < len(text) && isSpace(text[e]) {
				if text[e] == '\n' || text[e] == '\r' {
					brk = true
				}
				e++
			}
			if !brk {
				uri = append(uri, text[k:e]...)
				alt = append(alt, text[k:e]...)
			} else if k > 0 && text[k-1] == '-' {
				hyphens++
				notes = append(notes, Note{Kind: NoteHyphenLineBreak, Offset: start + k - 1})
				alt = alt[:len(alt)-1]
			}
			k = e
		}
		notes = append(notes, Note{Kind: NoteWhitespaceRemoved, Offset: start + firstSpace})
	} else {
		uri = text
	}
	if !s.bracketed(uri) {
		return 0, false
	}
	r := Reference{Offset: start, End: stop, Text: string(text), Delimiter: Angle, Notes: notes}
	if firstSpace >= 0 {
		r.URI = string(uri)
	} else {
		r.URI = r.Text
	}
	if hyphens > 0 {
		r.Alternative = string(alt)
		for k := range r.Notes {
			if r.Notes[k].Kind == NoteHyphenLineBreak {
				r.Notes[k].Detail = r.Alternative
			}
		}
	}
	s.emit(r)
	return j + 1, true
}

// bracketed reports whether b, the text inside angle brackets after
// clean-up, is taken as a reference.
func (s *scanner) bracketed(b []byte) bool {
	inner := b
	tag := inner[0] == '/' || inner[0] == '!' || inner[0] == '?'
	if tag {
		inner = inner[1:]
	}
	if len(inner) > 0 && inner[len(inner)-1] == '/' {
		inner = inner[:len(inner)-1]
		tag = true
	}
	// Markup and layout names: <first>, </HEAD>, <!doctype>,
	// <absolute-URI>, <D:href> (when D is an XML prefix of the text),
	// </D:href>, <D:allprop/>.
	if xmlName(inner) {
		return false
	}
	if prefix, ok := qName(inner); ok && (tag || s.isXML(prefix)) {
		return false
	}
	if schemeColon(b) > 0 {
		return true
	}
	if b[0] == '!' {
		return false
	}
	if bytes.IndexByte(b, '@') >= 0 && bytes.IndexByte(b, '/') < 0 {
		return false // an e-mail address
	}
	return bytes.ContainsAny(b, "/.#?;=%")
}

// markup reports whether text, inside angle brackets with whitespace
// within a line, is an XML or HTML tag with attributes.
func (s *scanner) markup(text []byte) bool {
	if bytes.Contains(text, []byte(`="`)) || bytes.Contains(text, []byte(`='`)) {
		return true
	}
	w := 0
	for w < len(text) && !isSpace(text[w]) {
		w++
	}
	prefix, ok := qName(text[:w])
	return ok && s.isXML(prefix)
}

// emit validates r and adds it, with its position.
func (s *scanner) emit(r Reference) {
	r.Line, r.Column = s.position(r.Offset)
	r.Err = verdict(r.URI)
	if r.Alternative != "" {
		r.AlternativeErr = verdict(r.Alternative)
	}
	s.refs = append(s.refs, r)
}

// verdict parses ref strictly and returns nil or the *parser.Error.
func verdict(ref string) *parser.Error {
	if parser.Valid(ref) {
		return nil
	}
	_, err := parser.Parse(ref)
	var perr *parser.Error
	if errors.As(err, &perr) {
		return perr
	}
	// Only a reference over 2 GiB gets another error; report it at its
	// end, where the parser stopped reading.
	return &parser.Error{Input: ref, Offset: len(ref)}
}
