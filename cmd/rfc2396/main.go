// Command rfc2396 checks, explains and resolves URI references strictly by
// RFC 2396.
//
// Usage:
//
//	rfc2396 parse [--rule NAME] [--json] [REF ...]
//	rfc2396 tree [--all] REF
//	rfc2396 resolve [--json] [--compat-scheme] [--dotdot keep|remove|error] BASE [REF ...]
//	rfc2396 normalize [--json] [REF ...]
//	rfc2396 relativize BASE TARGET...
//	rfc2396 serve [--addr 127.0.0.1:8396]
//	rfc2396 site DIR
//
// With no REF arguments, parse, resolve and normalize read one reference a
// line from standard input (a trailing carriage return is dropped). The exit
// status is 0 when every input is valid, 1 when any is not, and 2 on a usage
// error.
package main

import (
	"fmt"
	"io"
	"os"
	"sort"
)

// A command runs one subcommand with its arguments and returns the exit
// status.
type command func(args []string, stdin io.Reader, stdout, stderr io.Writer) int

var commands = map[string]command{
	"parse":      runParse,
	"tree":       runTree,
	"resolve":    runResolve,
	"normalize":  runNormalize,
	"relativize": runRelativize,
	"serve":      runServe,
	"site":       runSite,
}

func main() {
	os.Exit(run(os.Args[1:], os.Stdin, os.Stdout, os.Stderr))
}

func run(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	if len(args) == 0 {
		usage(stderr)
		return 2
	}
	cmd, ok := commands[args[0]]
	if !ok {
		if args[0] == "help" || args[0] == "-h" || args[0] == "--help" {
			usage(stdout)
			return 0
		}
		fmt.Fprintf(stderr, "rfc2396: unknown command %q\n", args[0])
		usage(stderr)
		return 2
	}
	return cmd(args[1:], stdin, stdout, stderr)
}

func usage(w io.Writer) {
	names := make([]string, 0, len(commands))
	for name := range commands {
		names = append(names, name)
	}
	sort.Strings(names)
	fmt.Fprintf(w, "usage: rfc2396 COMMAND [flags] [args]\ncommands: %v\nrun 'rfc2396 COMMAND -h' for a command's flags\n", names)
}
