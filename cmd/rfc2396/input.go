package main

import (
	"bufio"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"strings"
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
type batch struct {
	inv      *invocation
	args     []string
	files    []string
	streamed bool // some references came from a stream, not the arguments
	count    int
	failed   int
}

// each calls f for every reference, in order. f returns whether the
// reference was valid (or resolved). each stops at the first error of f
// or of reading.
func (b *batch) each(f func(ref string) (ok bool, err error)) error {
	call := func(ref string) error {
		ok, err := f(ref)
		b.count++
		if !ok {
			b.failed++
		}
		return err
	}
	if len(b.args) == 0 && len(b.files) == 0 {
		b.streamed = true
		return eachLine(b.inv.stdin, call)
	}
	for _, a := range b.args {
		if a == "-" {
			b.streamed = true
			if err := eachLine(b.inv.stdin, call); err != nil {
				return err
			}
			continue
		}
		if err := call(a); err != nil {
			return err
		}
	}
	for _, name := range b.files {
		b.streamed = true
		if err := b.eachFileLine(name, call); err != nil {
			return err
		}
	}
	return nil
}

func (b *batch) eachFileLine(name string, f func(string) error) error {
	if name == "-" {
		return eachLine(b.inv.stdin, f)
	}
	file, err := os.Open(name)
	if err != nil {
		return err
	}
	defer file.Close()
	return eachLine(file, f)
}

// summarize prints "N references, M invalid" (with failedWord for
// "invalid") to standard error when references were read from a stream.
func (b *batch) summarize(failedWord string) {
	if !b.streamed {
		return
	}
	noun := "references"
	if b.count == 1 {
		noun = "reference"
	}
	fmt.Fprintf(b.inv.stderr, "%d %s, %d %s\n", b.count, noun, b.failed, failedWord)
}

// eachLine calls f for each line of r, without its line ending ("\n" or
// "\r\n"). A line is held in one buffer that grows to the longest line and
// is reused, so memory stays within a small multiple of the longest line.
func eachLine(r io.Reader, f func(string) error) error {
	br := bufio.NewReaderSize(r, 64<<10)
	var long []byte
	for {
		chunk, err := br.ReadSlice('\n')
		line := chunk
		if errors.Is(err, bufio.ErrBufferFull) {
			// A line longer than the reader's buffer: gather it.
			long = append(long[:0], chunk...)
			for errors.Is(err, bufio.ErrBufferFull) {
				chunk, err = br.ReadSlice('\n')
				long = append(long, chunk...)
			}
			line = long
		}
		if len(line) > 0 {
			n := len(line)
			if line[n-1] == '\n' {
				n--
			}
			if n > 0 && line[n-1] == '\r' {
				n--
			}
			s := string(line[:n])
			if cap(long) > 1<<20 && len(line) < cap(long)/4 {
				long = nil // do not keep a huge buffer for short lines
			}
			if ferr := f(s); ferr != nil {
				return ferr
			}
		}
		if err == io.EOF {
			return nil
		}
		if err != nil {
			return err
		}
	}
}

// runBatch runs one command over its references (args, files, standard
// input; see batch): f writes what it has to say of one reference to out
// and reports whether it was valid. Then the summary goes to standard
// error ("N references, M <failed>"), and runBatch returns the exit
// status: 0, 1 when some reference failed, 2 when reading failed.
func runBatch(inv *invocation, args, files []string, failed string, f func(out *bufio.Writer, ref string) bool) int {
	out := bufio.NewWriterSize(inv.stdout, 64<<10)
	defer out.Flush()
	b := &batch{inv: inv, args: args, files: files}
	err := b.each(func(ref string) (bool, error) { return f(out, ref), nil })
	out.Flush()
	b.summarize(failed)
	if err != nil {
		fmt.Fprintf(inv.stderr, "rfc2396 %s: %v\n", inv.cmd.name, err)
		return 2
	}
	if b.failed > 0 {
		return 1
	}
	return 0
}
