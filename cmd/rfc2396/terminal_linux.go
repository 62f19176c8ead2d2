package main

import (
	"os"
	"syscall"
	"unsafe"
)

// fileIsTerminal reports whether f is a terminal: whether it has terminal
// attributes (TCGETS succeeds). A character device that is not a terminal,
// such as /dev/null, is not one.
func fileIsTerminal(f *os.File) bool {
	var t syscall.Termios
	_, _, errno := syscall.Syscall(syscall.SYS_IOCTL, f.Fd(), syscall.TCGETS, uintptr(unsafe.Pointer(&t)))
	return errno == 0
}
