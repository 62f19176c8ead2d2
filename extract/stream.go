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
//
// A reader may also cut the input where it guesses it can and read the
// windows between its guesses at once, each with its own Stream: see
// [Stream.Window] and [Stream.Fork].
type Stream struct {
	cfg config
	xml map[string]int
	// shared: xml is also another Stream's (Fork), and is copied before
	// a prefix is added.
	shared bool
	refs   []Reference // reused from call to call
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
	return st.Window(piece, offset, len(piece), more)
}

// Window reads piece as [Stream.Next] does, but only up to stop, a line
// start of piece (or its end) where the caller guesses the input may be
// cut; the bytes past stop are there to decide what starts before it.
// It returns the references and abbreviated URLs that start before cut,
// with offsets, lines and columns counted in piece. cut is stop when the
// guess holds: no construct that starts before stop spans it or needs
// bytes past the end of piece to be decided. Otherwise cut is the last
// line start before stop at which the input can be cut, or 0 when there
// is none. With more false and stop len(piece), cut is len(piece).
//
// A reader that guesses its cuts can read the windows between them at
// once, each with a [Stream.Fork] of a Stream that has seen (read or
// [Stream.Skip]ped) the input before the window, and keep the results of
// a window whose cut is its stop; a window read after a guess that did
// not hold is read again from the cut its predecessor returned. The
// results are those of [Next] on the whole input.
func (st *Stream) Window(piece []byte, offset, stop int, more bool) (refs []Reference, abbrs []Abbreviation, cut int) {
	return st.window(piece, offset, stop, more, false)
}

// WindowOnce is [Stream.Window] for a Stream that reads nothing after
// this window but what a [Stream.Fork] of it reads again: it finds the
// same references, but notes the XML prefixes the window marks only when
// a construct in it asks whether a name is one (a "<" before a qualified
// name), so a text without one is not searched for prefixes. The Stream
// then holds the prefixes it held before and, when they were asked for,
// the window's.
func (st *Stream) WindowOnce(piece []byte, offset, stop int, more bool) (refs []Reference, abbrs []Abbreviation, cut int) {
	return st.window(piece, offset, stop, more, true)
}

func (st *Stream) window(piece []byte, offset, stop int, more, once bool) (refs []Reference, abbrs []Abbreviation, cut int) {
	if st == nil {
		st = &Stream{}
	}
	stop = max(0, min(stop, len(piece)))
	s := &scanner{src: piece, line: 1, base: offset, cfg: st.cfg, more: more, open: len(piece), stop: stop, refs: st.refs[:0]}
	if once {
		s.prefixesOf = st
	} else {
		st.xml, st.shared = addPrefixes(st.xml, st.shared, piece, offset, more)
	}
	s.xml = st.xml
	s.run()
	st.refs = s.refs
	if !more && stop == len(piece) {
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

// Fork returns a Stream that reads on from where st stands: with st's
// options and the XML prefixes st has seen. The two share nothing that
// either changes, so each may be used by its own goroutine; st must not
// be used while Fork runs.
func (st *Stream) Fork() *Stream {
	f := &Stream{}
	f.Follow(st)
	return f
}

// Follow makes st a [Stream.Fork] of from, keeping st's own buffers: for
// a reader that forks a Stream for each window and reuses the Streams of
// the windows it is done with.
func (st *Stream) Follow(from *Stream) {
	if from == nil {
		from = &Stream{}
	}
	from.shared = from.xml != nil
	st.cfg, st.xml, st.shared = from.cfg, from.xml, from.shared
	st.refs = st.refs[:0]
}

// Skip passes over text, the bytes of the input at offset, without
// finding references: it only notes the XML prefixes text marks, as
// reading it would. text must start at a line start, and end at one or
// at the end of the input; a reader that guesses its cuts skips each
// window before it forks the Stream for the next.
func (st *Stream) Skip(text []byte, offset int) {
	if st != nil {
		st.xml, st.shared = addPrefixes(st.xml, st.shared, text, offset, false)
	}
}
