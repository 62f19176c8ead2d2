// The java_*_test.go files (formerly package internal/javauri) run the real
// java.net.URI beside this package's parser, for its tests of the java
// profile: this one compiles a small Java program (testdata/java/URIProbe.java,
// embedded) with the javac on PATH, runs it as one long-lived process, sends
// it references one a line and reads back Java's verdict and components
// ([Prober], [Probe]). [Compare] runs a Go parser over the same references
// and sorts every disagreement into classes ([Report]); [Strict] is the
// strict Appendix A parser seen in Java's terms.
//
// Tests that use it are skipped, with a message saying so, when javac or
// java is not on PATH ($JAVAURI_JDK, [JDKEnv], picks another JDK).
// testdata/java/FINDINGS.md reports what the comparison found.

package parser_test

import (
	"bufio"
	"bytes"
	_ "embed"
	"errors"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
	"unicode/utf16"
	"unicode/utf8"
)

//go:embed testdata/java/URIProbe.java
var probeSource []byte

// Component is a component of a reference as java.net.URI reports it: its
// raw (escaped) value, and whether it is defined (Java returns null for an
// undefined component).
type Component struct {
	Value   string
	Defined bool
}

// Some returns a defined component with the given value.
func Some(v string) Component { return Component{Value: v, Defined: true} }

// String shows a component for reports: the value quoted, or "null".
func (c Component) String() string {
	if !c.Defined {
		return "null"
	}
	return strconv.Quote(c.Value)
}

// Port values that are not port numbers.
const (
	// NoPort is Java's getPort() when there is no port, or an empty one
	// ("http://h:/").
	NoPort = -1
	// PortOverflow marks, on the Go side, a port of more digits than Java's
	// int holds; Java itself never reports it (it reads such an authority
	// as registry-based).
	PortOverflow = -2
)

// Components are the parts of a valid reference as java.net.URI's getters
// name them: getScheme, getRawSchemeSpecificPart, getRawAuthority,
// getRawUserInfo, getHost, getPort, getRawPath, getRawQuery, getRawFragment
// and isOpaque; ServerBased is whether the authority was read as a server
// (getHost() != null), false when there is no authority.
type Components struct {
	Scheme             Component
	SchemeSpecificPart Component
	Authority          Component
	UserInfo           Component
	Host               Component
	Port               int
	Path               Component
	Query              Component
	Fragment           Component
	Opaque             bool
	ServerBased        bool
}

// Result is java.net.URI's answer for one reference.
type Result struct {
	// Input is the reference as sent.
	Input string
	// Unsent is set when the reference could not be sent, because it holds
	// a line feed (the protocol is one reference a line); nothing else is
	// then set.
	Unsent bool
	// Replaced is set when Input is not valid UTF-8: Java decoded it with
	// U+FFFD in place of each malformed sequence, so Java judged a
	// different string.
	Replaced bool
	// Valid is whether new java.net.URI(Input) succeeded.
	Valid bool
	// Components are the components of a valid reference.
	Components Components
	// ServerError is, for a valid reference with a registry-based authority,
	// why parseServerAuthority() refused it ("index reason").
	ServerError string
	// Reason and Index are URISyntaxException.getReason() and getIndex()
	// for an invalid reference; Index counts UTF-16 code units. When the
	// constructor threw an unchecked exception instead (a JDK bug),
	// Unchecked is set, Reason is the exception and Index is -1.
	Unchecked bool
	Reason    string
	Index     int
	// Offset is Index as a byte offset into Input, or -1 when Java gave no
	// index or Input is not valid UTF-8.
	Offset int
}

// Prober is a running URIProbe process. It is not safe for concurrent
// use.
type Prober struct {
	cmd    *exec.Cmd
	stdin  io.WriteCloser
	stdout *bufio.Reader
	stderr *bytes.Buffer
}

// JDKEnv names the environment variable that selects a JDK other than the
// one on PATH: its value is the JDK's home directory (javac and java are
// taken from its bin directory).
const JDKEnv = "JAVAURI_JDK"

// tool returns the path of a JDK tool: from $JAVAURI_JDK/bin when that is
// set, else from PATH.
func tool(name string) (string, error) {
	if home := os.Getenv(JDKEnv); home != "" {
		p := filepath.Join(home, "bin", name)
		if _, err := os.Stat(p); err != nil {
			return "", fmt.Errorf("javauri: %s=%s has no bin/%s", JDKEnv, home, name)
		}
		return p, nil
	}
	p, err := exec.LookPath(name)
	if err != nil {
		return "", fmt.Errorf("javauri: %s is not on PATH (install a JDK, e.g. Debian's default-jdk-headless, or set %s, to compare with java.net.URI)", name, JDKEnv)
	}
	return p, nil
}

// Available reports whether javac and java can be found, and if not, why.
func Available() (bool, string) {
	for _, name := range []string{"javac", "java"} {
		if _, err := tool(name); err != nil {
			return false, err.Error()
		}
	}
	return true, ""
}

// Start compiles URIProbe into a temporary directory of tb and starts it;
// the process is stopped when tb's test ends. It skips tb when no JDK is
// on PATH, and fails it when $JAVAURI_JDK names no JDK or the program does
// not compile or start.
func Start(tb testing.TB) *Prober {
	tb.Helper()
	if ok, why := Available(); !ok {
		if os.Getenv(JDKEnv) != "" {
			tb.Fatal(why)
		}
		tb.Skip(why)
	}
	dir := tb.TempDir()
	p, err := start(dir)
	if err != nil {
		tb.Fatal(err)
	}
	tb.Cleanup(func() {
		if err := p.Close(); err != nil {
			tb.Errorf("javauri: %v", err)
		}
	})
	return p
}

func start(dir string) (*Prober, error) {
	src := filepath.Join(dir, "URIProbe.java")
	if err := os.WriteFile(src, probeSource, 0o644); err != nil {
		return nil, err
	}
	javac, err := tool("javac")
	if err != nil {
		return nil, err
	}
	java, err := tool("java")
	if err != nil {
		return nil, err
	}
	if out, err := exec.Command(javac, "-encoding", "UTF-8", "-d", dir, src).CombinedOutput(); err != nil {
		return nil, fmt.Errorf("javauri: javac: %v\n%s", err, out)
	}
	cmd := exec.Command(java, "-Xshare:auto", "-cp", dir, "URIProbe")
	stdin, err := cmd.StdinPipe()
	if err != nil {
		return nil, err
	}
	stdout, err := cmd.StdoutPipe()
	if err != nil {
		return nil, err
	}
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	if err := cmd.Start(); err != nil {
		return nil, fmt.Errorf("javauri: starting java: %v", err)
	}
	return &Prober{cmd: cmd, stdin: stdin, stdout: bufio.NewReaderSize(stdout, 1<<16), stderr: &stderr}, nil
}

// Close ends the process and reports how it ended.
func (p *Prober) Close() error {
	p.stdin.Close()
	if err := p.cmd.Wait(); err != nil {
		return fmt.Errorf("java URIProbe: %v\n%s", err, p.stderr)
	}
	return nil
}

// Probe runs java.net.URI over refs, one result a reference, in order.
func (p *Prober) Probe(refs []string) ([]Result, error) {
	results := make([]Result, len(refs))
	sent := make([]int, 0, len(refs))
	for i, ref := range refs {
		results[i].Input = ref
		if strings.IndexByte(ref, '\n') >= 0 {
			results[i].Unsent = true
			continue
		}
		sent = append(sent, i)
	}
	werr := make(chan error, 1)
	go func() {
		w := bufio.NewWriterSize(p.stdin, 1<<16)
		for _, i := range sent {
			w.WriteString(refs[i])
			w.WriteByte('\n')
		}
		werr <- w.Flush()
	}()
	for _, i := range sent {
		line, err := p.stdout.ReadString('\n')
		if err != nil {
			<-werr
			return nil, fmt.Errorf("javauri: reading the answer for %q: %v\n%s", refs[i], err, p.stderr)
		}
		if err := decodeLine(&results[i], strings.TrimSuffix(line, "\n")); err != nil {
			return nil, fmt.Errorf("javauri: answer for %q: %v: %q", refs[i], err, line)
		}
	}
	if err := <-werr; err != nil {
		return nil, fmt.Errorf("javauri: writing to java: %v\n%s", err, p.stderr)
	}
	return results, nil
}

// Probe is [Start] followed by one [Prober.Probe]; it fails tb on a
// harness error.
func Probe(tb testing.TB, refs []string) []Result {
	tb.Helper()
	res, err := Start(tb).Probe(refs)
	if err != nil {
		tb.Fatal(err)
	}
	return res
}

// decodeLine reads one line of URIProbe's output (see its header comment).
func decodeLine(r *Result, line string) error {
	f := strings.Split(line, "\t")
	if len(f) < 2 {
		return errors.New("too few fields")
	}
	switch f[0] {
	case "u":
	case "r":
		r.Replaced = true
	default:
		return fmt.Errorf("bad UTF-8 mark %q", f[0])
	}
	r.Offset = -1
	switch f[1] {
	case "err":
		if len(f) != 4 {
			return errors.New("want 4 fields")
		}
		idx, err := strconv.Atoi(f[2])
		if err != nil {
			return err
		}
		reason, err := unescape(f[3])
		if err != nil {
			return err
		}
		r.Index, r.Reason = idx, reason
		if !r.Replaced {
			r.Offset = ByteOffset(r.Input, idx)
		}
		return nil
	case "exc":
		if len(f) != 3 {
			return errors.New("want 3 fields")
		}
		reason, err := unescape(f[2])
		if err != nil {
			return err
		}
		r.Unchecked, r.Reason, r.Index = true, reason, -1
		return nil
	case "ok":
		if len(f) != 13 {
			return errors.New("want 13 fields")
		}
		r.Valid = true
		c := &r.Components
		var err error
		for i, dst := range []*Component{&c.Scheme, &c.SchemeSpecificPart, &c.Authority, &c.UserInfo, &c.Host} {
			if *dst, err = component(f[2+i]); err != nil {
				return err
			}
		}
		if c.Port, err = strconv.Atoi(f[7]); err != nil {
			return err
		}
		for i, dst := range []*Component{&c.Path, &c.Query, &c.Fragment} {
			if *dst, err = component(f[8+i]); err != nil {
				return err
			}
		}
		switch f[11] {
		case "1":
			c.Opaque = true
		case "0":
		default:
			return fmt.Errorf("bad opaque field %q", f[11])
		}
		switch s := f[12]; {
		case s == "-":
		case s == "+":
			c.ServerBased = true
		case strings.HasPrefix(s, "!"):
			if r.ServerError, err = unescape(s[1:]); err != nil {
				return err
			}
		default:
			return fmt.Errorf("bad server field %q", s)
		}
		return nil
	}
	return fmt.Errorf("bad verdict %q", f[1])
}

func component(f string) (Component, error) {
	switch {
	case f == "-":
		return Component{}, nil
	case strings.HasPrefix(f, "+"):
		v, err := unescape(f[1:])
		return Component{Value: v, Defined: true}, err
	}
	return Component{}, fmt.Errorf("bad component field %q", f)
}

// unescape undoes URIProbe's escaping: "\\" and "\uXXXX" UTF-16 code units
// (surrogate pairs joined; a lone surrogate becomes U+FFFD).
func unescape(s string) (string, error) {
	if strings.IndexByte(s, '\\') < 0 {
		return s, nil
	}
	var units []uint16
	var b strings.Builder
	flush := func() {
		if len(units) > 0 {
			b.WriteString(string(utf16.Decode(units)))
			units = units[:0]
		}
	}
	for i := 0; i < len(s); i++ {
		c := s[i]
		if c != '\\' {
			flush()
			b.WriteByte(c)
			continue
		}
		if i+1 < len(s) && s[i+1] == '\\' {
			flush()
			b.WriteByte('\\')
			i++
			continue
		}
		if i+6 > len(s) || s[i+1] != 'u' {
			return "", fmt.Errorf("bad escape in %q", s)
		}
		u, err := strconv.ParseUint(s[i+2:i+6], 16, 16)
		if err != nil {
			return "", fmt.Errorf("bad escape in %q", s)
		}
		units = append(units, uint16(u))
		i += 5
	}
	flush()
	return b.String(), nil
}

// ByteOffset converts a UTF-16 index into s (valid UTF-8), as Java counts,
// to a byte offset; it returns -1 for a negative index and len(s) for one
// at or past the end.
func ByteOffset(s string, index int) int {
	if index < 0 {
		return -1
	}
	units := 0
	for i, r := range s {
		if units >= index {
			return i
		}
		units++
		if r >= 0x10000 && utf8.ValidRune(r) {
			units++
		}
	}
	return len(s)
}
