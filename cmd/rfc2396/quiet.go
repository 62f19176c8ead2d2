package main

import (
	"flag"
	"fmt"
	"io"
	"strconv"
	"strings"

	"github.com/rfc2396/rfc2396/internal/safeout"
	"github.com/rfc2396/rfc2396/report"
)

// Quiet mode (-q): a batch prints one line per problem and nothing for a
// reference that is fine, in the form compilers and linters use, so that
// editors and CI logs can point at it:
//
//	NAME:LINE:COL: message
//
// NAME is the file, "<stdin>" for standard input and "<args>" for the
// command line (LINE is then the reference's place among the references
// given as arguments); COL is the 1-based byte column of the error's
// offset in the line, left out ("NAME:LINE: message") when the error is
// not at a place in the line (an invalid base, say).

// stdinName and argsName are the names quiet lines give standard input and
// the command line.
const (
	stdinName = "<stdin>"
	argsName  = "<args>"
)

// quietOptions are the values of -q/--quiet and --summary.
type quietOptions struct {
	quiet, summary bool
}

// addQuietFlags defines -q, --quiet and --summary on fs.
func addQuietFlags(fs *flag.FlagSet) *quietOptions {
	q := new(quietOptions)
	fs.BoolVar(&q.quiet, "q", false, "quiet: print nothing for a valid reference and one NAME:LINE:COL: message line for each problem")
	fs.BoolVar(&q.quiet, "quiet", false, "quiet (same as -q)")
	fs.BoolVar(&q.summary, "summary", false, "print the one-line summary on standard error (given by default for a stream, except with -q)")
	return q
}

// writeProblem writes one quiet line, "NAME:LINE:COL: msg", to w; col < 1
// leaves the column out. Control bytes in name and msg are written as
// \xNN, so that the line stays one line. Other helpers (lint) call it to
// keep the form the same.
func writeProblem(w io.Writer, name string, line, col int, msg string) {
	var b strings.Builder
	b.Grow(len(name) + len(msg) + 24)
	b.WriteString(escapeControls(name))
	b.WriteByte(':')
	b.WriteString(strconv.Itoa(line))
	if col >= 1 {
		b.WriteByte(':')
		b.WriteString(strconv.Itoa(col))
	}
	b.WriteString(": ")
	b.WriteString(escapeControls(msg))
	b.WriteByte('\n')
	io.WriteString(w, b.String())
}

// escapeControls returns s with its C0 control bytes and DEL as \xNN;
// other bytes, UTF-8 included, stay.
func escapeControls(s string) string {
	if !strings.ContainsFunc(s, func(r rune) bool { return r < 0x20 || r == 0x7f }) {
		return s
	}
	var b strings.Builder
	for i := 0; i < len(s); i++ {
		if c := s[i]; c < 0x20 || c == 0x7f {
			fmt.Fprintf(&b, `\x%02x`, c)
		} else {
			b.WriteByte(c)
		}
	}
	return b.String()
}

// problemOf returns what a quiet line says of err, an error about the
// reference in: the byte offset in in where it goes wrong, or -1 when err
// is not at a place in in, and a short message: for a syntax error, what
// is wrong at the offset, the rule being matched and what was expected
// ("invalid character ' ' in server; expected uric, "#" or end of
// input"); for any other error, its message without the package prefix.
func problemOf(err error, in string) (offset int, msg string) {
	if s, ok := report.SyntaxOf(err); ok && s.Input == in {
		return s.Offset, syntaxMessage(in, s.Offset, s.Rule, s.Expected, s.Hint)
	}
	return -1, report.TrimStandard(err.Error())
}

// syntaxMessage is the short message of a syntax error at offset of in.
func syntaxMessage(in string, offset int, rule, expected, hint string) string {
	var b strings.Builder
	if safeout.AtEnd(in, offset) {
		b.WriteString("unexpected end of input")
	} else {
		b.WriteString("invalid ")
		b.WriteString(safeout.CharOrEnd(in, offset, hint))
	}
	b.WriteString(" in ")
	b.WriteString(rule)
	if expected != "" {
		b.WriteString("; expected ")
		b.WriteString(expected)
	}
	return b.String()
}
