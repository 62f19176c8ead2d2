package main

import (
	"io"
	"os"
)

// terminalMarker is implemented by a writer that says itself whether it
// is a terminal: the tests' way to stand for one.
type terminalMarker interface {
	isTerminal() bool
}

// isTerminal reports whether w is a terminal: a writer that says so, or
// an *os.File open on a terminal device.
func isTerminal(w io.Writer) bool {
	switch f := w.(type) {
	case terminalMarker:
		return f.isTerminal()
	case *os.File:
		return fileIsTerminal(f)
	}
	return false
}
