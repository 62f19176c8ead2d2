//go:build !linux

package main

import "os"

// fileIsTerminal reports whether f is a character device, which is how a
// terminal looks without asking the kernel for terminal attributes. It
// takes /dev/null for a terminal, which only means that output written
// there would have been escaped.
func fileIsTerminal(f *os.File) bool {
	fi, err := f.Stat()
	return err == nil && fi.Mode()&os.ModeCharDevice != 0
}
