//go:build !js

package site

import (
	"fmt"
	"io"
	"sync"
	"time"
)

// Bounds of a [Log]'s queue.
const (
	// logQueueLines and logQueueBytes bound the lines waiting to be
	// written: beyond either, a line is dropped.
	logQueueLines = 4096
	logQueueBytes = 1 << 20
	// logMaxLine is the longest line kept; a longer one is cut there.
	logMaxLine = 4 << 10
)

// Log is a log that never keeps its callers waiting: [Log.Write] puts
// the line in a bounded queue and returns at once, and one goroutine,
// started when there is something to write and ending when the queue is
// empty, writes the lines in order to the underlying writer. When the
// writer does not keep up (a pipe nobody reads, a stalled terminal), the
// queue fills and further lines are dropped and counted; once the
// writer catches up, a line says how many were dropped. The first error
// of the writer is kept ([Log.Err]); later lines are still tried.
//
// [Site.Server] logs through a Log. A nil or zero Log discards what is
// written to it.
type Log struct {
	w io.Writer

	mu      sync.Mutex
	queue   [][]byte
	bytes   int  // the bytes in queue
	running bool // a writer goroutine is under way
	idle    chan struct{}
	dropped int // lines dropped since the last report
	lost    int // lines dropped or not written, in all
	err     error
}

// NewLog returns a Log that writes to w. A nil w discards the lines.
func NewLog(w io.Writer) *Log {
	return &Log{w: w}
}

// Write queues p as a log line (cut at 4 KiB) and returns len(p) and nil
// at once, whether or not the line will be written: a full queue drops
// it. It is safe to call from any number of goroutines; a [log.Logger]
// calls it once per line.
func (l *Log) Write(p []byte) (int, error) {
	if l == nil || l.w == nil {
		return len(p), nil
	}
	n := len(p)
	if len(p) > logMaxLine {
		p = append(p[:logMaxLine:logMaxLine], "…\n"...)
	}
	l.mu.Lock()
	defer l.mu.Unlock()
	if len(l.queue) >= logQueueLines || l.bytes+len(p) > logQueueBytes {
		l.dropped++
		l.lost++
		return n, nil
	}
	// The caller may reuse p (log.Logger does).
	l.queue = append(l.queue, append([]byte(nil), p...))
	l.bytes += len(p)
	if !l.running {
		l.running = true
		l.idle = make(chan struct{})
		go l.drain(l.idle)
	}
	return n, nil
}

// drain writes the queued lines until none is left, then closes idle.
func (l *Log) drain(idle chan struct{}) {
	defer close(idle)
	for {
		l.mu.Lock()
		var line []byte
		switch {
		case len(l.queue) > 0:
			line = l.queue[0]
			l.queue[0] = nil
			l.queue = l.queue[1:]
			l.bytes -= len(line)
		case l.dropped > 0:
			// Caught up: say what was lost on the way.
			line = fmt.Appendf(nil, "%s rfc2396/site: %d log lines dropped: the log was not written as fast as lines came\n", time.Now().UTC().Format("2006/01/02 15:04:05"), l.dropped)
			l.dropped = 0
		default:
			l.running = false
			l.queue = nil
			l.mu.Unlock()
			return
		}
		l.mu.Unlock()
		n, err := l.w.Write(line)
		if err == nil && n < len(line) {
			err = io.ErrShortWrite
		}
		if err != nil {
			l.mu.Lock()
			l.lost++
			if l.err == nil {
				l.err = err
			}
			l.mu.Unlock()
		}
	}
}

// Flush waits at most d for the lines queued so far to be written, and
// reports whether they were. Lines written meanwhile may be written too.
func (l *Log) Flush(d time.Duration) bool {
	if l == nil {
		return true
	}
	l.mu.Lock()
	idle, running := l.idle, l.running
	l.mu.Unlock()
	if !running {
		return true
	}
	t := time.NewTimer(d)
	defer t.Stop()
	select {
	case <-idle:
		return true
	case <-t.C:
		return false
	}
}

// Lost returns how many lines were dropped, or could not be written,
// so far; lines still queued are not counted.
func (l *Log) Lost() int {
	if l == nil {
		return 0
	}
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.lost
}

// Pending returns how many lines are queued and not yet written.
func (l *Log) Pending() int {
	if l == nil {
		return 0
	}
	l.mu.Lock()
	defer l.mu.Unlock()
	return len(l.queue)
}

// Err returns the first error of the underlying writer, or nil.
func (l *Log) Err() error {
	if l == nil {
		return nil
	}
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.err
}
