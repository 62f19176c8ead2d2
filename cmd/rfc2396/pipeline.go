package main

import (
	"bufio"
	"io"
	"slices"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
)

// A batch works on its references with -j workers at a time and writes
// what each says in input order, as if it had worked on one at a time:
//
//	read lines ──▶ chunks ──▶ N workers ──▶ in input order ──▶ stdout, stderr
//
// One goroutine reads the input and cuts it into chunks of about
// batchBytes bytes or batchLines lines. It does not look at each line:
// the whole lines of a block read go as runs of about batchBytes cut at
// a newline (entryLines), and the worker cuts a run into lines; a line
// that spans blocks, or one when --max-line is below a block, goes as an
// entry of its own. Each worker takes a chunk, and writes what each
// reference of it says, standard output and standard error both, into
// the chunk's recorder; the goroutine that runs the batch takes the
// chunks back in the order they were read and writes each reference's
// output to the real streams, straight from the record where it can (see
// replay), counting it as the batch does when it works alone. The
// reader and the writer are the part of the batch that does not scale
// with -j: each does as little as it can a line. Problems of reading (a line too long, an
// unreadable file) travel as entries of the chunks, and are reported by
// that goroutine too, in their place. So standard output and standard
// error, the summary and the exit status are byte for byte those of -j 1.
//
// A reference of directRef bytes or more (a long line under a raised
// --max-line) goes as a chunk of its own that no worker touches: the
// goroutine that writes in order works on it when its turn comes,
// straight to the streams, so that its output, several times its size,
// is never held whole.
//
// At most chunksPerWorker chunks a worker exist, whatever the input's size: the
// reader waits for a chunk to be written and freed before it fills
// another. A failed write to standard output stops the batch after the
// reference whose output failed, as with -j 1; the reader stops at its
// next run or line, and the batch waits for it and the workers to end.

// refFunc does a command's work on one reference: it writes what the
// command says of ref to s (s.out, and s.warnf or s.stderr for standard
// error) and reports whether the reference was valid (or resolved). ref
// is lent: its bytes may change once the call returns (at -j 1 it is a
// view of the line reader's buffer, see lineReader.lends), so a refFunc
// keeps no part of it from one reference to the next that it does not
// copy, not even in a cache it only compares with.
type refFunc func(s *sink, ref string) bool

const (
	// batchLines and batchBytes bound a chunk: enough that handing it
	// from goroutine to goroutine costs little beside the work on it,
	// and little enough that the chunks in flight, with what their
	// references wrote (parse writes nine times its input), stay within
	// the heap a worker adds (gcPerJob): with runs of 64 KiB, parse -j 2
	// on 20 MB collected 150 times instead of 5, for twice the CPU time.
	batchLines = 256
	batchBytes = 12 << 10
	// chunksPerWorker is how many chunks each worker may have in
	// flight: its own, and ones done or waiting, so that a slow chunk
	// does not stall the others.
	chunksPerWorker = 4
	// keepRecorded is the most memory a recorder keeps between chunks.
	keepRecorded = 1 << 20
	// directRef is the size from which a reference is not worked on by a
	// worker but by the goroutine that writes in order, when its turn
	// comes, straight to the streams as at -j 1: what a worker writes is
	// held whole until its turn, and a reference of 16 MB (with
	// --max-line) made parse --json -j 2 hold 150 MB, two and a half
	// times -j 1's peak. A reference this long is work enough that the
	// others' wait for it costs little.
	directRef = 1 << 20
)

// sink is where a refFunc writes: straight to the invocation's streams
// when the batch works alone, or into a chunk's recorder when it runs
// workers. It also says where the reference comes from, for quiet lines.
type sink struct {
	inv *invocation
	b   *batch
	out *bufio.Writer
	rec *recorder // nil: the invocation's streams
	// src and line are where the reference comes from (see entry).
	src  string
	line int
}

// stderr returns standard error as the sink writes it, after what
// standard output holds so far: the two keep their order on a terminal.
func (s *sink) stderr() io.Writer {
	s.out.Flush() // an error is remembered by inv.out, and reported by run
	if s.rec != nil {
		return recordedStream{s, true}
	}
	s.b.progress.clear()
	return s.inv.errOut
}

// write writes p, the whole output of a reference or the end of it, to
// standard output. A sink that records takes it into the chunk's recorder
// at once when s.out holds nothing before it, which spares the copy
// through s.out: with -j, what a batch writes is copied from buffer to
// buffer on its way, and the copies done by the goroutine that writes in
// order bound how far the workers scale.
func (s *sink) write(p []byte) {
	if s.rec != nil && s.out.Buffered() == 0 {
		s.rec.add(false, p)
		return
	}
	s.out.Write(p)
}

// warnf writes one line of diagnostics to standard error, as
// invocation.warnf does.
func (s *sink) warnf(format string, args ...any) {
	s.stderr().Write(s.inv.warning(format, args...))
}

// where returns the name and line of the reference, for a quiet line (see
// stdinName and argsName).
func (s *sink) where() (name string, line int) {
	switch s.src {
	case "":
		return argsName, s.line
	case "standard input":
		return stdinName, s.line
	}
	return s.src, s.line
}

// position is where the reference comes from, as a message names it:
// "argument 2", "standard input:3", "FILE:3" (see batch.position).
func (s *sink) position() string {
	if s.src == "" {
		return "argument " + strconv.Itoa(s.line)
	}
	return s.src + ":" + strconv.Itoa(s.line)
}

// problem writes the quiet line of err, an error about ref, to w.
func (s *sink) problem(w io.Writer, ref string, err error) {
	name, line := s.where()
	off, msg := problemOf(err, ref)
	writeProblem(w, name, line, off+1, msg)
}

// recordedStream is standard output (or standard error, with toErr) of a
// sink that records.
type recordedStream struct {
	s     *sink
	toErr bool
}

func (r recordedStream) Write(p []byte) (int, error) {
	r.s.rec.add(r.toErr, p)
	return len(p), nil
}

// recorder holds what the references of a chunk wrote, in order: the
// bytes, cut into segments of one stream each, and where each entry's
// segments end.
type recorder struct {
	data  []byte
	segs  []segment
	items []itemEnd
}

type segment struct {
	end   int // in data; the segment begins where the one before ends
	toErr bool
}

type itemEnd struct {
	seg int // the entry's segments end here (exclusive)
	ok  bool
}

func (r *recorder) reset() {
	if cap(r.data) > keepRecorded {
		r.data = nil
	}
	r.data, r.segs, r.items = r.data[:0], r.segs[:0], r.items[:0]
}

// add records p, written to standard error when toErr, else to standard
// output.
func (r *recorder) add(toErr bool, p []byte) {
	if len(p) == 0 {
		return
	}
	r.data = append(r.data, p...)
	first := 0
	if n := len(r.items); n > 0 {
		first = r.items[n-1].seg
	}
	if n := len(r.segs); n > first && r.segs[n-1].toErr == toErr {
		r.segs[n-1].end = len(r.data)
		return
	}
	r.segs = append(r.segs, segment{end: len(r.data), toErr: toErr})
}

// endItem ends the output of one entry.
func (r *recorder) endItem(ok bool) {
	r.items = append(r.items, itemEnd{seg: len(r.segs), ok: ok})
}

// chunk is a piece of a batch's input on its way through the workers.
type chunk struct {
	entries []entry
	size    int // bytes of the references
	lines   int // references and events
	rec     recorder
	done    chan struct{} // a worker is through with it
	// direct: the chunk is one reference of directRef bytes or more,
	// which no worker touches: the goroutine that writes in order works
	// on it in its turn.
	direct bool
}

// run works on every reference of the batch with the workers newWorker
// makes, one a goroutine, and writes their output in input order. With
// -j 1 it works on one reference at a time, on this goroutine. newWorker
// is called on this goroutine, once a worker; each refFunc it returns is
// called by one goroutine only.
func (b *batch) run(newWorker func() refFunc) {
	jobs := b.jobs()
	paceGC(jobs) // with -j, room for the chunks in flight
	if jobs <= 1 {
		paceLentGC()
		f := newWorker()
		s := &sink{inv: b.inv, b: b, out: b.inv.output()}
		// The lines are lent (see walker.lend): f is done with each
		// when it returns.
		b.walk(walker{showProgress: true, lend: true, emit: func(e *entry) bool {
			if e.kind != entryRef {
				return b.event(e)
			}
			s.src, s.line = e.src, e.line
			return b.done(f(s, e.ref))
		}})
		return
	}
	lines, pieces, directSize := batchLines, batchBytes, directRef
	if b.inv.chunkLines > 0 {
		lines, pieces, directSize = b.inv.chunkLines, b.inv.chunkLines, 16*b.inv.chunkLines
	}
	inFlight := chunksPerWorker * jobs
	free := make(chan *chunk, inFlight)
	for range inFlight {
		free <- &chunk{done: make(chan struct{}, 1)}
	}
	// Neither channel ever blocks a send: at most inFlight chunks exist.
	work := make(chan *chunk, inFlight)
	order := make(chan *chunk, inFlight)
	stop := make(chan struct{})
	var stopped atomic.Bool
	var wg sync.WaitGroup
	defer wg.Wait()

	wg.Add(1 + jobs)
	go func() {
		defer wg.Done()
		defer close(order)
		defer close(work)
		var c *chunk
		send := func() {
			if c.direct {
				c.done <- struct{}{}
			} else {
				work <- c
			}
			order <- c
			c = nil
		}
		b.walk(walker{pieces: pieces, emit: func(e *entry) bool {
			if stopped.Load() {
				return false
			}
			direct := e.kind == entryRef && len(e.ref) >= directSize
			if direct && c != nil {
				send() // what came before it goes first
			}
			if c == nil {
				select {
				case c = <-free:
				case <-stop:
					return false
				}
			}
			c.entries = append(c.entries, *e)
			if direct {
				c.direct = true
				send()
				return true
			}
			c.size += len(e.ref)
			c.lines += max(e.lines, 1)
			if c.lines >= lines || c.size >= pieces {
				send()
			}
			return true
		}})
		if c != nil {
			send()
		}
	}()

	for range jobs {
		f := newWorker() // here: newWorker need not be safe for concurrent use
		go func() {
			defer wg.Done()
			s := &sink{inv: b.inv, b: b}
			s.out = bufio.NewWriterSize(recordedStream{s, false}, 16<<10)
			for c := range work {
				select {
				case <-stop:
					c.done <- struct{}{}
					continue
				default:
				}
				s.rec = &c.rec
				for i := range c.entries {
					e := &c.entries[i]
					switch e.kind {
					case entryRef:
						s.src, s.line = e.src, e.line
						ok := f(s, e.ref)
						s.out.Flush()
						c.rec.endItem(ok)
					case entryLines:
						s.src, s.line = e.src, e.line
						for rest := e.ref; rest != ""; s.line++ {
							i := strings.IndexByte(rest, '\n')
							ref := rest[:i]
							rest = rest[i+1:]
							if n := len(ref); !b.keepCR && n > 0 && ref[n-1] == '\r' {
								ref = ref[:n-1]
							}
							ok := f(s, ref)
							s.out.Flush()
							c.rec.endItem(ok)
						}
					default:
						c.rec.endItem(true)
					}
				}
				c.done <- struct{}{}
			}
		}()
	}

	// direct works on the chunks no worker touched, on this goroutine.
	var direct refFunc
	for c := range order {
		<-c.done
		if c.direct {
			if direct == nil {
				direct = newWorker()
			}
			if !b.runDirect(c, direct) {
				stopped.Store(true)
				close(stop)
				return
			}
		} else if !b.replay(c) {
			// The reader stops at its next run or line (or once a read it is
			// blocked in returns), the workers skip what is left.
			stopped.Store(true)
			close(stop)
			return
		}
		clear(c.entries)
		c.entries, c.size, c.lines, c.direct = c.entries[:0], 0, 0, false
		c.rec.reset()
		free <- c
	}
}

// runDirect works on the one reference of c, a direct chunk, with f,
// writing straight to the invocation's streams as a batch at -j 1 does
// (everything before it is written), and reports whether to go on.
func (b *batch) runDirect(c *chunk, f refFunc) bool {
	e := &c.entries[0]
	s := &sink{inv: b.inv, b: b, out: b.inv.output(), src: e.src, line: e.line}
	return b.done(f(s, e.ref))
}

// replay writes what the entries of c said, in order, to the
// invocation's streams, counts them, and reports whether to go on.
//
// replay is the goroutine that writes in order, the one part of a batch
// that does not scale with -j, so it copies as little as it can. With -j
// 1 a batch writes standard output through out's buffer, which writes a
// full buffer whenever a byte comes that does not fit: the reference
// that byte belongs to sees the write fail, and the batch stops after
// it. replay writes at the same bytes, so that a failed write stops the
// batch at the same reference, but from the record itself, in one Write
// a run of full buffers (see spill); only what is left for the next
// chunk (less than a buffer) and the start of a buffer that spans two
// chunks go through out's buffer. A write to standard error or an event
// first hands what is pending to out, which flushes it, as with -j 1.
func (b *batch) replay(c *chunk) bool {
	out := b.inv.output()
	r := &c.rec
	seg, begin, pending := 0, 0, 0 // r.data[pending:begin] is for out, not yet written
	hand := func() {
		if pending < begin {
			out.Write(r.data[pending:begin])
		}
		pending = begin
	}
	k := 0 // the item of r that is next
	for i := range c.entries {
		e := &c.entries[i]
		n := 1
		if e.kind == entryLines {
			n = e.lines
		}
		for range n {
			item := r.items[k]
			k++
			for ; seg < item.seg; seg++ {
				sg := r.segs[seg]
				if sg.toErr {
					hand()
					out.Flush() // an error is remembered by inv.out, and reported by run
					b.progress.clear()
					b.inv.errOut.Write(r.data[begin:sg.end])
					pending = sg.end
				} else if sg.end-pending > out.Available() {
					pending = b.spill(out, r.data, pending, sg.end)
				}
				begin = sg.end
			}
			if e.kind != entryRef && e.kind != entryLines {
				hand()
				if !b.event(e) {
					return false
				}
				continue
			}
			if !b.done(item.ok) {
				hand()
				return false
			}
		}
	}
	hand()
	return true
}

// spill writes the full buffers that out would have written by the time
// it held data[pending:end] after what it holds (more than its size),
// and returns where what is still pending begins. out's buffer, when it holds anything, is
// filled from data and written; the rest of the full buffers go in one
// Write straight from data.
func (b *batch) spill(out *bufio.Writer, data []byte, pending, end int) int {
	size, held := out.Size(), out.Buffered()
	full := (held + end - pending - 1) / size * size // the bytes -j 1 writes by now
	if full <= 0 {
		return pending
	}
	if held > 0 {
		fill := size - held
		out.Write(data[pending : pending+fill]) // fits: no write yet
		out.Flush()                             // an error is remembered by inv.out, and reported by run
		pending += fill
		full -= size
	}
	if full > 0 {
		b.inv.out.Write(data[pending : pending+full]) // out is empty: the bytes follow what it wrote
		pending += full
	}
	return pending
}

// lint works on whole files: a document's references depend on what came
// before them in it (a base element, a reference broken across lines), so
// each file is one unit of work, and its output stays together. The file
// whose turn it is (every file before it written) writes straight to the
// streams; a file after it records its output until its turn comes, and
// waits for it once it holds lintRecordMax bytes, so that memory stays
// within workers*lintRecordMax whatever the files' sizes.

// lintRecordMax is the most output a file waiting for its turn holds.
const lintRecordMax = 1 << 20

// lintJob is one file of a lint run by workers.
type lintJob struct {
	l      *linter
	name   string
	turn   chan struct{} // closed when every file before this one is written
	direct bool          // this file's turn has come: it writes straight through
	rec    recorder
	out    *bufio.Writer
	stop   *atomic.Bool // standard output failed: every file stops
	// recordMax is how much output the job records before it waits for
	// its turn: lintRecordMax.
	recordMax int
}

// parallel lints files with jobs workers, each file's output in the
// order of files, and returns the exit status, as the loop over files in
// runLint does.
func (l *linter) parallel(files []string, jobs int, judge *lintJudge) int {
	var stop atomic.Bool
	recordMax := lintRecordMax
	if l.inv.chunkLines > 0 {
		recordMax = l.inv.chunkLines
	}
	all := make([]*lintJob, len(files))
	for i, name := range files {
		all[i] = &lintJob{l: l, name: name, turn: make(chan struct{}), stop: &stop, recordMax: recordMax}
		all[i].out = bufio.NewWriterSize(all[i], 16<<10)
	}
	close(all[0].turn)
	statuses := make([]int, len(files))
	next := make(chan int, len(files))
	for i := range files {
		next <- i
	}
	close(next)
	var wg sync.WaitGroup
	for w := range min(jobs, len(files)) {
		j := judge
		if w > 0 {
			j, _ = newLintJudge(l.o.std) // as the first one was made
		}
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i := range next {
				job := all[i]
				if job.name == "-" {
					// Standard input may be named more than once: it is
					// read in the order of files, as without workers.
					job.wait()
				}
				st, halt := 0, stop.Load()
				if !halt {
					st, halt = l.file(job.name, j, job.out, job.warnf, job.failed)
				}
				job.out.Flush() // an error is the job's stop, known already
				job.wait()
				if halt {
					stop.Store(true)
					statuses[i] = 2
				} else {
					statuses[i] = st
				}
				if i+1 < len(all) {
					close(all[i+1].turn)
				}
			}
		}()
	}
	wg.Wait()
	if stop.Load() || l.inv.output().Flush() != nil {
		return 2
	}
	return slices.Max(statuses)
}

// wait waits for the job's turn, then writes what it recorded and from
// then on writes straight through. What j.out holds is not written: wait
// is called from under it, by Write.
func (j *lintJob) wait() {
	if j.direct {
		return
	}
	<-j.turn
	j.direct = true
	if j.stop.Load() {
		return
	}
	out := j.l.inv.output()
	r := &j.rec
	begin := 0
	for _, sg := range r.segs {
		p := r.data[begin:sg.end]
		begin = sg.end
		if sg.toErr {
			out.Flush() // an error is remembered by inv.out, and reported by run
			j.l.inv.errOut.Write(p)
		} else {
			out.Write(p)
		}
	}
	r.data, r.segs = nil, nil
}

// turnCame reports whether the job writes straight through, waiting for
// its turn first when it has recorded lintRecordMax bytes.
func (j *lintJob) turnCame() bool {
	if !j.direct {
		select {
		case <-j.turn:
			j.wait()
		default:
			if len(j.rec.data) >= j.recordMax {
				j.wait()
			}
		}
	}
	return j.direct
}

// Write is the job's standard output, under its buffer.
func (j *lintJob) Write(p []byte) (int, error) {
	if j.stop.Load() {
		return 0, errOutputFailed
	}
	if !j.turnCame() {
		j.rec.add(false, p)
		return len(p), nil
	}
	j.l.inv.output().Write(p)
	if j.l.inv.outputFailed() {
		return 0, errOutputFailed
	}
	return len(p), nil
}

// warnf writes a message of the job to standard error, after its output
// so far.
func (j *lintJob) warnf(format string, args ...any) {
	j.out.Flush()
	msg := j.l.inv.warning(format, args...)
	if !j.turnCame() {
		j.rec.add(true, msg)
		return
	}
	j.l.inv.output().Flush() // an error is remembered by inv.out, and reported by run
	j.l.inv.errOut.Write(msg)
}

// failed reports whether standard output has failed, as far as the job can
// tell: every job learns it from the one that saw it.
func (j *lintJob) failed() bool {
	if j.stop.Load() {
		return true
	}
	if j.direct && j.l.inv.outputFailed() {
		j.stop.Store(true)
		return true
	}
	return false
}
