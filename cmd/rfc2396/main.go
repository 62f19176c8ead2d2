// Command rfc2396 checks, explains and resolves URI references strictly by
// RFC 2396, and by RFC 3986 with --standard rfc3986.
//
// Usage:
//
//	rfc2396 parse [--standard rfc2396|rfc3986] [--rule NAME] [--profile NAME] [--allow EDIT,...] [--explain] [--json] [-f FILE]... [REF ...]
//	rfc2396 tree [--standard rfc2396|rfc3986] [--all] [--rule NAME] [--profile NAME] [--allow EDIT,...] REF
//	rfc2396 resolve [--standard rfc2396|rfc3986] [--json] [--compat-scheme] [--dotdot keep|remove|refuse] [--profile NAME] [--allow EDIT,...] [-f FILE]... BASE [REF ...]
//	rfc2396 normalize [--standard rfc2396|rfc3986] [--json] [--profile NAME] [--allow EDIT,...] [-f FILE]... [REF ...]
//	rfc2396 relativize [--json] [--profile NAME] [--allow EDIT,...] [-f FILE]... BASE [TARGET ...]
//	rfc2396 compare [--json] [--base BASE] [-f FILE]... [REF ...]
//	rfc2396 lint [--json] [--relative] [--base URI] [--default-base URI] [--type auto|text|html|mime] [--max-line BYTES] [FILE ...]
//	rfc2396 escape --component RULE [STRING ...]
//	rfc2396 unescape [STRING ...]
//	rfc2396 serve [--addr 127.0.0.1:8396]
//	rfc2396 site DIR
//	rfc2396 vectors [--standard rfc2396|rfc3986] [--profile NAME] [--seed N] --out DIR
//	rfc2396 coverage [--standard rfc2396|rfc3986] [--profile NAME] [--rule NAME] [--json] [--missing] [-f FILE]... [REF ...]
//	rfc2396 grade [--standard rfc2396|rfc3986] [--profile NAME] [--suite DIR] [--json] [--timeout D] [--show N] -- COMMAND [ARG ...]
//	rfc2396 help [COMMAND]
//	rfc2396 --version
//
// Flags may come before, between or after the arguments; "--" ends them.
// Commands that take a list of references read them from the arguments,
// from each -f FILE, and from standard input (one a line, a trailing
// carriage return dropped) when there is no argument or where an argument
// is "-". After reading from standard input or a file, a one-line summary
// goes to standard error. The exit status is 0 when every input is valid,
// 1 when any is not, and 2 on a usage or read error.
package main

import (
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"runtime/debug"
	"strings"
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
}

// invocation is one run of a command: its flags, arguments and streams.
type invocation struct {
	cmd    *command
	flags  *flag.FlagSet
	args   []string // positional arguments, flags removed
	stdin  io.Reader
	stdout io.Writer
	stderr io.Writer
}

// commands returns the tool's subcommands, in the order help lists them.
func commands() []*command {
	return []*command{parseCommand(), treeCommand(), resolveCommand(), normalizeCommand(), relativizeCommand(), compareCommand(),
		lintCommand(), escapeCommand(), unescapeCommand(), serveCommand(), siteCommand(),
		vectorsCommand(), coverageCommand(), gradeCommand()}
}

func main() {
	os.Exit(run(os.Args[1:], os.Stdin, os.Stdout, os.Stderr))
}

// run runs the tool with args (os.Args[1:]) and returns the exit status.
func run(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	if len(args) == 0 {
		usage(stderr)
		return 2
	}
	switch args[0] {
	case "-h", "-help", "--help":
		usage(stdout)
		return 0
	case "-version", "--version", "version":
		fmt.Fprintln(stdout, version())
		return 0
	case "help":
		if len(args) == 1 {
			usage(stdout)
			return 0
		}
		c := lookup(args[1])
		if c == nil {
			fmt.Fprintf(stderr, "rfc2396 help: unknown command %q\n", args[1])
			usage(stderr)
			return 2
		}
		fs, _ := newFlagSet(c, stdout)
		fs.Usage()
		return 0
	}
	c := lookup(args[0])
	if c == nil {
		fmt.Fprintf(stderr, "rfc2396: unknown command %q\n", args[0])
		usage(stderr)
		return 2
	}
	fs, runCmd := newFlagSet(c, stderr)
	inv := &invocation{cmd: c, flags: fs, stdin: stdin, stdout: stdout, stderr: stderr}
	positional, err := parseInterleaved(inv.flags, args[1:])
	if errors.Is(err, flag.ErrHelp) {
		inv.flags.SetOutput(stdout)
		inv.flags.Usage()
		return 0
	}
	if err != nil {
		return 2
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
// function that writes to w, and the function that runs c.
func newFlagSet(c *command, w io.Writer) (*flag.FlagSet, func(*invocation) int) {
	fs := flag.NewFlagSet(c.name, flag.ContinueOnError)
	fs.SetOutput(w)
	runCmd := c.setup(fs)
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
	return fs, runCmd
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
	fmt.Fprintln(w, "'rfc2396 --version' for the version.")
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
