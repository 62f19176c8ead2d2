package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"github.com/rfc2396/rfc2396/conformance"
	"io"
	"net"
	"net/http"
	"os"
	"os/signal"
	"path/filepath"
	"sync"
	"syscall"
	"time"

	"github.com/rfc2396/rfc2396/site"
)

// defaultAddr is where rfc2396 serve listens unless told otherwise: the
// loopback interface only.
const defaultAddr = "127.0.0.1:8396"

func serveCommand() *command {
	return &command{
		name:    "serve",
		summary: "serve the grammar reference and the playground",
		usage:   "serve [--addr 127.0.0.1:8396]",
		about: `Serves the grammar reference (a page and a railroad diagram per rule) and the
playground. Logs one line per request to standard error, never waiting for
it: lines a slow standard error cannot take are dropped and counted. Stops
on Ctrl-C or SIGTERM: requests under way get 5 seconds, then are cut off
(a second signal stops at once). The exit status is 0 after a clean stop,
1 if the site could not be served, 2 on a usage error or a failed write,
and 3 after a stop that cut off requests or lost log lines.`,
		setup: func(fs *flag.FlagSet) func(*invocation) int {
			addr := fs.String("addr", defaultAddr, "listen on this `host:port`")
			return func(inv *invocation) int { return runServe(inv, *addr) }
		},
	}
}

// Limits of rfc2396 serve beyond the site's own (package site).
const (
	// maxConns is how many connections serve holds open at once; more
	// wait to be accepted. Beyond three quarters of it, a connection
	// that goes idle between requests is closed, so that idle
	// connections cannot hold every place.
	maxConns = 512
	// shutdownGrace is how long requests under way get to finish once
	// serve is told to stop; then their connections are closed.
	shutdownGrace = 5 * time.Second
	// stopWait bounds each of the last steps of a stop: the server's
	// goroutine returning, the log being written out, the last line on
	// standard output.
	stopWait = 2 * time.Second
	// statusUnclean is serve's exit status after a stop that cut off
	// requests under way or lost log lines.
	statusUnclean = 3
)

// runServe serves the reference site (rule pages, diagrams, playground)
// until SIGINT or SIGTERM.
func runServe(inv *invocation, addr string) int {
	stdout, stderr := inv.stdout, inv.stderr
	if len(inv.args) != 0 {
		inv.flags.Usage()
		return 2
	}
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	// Once told to stop, a second signal stops the process at once.
	context.AfterFunc(ctx, stop)
	ln, err := net.Listen("tcp", addr)
	if err != nil {
		fmt.Fprintf(stderr, "rfc2396 serve: %v\n", err)
		return 1
	}
	// A standard error whose reader has gone fails the write (which the
	// log reports) rather than ending the process with SIGPIPE.
	signal.Ignore(syscall.SIGPIPE)
	return serve(ctx, ln, stdout, stderr)
}

// serve serves the site on ln until ctx is done, then stops: requests
// under way get shutdownGrace to finish, then their connections are
// closed. It logs to stderr through a [site.Log], so that a standard
// error that blocks never holds up a request, nor the stop, which takes
// at most shutdownGrace and a few times stopWait.
func serve(ctx context.Context, ln net.Listener, stdout, stderr io.Writer) int {
	s, err := site.New()
	if err != nil {
		ln.Close()
		fmt.Fprintf(stderr, "rfc2396 serve: %v\n", err)
		return 1
	}
	lg := site.NewLog(stderr)
	logf := func(format string, args ...any) {
		fmt.Fprintf(lg, "rfc2396 serve: "+format+"\n", args...)
	}
	limited := limitConns(ln, maxConns)
	srv := s.Server(ln.Addr().String(), lg)
	srv.ConnState = limited.connState
	if host, _, err := net.SplitHostPort(ln.Addr().String()); err == nil {
		if ip := net.ParseIP(host); ip == nil || !ip.IsLoopback() {
			logf("listening on %s, which is not a loopback address: anyone who can reach it can use the site", host)
		}
	}
	say(stdout, fmt.Sprintf("rfc2396: serving the grammar reference on http://%s/ (Ctrl-C stops)\n", ln.Addr()))
	done := make(chan error, 1)
	go func() { done <- srv.Serve(limited) }()
	select {
	case err := <-done:
		logf("%v", err)
		lg.Flush(stopWait)
		return 1
	case <-ctx.Done():
	}
	status := stopServer(srv, done, lg)
	say(stdout, "rfc2396: stopped\n")
	return status
}

// stopServer stops srv, whose Serve returns on done: requests under way
// get shutdownGrace to finish, then their connections are closed; then
// the log gets stopWait to be written out. It returns serve's exit
// status.
func stopServer(srv *http.Server, done <-chan error, lg *site.Log) int {
	logf := func(format string, args ...any) {
		fmt.Fprintf(lg, "rfc2396 serve: "+format+"\n", args...)
	}
	status := 0
	shutdown, cancel := context.WithTimeout(context.Background(), shutdownGrace)
	defer cancel()
	if err := srv.Shutdown(shutdown); err != nil {
		// The grace period is over: cut off what is left.
		srv.Close()
		logf("stopping: requests still under way after %v were cut off", shutdownGrace)
		status = statusUnclean
	}
	select {
	case err := <-done:
		if err != nil && !errors.Is(err, http.ErrServerClosed) {
			logf("%v", err)
			status = 1
		}
	case <-time.After(stopWait):
	}
	flushed := lg.Flush(stopWait)
	err := lg.Err()
	if !flushed || lg.Lost() > 0 {
		// Said once, after the rest, if the log takes it at all.
		why := "dropped because standard error did not keep up, or not written"
		if err != nil {
			why = "writing the log failed: " + err.Error()
		}
		logf("stopped; %d log lines were lost (%s)", lg.Lost()+lg.Pending(), why)
		lg.Flush(stopWait / 4)
		if status == 0 {
			status = statusUnclean
		}
	}
	if err != nil && status != 1 {
		// A failed write is 2, as for every command.
		status = 2
	}
	return status
}

// say writes a line to w, waiting for it at most stopWait: a standard
// output that nobody reads must not keep serve from starting or stopping.
func say(w io.Writer, line string) {
	written := make(chan struct{})
	go func() {
		io.WriteString(w, line)
		close(written)
	}()
	t := time.NewTimer(stopWait)
	defer t.Stop()
	select {
	case <-written:
	case <-t.C:
	}
}

// connLimit is a listener that holds at most cap(slots) connections open
// at once: Accept waits for one to close.
type connLimit struct {
	net.Listener
	slots     chan struct{}
	closed    chan struct{}
	closeOnce sync.Once
}

func limitConns(ln net.Listener, n int) *connLimit {
	return &connLimit{Listener: ln, slots: make(chan struct{}, n), closed: make(chan struct{})}
}

func (l *connLimit) Accept() (net.Conn, error) {
	select {
	case l.slots <- struct{}{}:
	case <-l.closed:
		return nil, net.ErrClosed
	}
	c, err := l.Listener.Accept()
	if err != nil {
		<-l.slots
		return nil, err
	}
	return &limitedConn{Conn: c, l: l}, nil
}

func (l *connLimit) Close() error {
	l.closeOnce.Do(func() { close(l.closed) })
	return l.Listener.Close()
}

// connState closes a connection that goes idle while more than three
// quarters of the places are taken.
func (l *connLimit) connState(c net.Conn, state http.ConnState) {
	if state == http.StateIdle && 4*len(l.slots) > 3*cap(l.slots) {
		c.Close()
	}
}

// limitedConn gives its place back when it is closed.
type limitedConn struct {
	net.Conn
	l    *connLimit
	once sync.Once
}

func (c *limitedConn) Close() error {
	err := c.Conn.Close()
	c.once.Do(func() { <-c.l.slots })
	return err
}

func siteCommand() *command {
	return &command{
		name:    "site",
		summary: "write the grammar reference as static pages",
		usage:   "site [--force] [--no-playground] DIR",
		about: `Writes the grammar reference as static pages into DIR (created if needed):
index.html, rule/NAME.html, diagrams, style.css, the conformance suite
(vectors/rfc2396/ and vectors/rfc3986/, for download), and the playground
(play.html), which runs the library in the browser: site compiles it to
WebAssembly (rfc2396.wasm, with Go's wasm_exec.js) with the go command,
so it needs the Go toolchain and takes a minute. Inside a checkout it
builds the checkout; elsewhere, a binary installed with go install
...@VERSION has the go command fetch the module at that VERSION (from the
module cache when it is there). With --no-playground, play.html says that
the playground needs rfc2396 serve.

DIR must be new or empty unless --force is given, which replaces the
site's files in it. No symbolic link is followed: DIR itself or anything
under it being one is an error. Nothing is written outside DIR.`,
		setup: func(fs *flag.FlagSet) func(*invocation) int {
			force := fs.Bool("force", false, "write into DIR even if it is not empty, replacing the site's files")
			noPlay := fs.Bool("no-playground", false, "do not build the WebAssembly playground (which needs the go command)")
			return func(inv *invocation) int {
				return runSite(inv, site.StaticOptions{Force: *force}, !*noPlay)
			}
		},
	}
}

// runSite writes the reference site as static pages into a directory.
func runSite(inv *invocation, opts site.StaticOptions, playground bool) int {
	stdout, stderr := inv.stdout, inv.stderr
	if len(inv.args) != 1 {
		inv.flags.Usage()
		return 2
	}
	dir := inv.args[0]
	if dir == "" {
		fmt.Fprintln(stderr, "rfc2396 site: the directory name is empty")
		return 2
	}
	// A directory WriteStatic would refuse is refused before the module
	// is built and the suite generated, which take seconds.
	if err := site.CheckStaticDir(dir, opts.Force); err != nil {
		fmt.Fprintf(stderr, "rfc2396 site: %v\n", err)
		return 1
	}
	s, err := site.New()
	if err != nil {
		fmt.Fprintf(stderr, "rfc2396 site: %v\n", err)
		return 1
	}
	if playground {
		opts.Wasm, opts.WasmExec, err = buildPlayground(func(msg string) {
			fmt.Fprintf(stderr, "rfc2396 site: %s…\n", msg)
		})
		if err != nil {
			fmt.Fprintf(stderr, "rfc2396 site: the playground: %v\n(--no-playground writes the site without it)\n", err)
			return 1
		}
		fmt.Fprintf(stderr, "rfc2396 site: the module is %d bytes, %.2f MB (docs/site.md: size and speed)\n", len(opts.Wasm), float64(len(opts.Wasm))/1e6)
	}
	// The conformance suite, for download (docs/conformance.md).
	files, err := conformance.Published()
	if err != nil {
		fmt.Fprintf(stderr, "rfc2396 site: the conformance suite: %v\n", err)
		return 1
	}
	for _, f := range files {
		opts.Downloads = append(opts.Downloads, site.Download{Name: "vectors/" + f.Name, Data: f.Data})
	}
	written, err := s.WriteStatic(dir, opts)
	if err != nil {
		fmt.Fprintf(stderr, "rfc2396 site: %v\n", err)
		return 1
	}
	if _, err := fmt.Fprintf(stdout, "rfc2396: wrote %d files to %s; open %s\n", len(written), dir, filepath.Join(dir, "index.html")); err != nil {
		fmt.Fprintf(stderr, "rfc2396 site: %v\n", err)
		return 1
	}
	return 0
}
