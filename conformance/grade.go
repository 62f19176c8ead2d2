package conformance

import (
	"bufio"
	"bytes"
	"cmp"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"os/exec"
	"sort"
	"strconv"
	"strings"
	"time"
	"unicode/utf8"
)

// ModeVariable is the environment variable that tells a parser under test
// what the lines on its standard input are: [ModeParse], [ModeResolve] or
// [ModeNormalize]. StandardVariable holds the suite's standard and
// ProfileVariable its profile ("strict" for the RFC's grammar exactly).
const (
	ModeVariable     = "RFC2396_CONFORMANCE_MODE"
	StandardVariable = "RFC2396_CONFORMANCE_STANDARD"
	ProfileVariable  = "RFC2396_CONFORMANCE_PROFILE"
)

// The modes of the grading protocol.
const (
	// ModeParse: a line is a reference; the answer has "valid" and may
	// have the components.
	ModeParse = "parse"
	// ModeResolve: a line is a base and a reference, tab-separated; the
	// answer has "result" (null or absent: the parser refuses).
	ModeResolve = "resolve"
	// ModeNormalize: a line is a reference; the answer has "result".
	ModeNormalize = "normalize"
)

// Unsupported is the exit status with which a parser under test that
// writes nothing says it does not do a mode.
const Unsupported = 3

// GradeOptions says how to run the parser under test.
type GradeOptions struct {
	// Command is the program and its arguments.
	Command []string
	// Timeout bounds each run of the command (one a mode); it must be
	// positive.
	Timeout time.Duration
	// Linger is how long the command has, once it has answered every
	// line, to exit and close its standard output (a process it started
	// may hold it) before its process group is killed; the grade then
	// stands, with a warning. Zero means [DefaultLinger]; it may not be
	// negative.
	Linger time.Duration
	// MaxOutput bounds what one run may write to standard output, in
	// bytes; MaxLine one line of it. Both must be positive.
	MaxOutput, MaxLine int
	// Run and Skip select the cases graded (see [Selection]): those Run
	// matches ("" matches every case) and Skip does not ("" matches
	// none). A selection that leaves no case is an error.
	Run, Skip string
}

// DefaultLinger is the [GradeOptions] Linger used when it is zero.
const DefaultLinger = time.Second

// DefaultGradeOptions returns the bounds the grade command uses: 60
// seconds and 64 MiB a run, 1 MiB a line.
func DefaultGradeOptions(command []string) GradeOptions {
	return GradeOptions{Command: command, Timeout: 60 * time.Second, MaxOutput: 64 << 20, MaxLine: 1 << 20}
}

// check reports the first option that cannot be used.
func (o GradeOptions) check() error {
	switch {
	case len(o.Command) == 0 || o.Command[0] == "":
		return errors.New("no command to grade")
	case o.Timeout <= 0:
		return fmt.Errorf("the timeout must be positive, not %v", o.Timeout)
	case o.Linger < 0:
		return fmt.Errorf("the linger time may not be negative (%v)", o.Linger)
	case o.MaxOutput <= 0:
		return fmt.Errorf("the output bound must be positive, not %d", o.MaxOutput)
	case o.MaxLine <= 0:
		return fmt.Errorf("the line bound must be positive, not %d", o.MaxLine)
	}
	_, err := NewSelection(o.Run, o.Skip)
	return err
}

// Grade is a parser's grade against a suite.
type Grade struct {
	Standard   Standard    `json:"standard"`
	Profile    string      `json:"profile"`
	Command    []string    `json:"command"`
	Categories []*Category `json:"categories"`
	// ByRule is the validity category split by the rule each case
	// exercises.
	ByRule []RuleScore `json:"validity_by_rule"`
	// Run and Skip are the selection of cases graded ([GradeOptions]).
	Run  string `json:"run,omitempty"`
	Skip string `json:"skip,omitempty"`
	// Warnings are what went wrong without spoiling the grade: a run that
	// answered every line but did not end (see [GradeOptions] Linger).
	Warnings []string `json:"warnings,omitempty"`
	// Runs holds what the command said besides its answers: each run
	// that wrote to standard error or exited with a status other than 0
	// (and [Unsupported] for an unsupported mode).
	Runs []RunReport `json:"runs,omitempty"`
}

// RunReport is what one run of the command said besides its answers.
type RunReport struct {
	Mode string `json:"mode"`
	// ExitStatus is the command's exit status; -1 when it was ended by a
	// signal or did not exit.
	ExitStatus int `json:"exit_status"`
	// Stderr is the start of what it wrote to standard error (at most
	// [MaxStderr] bytes), escaped by [EscapeOutput]; StderrBytes how much
	// it wrote in all.
	Stderr      string `json:"stderr"`
	StderrBytes int64  `json:"stderr_bytes"`
}

// MaxStderr is how much of a run's standard error a grade keeps.
const MaxStderr = 4096

// RunError is the error of a run that failed: the mode, what went wrong,
// and the start of what the command wrote to standard error, escaped by
// [EscapeOutput].
type RunError struct {
	Mode   string
	Err    error
	Stderr string
}

func (e *RunError) Error() string {
	if e == nil {
		return "<nil>"
	}
	msg := e.Mode + " mode: the run failed"
	if e.Err != nil {
		msg = e.Mode + " mode: " + e.Err.Error()
	}
	if e.Stderr != "" {
		msg += "; the command's standard error: " + strconv.Quote(e.Stderr)
	}
	return msg
}

func (e *RunError) Unwrap() error {
	if e == nil {
		return nil
	}
	return e.Err
}

// EscapeOutput makes what a command wrote safe to print: valid UTF-8
// stays as it is, and every control character but newline and tab, and
// every byte that is not valid UTF-8, is written \xHH (a backslash as
// \\), so that nothing the command writes can move a terminal's cursor
// or be taken for the grade's own words.
func EscapeOutput(s string) string {
	var b strings.Builder
	for i := 0; i < len(s); {
		r, n := utf8.DecodeRuneInString(s[i:])
		switch {
		case r == utf8.RuneError && n <= 1, r < 0x20 && r != '\n' && r != '\t', r == 0x7f, r >= 0x80 && r < 0xa0:
			for _, c := range []byte(s[i : i+n]) {
				fmt.Fprintf(&b, "\\x%02x", c)
			}
		case r == '\\':
			b.WriteString(`\\`)
		default:
			b.WriteString(s[i : i+n])
		}
		i += n
	}
	return b.String()
}

// Category is the score in one category of the suite.
type Category struct {
	Name        string `json:"name"` // validity, components, resolve, normalize, equivalence
	Agreed      int    `json:"agreed"`
	Total       int    `json:"total"`
	Unsupported bool   `json:"unsupported"`
	// Note says why the category is unsupported or incomplete.
	Note          string         `json:"note,omitempty"`
	Disagreements []Disagreement `json:"disagreements"`
}

// RuleScore is the validity score of the cases made for one rule.
type RuleScore struct {
	Rule   string `json:"rule"`
	Agreed int    `json:"agreed"`
	Total  int    `json:"total"`
}

// Disagreement is one case on which the parser under test and the suite
// differ, with the suite's explanation.
type Disagreement struct {
	Case  string `json:"case"`
	Input string `json:"input"`
	// Expected is the suite's answer and Got the parser's, each a JSON
	// value: for validity and equivalence a boolean, for resolve and
	// normalize the result (null: refused), for components an object of
	// the components that differ (null: undefined). Got is a string
	// saying why when the answer could not be read.
	Expected any `json:"expected"`
	Got      any `json:"got"`
	// Cause is the likely cause; disagreements are grouped by it.
	Cause string `json:"cause"`
	// Explanation is the suite's reading: offset, rule, the RFC's words.
	Explanation string `json:"explanation"`
}

// Full reports whether the parser agreed on every case of every category.
func (g *Grade) Full() bool {
	if g == nil {
		return false
	}
	for _, c := range g.Categories {
		if c.Unsupported || c.Agreed != c.Total {
			return false
		}
	}
	return true
}

// RunGrade runs the parser under test over the suite, one run a mode,
// and grades its answers. An error means the grading itself failed (the
// command cannot start, times out, floods or answers too few lines), not
// that the parser disagrees; so does a nil suite or context, or options
// that [GradeOptions] does not allow.
//
// On Unix each run is started in a process group of its own, which is
// killed when the run ends, so that no process the command started
// outlives the grading.
func RunGrade(ctx context.Context, s *Suite, opts GradeOptions) (*Grade, error) {
	if ctx == nil {
		return nil, errors.New("rfc2396/conformance: nil context")
	}
	if s == nil {
		return nil, errNilSuite
	}
	if err := opts.check(); err != nil {
		return nil, err
	}
	if err := checkSuite(s); err != nil {
		return nil, err
	}
	if opts.Linger == 0 {
		opts.Linger = DefaultLinger
	}
	st, err := newStd(s.Standard, s.Profile)
	if err != nil {
		return nil, err
	}
	sel, _ := NewSelection(opts.Run, opts.Skip)
	s = sel.Apply(s)
	if s.graded(st) == 0 {
		return nil, fmt.Errorf("rfc2396/conformance: the selection (run %q, skip %q) leaves no case to grade", opts.Run, opts.Skip)
	}
	g := &Grade{Standard: s.Standard, Profile: s.Profile, Command: opts.Command, Run: opts.Run, Skip: opts.Skip}

	// Parse mode: every whole reference of the suite, once.
	var refs []string
	index := map[string]int{}
	add := func(list *[]string, idx map[string]int, s string) {
		if _, ok := idx[s]; !ok {
			idx[s] = len(*list)
			*list = append(*list, s)
		}
	}
	for _, c := range s.Validity {
		if c.Rule == st.start {
			add(&refs, index, c.Input)
		}
	}
	for _, c := range s.Components {
		add(&refs, index, c.Input)
	}
	answers, unsupported, err := run(ctx, opts, ModeParse, s.Standard, s.Profile, refs, g)
	if err != nil {
		return nil, err
	}
	g.Categories = append(g.Categories, gradeValidity(st, s, answers, index, unsupported, g))
	g.Categories = append(g.Categories, gradeComponents(st, s, answers, index, unsupported))

	var pairs []string
	for _, c := range s.Resolve {
		pairs = append(pairs, c.Base+"\t"+c.Reference)
	}
	answers, unsupported, err = run(ctx, opts, ModeResolve, s.Standard, s.Profile, pairs, g)
	if err != nil {
		return nil, err
	}
	g.Categories = append(g.Categories, gradeResolve(st, s, answers, unsupported))

	var norm []string
	nindex := map[string]int{}
	for _, c := range s.Normalize {
		add(&norm, nindex, c.Input)
	}
	for _, c := range s.Equivalence {
		add(&norm, nindex, c.A)
		add(&norm, nindex, c.B)
	}
	answers, unsupported, err = run(ctx, opts, ModeNormalize, s.Standard, s.Profile, norm, g)
	if err != nil {
		return nil, err
	}
	n, e := gradeNormalize(s, answers, nindex, unsupported)
	g.Categories = append(g.Categories, n, e)
	return g, nil
}

// checkSuite reports what in s, read from a file that may say anything,
// grading cannot use: a negative validity case without an offset inside
// its input.
func checkSuite(s *Suite) error {
	for _, v := range s.Validity {
		if !v.Valid && (v.Offset == nil || *v.Offset < 0 || *v.Offset > len(v.Input)) {
			return fmt.Errorf("rfc2396/conformance: validity case %q: a negative case needs an offset from 0 to the length of its input", v.ID)
		}
	}
	return nil
}

// answer is one line a parser under test wrote.
type answer struct {
	fields map[string]json.RawMessage
	err    string // the line is not a JSON object
}

// run runs the command in mode with lines on its standard input and reads
// one answer a line. A run that answers every line but then neither exits
// nor closes its standard output within opts.Linger is ended, and a
// warning added to g; one that has not answered every line by
// opts.Timeout is a time-out.
func run(ctx context.Context, opts GradeOptions, mode string, standard Standard, profile string, lines []string, g *Grade) ([]answer, bool, error) {
	if len(lines) == 0 {
		// Nothing selected in this mode: the command is not run.
		return nil, false, nil
	}
	ctx, cancel := context.WithTimeout(ctx, opts.Timeout)
	defer cancel()
	cmd := exec.Command(opts.Command[0], opts.Command[1:]...)
	cmd.Env = append(os.Environ(), ModeVariable+"="+mode, StandardVariable+"="+string(standard), ProfileVariable+"="+cmp.Or(profile, "strict"))
	// Standard input and error are copied by os/exec: should a process
	// the command started hold them, Wait gives up on them this long
	// after the command exits.
	cmd.WaitDelay = opts.Linger
	newProcessGroup(cmd)
	var in bytes.Buffer
	for _, l := range lines {
		in.WriteString(l)
		in.WriteByte('\n')
	}
	cmd.Stdin = &in
	var stderr limitedBuffer
	stderr.max = MaxStderr
	cmd.Stderr = &stderr
	fail := func(err error) error {
		return &RunError{Mode: mode, Err: err, Stderr: EscapeOutput(stderr.String())}
	}
	// Standard output is a pipe of this function's own, so that it can
	// be read while waiting for the command, and closed to stop reading.
	pr, pw, err := os.Pipe()
	if err != nil {
		return nil, false, fail(err)
	}
	cmd.Stdout = pw
	err = cmd.Start()
	pw.Close()
	if err != nil {
		pr.Close()
		return nil, false, fail(err)
	}
	killed := false
	kill := func() {
		if !killed {
			killed = true
			killProcessGroup(cmd.Process)
		}
		pr.Close()
	}
	// Whatever happens, nothing of the run is left running.
	defer killProcessGroup(cmd.Process)

	type read struct {
		answers []answer
		err     error
	}
	complete := make(chan struct{})
	readDone := make(chan read, 1)
	go func() {
		a, err := readAnswers(io.LimitReader(pr, int64(opts.MaxOutput)+1), opts, len(lines), func() { close(complete) })
		readDone <- read{a, err}
	}()
	waitDone := make(chan error, 1)
	go func() { waitDone <- cmd.Wait() }()

	var (
		got       *read
		waitErr   error
		exited    bool
		lingerC   <-chan time.Time
		completeC = complete
		done      = ctx.Done()
		timedOut  bool
		lingered  bool
	)
	for got == nil || !exited {
		select {
		case r := <-readDone:
			got = &r
			if r.err != nil {
				kill()
			} else if !exited {
				// Standard output is closed: the command has had its
				// say, and has the linger time to exit.
				if lingerC == nil {
					lingerC = time.After(opts.Linger)
				}
			}
		case err := <-waitDone:
			waitErr, exited = err, true
		case <-completeC:
			completeC = nil
			lingerC = time.After(opts.Linger)
		case <-lingerC:
			lingerC = nil
			lingered = true
			kill()
		case <-done:
			done = nil
			if completeC == nil {
				lingered = true
			} else {
				timedOut = true
			}
			kill()
		}
	}
	answers, readErr := got.answers, got.err
	allAnswered := completeC == nil
	switch {
	case errors.Is(readErr, errTooMuch):
		return nil, false, fail(readErr)
	case timedOut && ctx.Err() == context.DeadlineExceeded:
		return nil, false, fail(fmt.Errorf("the command did not finish within %v: it answered %d of %d lines", opts.Timeout, len(answers), len(lines)))
	case timedOut:
		return nil, false, fail(ctx.Err())
	case lingered && allAnswered:
		g.Warnings = append(g.Warnings, fmt.Sprintf("%s mode: the command answered all %d lines, then neither exited nor closed its standard output within %v; its process group was killed (a process it started may have held standard output open)", mode, len(lines), opts.Linger))
		g.report(mode, -1, &stderr)
		return answers[:len(lines)], false, nil
	case lingered:
		return nil, false, fail(fmt.Errorf("the command closed its standard output after %d of %d lines but did not exit within %v; its process group was killed", len(answers), len(lines), opts.Linger))
	case readErr != nil:
		return nil, false, fail(fmt.Errorf("reading its answers: %w", readErr))
	}
	var exit *exec.ExitError
	status := 0
	if errors.As(waitErr, &exit) {
		status = exit.ExitCode()
	}
	if status == Unsupported && len(answers) == 0 {
		g.report(mode, status, &stderr)
		return nil, true, nil
	} else if waitErr != nil && exit == nil && !errors.Is(waitErr, exec.ErrWaitDelay) {
		return nil, false, fail(waitErr)
	}
	if len(answers) != len(lines) {
		how := "exited with status " + strconv.Itoa(status)
		if status < 0 {
			how = waitErr.Error()
		}
		return nil, false, fail(fmt.Errorf("the command answered %d of %d lines (it %s)", len(answers), len(lines), how))
	}
	g.report(mode, status, &stderr)
	return answers, false, nil
}

// report keeps what a run said besides its answers: its standard error,
// and an exit status other than 0.
func (g *Grade) report(mode string, status int, stderr *limitedBuffer) {
	if status == 0 && stderr.total == 0 || status == Unsupported && stderr.total == 0 {
		return
	}
	g.Runs = append(g.Runs, RunReport{Mode: mode, ExitStatus: status, Stderr: EscapeOutput(stderr.String()), StderrBytes: stderr.total})
}

// errTooMuch is the error of a command that writes more than it may.
var errTooMuch = errors.New("the command wrote too much")

// readAnswers reads lines, each a JSON object, to the end of r, and
// returns those read so far with any error; more than want lines is an
// error. It calls complete once want lines are read (at once when want is
// zero).
func readAnswers(r io.Reader, opts GradeOptions, want int, complete func()) ([]answer, error) {
	br := bufio.NewReaderSize(r, 64<<10)
	var out []answer
	total := 0
	if want == 0 {
		complete()
	}
	for {
		line, err := readLine(br, opts.MaxLine)
		total += len(line) + 1
		if total > opts.MaxOutput {
			return out, fmt.Errorf("%w: more than %d bytes", errTooMuch, opts.MaxOutput)
		}
		if err == io.EOF && line == nil {
			return out, nil
		}
		if err != nil && err != io.EOF {
			return out, err
		}
		if len(out) == want {
			return out, fmt.Errorf("%w: more than the %d lines it was given", errTooMuch, want)
		}
		var a answer
		if jerr := json.Unmarshal(line, &a.fields); jerr != nil || a.fields == nil {
			a.err = fmt.Sprintf("not a JSON object: %q", truncate(string(line), 80))
		}
		out = append(out, a)
		if len(out) == want {
			complete()
		}
		if err == io.EOF {
			return out, nil
		}
	}
}

// readLine reads one line without its end; a line over max bytes is an
// error.
func readLine(br *bufio.Reader, max int) ([]byte, error) {
	var line []byte
	for {
		chunk, isPrefix, err := br.ReadLine()
		if err != nil {
			if len(line) > 0 {
				return line, io.EOF
			}
			return nil, err
		}
		line = append(line, chunk...)
		if len(line) > max {
			return nil, fmt.Errorf("%w: a line of more than %d bytes", errTooMuch, max)
		}
		if !isPrefix {
			return line, nil
		}
	}
}

func truncate(s string, n int) string {
	if len(s) <= n {
		return s
	}
	return s[:n] + "..."
}

// limitedBuffer keeps the first max bytes written to it, and counts them
// all. It has only Write: io.Copy, as os/exec uses it, would go round a
// ReadFrom method (one embedded bytes.Buffer has) and keep everything.
type limitedBuffer struct {
	buf   bytes.Buffer
	max   int
	total int64
}

func (b *limitedBuffer) Write(p []byte) (int, error) {
	b.total += int64(len(p))
	if room := b.max - b.buf.Len(); room > 0 {
		if len(p) > room {
			b.buf.Write(p[:room])
		} else {
			b.buf.Write(p)
		}
	}
	return len(p), nil
}

func (b *limitedBuffer) String() string { return b.buf.String() }

func unsupportedCategory(name string, total int) *Category {
	return &Category{Name: name, Total: total, Unsupported: true, Note: fmt.Sprintf("the command exits %d in this mode: not supported", Unsupported)}
}

// validOf reads "valid" from an answer.
func validOf(a answer) (bool, string) {
	if a.err != "" {
		return false, a.err
	}
	var v bool
	if err := json.Unmarshal(a.fields["valid"], &v); err != nil {
		return false, `no boolean "valid"`
	}
	return v, ""
}

func gradeValidity(st *std, s *Suite, answers []answer, index map[string]int, unsupported bool, g *Grade) *Category {
	c := &Category{Name: "validity", Disagreements: []Disagreement{}}
	byRule := map[string]*RuleScore{}
	var order []string
	for _, v := range s.Validity {
		if v.Rule != st.start {
			continue
		}
		c.Total++
		if unsupported {
			continue
		}
		rs := byRule[v.Covers.Rule]
		if rs == nil {
			rs = &RuleScore{Rule: v.Covers.Rule}
			byRule[v.Covers.Rule] = rs
			order = append(order, v.Covers.Rule)
		}
		rs.Total++
		a := answers[index[v.Input]]
		got, bad := validOf(a)
		if bad == "" && got == v.Valid {
			c.Agreed++
			rs.Agreed++
			continue
		}
		d := Disagreement{Case: v.ID, Input: v.Input, Expected: v.Valid, Got: got}
		switch {
		case bad != "":
			d.Got = bad
			d.Cause = causeUnread
			d.Explanation = bad
		case v.Valid:
			d.Cause = fmt.Sprintf("rejects valid %s (section %s)", v.Covers.Rule, v.Covers.Section)
			d.Explanation = fmt.Sprintf("valid: %s; %s", v.Covers.What, ruleWords(st, v.Covers.Rule))
		default:
			d.Cause = st.acceptedCause(v)
			d.Explanation = fmt.Sprintf("invalid at offset %d (%s): %s expected %s; %s (section %s); a near miss of %s: %s",
				*v.Offset, byteClass(v.Input, *v.Offset), v.ErrorRule, v.Expected, v.ErrorRuleText, v.ErrorSection, v.From, v.Mutation)
			if r, ok := recomposeAnswer(a); ok && encodes(v.Input, r) {
				// The components it reports are the input with bytes
				// percent-encoded: it repaired the reference rather than
				// refuse it, whatever the byte and the rule.
				d.Cause = causeRepairs
				d.Explanation = fmt.Sprintf("its components make %q; %s", r, d.Explanation)
			}
		}
		c.Disagreements = append(c.Disagreements, d)
	}
	if unsupported {
		u := unsupportedCategory("validity", c.Total)
		return u
	}
	for _, r := range order {
		g.ByRule = append(g.ByRule, *byRule[r])
	}
	return c
}

func ruleWords(st *std, rule string) string {
	if w := st.words(rule); w != "" {
		return w
	}
	return rule
}

// byteClass describes the byte at off for an explanation.
func byteClass(s string, off int) string {
	if off >= len(s) {
		return "an early end"
	}
	c := s[off]
	switch {
	case c >= 0x80:
		return "a byte outside US-ASCII"
	case c < 0x20 || c == 0x7f:
		return fmt.Sprintf("control byte %s", strconv.QuoteToASCII(string(c)))
	case c == ' ':
		return "a space"
	}
	return strconv.Quote(string(c))
}

func gradeComponents(st *std, s *Suite, answers []answer, index map[string]int, unsupported bool) *Category {
	c := &Category{Name: "components", Total: len(s.Components), Disagreements: []Disagreement{}}
	if unsupported {
		return unsupportedCategory("components", c.Total)
	}
	reported := false
	for _, a := range answers {
		for _, n := range ComponentNames {
			if _, ok := a.fields[n]; ok {
				reported = true
			}
		}
	}
	if !reported {
		if c.Total > 0 {
			c.Unsupported = true
			c.Note = "the command reports no components"
		}
		return c
	}
	for _, k := range s.Components {
		a := answers[index[k.Input]]
		if v, bad := validOf(a); bad != "" || !v {
			d := Disagreement{Case: k.ID, Input: k.Input, Expected: map[string]bool{"valid": true}, Got: map[string]bool{"valid": false},
				Cause: fmt.Sprintf("rejects valid %s", k.Covers.Rule), Explanation: k.Covers.What}
			if bad != "" {
				d.Got, d.Cause, d.Explanation = bad, causeUnread, bad
			}
			c.Disagreements = append(c.Disagreements, d)
			continue
		}
		var diffs, causes, names []string
		want, got := map[string]*string{}, map[string]any{}
		for _, n := range ComponentNames {
			raw, ok := a.fields[n]
			if !ok {
				continue
			}
			var gv *string
			w := k.Get(n)
			if err := json.Unmarshal(raw, &gv); err != nil {
				diffs = append(diffs, fmt.Sprintf("%s: not a string or null", n))
				causes = addCause(causes, fmt.Sprintf("reports a %s that is not a string or null", n))
				names = append(names, n)
				want[n], got[n] = w, raw
				continue
			}
			if (gv == nil) != (w == nil) || gv != nil && *gv != *w {
				diffs = append(diffs, fmt.Sprintf("%s: expected %s, got %s", n, show(w), show(gv)))
				causes = addCause(causes, componentHow(n, w, gv))
				names = append(names, n)
				want[n], got[n] = w, gv
			}
		}
		if len(diffs) == 0 {
			c.Agreed++
			continue
		}
		c.Disagreements = append(c.Disagreements, Disagreement{
			Case: k.ID, Input: k.Input, Expected: want, Got: got,
			Cause:       strings.Join(causes, "\n"),
			Explanation: fmt.Sprintf("%s; exercises %s; %s", strings.Join(diffs, "; "), k.Covers.What, componentWords(st, names[0])),
		})
	}
	primaryCauses(c.Disagreements)
	return c
}

// primaryCauses gives each disagreement whose Cause lists several causes,
// a line each, the one of them most disagreements of the category have,
// and names the others in its explanation: a case is in one group, that
// of the cause that explains most.
func primaryCauses(ds []Disagreement) {
	count := map[string]int{}
	for _, d := range ds {
		for _, c := range strings.Split(d.Cause, "\n") {
			count[c]++
		}
	}
	for i := range ds {
		causes := strings.Split(ds[i].Cause, "\n")
		if len(causes) == 1 {
			continue
		}
		best := 0
		for j, c := range causes {
			if count[c] > count[causes[best]] {
				best = j
			}
		}
		others := append(append([]string(nil), causes[:best]...), causes[best+1:]...)
		ds[i].Cause = causes[best]
		ds[i].Explanation += "; besides, it " + strings.Join(others, ", and ")
	}
}

// addCause adds cause to causes unless it is there.
func addCause(causes []string, cause string) []string {
	for _, c := range causes {
		if c == cause {
			return causes
		}
	}
	return append(causes, cause)
}

// componentWords quotes the rule that defines a component.
func componentWords(st *std, name string) string {
	rule := name
	if st.name == RFC2396 && name == "path" {
		rule = "abs_path"
	}
	if w := st.words(rule); w != "" {
		return w + " (section " + st.section(rule) + ")"
	}
	return ""
}

func show(p *string) string {
	if p == nil {
		return "undefined"
	}
	return strconv.Quote(*p)
}

// resultOf reads "result" from an answer: nil when absent or null.
func resultOf(a answer) (*string, string) {
	if a.err != "" {
		return nil, a.err
	}
	var r *string
	if raw, ok := a.fields["result"]; ok {
		if err := json.Unmarshal(raw, &r); err != nil {
			return nil, `"result" is not a string or null`
		}
	}
	return r, ""
}

// gradeResolve grades the resolutions. A disagreement that is no
// percent-encoding or decoding of the expected target is put down to the
// base or to the reference, whichever's shape fails more often: a parser
// that cannot resolve against a base with no authority fails every
// reference against it, and is one group, not one a reference's shape.
func gradeResolve(st *std, s *Suite, answers []answer, unsupported bool) *Category {
	c := &Category{Name: "resolve", Total: len(s.Resolve), Disagreements: []Disagreement{}}
	if unsupported {
		return unsupportedCategory("resolve", c.Total)
	}
	type rate struct{ failed, total int }
	byBase, byRef := map[string]*rate{}, map[string]*rate{}
	count := func(m map[string]*rate, k string, failed bool) {
		r := m[k]
		if r == nil {
			r = &rate{}
			m[k] = r
		}
		r.total++
		if failed {
			r.failed++
		}
	}
	type shape struct{ d, k int } // a disagreement and its case
	var shaped []shape            // the disagreements to put down to a shape
	for i, k := range s.Resolve {
		got, bad := resultOf(answers[i])
		agreed := bad == "" && got != nil && *got == k.Result
		count(byBase, baseShape(k.Base), !agreed)
		count(byRef, refShape(k.Reference), !agreed)
		if agreed {
			c.Agreed++
			continue
		}
		d := Disagreement{Case: k.ID, Input: k.Base + " " + k.Reference, Expected: k.Result, Got: got}
		d.Explanation = fmt.Sprintf("section %s resolves %q against %q to %q", k.Section, k.Reference, k.Base, k.Result)
		if k.Source == "rfc" {
			d.Explanation += " (the RFC's own example)"
		}
		switch {
		case bad != "":
			d.Got, d.Cause = bad, causeUnread
		case got != nil && stringHow(k.Result, *got) != "":
			d.Cause = stringHow(k.Result, *got)
		default:
			shaped = append(shaped, shape{len(c.Disagreements), i})
		}
		c.Disagreements = append(c.Disagreements, d)
	}
	for _, sh := range shaped {
		d := &c.Disagreements[sh.d]
		base, ref := s.Resolve[sh.k].Base, s.Resolve[sh.k].Reference
		b, r := byBase[baseShape(base)], byRef[refShape(ref)]
		verb := "resolves otherwise"
		if d.Got == (*string)(nil) {
			verb = "refuses"
		}
		if b.failed*r.total > r.failed*b.total {
			d.Cause = "fails against a base with " + baseShape(base)
		} else {
			d.Cause = fmt.Sprintf("%s a reference: %s", verb, refShape(ref))
		}
	}
	return c
}

// refShape classifies a reference by what section 5.2 does with it.
func refShape(ref string) string {
	segs := strings.Split(strings.SplitN(strings.SplitN(ref, "#", 2)[0], "?", 2)[0], "/")
	dots := false
	for _, s := range segs {
		if s == "." || s == ".." {
			dots = true
		}
	}
	switch {
	case ref == "":
		return "empty"
	case strings.HasPrefix(ref, "#"):
		return "fragment only"
	case strings.HasPrefix(ref, "?"):
		return "query only"
	case strings.HasPrefix(ref, "//"):
		return "network-path"
	case strings.Contains(strings.SplitN(ref, "/", 2)[0], ":"):
		return "with a scheme"
	case dots && strings.HasPrefix(ref, "/"):
		return "absolute path with dot segments"
	case dots:
		return "relative path with dot segments"
	case strings.HasPrefix(ref, "/"):
		return "absolute path"
	}
	return "relative path"
}

func gradeNormalize(s *Suite, answers []answer, index map[string]int, unsupported bool) (*Category, *Category) {
	n := &Category{Name: "normalize", Total: len(s.Normalize), Disagreements: []Disagreement{}}
	e := &Category{Name: "equivalence", Total: len(s.Equivalence), Disagreements: []Disagreement{}}
	if unsupported {
		return unsupportedCategory("normalize", n.Total), unsupportedCategory("equivalence", e.Total)
	}
	for _, k := range s.Normalize {
		got, bad := resultOf(answers[index[k.Input]])
		if bad == "" && got != nil && *got == k.Result {
			n.Agreed++
			continue
		}
		d := Disagreement{Case: k.ID, Input: k.Input, Expected: k.Result, Got: got,
			Cause: "normal form differs", Explanation: fmt.Sprintf("section %s normal form of %q is %q", k.Section, k.Input, k.Result)}
		switch {
		case bad != "":
			d.Got, d.Cause = bad, causeUnread
		case got == nil:
			d.Cause = "refuses to normalize"
		case stringHow(k.Result, *got) != "":
			d.Cause = stringHow(k.Result, *got)
		case strings.EqualFold(k.Result, *got):
			d.Cause = "normal form differs in case"
		}
		n.Disagreements = append(n.Disagreements, d)
	}
	for _, k := range s.Equivalence {
		ga, _ := resultOf(answers[index[k.A]])
		gb, _ := resultOf(answers[index[k.B]])
		if ga != nil && gb != nil && (*ga == *gb) == k.Equivalent {
			e.Agreed++
			continue
		}
		var got any
		if ga != nil && gb != nil {
			got = *ga == *gb
		}
		e.Disagreements = append(e.Disagreements, Disagreement{Case: k.ID, Input: k.A + " " + k.B, Expected: k.Equivalent, Got: got,
			Cause: k.What, Explanation: fmt.Sprintf("section %s: %q and %q are %s (%s)", k.Section, k.A, k.B, map[bool]string{true: "equivalent", false: "not equivalent"}[k.Equivalent], k.What)})
	}
	return n, e
}

// Groups returns a category's disagreements grouped by cause, the largest
// group first.
func (c *Category) Groups() [][]Disagreement {
	if c == nil {
		return nil
	}
	by := map[string][]Disagreement{}
	var order []string
	for _, d := range c.Disagreements {
		if by[d.Cause] == nil {
			order = append(order, d.Cause)
		}
		by[d.Cause] = append(by[d.Cause], d)
	}
	sort.SliceStable(order, func(i, j int) bool { return len(by[order[i]]) > len(by[order[j]]) })
	out := make([][]Disagreement, len(order))
	for i, k := range order {
		out[i] = by[k]
	}
	return out
}
