package main

import (
	"bytes"
	"errors"
	"flag"
	"fmt"
	"io"
	"runtime"
	"strconv"
	"strings"
	"time"
	"unicode/utf8"
	"unsafe"

	"github.com/rfc2396/rfc2396/internal/safeout"
)

// The stream contract of every command (docs/cli.md):
//
//   - Results go to standard output, errors and summaries to standard
//     error.
//   - Every write goes through a [checkedWriter], which remembers the first
//     error; run reports it once, "rfc2396 CMD: writing standard output:
//     ...", with exit status 2. A batch stops reading at the first failed
//     write.
//   - Lines are read by a [lineReader], which holds at most --max-line bytes
//     of a line: a longer line is reported and skipped without being held.
//   - On a terminal, standard output shows control bytes escaped unless
//     --raw is given; elsewhere it is byte-exact.
//   - A long batch shows a [progress] line on standard error when that is a
//     terminal.

// defaultMaxLine is the longest line, in bytes, a command reads unless
// --max-line says otherwise: far above any URI in use (browsers stop near
// 2 MB), and small enough that a stream of junk costs little memory.
const defaultMaxLine = 1 << 20

// maxMaxLine is the largest --max-line accepted.
const maxMaxLine = 1 << 30

// streamUse says which of the stream flags a command has.
type streamUse int

const (
	readsLines    streamUse = 1 << iota // --max-line
	writesResults                       // --raw
	runsJobs                            // -j, on references
	runsFileJobs                        // -j, on files (lint)
)

// streamOptions are the values of the stream flags of one invocation.
type streamOptions struct {
	maxLine byteSize
	raw     bool
	jobs    jobCount
}

// addStreamFlags defines the stream flags use asks for on fs.
func addStreamFlags(fs *flag.FlagSet, use streamUse) *streamOptions {
	o := &streamOptions{maxLine: defaultMaxLine}
	if use&readsLines != 0 {
		fs.Var(&o.maxLine, "max-line", "report and skip any input line over `BYTES` (e.g. 65536, 64K, 16M) without holding it")
	}
	if use&writesResults != 0 {
		fs.BoolVar(&o.raw, "raw", false, "write control bytes to a terminal as they are, not as \\xNN (output to a file or pipe is always byte-exact)")
	}
	switch {
	case use&runsJobs != 0:
		fs.Var(&o.jobs, "j", "work on `N` references at a time, on N cores (default: every core, or one for an input of files under 8 MiB); the output is in input order whatever N")
	case use&runsFileJobs != 0:
		fs.Var(&o.jobs, "j", "work on `N` files at a time, or N windows of one file's text, on N cores (default: every core); each file's output is whole and in order whatever N")
	}
	return o
}

// jobCount is the value of -j: how many workers a batch runs, 0 for one a
// core (runtime.GOMAXPROCS). It is 0 unless given, so that the usage
// shows no default that depends on the machine.
type jobCount int

// maxJobs is the largest -j accepted: far above the cores of any machine,
// and small enough that the work in flight stays a few megabytes.
const maxJobs = 1024

func (j *jobCount) String() string { return strconv.Itoa(int(*j)) }

func (j *jobCount) Set(v string) error {
	n, err := strconv.Atoi(v)
	if err != nil || n < 1 || n > maxJobs {
		return fmt.Errorf("want a number of workers from 1 to %d", maxJobs)
	}
	*j = jobCount(n)
	return nil
}

// n returns the number of workers: the value given, else one a core.
func (j jobCount) n() int {
	if j > 0 {
		return int(j)
	}
	return max(1, runtime.GOMAXPROCS(0))
}

// byteSize is a flag value in bytes: a number with an optional binary
// suffix (K, KiB, M, MiB, G, GiB).
type byteSize int

func (s *byteSize) String() string {
	n := int(*s)
	for _, u := range []struct {
		suffix string
		size   int
	}{{"G", 1 << 30}, {"M", 1 << 20}, {"K", 1 << 10}} {
		if n >= u.size && n%u.size == 0 {
			return strconv.Itoa(n/u.size) + u.suffix
		}
	}
	return strconv.Itoa(n)
}

func (s *byteSize) Set(v string) error {
	num, unit := v, 1
	for _, u := range []struct {
		suffixes []string
		size     int
	}{{[]string{"KiB", "K", "k"}, 1 << 10}, {[]string{"MiB", "M"}, 1 << 20}, {[]string{"GiB", "G"}, 1 << 30}} {
		for _, suf := range u.suffixes {
			if t, ok := strings.CutSuffix(v, suf); ok {
				num, unit = t, u.size
			}
		}
	}
	n, err := strconv.Atoi(num)
	if err != nil || n < 1 || n > maxMaxLine/unit {
		return fmt.Errorf("want a size from 1 to 1G, such as 4096, 64K or 16M")
	}
	*s = byteSize(n * unit)
	return nil
}

// checkedWriter is standard output or standard error as the commands
// write it. It remembers the first write error and writes nothing after
// it, so that one check at the end (see run) reports every failed write.
// With escape set (standard output on a terminal, no --raw), it writes
// each byte a terminal would act on rather than show as \xNN (see
// terminalSafe).
type checkedWriter struct {
	w       io.Writer
	err     error
	escape  bool
	pending []byte // with escape, the start of a UTF-8 sequence cut by the end of a write
	scratch []byte
}

func (c *checkedWriter) Write(p []byte) (int, error) {
	if c.err != nil {
		return 0, c.err
	}
	if !c.escape {
		n, err := c.w.Write(p)
		if err == nil && n < len(p) {
			err = io.ErrShortWrite
		}
		c.err = err
		return n, err
	}
	in := p
	if len(c.pending) > 0 {
		in = append(c.pending, p...)
		c.pending = c.pending[:0]
	}
	var rest []byte
	c.scratch, rest = terminalSafe(c.scratch[:0], in)
	c.pending = append(c.pending, rest...)
	if n, err := c.w.Write(c.scratch); err != nil || n < len(c.scratch) {
		if err == nil {
			err = io.ErrShortWrite
		}
		c.err = err
		return 0, err
	}
	if cap(c.scratch) > 1<<20 {
		c.scratch = nil
	}
	return len(p), nil
}

// finish writes what an escaping writer still holds: an incomplete UTF-8
// sequence at the end of the output, escaped.
func (c *checkedWriter) finish() {
	if len(c.pending) == 0 || c.err != nil {
		return
	}
	var out []byte
	for _, b := range c.pending {
		out = appendEscapedByte(out, b)
	}
	c.pending = nil
	if n, err := c.w.Write(out); err != nil {
		c.err = err
	} else if n < len(out) {
		c.err = io.ErrShortWrite
	}
}

// terminalSafe appends p to dst as a terminal can show it without acting
// on it: printable ASCII, tab, newline and valid UTF-8 for characters from
// U+00A0 on as they are; every other byte (the C0 controls including ESC
// and CR, DEL, the C1 controls U+0080 to U+009F in either encoding, bytes
// that are not UTF-8, and the UTF-8 of format characters such as the
// bidirectional overrides and of U+2028 and U+2029: safeout.ShownAsIs)
// as \xNN. It returns the start of a UTF-8 sequence that p ends in the
// middle of, which the caller passes again with what follows.
func terminalSafe(dst, p []byte) (out, rest []byte) {
	for i := 0; i < len(p); {
		c := p[i]
		if c >= 0x20 && c < 0x7f || c == '\t' || c == '\n' {
			j := i + 1
			for j < len(p) && (p[j] >= 0x20 && p[j] < 0x7f || p[j] == '\t' || p[j] == '\n') {
				j++
			}
			dst = append(dst, p[i:j]...)
			i = j
			continue
		}
		if c < 0x80 {
			dst = appendEscapedByte(dst, c)
			i++
			continue
		}
		if !utf8.FullRune(p[i:]) {
			return dst, p[i:]
		}
		r, size := utf8.DecodeRune(p[i:])
		if !safeout.ShownAsIs(r, size) {
			for _, b := range p[i : i+size] {
				dst = appendEscapedByte(dst, b)
			}
		} else {
			dst = append(dst, p[i:i+size]...)
		}
		i += size
	}
	return dst, nil
}

func appendEscapedByte(dst []byte, b byte) []byte {
	const hexDigits = "0123456789abcdef"
	return append(dst, '\\', 'x', hexDigits[b>>4], hexDigits[b&15])
}

// lineReader reads lines of at most max bytes (without the "\n") from a
// stream, holding no more than that of any line.
//
// Lines come back as strings cut from one string per block read: the
// lines of a block cost one allocation between them, not one each (over a
// corpus of short references, the allocation of each line was most of the
// garbage a batch made). A line that spans blocks is put together in part
// and copied once.
//
// A lineReader that lends (see lends) makes no string of a block at all.
type lineReader struct {
	r     io.Reader
	max   int
	line  int   // lines returned or skipped so far
	bytes int64 // bytes read so far
	buf   []byte
	// lends says that the lines next returns are lent: each is a view of
	// buf, and holds its bytes only until the next call to next, which
	// may read a block over them. The caller uses a line and lets go of
	// it (or copies it) before it asks for the next. Over a corpus of
	// short references, the string made of each block read otherwise was
	// half of what compare allocated, and as much as the input for every
	// batch command. run is not for a lineReader that lends.
	lends bool
	// raw is what is left of the last block read, not yet looked at as a
	// string; str is what is left of it once it is.
	raw      []byte
	str      string
	part     []byte // the beginning of a line that earlier blocks held
	skipping bool   // the rest of an over-long line is still to be discarded
	err      error  // the error that ended the stream, returned from then on
	failed   bool   // err is a read error, already returned once with its line
	onRead   func(n int)
}

// lineTooLongError reports a line over the maximum length. The line is
// skipped: the next call to next discards the rest of it.
type lineTooLongError struct {
	Line int // 1-based
	Max  int
}

func (e *lineTooLongError) Error() string {
	return fmt.Sprintf("line %d: too long (over %d bytes), skipped", e.Line, e.Max)
}

// lineBlock is how much a lineReader reads at a time.
const lineBlock = 64 << 10

func newLineReader(r io.Reader, max int) *lineReader {
	return &lineReader{r: r, max: max, buf: make([]byte, lineBlock)}
}

// blockString returns raw, the rest of the block read, as a string: a
// view of it when lr lends its lines, otherwise a copy.
func (lr *lineReader) blockString(raw []byte) string {
	if lr.lends {
		return unsafe.String(unsafe.SliceData(raw), len(raw))
	}
	return string(raw)
}

// fill reads the next block into raw, or sets err. A reader that returns
// neither bytes nor an error a hundred times running makes no progress.
func (lr *lineReader) fill() {
	for range 100 {
		n, err := lr.r.Read(lr.buf)
		if n > 0 {
			lr.raw = lr.buf[:n]
			lr.bytes += int64(n)
			if lr.onRead != nil {
				lr.onRead(n)
			}
		}
		if err != nil {
			lr.err = err
		}
		if n > 0 || err != nil {
			return
		}
	}
	lr.err = io.ErrNoProgress
}

// addPiece takes piece, the middle of a line, into lr's part; it reports
// the line too long (and skips the rest of it) once part would be over max.
func addPiece[T string | []byte](lr *lineReader, piece T) error {
	if lr.skipping {
		return nil
	}
	if len(lr.part)+len(piece) > lr.max {
		lr.line++
		lr.part = lr.part[:0]
		lr.skipping = true
		return &lineTooLongError{Line: lr.line, Max: lr.max}
	}
	lr.part = append(lr.part, piece...)
	return nil
}

// end returns the line whose last piece is content (part holds the rest),
// or nil and the error of a line too long.
func (lr *lineReader) end(content string) (string, error) {
	if lr.skipping {
		lr.skipping = false
		return "", errSkipped
	}
	if len(lr.part)+len(content) > lr.max {
		lr.line++
		lr.part = lr.part[:0]
		return "", &lineTooLongError{Line: lr.line, Max: lr.max}
	}
	lr.line++
	if len(lr.part) == 0 {
		return content, nil
	}
	line := string(append(lr.part, content...))
	lr.part = lr.part[:0]
	return line, nil
}

// run returns a run of whole lines, each with its "\n", from what lr has
// read, and how many: the lines up to the first newline at or after size
// bytes, or every whole line read when fewer bytes are left. It reads a
// block when none is left; it returns no line (n 0) when a line is in
// progress, already begun in earlier blocks, or the block read holds no
// newline: next takes those. The lines are not checked against max:
// the caller asks only when max is at least lineBlock, which no line
// within one block can be over.
func (lr *lineReader) run(size int) (run string, n int) {
	if len(lr.part) > 0 || lr.skipping {
		return "", 0
	}
	if lr.str == "" {
		if len(lr.raw) == 0 {
			if lr.err != nil {
				return "", 0
			}
			lr.fill()
		}
		if bytes.IndexByte(lr.raw, '\n') < 0 {
			return "", 0
		}
		lr.str = string(lr.raw)
		lr.raw = nil
	}
	s := lr.str
	end := -1
	if len(s) > size {
		if i := strings.IndexByte(s[size:], '\n'); i >= 0 {
			end = size + i + 1
		}
	}
	if end < 0 {
		end = strings.LastIndexByte(s, '\n') + 1
		if end == 0 {
			return "", 0
		}
	}
	run, lr.str = s[:end], s[end:]
	n = strings.Count(run, "\n")
	lr.line += n
	return run, n
}

// errSkipped is end's word that it ended a line already reported.
var errSkipped = errors.New("skipped")

// next returns the next line, without its "\n". At the end of the stream
// it returns io.EOF; on a read error, that error (a line cut short by it
// is not returned). A line over max bytes gives a *lineTooLongError as soon
// as max+1 of its bytes are read (to within a block), so that an endless
// line is reported at once; reading on skips the rest of it.
func (lr *lineReader) next() (string, error) {
	for {
		switch {
		case lr.str != "":
			i := strings.IndexByte(lr.str, '\n')
			if i < 0 {
				rest := lr.str
				lr.str = ""
				if err := addPiece(lr, rest); err != nil {
					return "", err
				}
				continue
			}
			content := lr.str[:i]
			lr.str = lr.str[i+1:]
			line, err := lr.end(content)
			if err == errSkipped {
				continue
			}
			return line, err
		case len(lr.raw) > 0:
			i := bytes.IndexByte(lr.raw, '\n')
			switch {
			case i < 0:
				// All of it is the middle of a line: no string is
				// made of it.
				raw := lr.raw
				lr.raw = nil
				if err := addPiece(lr, raw); err != nil {
					return "", err
				}
			case lr.skipping:
				lr.raw = lr.raw[i+1:]
				lr.skipping = false
			default:
				lr.str = lr.blockString(lr.raw)
				lr.raw = nil
			}
		case lr.err != nil:
			if lr.err != io.EOF {
				if lr.failed {
					return "", lr.err
				}
				lr.failed = true
				lr.part = lr.part[:0]
				return "", fmt.Errorf("line %d: %w", lr.line+1, lr.err)
			}
			if len(lr.part) == 0 || lr.skipping {
				lr.part, lr.skipping = lr.part[:0], false
				return "", io.EOF
			}
			line := string(lr.part)
			lr.part = lr.part[:0]
			lr.line++
			return line, nil
		default:
			lr.fill()
		}
	}
}

// progress shows how far a long batch has got, on one line of standard
// error that it rewrites: bytes read, references done, references per
// second. It shows nothing until delay has passed, rewrites at most once
// per every, and is cleared before anything else is written to standard
// error and at the end. A nil *progress shows nothing: that is the
// progress of a batch whose standard error is not a terminal.
type progress struct {
	w            io.Writer
	now          func() time.Time
	delay, every time.Duration
	start, last  time.Time
	shown        bool
}

func newProgress(w io.Writer, now func() time.Time) *progress {
	t := now()
	return &progress{w: w, now: now, delay: time.Second, every: 250 * time.Millisecond, start: t, last: t}
}

// update shows the counts if it is time to.
func (p *progress) update(bytes int64, refs int) {
	if p == nil {
		return
	}
	t := p.now()
	elapsed := t.Sub(p.start)
	if elapsed < p.delay || t.Sub(p.last) < p.every {
		return
	}
	p.last = t
	rate := float64(refs) / elapsed.Seconds()
	noun := "references"
	if refs == 1 {
		noun = "reference"
	}
	fmt.Fprintf(p.w, "\r\x1b[K%s read, %d %s, %.0f references/s", formatBytes(bytes), refs, noun, rate)
	p.shown = true
}

// clear erases the progress line, if shown.
func (p *progress) clear() {
	if p == nil || !p.shown {
		return
	}
	io.WriteString(p.w, "\r\x1b[K")
	p.shown = false
}

// formatBytes shows n bytes for people: "512 B", "3.1 MB", "2.4 GB".
func formatBytes(n int64) string {
	switch {
	case n >= 1e9:
		return fmt.Sprintf("%.1f GB", float64(n)/1e9)
	case n >= 1e6:
		return fmt.Sprintf("%.1f MB", float64(n)/1e6)
	case n >= 1e3:
		return fmt.Sprintf("%.1f kB", float64(n)/1e3)
	}
	return strconv.FormatInt(n, 10) + " B"
}
