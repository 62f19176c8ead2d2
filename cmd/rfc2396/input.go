package main

import (
	"bufio"
	"errors"
	"flag"
	"fmt"
	"io"
	"io/fs"
	"os"
	"strconv"
	"strings"
	"sync/atomic"

	"github.com/rfc2396/rfc2396/report"
)

// fileList is a repeatable -f FILE flag.
type fileList []string

func (f *fileList) String() string { return strings.Join(*f, ",") }
func (f *fileList) Set(s string) error {
	*f = append(*f, s)
	return nil
}

// addFileFlag defines -f/--file on fs.
func addFileFlag(fs *flag.FlagSet) *fileList {
	files := new(fileList)
	fs.Var(files, "f", "read references from `FILE`, one a line (\"-\" is standard input); may be repeated")
	fs.Var(files, "file", "read references from `FILE` (same as -f)")
	return files
}

// batch reads the references of one command: each argument, "-" standing
// for the lines of standard input, then the lines of each file; with no
// argument and no file, the lines of standard input. It counts what it
// read so that the command can print a summary.
//
// Reading never stops the batch short: an input that cannot be opened or
// read, and a line over --max-line, are reported on standard error and
// counted, and the batch goes on with the rest. Only a failed write to
// standard output stops it.
//
// A batch run by run works on several references at a time (-j) and
// writes what each says in input order: see pipeline.go.
type batch struct {
	inv      *invocation
	args     []string
	files    []string
	keepCR   bool // a line's trailing "\r" is data (escape, unescape)
	dashData bool // an argument "-" is data, not standard input (escape, unescape)
	// light says that the batch's work on a line costs less than handing
	// the line to another worker (unescape: about 30 ms of CPU time for
	// 20 MB, against 40 ms on two cores): without -j it works on one.
	light bool
	// streamed says that some references came from a stream, not the
	// arguments; bytes counts the bytes read from streams, for the
	// progress line. Both are set as the input is read, which may be on
	// another goroutine than the one that writes.
	streamed atomic.Bool
	bytes    atomic.Int64
	count    int
	failed   int
	// skipped counts the lines over --max-line, unreadable the inputs
	// that could not be opened or read to their end.
	skipped, unreadable int
	progress            *progress
	// cur is the reference each is at, for position.
	cur entry
}

// entry is one thing a batch reads, in order: a reference, or a problem
// of reading to report in its place.
type entry struct {
	kind entryKind
	ref  string // entryRef: the reference
	// src is the stream the entry comes from ("" for an argument), line
	// its line there or, for an argument, the argument's 1-based index.
	src  string
	line int
	err  error // the problem: a *lineTooLongError for entryTooLong
	// lines is how many lines an entryLines holds.
	lines int
}

type entryKind uint8

const (
	entryRef     entryKind = iota
	entryTooLong           // a line over --max-line, skipped
	entryReadErr           // a stream that could not be read to its end
	entryOpenErr           // a file that could not be opened
	// entryLines is a run of whole lines of a stream, each ending in
	// "\n", line the number of the first: the reader of a batch run by
	// workers cuts its input into runs at newlines, and the workers cut
	// the runs into lines (see walker.pieces).
	entryLines
)

// position returns where the reference being read comes from, for a
// message: "argument N", or the stream's name and the line, "NAME:N". A
// stream's name may hold any byte: a message goes through warnf.
func (b *batch) position() string {
	if b.cur.src == "" {
		return "argument " + strconv.Itoa(b.cur.line)
	}
	return b.cur.src + ":" + strconv.Itoa(b.cur.line)
}

// each calls f for every reference, in order, on this goroutine. f
// returns whether the reference was valid (or resolved).
func (b *batch) each(f func(ref string) (ok bool)) {
	b.walk(walker{showProgress: true, emit: func(e *entry) bool {
		if e.kind != entryRef {
			return b.event(e)
		}
		b.cur = *e
		return b.done(f(e.ref))
	}})
}

// done counts a reference done, valid or not (ok), shows the progress,
// and reports whether to go on: whether standard output is still
// writable.
func (b *batch) done(ok bool) bool {
	if !ok {
		b.failed++
	}
	b.count++
	if b.count&63 == 0 {
		b.progress.update(b.bytes.Load(), b.count)
	}
	return !b.inv.outputFailed()
}

// event reports a problem of reading, e, as a batch reading in order
// does, and reports whether to go on.
func (b *batch) event(e *entry) bool {
	switch e.kind {
	case entryTooLong:
		b.skipped++
		b.warnf("%s: %v", e.src, e.err)
		if record := b.inv.tooLongRecord; record != nil {
			// With --json, one record a line read, so that records
			// and lines pair up.
			record(b.inv.output(), e.src, e.err.(*lineTooLongError))
			return !b.inv.outputFailed()
		}
	case entryReadErr:
		b.unreadable++
		b.warnf("%s: %v", e.src, e.err)
	case entryOpenErr:
		b.unreadable++
		b.warnf("%v", e.err)
	}
	return true
}

// walk reads the batch's input and passes w.emit each entry, in order,
// until it returns false; w says how (see walker), walk sets w.b. The
// entry is reused from call to call. walk touches no field of b but
// streamed and bytes, so that it can run on a goroutine of its own.
func (b *batch) walk(w walker) {
	w.b = b
	emit := w.emit
	if len(b.args) == 0 && len(b.files) == 0 {
		w.lines(b.inv.stdin, "standard input")
		return
	}
	for i, a := range b.args {
		if a == "-" && !b.dashData {
			if !w.lines(b.inv.stdin, "standard input") {
				return
			}
			continue
		}
		w.e = entry{kind: entryRef, ref: a, line: i + 1}
		if !emit(&w.e) {
			return
		}
	}
	for _, name := range b.files {
		if !w.fileLines(name) {
			return
		}
	}
}

// smallInput is the size under which a batch whose -j is not given
// works on one core: over the corpus of short references (3.3 MB), two
// workers on two cores cost a quarter more CPU time than one (handing
// chunks between goroutines, the collector's workers, threads looking
// for work) for some 20 ms of wall time saved (docs/performance.md).
const smallInput = 8 << 20

// inputSize returns the bytes of the batch's input, and whether they are
// known: the arguments, and standard input and the files when each is a
// regular file (a pipe, a terminal or a device is of unknown size).
func (b *batch) inputSize() (int64, bool) {
	var n int64
	size := func(fi os.FileInfo, err error) bool {
		if err != nil || !fi.Mode().IsRegular() {
			return false
		}
		n += fi.Size()
		return true
	}
	stdin := func() bool {
		f, ok := b.inv.stdin.(*os.File)
		return ok && size(f.Stat())
	}
	if len(b.args) == 0 && len(b.files) == 0 {
		return n, stdin()
	}
	for _, a := range b.args {
		if a == "-" && !b.dashData {
			if !stdin() {
				return 0, false
			}
			continue
		}
		n += int64(len(a))
	}
	for _, name := range b.files {
		if name == "-" {
			if !stdin() {
				return 0, false
			}
			continue
		}
		fi, err := os.Stat(name)
		if errors.Is(err, fs.ErrNotExist) {
			continue // walk reports it; it adds nothing to the work
		}
		if !size(fi, err) {
			return 0, false
		}
	}
	return n, true
}

// jobs returns the number of workers of the batch: -j's if given, else
// one for a light batch or an input known to be under smallInput, else
// one a core.
func (b *batch) jobs() int {
	if b.inv.streams.jobs == 0 {
		if b.light {
			return 1
		}
		if n, ok := b.inputSize(); ok && n < smallInput {
			return 1
		}
	}
	return b.inv.streams.jobs.n()
}

// walker is one walk over a batch's input.
type walker struct {
	b    *batch
	emit func(*entry) bool
	// showProgress says whether to update the progress line as blocks
	// are read (only on the goroutine that writes).
	showProgress bool
	// pieces, when not 0, is how many bytes of whole lines the walker
	// emits at a time as an entryLines, where it can: a line that
	// spans blocks read, or that is too long, comes as an entry of its
	// own. 0: every line comes as an entry of its own.
	pieces int
	// lend, with pieces 0, says that the ref of an entry read from a
	// stream is lent (see newLendingLineReader): emit is done with it
	// when it returns, and keeps no part of it that it does not copy.
	lend bool
	e    entry
}

// fileLines emits the lines of the file name ("-" is standard input) and
// reports whether to go on.
func (w *walker) fileLines(name string) bool {
	if name == "-" {
		return w.lines(w.b.inv.stdin, "standard input")
	}
	file, err := os.Open(name)
	if err != nil {
		w.b.streamed.Store(true)
		w.e = entry{kind: entryOpenErr, err: err}
		return w.emit(&w.e)
	}
	defer file.Close()
	return w.lines(file, name)
}

// lines emits each line of r, without its line ending ("\n", and a "\r"
// before it unless keepCR), and reports whether to go on. A line over
// --max-line is emitted as an entryTooLong; a read error as an
// entryReadErr, which ends r. name is r's name in messages.
func (w *walker) lines(r io.Reader, name string) bool {
	b := w.b
	b.streamed.Store(true)
	lr := newLineReader(r, int(b.inv.streams.maxLine))
	lr.lends = w.lend && w.pieces == 0
	lr.onRead = func(n int) {
		b.bytes.Add(int64(n))
		if w.showProgress {
			b.progress.update(b.bytes.Load(), b.count)
		}
	}
	e := &w.e
	pieces := w.pieces
	if pieces > 0 && lr.max < lineBlock {
		// A line within a block could be too long: each is looked at.
		pieces = 0
	}
	for {
		if pieces > 0 {
			if run, n := lr.run(pieces); n > 0 {
				*e = entry{kind: entryLines, ref: run, src: name, line: lr.line - n + 1, lines: n}
				if !w.emit(e) {
					return false
				}
				continue
			}
		}
		line, err := lr.next()
		if err != nil {
			// Asked only of an error: the target errors.As is given
			// escapes, and would cost an allocation a line.
			if err == io.EOF {
				return true
			}
			if tooLong := (*lineTooLongError)(nil); errors.As(err, &tooLong) {
				*e = entry{kind: entryTooLong, src: name, line: tooLong.Line, err: tooLong}
				if !w.emit(e) {
					return false
				}
				continue
			}
			*e = entry{kind: entryReadErr, src: name, line: lr.line + 1, err: err}
			return w.emit(e)
		}
		if n := len(line); !b.keepCR && n > 0 && line[n-1] == '\r' {
			line = line[:n-1]
		}
		*e = entry{kind: entryRef, ref: line, src: name, line: lr.line}
		if !w.emit(e) {
			return false
		}
	}
}

// warnf reports a problem of reading on standard error, clearing the
// progress line first.
func (b *batch) warnf(format string, args ...any) {
	b.progress.clear()
	b.inv.warnf(format, args...)
}

// summarize prints "N references, M invalid" (with failedWord for
// "invalid"), and the lines skipped and inputs unreadable if any, to
// standard error when references were read from a stream.
//
// With -q, the summary is printed only when --summary is given; with
// --summary, it is printed even when every reference was an argument.
func (b *batch) summarize(failedWord string) {
	b.finish()
	if q := b.inv.quiet; q != nil && (q.quiet || q.summary) {
		if !q.summary {
			return
		}
	} else if !b.streamed.Load() {
		return
	}
	noun := "references"
	if b.count == 1 {
		noun = "reference"
	}
	if buf := b.inv.buf; buf != nil {
		buf.Flush() // an error is remembered by inv.out, and reported by run
	}
	fmt.Fprintf(b.inv.errOut, "%d %s, %d %s%s\n", b.count, noun, b.failed, failedWord, b.problems())
}

// finish clears the progress line, if shown.
func (b *batch) finish() {
	b.progress.clear()
}

// problems returns ", N lines too long (skipped), M inputs unreadable",
// with the parts that are not zero.
func (b *batch) problems() string {
	s := ""
	if b.skipped > 0 {
		s += fmt.Sprintf(", %d %s too long (skipped)", b.skipped, plural(b.skipped, "line", "lines"))
	}
	if b.unreadable > 0 {
		s += fmt.Sprintf(", %d %s unreadable", b.unreadable, plural(b.unreadable, "input", "inputs"))
	}
	return s
}

func plural(n int, one, many string) string {
	if n == 1 {
		return one
	}
	return many
}

// status returns the exit status of the batch: 2 when some input could not
// be read whole (a line skipped, an input unreadable), else 1 when some
// reference failed, else 0.
func (b *batch) status() int {
	switch {
	case b.skipped > 0 || b.unreadable > 0:
		return 2
	case b.failed > 0:
		return 1
	}
	return 0
}

// newBatch returns the batch of inv over args and files, with a progress
// line when standard error is a terminal and standard output is not.
func newBatch(inv *invocation, args, files []string) *batch {
	b := &batch{inv: inv, args: args, files: files}
	inv.batch = b
	if inv.showProgress {
		b.progress = newProgress(inv.errOut, inv.now)
	}
	return b
}

// runBatch runs one command over its references (args, files, standard
// input; see batch) with the workers newWorker makes (see batch.run).
// Then the summary goes to standard error ("N references, M <failed>"),
// and runBatch returns the exit status (see batch.status).
func runBatch(inv *invocation, args, files []string, failed string, newWorker func() refFunc) int {
	b := newBatch(inv, args, files)
	b.run(newWorker)
	b.summarize(failed)
	return b.status()
}

// tooLongJSON returns the record a --json command writes for a line over
// --max-line, in place of the one it writes for a reference: lead (the
// members before the input's, such as "base"), the input's member inKey
// as null (the line is not held), rest (such as "valid" false or "result"
// null, "standard" and "profile" as for any record), and "error" in the
// shape of every error, with code "line-too-long", the message on
// standard error, and no offset.
func tooLongJSON(lead func(o *report.Object), inKey string, rest func(o *report.Object)) func(w *bufio.Writer, name string, err *lineTooLongError) {
	var jb report.Buffer
	return func(w *bufio.Writer, name string, err *lineTooLongError) {
		jb.Out = w
		jb.Reset()
		o := report.BeginObject(&jb)
		if lead != nil {
			lead(&o)
		}
		o.Null(inKey)
		rest(&o)
		o.Key("error")
		e := report.BeginObject(o.W)
		e.Str("code", "line-too-long")
		e.Str("message", name+": "+err.Error())
		e.NullPlace()
		e.End(false)
		o.End(true)
		w.Write(jb.B)
	}
}
