package main

import (
	"fmt"
	"go/parser"
	"go/token"
	"os"
	"os/exec"
	"slices"
)

// runPEG compiles a grammar with pointlander/peg (go tool peg args...),
// as the go:generate lines would, and checks that what peg wrote is Go.
// peg -switch's rewriting of choices into switches has a flaw gen's model
// of it (switchcheck.go) does not cover: it rewrites a choice again each
// time it visits it, and it visits twice every element of a sequence no
// element of which consumes in its reckoning ("&{ pick } (x / y / z)?"),
// so that on the second visit a choice already rewritten, or whose
// character classes were, gets an alternative with no first byte and the
// invalid "case '<nil>'". No compact grammar of this repository has such
// a choice, but an edit of rfc2396.peg can make one (hex without
// lower-case letters leaves escapes out of the accelerated runs). Then
// runPEG compiles the grammar again without -switch, which is slower to
// run but means the same, and says so; any other failure is an error.
func runPEG(args []string) error {
	if err := pegOnce(args); err != nil {
		return err
	}
	out, err := pegOutput(args)
	if err != nil {
		return err
	}
	perr := parsesAsGo(out)
	if perr == nil {
		return nil
	}
	if !slices.Contains(args, "-switch") {
		return fmt.Errorf("peg wrote %s, which is not Go: %v", out, perr)
	}
	without := slices.DeleteFunc(slices.Clone(args), func(a string) bool { return a == "-switch" })
	fmt.Fprintf(os.Stderr, "gen: peg -switch wrote %s, which is not Go (%v; see gen/pegswitch.go): compiling it without -switch\n", out, perr)
	if err := pegOnce(without); err != nil {
		return err
	}
	if perr := parsesAsGo(out); perr != nil {
		return fmt.Errorf("peg wrote %s, which is not Go: %v", out, perr)
	}
	return nil
}

// pegOnce runs go tool peg with args.
func pegOnce(args []string) error {
	cmd := exec.Command("go", append([]string{"tool", "peg"}, args...)...)
	cmd.Stdout, cmd.Stderr = os.Stdout, os.Stderr
	if err := cmd.Run(); err != nil {
		return fmt.Errorf("go tool peg %v: %v", args, err)
	}
	return nil
}

// pegOutput returns the file peg's -output flag names.
func pegOutput(args []string) (string, error) {
	i := slices.Index(args, "-output")
	if i < 0 || i+1 >= len(args) {
		return "", fmt.Errorf("gen peg %v: no -output FILE", args)
	}
	return args[i+1], nil
}

// parsesAsGo reports why the Go file at path does not parse, or nil.
func parsesAsGo(path string) error {
	_, err := parser.ParseFile(token.NewFileSet(), path, nil, parser.SkipObjectResolution)
	return err
}
