package main

import (
	"os"
	"syscall"
)

// startedClosed reports whether the descriptor of f was closed when the
// program started. The Go runtime opens /dev/null in place of a closed
// standard descriptor, for reading and writing; a shell's redirection to
// /dev/null opens it for writing only (or reading only, for standard
// input). So a standard output or error that is /dev/null open for both
// is taken to have been closed. (A program that opens /dev/null that way
// itself to stand for its children's output, as daemon(3) does, is taken
// for one too: the output it would get is thrown away either way.)
func startedClosed(f *os.File) bool {
	var st, null syscall.Stat_t
	if syscall.Fstat(int(f.Fd()), &st) != nil || syscall.Stat(os.DevNull, &null) != nil {
		return false
	}
	if st.Mode&syscall.S_IFMT != syscall.S_IFCHR || st.Rdev != null.Rdev {
		return false
	}
	flags, _, errno := syscall.Syscall(syscall.SYS_FCNTL, f.Fd(), syscall.F_GETFL, 0)
	return errno == 0 && flags&syscall.O_ACCMODE == syscall.O_RDWR
}
