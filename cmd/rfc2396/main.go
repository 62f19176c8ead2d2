// Command rfc2396 checks, explains and resolves URI references strictly by
// RFC 2396, by RFC 3986 with --standard rfc3986, and IRIs by RFC 3987
// with --standard rfc3987; it checks HTTP request-targets (RFC 9112), URNs
// (RFC 8141) and URI Templates (RFC 6570) with --standard rfc9112, rfc8141
// and rfc6570.
//
// Usage:
//
//	rfc2396 parse [--standard rfc2396|rfc3986|rfc3987|rfc9112|rfc8141|rfc6570] [--host H [--scheme S]] [--rule NAME] [--profile NAME] [--allow EDIT,...] [--explain] [--idna] [--json | -q [--summary] | --get TEMPLATE] [-f FILE]... [REF ...]
//	rfc2396 tree [--standard rfc2396|rfc3986|rfc3987|rfc9112|rfc8141|rfc6570] [--all] [--json] [--rule NAME] [--profile NAME] [--allow EDIT,...] REF
//	rfc2396 resolve [--standard rfc2396|rfc3986|rfc3987] [--json | -q [--summary]] [--compat-scheme] [--dotdot keep|remove|refuse] [--profile NAME] [--allow EDIT,...] [-f FILE]... BASE [REF ...]
//	rfc2396 normalize [--standard rfc2396|rfc3986|rfc3987|rfc8141] [--to-iri] [--json | -q [--summary]] [--profile NAME] [--allow EDIT,...] [-f FILE]... [REF ...]
//	rfc2396 relativize [--standard rfc2396|rfc3986|rfc3987] [--json] [--profile NAME] [--allow EDIT,...] [-f FILE]... BASE [TARGET ...]
//	rfc2396 equivalent [--standard rfc2396|rfc3986|rfc3987|rfc8141] [--profile NAME] [--allow EDIT,...] [--json] A B
//	rfc2396 compare [--standard rfc3986|rfc3987] [--allow EDIT,...] [--json] [--base BASE] [-f FILE]... [REF ...]
//	rfc2396 lint [-v] [--json] [--standard rfc2396|rfc3986|rfc3987] [--profile NAME] [--allow EDIT,...] [--relative] [--base URI] [--default-base URI] [--type auto|text|html|markdown|mime] [--max-line BYTES] [FILE ...]
//	rfc2396 escape --component RULE [--json] [STRING ...]
//	rfc2396 unescape [--json] [STRING ...]
//	rfc2396 expand [--vars FILE] TEMPLATE...
//	rfc2396 serve [--addr 127.0.0.1:8396]
//	rfc2396 site [--force] [--no-playground] DIR
//	rfc2396 vectors [--standard rfc2396|rfc3986|rfc3987|rfc9112|rfc8141|rfc6570] [--profile NAME] [--seed N] --out DIR
//	rfc2396 coverage [--standard rfc2396|rfc3986|rfc3987|rfc9112|rfc8141|rfc6570] [--profile NAME] [--rule NAME] [--json] [--missing] [-f FILE]... [REF ...]
//	rfc2396 grade [--standard rfc2396|rfc3986|rfc3987|rfc9112|rfc8141|rfc6570] [--profile NAME] [--suite DIR] [--json] [--timeout D] [--show N] [--run PATTERN] [--skip PATTERN] -- COMMAND [ARG ...]
//	rfc2396 completion bash|zsh
//	rfc2396 help [COMMAND]
//	rfc2396 --version (or -v, or version)
//
// Flags may come before, between or after the arguments; "--" ends them.
// Commands that take a list of references read them from the arguments,
// from each -f FILE, and from standard input (one a line, a trailing
// carriage return dropped) when there is no argument or where an argument
// is "-". After reading from standard input or a file, a one-line summary
// goes to standard error. The exit status is 0 when every input is valid,
// 1 when any is not, and 2 on a usage error, an input that could not be
// read whole (unreadable, or a line over --max-line, which is skipped) or
// a failed write. With -q, parse, resolve and normalize print only one
// "FILE:LINE:COL: message" line per problem, and the summary only with
// --summary.
//
// The commands that read a list (and lint, file by file) work on -j N
// references at a time, one a core by default; what they write is the same,
// in input order, whatever N.
//
// Results go to standard output, errors and summaries to standard error.
// On a terminal, standard output shows control bytes as \xNN unless --raw
// is given, and a long batch shows its progress on standard error.
// docs/cli.md has the whole contract.
package main

import (
	"bufio"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"runtime"
	"runtime/debug"
	"strings"
	"syscall"
	"time"
)

// A command is one subcommand of the tool.
type command struct {
	name    string
	summary string // one line, for the command list
	usage   string // the usage line, without "rfc2396 "
	about   string // a paragraph for -h
	// setup defines the command's flags on fs and returns the function
	// that runs the command once they are parsed.
	setup func(fs *flag.FlagSet) func(inv *invocation) int
	// streams says which stream flags (--max-line, --raw) the command has.
	streams streamUse
}

// invocation is one run of a command: its flags, arguments and streams.
type invocation struct {
	cmd     *command
	flags   *flag.FlagSet
	args    []string // positional arguments, flags removed
	stdin   io.Reader
	stdout  io.Writer // inv.out, for commands that write unbuffered
	stderr  io.Writer // inv.errOut
	out     *checkedWriter
	errOut  *checkedWriter
	buf     *bufio.Writer // see output
	streams *streamOptions
	// showProgress says whether a long batch shows its progress: when
	// standard error is a terminal and standard output is not (results
	// on the same terminal would be written across the progress line).
	showProgress bool
	now          func() time.Time // the clock of the progress line
	// tooLongRecord, set by a command with --json, writes the record of
	// a line over --max-line (see tooLongJSON).
	tooLongRecord func(w *bufio.Writer, name string, err *lineTooLongError)
	// quiet holds -q and --summary, for a command that has them; batch
	// is the batch being read, for the position of a quiet line.
	quiet *quietOptions
	batch *batch
	// chunkLines, when not 0, is how many lines a batch gives a worker
	// at a time in place of batchLines, how many bytes lint records
	// of a file before it waits for its turn in place of lintRecordMax,
	// and a sixteenth of the size from which a reference is worked on in
	// its turn in place of directRef (tests set it small, to make many
	// pieces of work finish out of order, and some go in their turn).
	chunkLines int
}

// output returns the buffered standard output of the invocation, which
// run flushes when the command returns.
func (inv *invocation) output() *bufio.Writer {
	if inv.buf == nil {
		inv.buf = bufio.NewWriterSize(inv.out, 64<<10)
	}
	return inv.buf
}

// outputFailed reports whether a write to standard output has failed, so
// that a batch can stop; run reports the error.
func (inv *invocation) outputFailed() bool {
	return inv.out.err != nil
}

// warnf writes one line of diagnostics to standard error, prefixed with
// "rfc2396 CMD: ", after what standard output holds so far, so that on a
// terminal the two appear in order. Control bytes in it (from a file's
// name, say) are written as \xNN.
func (inv *invocation) warnf(format string, args ...any) {
	if inv.buf != nil {
		inv.buf.Flush() // an error is remembered by inv.out, and reported by run
	}
	inv.errOut.Write(inv.warning(format, args...)) // an error is remembered by inv.errOut, and makes the status 2
}

// warning returns the line warnf writes.
func (inv *invocation) warning(format string, args ...any) []byte {
	return escapedLine(fmt.Sprintf("rfc2396 %s: %s", inv.cmd.name, fmt.Sprintf(format, args...)))
}

// escapedLine returns msg as a line of diagnostics, with a "\n", its
// control bytes and bytes that are not UTF-8 written as \xNN (see
// terminalSafe): what a user typed or a file holds reaches standard error
// without acting on the terminal.
func escapedLine(msg string) []byte {
	safe, rest := terminalSafe(nil, []byte(msg))
	for _, b := range rest {
		safe = appendEscapedByte(safe, b)
	}
	return append(safe, '\n')
}

// commands returns the tool's subcommands, in the order help lists them.
func commands() []*command {
	return []*command{parseCommand(), treeCommand(), resolveCommand(), normalizeCommand(), relativizeCommand(), equivalentCommand(), compareCommand(),
		lintCommand(), escapeCommand(), unescapeCommand(), expandCommand(), serveCommand(), siteCommand(),
		vectorsCommand(), coverageCommand(), gradeCommand(), completionCommand()}
}

func main() {
	if len(os.Args) < 2 || os.Args[1] != "serve" {
		setGC()
	}
	releaseStartupPages()
	var stdout, stderr io.Writer = os.Stdout, os.Stderr
	if startedClosed(os.Stdout, os.Stderr) {
		stdout = closedStream{"/dev/stdout"}
	}
	if startedClosed(os.Stderr, os.Stdout) {
		stderr = closedStream{"/dev/stderr"}
	}
	os.Exit(run(os.Args[1:], os.Stdin, stdout, stderr))
}

// closedStream is a standard stream that was closed when the program
// started (rfc2396 parse REF >&-): the Go runtime has put /dev/null in its
// place, and every write to it is reported as the write to a closed
// descriptor it would have been.
type closedStream struct{ name string }

func (c closedStream) Write([]byte) (int, error) {
	return 0, &os.PathError{Op: "write", Path: c.name, Err: errClosedAtStart}
}

// errClosedAtStart is the error of a write to a closedStream.
var errClosedAtStart = fmt.Errorf("%w (the descriptor was closed when rfc2396 started)", syscall.EBADF)

// gcHeap is the most memory the program lets its heap take before the
// collector runs as often as a memory limit makes it, unless GOGC or
// GOMEMLIMIT says otherwise; a batch run by workers adds gcPerJob for
// each (see batch.run). Below it, gcPercent paces the collector.
const (
	gcHeap    = 16 << 20
	gcPerJob  = 1 << 20
	gcPercent = 100
	// gcPercentLent paces a batch at -j 1, whose lines are lent views of
	// the line reader's buffer (see walker.lend): without a string made
	// of each block read it allocates from a half (compare) to a seventh
	// (parse --json) of what it did, and at three quarters of the heap
	// goal the collector runs no more often than it did at gcPercent. At
	// 50 the peaks were 0.3-0.6 MB lower, but resolve, which allocates
	// most of the rest, collected half as often again, for 6.5 % more
	// instructions. See docs/performance.md.
	gcPercentLent = 75
)

// setGC paces the collector of a command, when the environment does not
// set GOGC or GOMEMLIMIT: by gcPercent (the runtime's default), under a
// memory limit of gcHeap. A batch keeps little alive (a line, its record,
// the automata), so the heap is collected at about 4 MB, the runtime's
// least goal (3 MB at -j 1, see paceLentGC), and the program's peak stays
// at 11-11.5 MB at -j 1 (13.5-14 for compare, which keeps the automata
// of every profile alive), most of it the program's own code and data,
// whatever the input's size. Before,
// the collector first ran at the limit (GOGC off): a peak of 21-22 MB for
// 1-5 % fewer instructions on a 20 MB input (docs/performance.md). A heap
// that stays over gcHeap (a line of tens of megabytes) is collected as
// the memory limit says: often, so that it stays near what is alive. The
// server keeps the runtime's default: it runs for long, and what it
// keeps alive is not bounded by one line.
func setGC() {
	if environmentPacesGC() {
		return
	}
	debug.SetGCPercent(gcPercent)
	debug.SetMemoryLimit(gcHeap)
}

// paceGC paces the collector for a batch of jobs workers when setGC
// paced it, not the environment: gcPercent for each worker, and gcPerJob
// more memory for each. Without the pace a worker adds, the chunks alive
// between collections left less room for garbage, and the collector ran
// half as often again as with one worker, for a tenth more of the work of
// parse --json -j 2. compare is paced as the others: at 125 its peak
// was 0.5-0.7 MB higher for 2.7 % fewer instructions.
//
// It also runs the program on at most jobs processors (GOMAXPROCS), so
// that -j 1 uses one core, the collector's work included: on two, the
// collector marked on the other core while the batch went on allocating,
// and each processor kept its own spans of every size, for 2-4 MB more
// peak memory (resolve and normalize on a 20 MB input, 16.5 MB to 18-20)
// and the same CPU time.
func paceGC(jobs int) {
	if !pacedBySetGC() {
		return
	}
	if jobs >= 1 && jobs < runtime.GOMAXPROCS(0) {
		runtime.GOMAXPROCS(jobs)
	}
	jobs = max(jobs, 1)
	debug.SetGCPercent(gcPercent * jobs)
	if jobs > 1 {
		debug.SetMemoryLimit(gcHeap + int64(jobs)*gcPerJob)
	}
}

// paceLentGC paces the collector for a batch at -j 1 whose lines are
// lent, when setGC paced it: by gcPercentLent. It follows paceGC(1).
func paceLentGC() {
	if pacedBySetGC() {
		debug.SetGCPercent(gcPercentLent)
	}
}

// pacedBySetGC reports whether setGC paced the collector, and neither
// the environment nor paceGC for more than one worker did since.
func pacedBySetGC() bool {
	return !environmentPacesGC() && debug.SetMemoryLimit(-1) == gcHeap
}

// environmentPacesGC reports whether GOGC or GOMEMLIMIT is set, which
// setGC and paceGC leave as they are. (GOMEMLIMIT=16MiB alone used to be
// taken for setGC's own limit, and paced at gcPercent.)
func environmentPacesGC() bool {
	return os.Getenv("GOGC") != "" || os.Getenv("GOMEMLIMIT") != ""
}

// run runs the tool with args (os.Args[1:]) and returns the exit status.
// Every write of the tool goes through the checkedWriters made here; a
// failed write to standard output is reported on standard error, and
// either failure makes the exit status 2 (a failed standard error cannot
// be reported).
func run(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	return newTool(stdin, stdout, stderr).run(args)
}

// newTool returns the program on these streams.
func newTool(stdin io.Reader, stdout, stderr io.Writer) *tool {
	return &tool{
		name:         "rfc2396",
		stdin:        stdin,
		out:          &checkedWriter{w: stdout, escape: isTerminal(stdout)},
		errOut:       &checkedWriter{w: stderr},
		showProgress: isTerminal(stderr) && !isTerminal(stdout),
		now:          time.Now,
	}
}

// run runs the program with args and returns the exit status (see the
// function run).
func (t *tool) run(args []string) int {
	status := t.dispatch(args)
	if t.inv != nil && t.inv.buf != nil {
		t.inv.buf.Flush() // an error is remembered by t.out
	}
	t.out.finish()
	if t.out.err != nil {
		fmt.Fprintf(t.errOut, "%s: writing standard output: %v\n", t.name, t.out.err)
		status = 2
	}
	if t.errOut.err != nil {
		status = 2
	}
	return status
}

// tool is one run of the program: its streams, and once a command is
// found, its name for messages and the command's invocation.
type tool struct {
	name         string // "rfc2396", or "rfc2396 CMD" once CMD is known
	stdin        io.Reader
	out, errOut  *checkedWriter
	showProgress bool
	now          func() time.Time // the clock of the progress line
	inv          *invocation
	chunkLines   int // see invocation.chunkLines
}

// dispatch runs the command args name and returns the exit status.
func (t *tool) dispatch(args []string) int {
	stdout, stderr := t.out, t.errOut
	if len(args) == 0 {
		usage(stderr)
		return 2
	}
	switch args[0] {
	case "-h", "-help", "--help":
		usage(stdout)
		return 0
	case "-v", "-version", "--version", "version":
		fmt.Fprintln(stdout, version())
		return 0
	case "help":
		if len(args) == 1 {
			usage(stdout)
			return 0
		}
		c := lookup(args[1])
		if c == nil {
			unknownCommand(stderr, "rfc2396 help", args[1])
			return 2
		}
		fs, _, _ := newFlagSet(c, stdout)
		fs.Usage()
		return 0
	}
	c := lookup(args[0])
	if c == nil {
		unknownCommand(stderr, "rfc2396", args[0])
		return 2
	}
	t.name = "rfc2396 " + c.name
	fs, runCmd, streams := newFlagSet(c, stderr)
	inv := &invocation{cmd: c, flags: fs, stdin: t.stdin, stdout: stdout, stderr: stderr,
		out: stdout, errOut: stderr, streams: streams, showProgress: t.showProgress, now: t.now,
		chunkLines: t.chunkLines}
	t.inv = inv
	// The flag package shows its error and the usage itself on -h and on
	// a bad flag; here the usage is shown on standard output when asked
	// for, and a bad flag gets a short report instead (see flagError).
	showUsage := fs.Usage
	fs.Usage = func() {}
	fs.SetOutput(io.Discard)
	positional, err := parseInterleaved(inv.flags, args[1:])
	fs.Usage = showUsage
	fs.SetOutput(stderr)
	if errors.Is(err, flag.ErrHelp) {
		inv.flags.SetOutput(stdout)
		inv.flags.Usage()
		return 0
	}
	if err != nil {
		flagError(stderr, c, fs, err)
		return 2
	}
	if streams.raw {
		stdout.escape = false
	}
	inv.args = positional
	return runCmd(inv)
}

func lookup(name string) *command {
	for _, c := range commands() {
		if c.name == name {
			return c
		}
	}
	return nil
}

// newFlagSet returns the flag set of c, with its flags defined and a usage
// function that writes to w, the function that runs c, and the values of
// its stream flags.
func newFlagSet(c *command, w io.Writer) (*flag.FlagSet, func(*invocation) int, *streamOptions) {
	fs := flag.NewFlagSet(c.name, flag.ContinueOnError)
	fs.SetOutput(w)
	runCmd := c.setup(fs)
	streams := addStreamFlags(fs, c.streams)
	fs.Usage = func() {
		out := fs.Output()
		fmt.Fprintf(out, "usage: rfc2396 %s\n\n%s\n", c.usage, c.about)
		hasFlags := false
		fs.VisitAll(func(*flag.Flag) { hasFlags = true })
		if hasFlags {
			fmt.Fprintln(out, "\nflags (anywhere on the line; \"--\" ends them):")
			fs.PrintDefaults()
		}
	}
	return fs, runCmd, streams
}

// parseInterleaved parses args with fs, accepting flags before, between
// and after the positional arguments, up to a "--" after which everything
// is positional, and returns the positional arguments. A lone "-" is
// positional (it stands for standard input).
func parseInterleaved(fs *flag.FlagSet, args []string) ([]string, error) {
	var positional []string
	for {
		if err := fs.Parse(args); err != nil {
			return nil, err
		}
		rest := fs.Args()
		if n := len(args) - len(rest); n > 0 && args[n-1] == "--" {
			return append(positional, rest...), nil
		}
		if len(rest) == 0 {
			return positional, nil
		}
		positional = append(positional, rest[0])
		args = rest[1:]
	}
}

func usage(w io.Writer) {
	fmt.Fprintln(w, "rfc2396 checks, explains and resolves URI references strictly by RFC 2396 (Appendix A).")
	fmt.Fprintln(w, "\nusage: rfc2396 COMMAND [flags] [arguments]\n\ncommands:")
	for _, c := range commands() {
		fmt.Fprintf(w, "  %-11s %s\n", c.name, c.summary)
	}
	fmt.Fprintln(w, "\nRun 'rfc2396 help COMMAND' or 'rfc2396 COMMAND -h' for a command's usage and flags;")
	fmt.Fprintln(w, "'rfc2396 --version' (or -v) for the version; 'rfc2396 completion bash|zsh' for shell completion.")
}

// version describes the build: the module version (or "(devel)" for a
// build from a work tree), the commit when known, and the Go version.
func version() string {
	info, ok := debug.ReadBuildInfo()
	if !ok {
		return "rfc2396 (unknown version)"
	}
	v := "rfc2396 " + info.Main.Version
	var rev, modified string
	for _, s := range info.Settings {
		switch s.Key {
		case "vcs.revision":
			rev = s.Value
		case "vcs.modified":
			if s.Value == "true" {
				modified = ", modified"
			}
		}
	}
	if rev != "" {
		v += " (" + rev[:min(12, len(rev))] + modified + ")"
	}
	return v + " " + strings.TrimSpace(info.GoVersion)
}
