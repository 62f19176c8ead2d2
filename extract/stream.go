package extract

// Stream finds the references and abbreviated URLs of an input read in
// pieces, with the results [Find] and [FindAbbreviated] give for the whole
// input read at once, in memory bounded by the pieces. Each call of
// [Stream.Next] reads a piece that starts at a line start and says where
// the input may be cut: the results before the cut are final, and the next
// piece must start there. A construct that spans lines (a reference in
// angle brackets wrapped across lines, "URL:" at the end of a line, an XML
// qualified name whose prefix may be declared later) is never cut: the
// cut is at the start of its line.
//
// A piece decides everything that starts in its first line once it holds
// [MaxSpan] bytes past that line's end, unless that line ends inside a
// chain of bracketed references each wrapped across a line break. The
// zero Stream is ready to use; it keeps the XML prefixes the input marks
// (at most 1024, as Find counts them).
type Stream struct {
	cfg  config
	xml  map[string]int
	refs []Reference // reused from call to call
}

// NewStream returns a Stream that reads with the given options.
func NewStream(opts ...Option) *Stream {
	st := &Stream{}
	for _, o := range opts {
		if o != nil {
			o(&st.cfg)
		}
	}
	return st
}

// Next reads piece, the bytes of the input from offset on; offset must be
// 0 or a cut returned before (plus the offset of that piece), and piece
// must start at a line start. more says whether the input goes on past
// the piece.
//
// It returns the references and abbreviated URLs that start before cut,
// with offsets, lines and columns counted in piece (as Find counts them in
// its text). With more false, cut is len(piece). With more true, cut is
// the last line start of piece at which the input can be cut, or 0 when
// there is none: the caller then reads a longer piece. A piece may be
// read again, longer, from the same offset: the results are the same.
func (st *Stream) Next(piece []byte, offset int, more bool) (refs []Reference, abbrs []Abbreviation, cut int) {
	if st == nil {
		st = &Stream{}
	}
	st.xml = addPrefixes(st.xml, piece, offset, more)
	s := &scanner{src: piece, line: 1, xml: st.xml, base: offset, cfg: st.cfg, more: more, open: len(piece), refs: st.refs[:0]}
	s.run()
	st.refs = s.refs
	if !more {
		return s.refs, FindAbbreviated(piece), len(piece)
	}
	cut = s.safe
	refs = s.refs
	for len(refs) > 0 && refs[len(refs)-1].Offset >= cut {
		refs = refs[:len(refs)-1]
	}
	if cut == 0 {
		return refs[:0], nil, 0
	}
	return refs, FindAbbreviated(piece[:cut]), cut
}
