package main

import (
	"bufio"
	"io"
	"sync"
	"sync/atomic"
)

// A batch works on its references with -j workers at a time and writes
// what each says in input order, as if it had worked on one at a time:
//
//	read lines ──▶ chunks ──▶ N workers ──▶ in input order ──▶ stdout, stderr
//
// One goroutine reads the input and cuts it into chunks of at most
// batchLines lines or batchBytes bytes; each worker takes a chunk, and
// writes what each reference of it says, standard output and standard
// error both, into the chunk's recorder; the goroutine that runs the batch
// takes the chunks back in the order they were read and writes each
// reference's output to the real streams, counting it as the batch does
// when it works alone. Problems of reading (a line too long, an
// unreadable file) travel as entries of the chunks, and are reported by
// that goroutine too, in their place. So standard output and standard
// error, the summary and the exit status are byte for byte those of -j 1.
//
// At most chunksInFlight chunks exist, whatever the input's size: the
// reader waits for a chunk to be written and freed before it fills
// another. A failed write to standard output stops the batch after the
// reference whose output failed, as with -j 1; the reader stops at its
// next line, and the batch waits for it and the workers to end.

// refFunc does a command's work on one reference: it writes what the
// command says of ref to s (s.out, and s.warnf or s.stderr for standard
// error) and reports whether the reference was valid (or resolved).
type refFunc func(s *sink, ref string) bool

const (
	// batchLines and batchBytes bound a chunk: enough that handing it
	// from goroutine to goroutine costs little beside the work on it.
	batchLines = 256
	batchBytes = 64 << 10
	// chunksPerWorker is how many chunks each worker may have in
	// flight: its own, and ones done or waiting, so that a slow chunk
	// does not stall the others.
	chunksPerWorker = 4
	// keepRecorded is the most memory a recorder keeps between chunks.
	keepRecorded = 1 << 20
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
	rec     recorder
	done    chan struct{} // a worker is through with it
}

// run works on every reference of the batch with the workers newWorker
// makes, one a goroutine, and writes their output in input order. With
// -j 1 it works on one reference at a time, on this goroutine. newWorker
// is called on this goroutine, once a worker; each refFunc it returns is
// called by one goroutine only.
func (b *batch) run(newWorker func() refFunc) {
	jobs := b.inv.streams.jobs.n()
	if jobs <= 1 {
		f := newWorker()
		s := &sink{inv: b.inv, b: b, out: b.inv.output()}
		b.walk(true, func(e *entry) bool {
			if e.kind != entryRef {
				return b.event(e)
			}
			s.src, s.line = e.src, e.line
			return b.done(f(s, e.ref))
		})
		return
	}
	lines := batchLines
	if b.inv.chunkLines > 0 {
		lines = b.inv.chunkLines
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
			work <- c
			order <- c
			c = nil
		}
		b.walk(false, func(e *entry) bool {
			if stopped.Load() {
				return false
			}
			if c == nil {
				select {
				case c = <-free:
				case <-stop:
					return false
				}
			}
			c.entries = append(c.entries, *e)
			c.size += len(e.ref)
			if len(c.entries) >= lines || c.size >= batchBytes {
				send()
			}
			return true
		})
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
					ok := true
					if e.kind == entryRef {
						s.src, s.line = e.src, e.line
						ok = f(s, e.ref)
						s.out.Flush()
					}
					c.rec.endItem(ok)
				}
				c.done <- struct{}{}
			}
		}()
	}

	for c := range order {
		<-c.done
		if !b.replay(c) {
			// The reader stops at its next line (or once a read it is
			// blocked in returns), the workers skip what is left.
			stopped.Store(true)
			close(stop)
			return
		}
		clear(c.entries)
		c.entries, c.size = c.entries[:0], 0
		c.rec.reset()
		free <- c
	}
}

// replay writes what the entries of c said, in order, to the
// invocation's streams, counts them, and reports whether to go on.
func (b *batch) replay(c *chunk) bool {
	out := b.inv.output()
	r := &c.rec
	seg, begin := 0, 0
	for i := range c.entries {
		e := &c.entries[i]
		item := r.items[i]
		for ; seg < item.seg; seg++ {
			sg := r.segs[seg]
			p := r.data[begin:sg.end]
			begin = sg.end
			if sg.toErr {
				out.Flush() // an error is remembered by inv.out, and reported by run
				b.progress.clear()
				b.inv.errOut.Write(p)
			} else {
				out.Write(p)
			}
		}
		if e.kind != entryRef {
			if !b.event(e) {
				return false
			}
			continue
		}
		if !b.done(item.ok) {
			return false
		}
	}
	return true
}
