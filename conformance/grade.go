package conformance

import (
	"bufio"
	"bytes"
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
)

// ModeVariable is the environment variable that tells a parser under test
// what the lines on its standard input are: [ModeParse], [ModeResolve] or
// [ModeNormalize]. StandardVariable holds the suite's standard.
const (
	ModeVariable     = "RFC2396_CONFORMANCE_MODE"
	StandardVariable = "RFC2396_CONFORMANCE_STANDARD"
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
	return nil
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
	// Warnings are what went wrong without spoiling the grade: a run that
	// answered every line but did not end (see [GradeOptions] Linger).
	Warnings []string `json:"warnings,omitempty"`
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
	Case     string `json:"case"`
	Input    string `json:"input"`
	Expected string `json:"expected"`
	Got      string `json:"got"`
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
	g := &Grade{Standard: s.Standard, Profile: s.Profile, Command: opts.Command}

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
	answers, unsupported, err := run(ctx, opts, ModeParse, s.Standard, refs, g)
	if err != nil {
		return nil, err
	}
	g.Categories = append(g.Categories, gradeValidity(st, s, answers, index, unsupported, g))
	g.Categories = append(g.Categories, gradeComponents(st, s, answers, index, unsupported))

	var pairs []string
	for _, c := range s.Resolve {
		pairs = append(pairs, c.Base+"\t"+c.Reference)
	}
	answers, unsupported, err = run(ctx, opts, ModeResolve, s.Standard, pairs, g)
	if err != nil {
		return nil, err
	}
	g.Categories = append(g.Categories, gradeResolve(s, answers, unsupported))

	var norm []string
	nindex := map[string]int{}
	for _, c := range s.Normalize {
		add(&norm, nindex, c.Input)
	}
	for _, c := range s.Equivalence {
		add(&norm, nindex, c.A)
		add(&norm, nindex, c.B)
	}
	answers, unsupported, err = run(ctx, opts, ModeNormalize, s.Standard, norm, g)
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
func run(ctx context.Context, opts GradeOptions, mode string, standard Standard, lines []string, g *Grade) ([]answer, bool, error) {
	ctx, cancel := context.WithTimeout(ctx, opts.Timeout)
	defer cancel()
	cmd := exec.Command(opts.Command[0], opts.Command[1:]...)
	cmd.Env = append(os.Environ(), ModeVariable+"="+mode, StandardVariable+"="+string(standard))
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
	stderr.max = 4096
	cmd.Stderr = &stderr
	// Standard output is a pipe of this function's own, so that it can
	// be read while waiting for the command, and closed to stop reading.
	pr, pw, err := os.Pipe()
	if err != nil {
		return nil, false, fmt.Errorf("%s mode: %w", mode, err)
	}
	cmd.Stdout = pw
	err = cmd.Start()
	pw.Close()
	if err != nil {
		pr.Close()
		return nil, false, fmt.Errorf("%s mode: %w", mode, err)
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
		return nil, false, fmt.Errorf("%s mode: %w", mode, readErr)
	case timedOut && ctx.Err() == context.DeadlineExceeded:
		return nil, false, fmt.Errorf("%s mode: the command did not finish within %v: it answered %d of %d lines", mode, opts.Timeout, len(answers), len(lines))
	case timedOut:
		return nil, false, fmt.Errorf("%s mode: %w", mode, ctx.Err())
	case lingered && allAnswered:
		g.Warnings = append(g.Warnings, fmt.Sprintf("%s mode: the command answered all %d lines, then neither exited nor closed its standard output within %v; its process group was killed (a process it started may have held standard output open)", mode, len(lines), opts.Linger))
		return answers[:len(lines)], false, nil
	case lingered:
		return nil, false, fmt.Errorf("%s mode: the command closed its standard output after %d of %d lines but did not exit within %v; its process group was killed", mode, len(answers), len(lines), opts.Linger)
	case readErr != nil:
		return nil, false, fmt.Errorf("%s mode: reading its answers: %w", mode, readErr)
	}
	var exit *exec.ExitError
	if errors.As(waitErr, &exit) && exit.ExitCode() == Unsupported && len(answers) == 0 && len(lines) > 0 {
		return nil, true, nil
	} else if waitErr != nil && !errors.As(waitErr, &exit) && !errors.Is(waitErr, exec.ErrWaitDelay) {
		return nil, false, fmt.Errorf("%s mode: %w", mode, waitErr)
	}
	if len(answers) != len(lines) {
		return nil, false, fmt.Errorf("%s mode: the command answered %d of %d lines (exit: %v; stderr: %q)", mode, len(answers), len(lines), waitErr, stderr.String())
	}
	return answers, false, nil
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

// limitedBuffer keeps the first max bytes written to it.
type limitedBuffer struct {
	bytes.Buffer
	max int
}

func (b *limitedBuffer) Write(p []byte) (int, error) {
	if room := b.max - b.Len(); room > 0 {
		if len(p) > room {
			b.Buffer.Write(p[:room])
		} else {
			b.Buffer.Write(p)
		}
	}
	return len(p), nil
}

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
		got, bad := validOf(answers[index[v.Input]])
		if bad == "" && got == v.Valid {
			c.Agreed++
			rs.Agreed++
			continue
		}
		d := Disagreement{Case: v.ID, Input: v.Input, Expected: strconv.FormatBool(v.Valid), Got: strconv.FormatBool(got)}
		switch {
		case bad != "":
			d.Got = bad
			d.Cause = "unreadable answer"
			d.Explanation = bad
		case v.Valid:
			d.Cause = fmt.Sprintf("rejects valid %s (section %s)", v.Covers.Rule, v.Covers.Section)
			d.Explanation = fmt.Sprintf("valid: %s; %s", v.Covers.What, ruleWords(st, v.Covers.Rule))
		default:
			d.Cause = fmt.Sprintf("accepts %s in %s", byteClass(v.Input, *v.Offset), v.ErrorRule)
			if off := *v.Offset; off < len(v.Input) && (v.Input[off] < 0x20 || v.Input[off] >= 0x7f) {
				// Such a byte is never valid anywhere: one cause, whatever the rule.
				d.Cause = "accepts " + byteClass(v.Input, *v.Offset)
			}
			d.Explanation = fmt.Sprintf("invalid at offset %d (%s): %s expected %s; %s (section %s); a near miss of %s: %s",
				*v.Offset, byteClass(v.Input, *v.Offset), v.ErrorRule, v.Expected, v.ErrorRuleText, v.ErrorSection, v.From, v.Mutation)
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

// byteClass describes the byte at off for a cause.
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
		c.Unsupported = true
		c.Note = "the command reports no components"
		return c
	}
	for _, k := range s.Components {
		a := answers[index[k.Input]]
		if v, bad := validOf(a); bad != "" || !v {
			c.Disagreements = append(c.Disagreements, Disagreement{Case: k.ID, Input: k.Input, Expected: "valid, with components", Got: "rejected",
				Cause: fmt.Sprintf("rejects valid %s", k.Covers.Rule), Explanation: k.Covers.What})
			continue
		}
		var diffs []string
		var causes []string
		for _, n := range ComponentNames {
			raw, ok := a.fields[n]
			if !ok {
				continue
			}
			var got *string
			if err := json.Unmarshal(raw, &got); err != nil {
				diffs = append(diffs, fmt.Sprintf("%s: not a string or null", n))
				causes = append(causes, n)
				continue
			}
			want := k.Get(n)
			if (got == nil) != (want == nil) || got != nil && *got != *want {
				diffs = append(diffs, fmt.Sprintf("%s: expected %s, got %s", n, show(want), show(got)))
				causes = append(causes, n)
			}
		}
		if len(diffs) == 0 {
			c.Agreed++
			continue
		}
		c.Disagreements = append(c.Disagreements, Disagreement{
			Case: k.ID, Input: k.Input, Expected: "see explanation", Got: strings.Join(diffs, "; "),
			Cause:       "differs in " + strings.Join(causes, ", "),
			Explanation: fmt.Sprintf("%s; exercises %s; %s", strings.Join(diffs, "; "), k.Covers.What, componentWords(st, causes[0])),
		})
	}
	return c
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

func gradeResolve(s *Suite, answers []answer, unsupported bool) *Category {
	c := &Category{Name: "resolve", Total: len(s.Resolve), Disagreements: []Disagreement{}}
	if unsupported {
		return unsupportedCategory("resolve", c.Total)
	}
	for i, k := range s.Resolve {
		got, bad := resultOf(answers[i])
		if bad == "" && got != nil && *got == k.Result {
			c.Agreed++
			continue
		}
		d := Disagreement{Case: k.ID, Input: k.Base + " " + k.Reference, Expected: k.Result, Got: show(got), Cause: "reference: " + refShape(k.Reference)}
		if bad != "" {
			d.Got, d.Cause = bad, "unreadable answer"
		}
		d.Explanation = fmt.Sprintf("section %s resolves %q against %q to %q", k.Section, k.Reference, k.Base, k.Result)
		if k.Source == "rfc" {
			d.Explanation += " (the RFC's own example)"
		}
		c.Disagreements = append(c.Disagreements, d)
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
		n.Disagreements = append(n.Disagreements, Disagreement{Case: k.ID, Input: k.Input, Expected: k.Result, Got: show(got),
			Cause: "normal form differs", Explanation: fmt.Sprintf("section %s normal form of %q is %q", k.Section, k.Input, k.Result)})
	}
	for _, k := range s.Equivalence {
		ga, _ := resultOf(answers[index[k.A]])
		gb, _ := resultOf(answers[index[k.B]])
		if ga != nil && gb != nil && (*ga == *gb) == k.Equivalent {
			e.Agreed++
			continue
		}
		got := "not normalized"
		if ga != nil && gb != nil {
			got = strconv.FormatBool(*ga == *gb)
		}
		e.Disagreements = append(e.Disagreements, Disagreement{Case: k.ID, Input: k.A + " " + k.B, Expected: strconv.FormatBool(k.Equivalent), Got: got,
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
