package main

import (
	"bufio"
	"flag"
	"fmt"
	"io"
	"os"
	"strings"

	"github.com/rfc2396/rfc2396/extract"
)

// lintReport is what lint --json prints for one reference found.
type lintReport struct {
	File        string     `json:"file"`
	Line        int        `json:"line"`
	Col         int        `json:"col"`
	Offset      int        `json:"offset"`
	Text        string     `json:"text"`
	URI         string     `json:"uri"`
	Valid       bool       `json:"valid"`
	Error       *lintError `json:"error"`
	Delimiter   string     `json:"delimiter"`
	Alternative *lintAlt   `json:"alternative"`
	Notes       []lintNote `json:"notes"`
}

// lintError is the strict verdict's error: Offset is into "uri".
type lintError struct {
	Offset  int    `json:"offset"`
	Message string `json:"message"`
}

// lintAlt is the other reading of a hyphen at a line break (Appendix E).
type lintAlt struct {
	URI   string     `json:"uri"`
	Valid bool       `json:"valid"`
	Error *lintError `json:"error"`
}

type lintNote struct {
	Code    string `json:"code"`
	Offset  int    `json:"offset"`
	Message string `json:"message"`
}

func lintCommand() *command {
	return &command{
		name:    "lint",
		summary: "find the URI references in text (Appendix E) and check each",
		usage:   "lint [--json] [--relative] [FILE ...]",
		about: `Finds the URI references in each FILE (standard input when there is none,
or for "-") as RFC 2396 Appendix E describes, and checks each strictly
against Appendix A. Prints file:line:col (1-based, the column in bytes):
valid or invalid, the reference, and for an invalid one the error with a
caret. Exit status 1 if any reference is invalid, 2 on a usage error or an
unreadable file.`,
		setup: func(fs *flag.FlagSet) func(*invocation) int {
			asJSON := fs.Bool("json", false, `print one JSON object per reference: {"file","line","col","offset","text","uri","valid","error","delimiter","alternative","notes"}`)
			relative := fs.Bool("relative", false, `also report relative references in double quotes (href="../x"); without it, only inside <...>`)
			return func(inv *invocation) int { return runLint(inv, *asJSON, *relative) }
		},
	}
}

func runLint(inv *invocation, asJSON, relative bool) int {
	stdin, stdout, stderr := inv.stdin, inv.stdout, inv.stderr
	files := inv.args
	if len(files) == 0 {
		files = []string{"-"}
	}
	var opts []extract.Option
	if relative {
		opts = append(opts, extract.WithRelative())
	}
	out := bufio.NewWriter(stdout)
	defer out.Flush()
	status := 0
	for _, name := range files {
		var text []byte
		var err error
		if name == "-" {
			text, err = io.ReadAll(stdin)
		} else {
			text, err = os.ReadFile(name)
		}
		if err != nil {
			out.Flush()
			fmt.Fprintln(stderr, "rfc2396 lint:", err)
			status = 2
			continue
		}
		for _, r := range extract.Find(text, opts...) {
			if !r.Valid() && status == 0 {
				status = 1
			}
			if asJSON {
				if err := writeJSON(out, lintJSON(name, r)); err != nil {
					fmt.Fprintln(stderr, "rfc2396 lint:", err)
					return 2
				}
				continue
			}
			writeLintHuman(out, name, text, r)
		}
	}
	return status
}

func lintJSON(file string, r extract.Reference) lintReport {
	rep := lintReport{
		File: file, Line: r.Line, Col: r.Column, Offset: r.Offset,
		Text: r.Text, URI: r.URI, Valid: r.Valid(), Delimiter: r.Delimiter.Code(),
		Notes: []lintNote{},
	}
	if r.Err != nil {
		rep.Error = &lintError{Offset: r.Err.Offset, Message: r.Err.Error()}
	}
	if r.Alternative != "" {
		rep.Alternative = &lintAlt{URI: r.Alternative, Valid: r.AlternativeErr == nil}
		if r.AlternativeErr != nil {
			rep.Alternative.Error = &lintError{Offset: r.AlternativeErr.Offset, Message: r.AlternativeErr.Error()}
		}
	}
	for _, n := range r.Notes {
		rep.Notes = append(rep.Notes, lintNote{Code: n.Kind.Code(), Offset: n.Offset, Message: n.String()})
	}
	return rep
}

// maxShown is how many bytes of a reference lint prints on its line; the
// JSON output has all of it.
const maxShown = 1024

// caretWindow is how many bytes of an invalid reference lint shows on
// each side of the error.
const caretWindow = 40

func writeLintHuman(w io.Writer, file string, text []byte, r extract.Reference) {
	verdict := "valid"
	if !r.Valid() {
		verdict = "invalid"
	}
	shown := display(r.URI[:min(len(r.URI), maxShown)])
	if len(r.URI) > maxShown {
		shown += fmt.Sprintf("... (%d bytes)", len(r.URI))
	}
	fmt.Fprintf(w, "%s:%d:%d: %s %s\n", file, r.Line, r.Column, verdict, shown)
	if r.Err != nil {
		line, col := lineCol(text, r, r.InputOffset(r.Err.Offset))
		fmt.Fprintf(w, "  %s:%d:%d: %s\n", file, line, col, r.Err.Error())
		// The library's rendering: the message (written above with its
		// position in the file), the reference around the offset with a
		// caret, and the rule.
		for _, l := range strings.Split(r.Err.ErrorWithPosition(), "\n")[1:] {
			fmt.Fprintf(w, "  %s\n", l)
		}
	}
	if r.Alternative != "" {
		v := "valid"
		if r.AlternativeErr != nil {
			v = "invalid"
		}
		alt := display(r.Alternative)
		fmt.Fprintf(w, "  other reading (hyphen at a line break dropped): %s %s\n", v, alt)
	}
	for _, n := range r.Notes {
		if n.Kind == extract.NoteHyphenLineBreak {
			line, col := lineCol(text, r, n.Offset)
			fmt.Fprintf(w, "  note: %d:%d: %s\n", line, col, n.Kind)
			continue
		}
		fmt.Fprintf(w, "  note: %s\n", n)
	}
}

// writeCaret prints at most caretWindow bytes of uri on each side of
// offset, non-printable bytes escaped, with a caret under offset.
func writeCaret(w io.Writer, uri string, offset int) {
	begin, end := max(0, offset-caretWindow), min(len(uri), offset+caretWindow)
	prefix, suffix := "", ""
	if begin > 0 {
		prefix = "..."
	}
	if end < len(uri) {
		suffix = "..."
	}
	shown, col := displayCol(uri[begin:end], offset-begin)
	fmt.Fprintf(w, "  %s%s%s\n  %s^\n", prefix, shown, suffix, strings.Repeat(" ", len(prefix)+col))
}

// lineCol returns the 1-based line and byte column of off, an offset
// inside r's span in text.
func lineCol(text []byte, r extract.Reference, off int) (int, int) {
	line, lineStart := r.Line, r.Offset-r.Column+1
	for i := r.Offset; i < off && i < len(text); i++ {
		if text[i] == '\n' {
			line++
			lineStart = i + 1
		}
	}
	return line, off - lineStart + 1
}
