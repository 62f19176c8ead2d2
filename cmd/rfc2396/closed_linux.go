package main

import (
	"os"
	"syscall"
)

// startedClosed reports whether the descriptor of f was closed when the
// program started (rfc2396 parse REF >&-). The Go runtime opens /dev/null
// in place of a closed standard descriptor, for reading and writing,
// whereas a shell's redirection to /dev/null opens it for writing only.
// So f is taken to have been closed when it is /dev/null open for reading
// and writing while other, the other output stream, is not /dev/null at
// all: a parent that discards all its child's output hands /dev/null
// over as both (Go's exec.Cmd with nil Stdout and Stderr, systemd's
// StandardOutput=null, daemon(3)), and is not taken for a closed stream.
// A parent that discards standard output alone through /dev/null opened
// for reading and writing (Python's subprocess.DEVNULL) is, and gets the
// error: docs/cli-streams.md says so.
func startedClosed(f, other *os.File) bool {
	return isDevNull(f, syscall.O_RDWR) && !isDevNull(other, -1)
}

// isDevNull reports whether f is /dev/null, opened with the access mode
// mode (syscall.O_RDWR, ...) unless mode is -1.
func isDevNull(f *os.File, mode int) bool {
	var st, null syscall.Stat_t
	if syscall.Fstat(int(f.Fd()), &st) != nil || syscall.Stat(os.DevNull, &null) != nil {
		return false
	}
	if st.Mode&syscall.S_IFMT != syscall.S_IFCHR || st.Rdev != null.Rdev {
		return false
	}
	if mode == -1 {
		return true
	}
	flags, _, errno := syscall.Syscall(syscall.SYS_FCNTL, f.Fd(), syscall.F_GETFL, 0)
	return errno == 0 && int(flags)&syscall.O_ACCMODE == mode
}
