package main

import (
	"flag"
	"fmt"
	"io"
	"strings"
)

// flagError reports err, the error of parsing the flags of c with fs, in
// at most three lines: what is wrong with which flag, "did you mean --X?"
// when the command has a flag close to an unknown one, and where the
// command's usage is.
func flagError(w io.Writer, c *command, fs *flag.FlagSet, err error) {
	msg := err.Error()
	var suggestion string
	if name, ok := strings.CutPrefix(msg, "flag provided but not defined: -"); ok {
		msg = "unknown flag " + dashed(name)
		var names []string
		fs.VisitAll(func(f *flag.Flag) { names = append(names, f.Name) })
		if s := closest(name, names); s != "" {
			suggestion = "did you mean " + dashed(s) + "?"
		}
	} else if name, ok := strings.CutPrefix(msg, "flag needs an argument: -"); ok {
		msg = "flag " + dashed(name) + " needs a value"
	}
	w.Write(escapedLine("rfc2396 " + c.name + ": " + shortDisplay(firstLine(msg))))
	if suggestion != "" {
		fmt.Fprintln(w, suggestion)
	}
	fmt.Fprintf(w, "run 'rfc2396 %s -h' for its usage and flags\n", c.name)
}

// unknownCommand reports a command name the tool does not have, in at
// most three lines, as flagError does a flag; who is "rfc2396" or
// "rfc2396 help".
func unknownCommand(w io.Writer, who, name string) {
	shown := `""`
	if name != "" {
		shown = `"` + shortDisplay(name) + `"`
	}
	w.Write(escapedLine(who + ": unknown command " + shown))
	names := []string{"help", "version"}
	for _, c := range commands() {
		names = append(names, c.name)
	}
	if s := closest(name, names); s != "" {
		fmt.Fprintf(w, "did you mean %s?\n", s)
	}
	fmt.Fprintln(w, "run 'rfc2396 help' for the list of commands")
}

// firstLine returns s up to its first line break, so that a message stays
// one line whatever was typed (shortDisplay then bounds its length, and
// escapedLine shows other control bytes as \xNN).
func firstLine(s string) string {
	s, _, _ = strings.Cut(s, "\n")
	return s
}

// dashed writes a flag's name as it is usually typed: "-f" for one
// letter, "--json" for a word.
func dashed(name string) string {
	name = strings.TrimLeft(name, "-")
	if len(name) == 1 {
		return "-" + name
	}
	return "--" + name
}

// closest returns the name among names that typed is most likely a typo
// of, or "" when none is close: the one at the smallest edit distance
// (insertions, deletions, substitutions and swaps of neighbours), if that
// is at most 1 for a word of 3 to 5 bytes and 2 for a longer one; else
// the only name typed is a prefix of, for a prefix of 2 bytes or more.
func closest(typed string, names []string) string {
	typed = strings.TrimLeft(typed, "-")
	if len(typed) > 64 {
		return "" // a long argument is no typo of a flag; and the distance costs its square
	}
	limit := 0
	switch {
	case len(typed) >= 6:
		limit = 2
	case len(typed) >= 3:
		limit = 1
	}
	best, bestDist := "", limit+1
	for _, n := range names {
		if d := editDistance(strings.ToLower(typed), n); d < bestDist {
			best, bestDist = n, d
		}
	}
	if best != "" {
		return best
	}
	var prefixed []string
	for _, n := range names {
		if len(typed) >= 2 && strings.HasPrefix(n, typed) {
			prefixed = append(prefixed, n)
		}
	}
	if len(prefixed) == 1 {
		return prefixed[0]
	}
	return ""
}

// editDistance returns the optimal string alignment distance of a and b:
// the fewest insertions, deletions, substitutions and swaps of adjacent
// bytes that turn a into b.
func editDistance(a, b string) int {
	// d[i][j] is the distance of a[:i] and b[:j].
	d := make([][]int, len(a)+1)
	for i := range d {
		d[i] = make([]int, len(b)+1)
		d[i][0] = i
	}
	for j := range d[0] {
		d[0][j] = j
	}
	for i := 1; i <= len(a); i++ {
		for j := 1; j <= len(b); j++ {
			cost := 1
			if a[i-1] == b[j-1] {
				cost = 0
			}
			d[i][j] = min(d[i-1][j]+1, d[i][j-1]+1, d[i-1][j-1]+cost)
			if i > 1 && j > 1 && a[i-1] == b[j-2] && a[i-2] == b[j-1] {
				d[i][j] = min(d[i][j], d[i-2][j-2]+1)
			}
		}
	}
	return d[len(a)][len(b)]
}
