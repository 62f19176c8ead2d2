package document

import (
	"bytes"
	"errors"
	"io"
	"sync"

	"github.com/rfc2396/rfc2396/extract"
)

// Running text is read in windows cut where a guess says the input may be
// cut, so that [Options.Workers] goroutines can read several at once:
//
//	read windows ──▶ N workers scan them ──▶ check each cut, in order ──▶ emit
//
// One goroutine reads the input and cuts it into windows of about
// textBlock bytes, each ending at the last line start of its block (the
// guessed cut), followed by textLookahead bytes of look-ahead to decide
// the constructs that start before the cut; it counts the lines and notes
// the XML prefixes of each window (extract.Stream.Skip) before it hands
// the next one out. A worker finds the references of a window
// (extract.Stream.Window) and makes them References. The goroutine that
// called Read takes the windows back in input order and emits their
// references when the window's guess held: the scan stood at the guessed
// cut with nothing open. When it did not (a reference in angle brackets
// wrapped across the cut, "URL:" ending the line before it), the
// references before the last true cut are emitted, and the text from
// there on is read again, on that goroutine, with the windows that follow
// (a stretch), until a read of the stretch stands at one of their guessed
// cuts; the windows after it are taken as the workers read them.
//
// Where the windows are cut, and so everything Read emits and returns, is
// a function of the input and MaxLine alone: one worker or many, the
// result is the same, and it is that of reading the whole text at once.

const (
	// textBlock is the most a window holds before its guessed cut (MaxLine
	// when that is less), but for a first line longer than that. The
	// windows in flight, with the References made of them, are what a
	// read keeps alive: at 64 KiB (six windows for two workers) they were
	// 6-7 MB on a text of one reference a line, which the collector
	// scanned and the kernel paged in, and two workers cost a third more
	// CPU time than one; at 16 KiB, two a worker, they cost about what one
	// worker does (docs/lint.md, Speed).
	textBlock = 16 << 10
	// textLookahead is how much a window holds past its guessed cut: as
	// far as package extract looks past a construct's start to decide it.
	textLookahead = extract.MaxSpan
	// windowsPerWorker is how many windows a worker may have in flight:
	// its own, and one done or waiting for its turn.
	windowsPerWorker = 2
)

// textStretch is the most text the reader reads again at once with no
// place to cut it: two lines, and as far as package extract may look past
// a construct's start to decide it. Past that, the read stops with a
// *LimitError.
func textStretch(maxLine int) int {
	return 2*maxLine + 2*extract.MaxSpan
}

// textWindow is a window of running text on its way through the workers.
type textWindow struct {
	// data is the input from start on: the window up to stop, then the
	// look-ahead.
	data        []byte
	start, line int // offset and line of data[0], a line start
	stop        int // the guessed cut, a line start of data or its end
	more        bool
	// err, when not nil, stands for a window: the reader met it at start.
	err error
	st  extract.Stream // a fork for this window of the reader's Stream

	// What a worker found: the input is cut at cut (stop when the guess
	// held) and refs are the references before it.
	cut  int
	refs []*Reference
	// found holds the References of refs when they are transient
	// (Options.Transient), reused from one window to the next.
	found []foundRef
	done  chan struct{}
}

// read finds the references of w and makes them References.
func (w *textWindow) read(part string, base *Base, checkOnly, transient bool) {
	clear(w.refs) // the references of the window before, emitted: not held
	w.refs = w.refs[:0]
	if w.err != nil {
		return
	}
	// The stream was forked after the window's bytes up to stop were
	// skipped, and is only forked again (for a stretch read again from
	// the window's cut, which notes the prefixes past it): the window's
	// own prefixes are looked for only if it asks for one.
	refs, abbrs, cut := w.st.WindowOnce(w.data, w.start, w.stop, w.more)
	w.cut = cut
	// Only emit's error ends textChunk, and collecting has none.
	var reuse *[]foundRef
	if transient {
		reuse = &w.found
	}
	_ = textChunk(w.data[:cut], refs, abbrs, w.start, w.line, part, base, checkOnly, reuse, func(r *Reference) error {
		w.refs = append(w.refs, r)
		return nil
	})
}

// textSource cuts the input into windows.
type textSource struct {
	r       io.Reader
	part    string
	buf     []byte // the input from pos on: n bytes read
	n       int
	pos     int
	line    int // the line at pos
	eof     bool
	end     bool // every window has been made
	maxLine int
	// block and lookahead are textBlock and textLookahead, but in tests
	// that cut many windows (Options.window).
	block, lookahead int
	st               *extract.Stream
}

func newTextSource(r io.Reader, part string, opts *Options) *textSource {
	var xopts []extract.Option
	if opts.Relative {
		xopts = append(xopts, extract.WithRelative())
	}
	s := &textSource{r: r, part: part, line: 1, maxLine: opts.maxLine(), block: textBlock, lookahead: textLookahead, st: extract.NewStream(xopts...)}
	if opts.window > 0 {
		// Any look-ahead gives the same references: a construct that
		// needs more is read again in a longer stretch.
		s.block, s.lookahead = opts.window, opts.window
	}
	return s
}

// fill reads until the source holds want bytes or the input ends.
func (s *textSource) fill(want int) error {
	if want > len(s.buf) {
		s.buf = append(s.buf[:s.n], make([]byte, want-s.n)...)
		s.buf = s.buf[:cap(s.buf)]
	}
	for s.n < want && !s.eof {
		m, err := io.ReadFull(s.r, s.buf[s.n:want])
		s.n += m
		switch {
		case err == io.EOF || err == io.ErrUnexpectedEOF:
			s.eof = true
		case err != nil:
			return err
		}
	}
	return nil
}

// next makes w the next window, or reports false when there is none.
// After a window with an error there is none.
func (s *textSource) next(w *textWindow) bool {
	if s.end {
		return false
	}
	w.err, w.start, w.line = nil, s.pos, s.line
	stop, err := s.cut()
	if err == nil {
		err = s.fill(stop + s.lookahead)
	}
	if err != nil {
		w.err, s.end = err, true
		return true
	}
	if stop == 0 {
		s.end = true
		return false
	}
	end := min(s.n, stop+s.lookahead)
	w.data = append(w.data[:0], s.buf[:end]...)
	w.stop, w.more = stop, !s.eof || end < s.n
	s.st.Skip(s.buf[:stop], s.pos)
	w.st.Follow(s.st)
	s.line += bytes.Count(s.buf[:stop], []byte{'\n'})
	s.pos += stop
	s.n = copy(s.buf, s.buf[stop:s.n])
	return true
}

// cut returns the guessed cut of the window at pos: the last line start
// of its block (or the start of the first line longer than MaxLine in
// it), else the end of its first line, or of the input; 0 at the end of
// the input. A first line longer than MaxLine is a *LimitError.
func (s *textSource) cut() (int, error) {
	if err := s.fill(s.block); err != nil {
		return 0, err
	}
	stop := -1
	if s.eof && s.n <= s.block {
		stop = s.n
	} else if nl := bytes.LastIndexByte(s.buf[:s.block], '\n'); nl >= 0 {
		stop = nl + 1
	}
	if stop >= 0 {
		if s.maxLine >= stop {
			return stop, nil
		}
		// Lines longer than MaxLine may end in the block: cut before
		// the first, which the next window starts with.
		for i := 0; i < stop; {
			e := bytes.IndexByte(s.buf[i:stop], '\n')
			if e < 0 {
				e = stop - i
			}
			if e > s.maxLine {
				if i == 0 {
					return 0, &LimitError{Part: s.part, Offset: s.pos, Limit: s.maxLine, What: "line"}
				}
				return i, nil
			}
			i += e + 1
		}
		return stop, nil
	}
	// A first line at least a block long: read to its end.
	for from := s.block; ; {
		if nl := bytes.IndexByte(s.buf[from:s.n], '\n'); nl >= 0 {
			if from+nl > s.maxLine {
				break
			}
			return from + nl + 1, nil
		}
		if s.n > s.maxLine {
			break
		}
		if s.eof {
			return s.n, nil
		}
		from = s.n
		if err := s.fill(min(2*s.n, s.maxLine+1)); err != nil {
			return 0, err
		}
	}
	return 0, &LimitError{Part: s.part, Offset: s.pos, Limit: s.maxLine, What: "line"}
}

// textMerge takes the windows back in input order and emits their
// references, reading a stretch again where a guessed cut did not hold.
type textMerge struct {
	part      string
	base      *Base
	checkOnly bool
	emit      func(*Reference) error
	limit     int // textStretch(MaxLine)
	// transient: Options.Transient; found is then the memory the
	// stretch's References are made in, reused.
	transient bool
	found     []foundRef

	// Everything before c, on line line and after, has been emitted.
	c, line int
	// In a stretch (st not nil): stretch is the input from c to the end
	// of the last window taken, look-ahead included, and tried is how far
	// past c it was last read.
	st      *extract.Stream
	stretch []byte
	tried   int
}

// take emits what w holds, or keeps it in the stretch.
func (m *textMerge) take(w *textWindow) error {
	if w.err != nil {
		if m.st != nil {
			// What can be decided without the rest.
			if err := m.readStretch(w.start, true, true); err != nil {
				return err
			}
		}
		return w.err
	}
	if m.st == nil {
		for _, r := range w.refs {
			if err := m.emit(r); err != nil {
				return err
			}
		}
		m.c, m.line = w.start+w.cut, w.line+bytes.Count(w.data[:w.cut], []byte{'\n'})
		if w.cut < w.stop {
			// The guess did not hold: read again from the last cut.
			m.st = w.st.Fork() // w is reused
			m.stretch = append(m.stretch[:0], w.data[w.cut:]...)
			m.tried = w.stop - w.cut
		}
		return nil
	}
	m.stretch = append(m.stretch[:w.start-m.c], w.data...)
	return m.readStretch(w.start+w.stop, w.more, false)
}

// readStretch reads the stretch up to target, the offset of a guessed
// cut, and emits the references before the last place it may be cut,
// which ends the stretch when it is target. It reads the stretch only
// when it has doubled since it was last read, or holds more than the
// limit, or must be read now (the input ends there, or now). A stretch
// with no place to cut within the limit is a *LimitError.
func (m *textMerge) readStretch(target int, more, now bool) error {
	for {
		stop := target - m.c
		if more && !now && stop < 2*m.tried && stop <= m.limit {
			return nil // read on first
		}
		upTo, upToMore := stop, more
		if stop > m.limit {
			// Up to the limit only: the last line start within it.
			upTo, upToMore = bytes.LastIndexByte(m.stretch[:m.limit], '\n')+1, true
		}
		cut := 0
		if upTo > 0 {
			refs, abbrs, c := m.st.Window(m.stretch, m.c, upTo, upToMore)
			if cut = c; cut > 0 {
				chunk := m.stretch[:cut]
				var reuse *[]foundRef
				if m.transient {
					reuse = &m.found
				}
				if err := textChunk(chunk, refs, abbrs, m.c, m.line, m.part, m.base, m.checkOnly, reuse, m.emit); err != nil {
					return err
				}
				m.c += cut
				m.line += bytes.Count(chunk, []byte{'\n'})
				m.stretch = m.stretch[:copy(m.stretch, m.stretch[cut:])]
			}
		}
		switch {
		case cut == stop:
			m.st = nil
			m.stretch = m.stretch[:0]
			return nil
		case cut == 0 && upTo < stop:
			return &LimitError{Part: m.part, Offset: m.c, Limit: m.limit, What: "stretch of text with no line break outside a reference"}
		case cut == 0:
			m.tried = stop
			return nil
		case upTo == stop:
			m.tried = stop - cut // the last cut before target so far
			return nil
		}
		m.tried = 0 // the limit cut the read short: read on from the new cut
	}
}

// readText reads running text in windows, each cut at a line start where
// no construct of Appendix E is open (see the comment at the top of this
// file), with opts.Workers goroutines, so that the references are those
// of the whole text read at once. A line longer than MaxLine, or a
// stretch of textStretch(MaxLine) bytes with no place to cut, is a
// *LimitError.
func readText(r io.Reader, part string, base *Base, opts *Options, emit func(*Reference) error) error {
	if r == nil {
		return ErrNilReader
	}
	src := newTextSource(r, part, opts)
	m := &textMerge{part: part, base: base, checkOnly: opts.CheckOnly, emit: emit, limit: textStretch(opts.maxLine()), transient: opts.Transient}
	if opts.Workers <= 1 {
		w := &textWindow{}
		for src.next(w) {
			w.read(part, base, opts.CheckOnly, opts.Transient)
			if err := m.take(w); err != nil {
				return err
			}
		}
		return nil
	}
	return readParallel(src, m, opts.Workers)
}

// errStopped ends the reader of readParallel once the merge has stopped.
var errStopped = errors.New("document: read stopped")

// readParallel runs src's windows through workers and m, and returns
// once every goroutine it started has ended.
func readParallel(src *textSource, m *textMerge, workers int) error {
	inFlight := windowsPerWorker * workers
	free := make(chan *textWindow, inFlight)
	for range inFlight {
		free <- &textWindow{done: make(chan struct{}, 1)}
	}
	// Neither channel ever blocks a send: at most inFlight windows exist.
	work := make(chan *textWindow, inFlight)
	order := make(chan *textWindow, inFlight)
	stop := make(chan struct{})
	var wg sync.WaitGroup
	wg.Add(1 + workers)
	go func() {
		defer wg.Done()
		defer close(order)
		defer close(work)
		for {
			select {
			case <-stop:
				return
			default:
			}
			var w *textWindow
			select {
			case w = <-free:
			case <-stop:
				return
			}
			if !src.next(w) {
				return
			}
			work <- w
			order <- w
		}
	}()
	for range workers {
		go func() {
			defer wg.Done()
			for w := range work {
				select {
				case <-stop:
					w.err = errStopped
				default:
				}
				w.read(m.part, m.base, m.checkOnly, m.transient)
				w.done <- struct{}{}
			}
		}()
	}
	var err error
	for w := range order {
		<-w.done
		if err == nil {
			if err = m.take(w); err != nil {
				close(stop)
			}
		}
		free <- w
	}
	wg.Wait()
	return err
}
