package main

import (
	"bufio"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/rfc2396/rfc2396/document"
	"github.com/rfc2396/rfc2396/extract"
	"github.com/rfc2396/rfc2396/parser"
	"github.com/rfc2396/rfc2396/report"
)

// lintReport is what lint --json prints for one reference found.
type lintReport struct {
	File        string     `json:"file"`
	Part        *string    `json:"part"`
	Line        int        `json:"line"`
	Col         int        `json:"col"`
	Offset      int        `json:"offset"`
	Text        string     `json:"text"`
	URI         string     `json:"uri"`
	Valid       bool       `json:"valid"`
	Error       *lintError `json:"error"`
	Delimiter   string     `json:"delimiter"`
	Element     *string    `json:"element"`
	Attribute   *string    `json:"attribute"`
	Alternative *lintAlt   `json:"alternative"`
	Notes       []lintNote `json:"notes"`
	Abbreviated *lintAbbr  `json:"abbreviated"`
	Resolved    *string    `json:"resolved"`
	Unresolved  *string    `json:"unresolved_reason"`
	Warnings    []lintWarn `json:"resolve_warnings"`
	Base        *string    `json:"base"`
	BaseFrom    string     `json:"base_from"`
	BaseWhat    string     `json:"base_source"`
	BaseNotes   []string   `json:"base_notes"`

	// The exact bytes of the string members above that are not valid
	// UTF-8 (whose strings then hold U+FFFD for each byte that is not),
	// as every command's JSON carries them (docs/cli-streams.md, "Bytes
	// in and out"); absent otherwise.
	FileBytes     []byte `json:"file_bytes,omitempty"`
	TextBytes     []byte `json:"text_bytes,omitempty"`
	URIBytes      []byte `json:"uri_bytes,omitempty"`
	ResolvedBytes []byte `json:"resolved_bytes,omitempty"`
	BaseBytes     []byte `json:"base_bytes,omitempty"`
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

// lintWarn is a warning of the resolution (parser.Warning).
type lintWarn struct {
	Code    string `json:"code"`
	Message string `json:"message"`
}

// lintAbbr describes a string that reads as an abbreviated URL (Appendix
// F).
type lintAbbr struct {
	Host        string `json:"host"`
	Likely      string `json:"likely"`
	NetworkPath string `json:"network_path"`
	Reason      string `json:"reason"`
}

func lintCommand() *command {
	return &command{
		name:    "lint",
		streams: runsFileJobs,
		summary: "find the URI references in text, HTML, Markdown or MIME and resolve each (section 5.1)",
		usage:   "lint [-v] [--json] [--standard " + standardChoices(report.JobResolve) + "] [--profile NAME] [--allow EDIT,...] [--relative] [--base URI] [--default-base URI] [--type auto|text|html|markdown|mime] [--max-line BYTES] [FILE ...]",
		about: `Finds the URI references in each FILE (standard input when there is none,
or for "-"), checks each against Appendix A (strictly, or under --profile
and --allow; RFC 3986's with --standard rfc3986) and resolves it
against the base that section 5.1 gives its place in the document: a base
in the content (HTML's first <base href>), the encapsulating entity's
(a MIME part's Content-Base or Content-Location), the retrieval URI
(--base, else a local file's file: URI; standard input has none), else
--default-base (none by default: a relative reference is then left
unresolved). Text is read as RFC 2396 Appendix E describes; HTML with an
HTML tokenizer (URL attributes and text); Markdown with a CommonMark
parser (links, images, reference definitions, autolinks, raw HTML); MIME
messages and MHTML part by part. Strings in text that read as abbreviated
URLs (Appendix F, "www.example.com/a") are reported as such and not as
valid references. See docs/lint.md. Prints one line per problem,
file:line:col: message (1-based, the column in bytes), and nothing for a
valid reference; -v lists every reference: valid, invalid or abbreviated,
the error with a caret, and what it resolves to; --json prints every
reference as a JSON object. Exit status 1 if any reference is invalid or
abbreviated, 2 on a usage error, an unreadable file, a document that is
not of its type, input over a limit set by --max-line (a longer line, see
docs/lint.md), or a write error.`,
		setup: func(fs *flag.FlagSet) func(*invocation) int {
			var o lintOptions
			fs.BoolVar(&o.verbose, "v", false, "list every reference, valid or not, with its resolution")
			fs.BoolVar(&o.json, "json", false, `print one JSON object per reference, valid or not (see docs/lint.md)`)
			o.std = addStandardFlags(fs, report.JobResolve)
			fs.BoolVar(&o.relative, "relative", false, `also report relative references in double quotes in text (href="../x"); without it, only inside <...>`)
			fs.StringVar(&o.base, "base", "", "the retrieval `URI` of the input (section 5.1.3); default: a file's file: URI, none for standard input")
			fs.StringVar(&o.defaultBase, "default-base", "", "the application's default base `URI` (section 5.1.4); default: none")
			fs.StringVar(&o.kind, "type", "auto", "the document type: auto (by extension, then content), text, html, markdown or mime")
			o.maxLine = document.DefaultMaxLine
			fs.Var(&o.maxLine, "max-line", "the longest line (text, MIME) or HTML token read, in `BYTES` (e.g. 65536, 64K, 16M); memory stays within a small multiple of it")
			return func(inv *invocation) int { return runLint(inv, &o) }
		},
	}
}

type lintOptions struct {
	json, relative    bool
	verbose           bool
	std               *standardFlags
	base, defaultBase string
	kind              string
	maxLine           byteSize
}

func runLint(inv *invocation, o *lintOptions) int {
	files := inv.args
	if len(files) == 0 {
		files = []string{"-"}
	}
	forced := o.kind != "auto"
	var kind document.Kind
	if forced {
		k, err := document.ParseKind(o.kind)
		if err != nil {
			inv.warnf("--type: %v", err)
			return 2
		}
		kind = k
	}
	judge, err := newLintJudge(o.std)
	if err != nil {
		inv.warnf("%v", err)
		return 2
	}
	for _, b := range []struct{ flag, uri string }{{"--base", o.base}, {"--default-base", o.defaultBase}} {
		if b.uri == "" {
			continue
		}
		u, err := parser.Parse(b.uri)
		if err != nil || !u.IsAbsolute() {
			msg := "not an absolute URI"
			if err != nil {
				msg = err.Error()
			}
			inv.warnf("%s %s: %s", b.flag, display(b.uri), msg)
			return 2
		}
	}
	l := &linter{inv: inv, o: o, forced: forced, kind: kind, workers: 1}
	jobs := inv.streams.jobs.n()
	if jobs > 1 && len(files) > 1 {
		return l.parallel(files, jobs, judge)
	}
	// One file at a time: the workers read each file's text, in windows
	// (document.Options.Workers).
	l.workers = jobs
	paceGC(jobs) // room for the windows in flight
	// Standard output is buffered by the invocation; a failed write is
	// remembered there and reported once, by run, when lint returns.
	out := inv.output()
	status := 0
	for _, name := range files {
		st, stop := l.file(name, judge, out, inv.warnf, inv.outputFailed)
		if stop {
			return 2
		}
		status = max(status, st)
	}
	if out.Flush() != nil {
		return 2
	}
	return status
}

// linter is one run of lint over its files.
type linter struct {
	inv    *invocation
	o      *lintOptions
	forced bool
	kind   document.Kind
	// workers is how many goroutines find the references of a file's
	// text (document.Options.Workers): -j when lint reads one file at a
	// time, 1 when it reads files at once.
	workers int
}

// file lints the file name ("-" for standard input) with judge, writing
// its output to out and its messages with warnf, and returns its status
// (0, 1 when a reference is invalid, 2 when the file cannot be read
// whole) and whether to stop: when failed reports that standard output
// failed.
func (l *linter) file(name string, judge *lintJudge, out *bufio.Writer, warnf func(string, ...any), failed func() bool) (status int, stop bool) {
	o := l.o
	var in io.Reader
	closeIn := func() error { return nil }
	retrieval := o.base
	if name == "-" {
		in = l.inv.stdin
	} else {
		f, err := os.Open(name)
		if err != nil {
			warnf("%v", err) // the file's name escaped, as in every message
			return 2, failed()
		}
		in = f
		closeIn = f.Close
		if retrieval == "" {
			if retrieval, err = document.FileURI(name); err != nil {
				// Only when the working directory is gone: go on
				// without a retrieval URI, and say so.
				warnf("%s: no retrieval URI: %v", name, err)
				retrieval = ""
			}
		}
	}
	br := bufio.NewReaderSize(in, 64<<10)
	k := l.kind
	if !l.forced {
		head, _ := br.Peek(document.SniffLen)
		k = document.Sniff(name, head)
	}
	var werr error
	// Without -v and --json only problems are printed, with neither
	// resolution nor base: the references are only checked, and an HTML
	// document's are not held until its base element.
	checkOnly := !o.json && !o.verbose
	judge.checkOnly = checkOnly
	err := document.Read(br, k, document.Options{Retrieval: retrieval, Default: o.defaultBase, Relative: o.relative, MaxLine: int(o.maxLine), CheckOnly: checkOnly, NoBase: checkOnly, Workers: l.workers, Transient: true},
		func(r *document.Reference) error {
			v := judge.judge(r)
			if !v.valid && status == 0 {
				status = 1
			}
			if o.json {
				werr = writeJSON(out, lintJSON(name, r, v))
			} else {
				if o.verbose {
					writeLintHuman(out, name, r, v)
				} else if !v.valid {
					writeLintProblem(out, name, r, v)
				}
				_, werr = out.Write(nil) // the writer's sticky error
				if werr == nil && failed() {
					werr = errOutputFailed
				}
			}
			return werr
		})
	closeIn()
	if werr != nil || out.Flush() != nil || failed() {
		return 2, true
	}
	if err != nil {
		// A header's bytes, a file's name: escaped by warnf.
		warnf("%s: %v", name, err)
		status = 2
	}
	return status, false
}

// errOutputFailed stops a read once a write to standard output has
// failed; run reports the write's error.
var errOutputFailed = errors.New("writing standard output failed")

func strPtr(s string) *string { return &s }

func lintJSON(file string, r *document.Reference, v *lintVerdict) lintReport {
	rep := lintReport{
		File: file, Line: r.Line, Col: r.Column, Offset: r.Offset,
		Text: r.Text, URI: r.URI, Valid: v.valid, Delimiter: "bare",
		Notes: []lintNote{}, BaseNotes: []string{}, Warnings: []lintWarn{},
	}
	if r.Markdown != "" {
		rep.Delimiter = r.Markdown
	}
	for _, w := range v.warnings {
		rep.Warnings = append(rep.Warnings, lintWarn{Code: w.Code(), Message: w.String()})
	}
	if r.Part != "" {
		rep.Part = strPtr(r.Part)
	}
	if r.Attribute != "" {
		rep.Delimiter = "attribute"
		rep.Element, rep.Attribute = strPtr(r.Element), strPtr(r.Attribute)
	}
	if v.err != nil {
		rep.Error = &lintError{Offset: v.offset, Message: v.err.Error()}
	}
	if f := r.Found; f != nil {
		rep.Delimiter = f.Delimiter.Code()
		if f.Alternative != "" {
			rep.Alternative = &lintAlt{URI: f.Alternative, Valid: f.AlternativeErr == nil}
			if f.AlternativeErr != nil {
				rep.Alternative.Error = &lintError{Offset: f.AlternativeErr.Offset, Message: f.AlternativeErr.Error()}
			}
		}
		for _, n := range f.Notes {
			rep.Notes = append(rep.Notes, lintNote{Code: n.Kind.Code(), Offset: n.Offset, Message: n.String()})
		}
	}
	if a := r.Abbreviation; a != nil {
		rep.Abbreviated = &lintAbbr{Host: a.Host, Likely: a.Likely, NetworkPath: a.NetworkPath, Reason: extract.Reason}
		if !r.InText() {
			rep.Notes = append(rep.Notes, lintNote{Code: "abbreviated-url", Offset: r.Offset, Message: abbrevNote(a)})
		}
	}
	if v.resolved != "" {
		rep.Resolved = strPtr(v.resolved)
	} else if v.resolveErr != nil {
		rep.Unresolved = strPtr(trimStandard(v.resolveErr.Error()))
	}
	if b := r.Base; b != nil {
		if b.URI != "" {
			rep.Base = strPtr(b.URI)
		}
		rep.BaseFrom = b.From.Code()
		rep.BaseWhat = b.What
		rep.BaseNotes = append(rep.BaseNotes, b.Notes...)
	}
	rep.FileBytes = notUTF8(rep.File)
	rep.TextBytes = notUTF8(rep.Text)
	rep.URIBytes = notUTF8(rep.URI)
	if rep.Resolved != nil {
		rep.ResolvedBytes = notUTF8(*rep.Resolved)
	}
	if rep.Base != nil {
		rep.BaseBytes = notUTF8(*rep.Base)
	}
	return rep
}

// notUTF8 returns the bytes of s when s is not valid UTF-8, for a
// _bytes member (encoding/json writes them in base64), or nil.
func notUTF8(s string) []byte {
	if utf8.ValidString(s) {
		return nil
	}
	return []byte(s)
}

// abbrevNote is the note on a relative reference that reads as an
// abbreviated URL.
func abbrevNote(a *extract.Abbreviation) string {
	return fmt.Sprintf("relative path, not a host (Appendix F): %s is read as a path segment; %s names the host", display(a.Host), display(a.NetworkPath))
}

// maxShown is how many bytes of a reference lint prints on its line; the
// JSON output has all of it.
const maxShown = 1024

// caretWindow is how many bytes of an invalid reference lint shows on
// each side of the error.
const caretWindow = 40

func writeLintHuman(w io.Writer, file string, r *document.Reference, v *lintVerdict) {
	where := lintWhere(file, r)
	verdict := "valid"
	switch {
	case r.Abbreviation != nil && r.InText():
		verdict = "abbreviated"
	case !v.valid:
		verdict = "invalid"
	}
	shown := display(r.URI[:min(len(r.URI), maxShown)])
	if len(r.URI) > maxShown {
		shown += fmt.Sprintf("... (%d bytes)", len(r.URI))
	}
	in := ""
	switch {
	case r.Attribute != "":
		in = fmt.Sprintf(" (<%s %s>)", r.Element, r.Attribute)
	case r.Markdown != "":
		in = fmt.Sprintf(" (markdown %s)", r.Markdown)
	}
	fmt.Fprintf(w, "%s:%d:%d: %s %s%s\n", where, r.Line, r.Column, verdict, shown, in)
	if v.err != nil {
		fmt.Fprintf(w, "  %s:%d:%d: %s\n", where, v.pos.Line, v.pos.Column, v.err.Error())
		// The library's rendering: the message (written above with its
		// position in the file), the reference around the offset with a
		// caret, and the rule.
		if e, ok := v.err.(interface{ ErrorWithPosition() string }); ok {
			for _, l := range strings.Split(e.ErrorWithPosition(), "\n")[1:] {
				fmt.Fprintf(w, "  %s\n", l)
			}
		}
	}
	if a := r.Abbreviation; a != nil {
		if r.InText() {
			fmt.Fprintf(w, "  abbreviated URL (Appendix F): most likely %s; %s\n", display(a.Likely), extract.Reason)
		} else {
			fmt.Fprintf(w, "  note: %s\n", abbrevNote(a))
		}
	}
	if f := r.Found; f != nil {
		if f.Alternative != "" {
			v := "valid"
			if f.AlternativeErr != nil {
				v = "invalid"
			}
			fmt.Fprintf(w, "  other reading (hyphen at a line break dropped): %s %s\n", v, display(f.Alternative))
		}
		for i, n := range f.Notes {
			if n.Kind == extract.NoteHyphenLineBreak && i < len(r.NotePos) {
				fmt.Fprintf(w, "  note: %d:%d: %s\n", r.NotePos[i].Line, r.NotePos[i].Column, n.Kind)
				continue
			}
			fmt.Fprintf(w, "  note: %s\n", n)
		}
	}
	if r.Abbreviation != nil && r.InText() {
		return
	}
	if b := r.Base; b != nil {
		for _, n := range b.Notes {
			fmt.Fprintf(w, "  base: %s\n", n)
		}
	}
	base := "no base"
	if r.Base != nil && r.Base.URI != "" {
		base = fmt.Sprintf("base %s, %s (section %s)", display(r.Base.URI), r.Base.What, r.Base.From.Section())
	}
	for _, wn := range v.warnings {
		fmt.Fprintf(w, "  resolution warning: %s\n", wn)
	}
	if v.resolved != "" {
		fmt.Fprintf(w, "  resolved: %s (%s)\n", display(v.resolved), base)
	} else if v.resolveErr != nil {
		fmt.Fprintf(w, "  not resolved: %s (%s)\n", trimStandard(v.resolveErr.Error()), base)
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

// lintVerdict is what lint reports of a reference under the standard and
// profile of --standard, --profile and --allow: package document's own
// verdict (Appendix A, strictly) or the chosen reader's.
type lintVerdict struct {
	valid  bool
	err    error // a *parser.Error or *rfc3986.Error; nil when valid
	offset int   // of err, into the reference's URI
	pos    document.Position
	// The resolution against the reference's base.
	resolved   string
	warnings   []report.Warning
	resolveErr error
}

// lintJudge checks and resolves references as the flags say.
type lintJudge struct {
	rd   report.Reader // nil: Appendix A strictly, as package document does
	rule report.Rule
	v    lintVerdict // reused: one reference at a time
	// checkOnly: the verdict's resolution is not wanted.
	checkOnly bool
}

func newLintJudge(sf *standardFlags) (*lintJudge, error) {
	rd, err := sf.reader()
	if err != nil {
		return nil, err
	}
	if rd.Standard() == report.StandardRFC2396 && rd.Profile() == parser.Strict.Name() {
		return &lintJudge{}, nil
	}
	rule, err := rd.LookupRule(rd.StartRule())
	if err != nil {
		return nil, err
	}
	return &lintJudge{rd: rd, rule: rule}, nil
}

// judge returns the verdict on r, valid until the next call. An
// abbreviated URL in text stays one whatever the standard.
func (j *lintJudge) judge(r *document.Reference) *lintVerdict {
	v := &j.v
	*v = lintVerdict{valid: r.Valid(), resolved: r.Resolved, resolveErr: r.ResolveErr}
	if j.rd == nil || (r.Abbreviation != nil && r.InText()) {
		if r.Err != nil {
			v.err, v.offset, v.pos = r.Err, r.Err.Offset, r.ErrPos
		}
		for _, w := range r.Warnings {
			v.warnings = append(v.warnings, w)
		}
		return v
	}
	rd := j.rd.Read(j.rule, r.URI, false)
	v.valid, v.resolved, v.resolveErr = rd.Err == nil, "", nil
	if rd.Err != nil {
		v.err = rd.Err
		if s, ok := report.SyntaxOf(rd.Err); ok {
			v.offset = s.Offset
		}
		v.pos = r.PositionOf(v.offset)
	}
	if j.checkOnly {
		return v
	}
	base := ""
	if r.Base != nil {
		base = r.Base.URI
	}
	switch {
	case base != "":
		v.resolved, v.warnings, v.resolveErr = j.rd.Resolve(base, r.URI)
	case rd.Err != nil:
		v.resolveErr = fmt.Errorf("invalid reference: %s", trimStandard(rd.Err.Error()))
	case rd.View != nil && rd.View.KindWord == "relative":
		v.resolveErr = &document.NoBaseError{Ref: r.URI}
	default:
		v.resolved = r.URI // section 5.2: an absolute reference needs no base
	}
	return v
}

// trimStandard drops the standard's name ("rfc3986: ") of a message.
func trimStandard(msg string) string { return report.TrimStandard(msg) }

// lintWhere names the file of r: a MIME part is file#part=N.
func lintWhere(file string, r *document.Reference) string {
	if r.Part != "" {
		return file + "#part=" + r.Part
	}
	return file
}

// writeLintProblem writes the one line lint prints, without -v, for an
// invalid reference or an abbreviated URL: FILE:LINE:COL: message, at the
// offending byte of an invalid reference, with the reference as written.
func writeLintProblem(w io.Writer, file string, r *document.Reference, v *lintVerdict) {
	text := r.Text
	if len(text) > maxShown {
		text = text[:maxShown] + "..."
	}
	if v.err != nil {
		msg := trimStandard(v.err.Error())
		if _, rest, ok := strings.Cut(msg, ": "); ok && strings.HasPrefix(msg, "offset ") {
			msg = rest // the position says where
		}
		fmt.Fprintf(w, "%s:%d:%d: invalid reference %s: %s\n", lintWhere(file, r), v.pos.Line, v.pos.Column, strconv.Quote(text), msg)
		return
	}
	what := "invalid reference"
	if a := r.Abbreviation; a != nil {
		what = "abbreviated URL (Appendix F), most likely " + display(a.Likely) + ":"
	}
	fmt.Fprintf(w, "%s:%d:%d: %s %s\n", lintWhere(file, r), r.Line, r.Column, what, strconv.Quote(text))
}
