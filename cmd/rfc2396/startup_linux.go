package main

import (
	"bytes"
	"os"
	"reflect"
	"strconv"
	"syscall"
)

// releaseStartupPages gives back to the kernel the pages of the
// executable's code that the program has mapped so far, so that the rest
// of the run maps again only the code it runs. The runtime's start and
// the initialisation of every package (those of serve, site and get
// included) run code all over the binary, and the kernel maps a file
// 64 KiB around each page touched: a batch command had 4.1 MB of its
// 4.9 MB of code resident before reading a line, and runs in under 2 MB
// of it (docs/performance.md). The pages stay in the page cache, so
// mapping one again costs a minor fault. The read-only data stays: a
// batch maps as much of it again as it gives back, and a fresh process
// took a millisecond more to do so.
//
// It does nothing under a debugger (a breakpoint is a private copy of a
// page of code, which releasing the page would drop; a uprobe set on the
// executable before it runs is dropped the same way), or when
// /proc/self/maps cannot be read. The C library's code, mapped when the
// binary is built with cgo, is left alone: probes on it are common.
func releaseStartupPages() {
	if traced() {
		return
	}
	maps, err := os.ReadFile("/proc/self/maps")
	if err != nil {
		return
	}
	// The executable is the file mapped where this function's code is.
	pc := uint64(reflect.ValueOf(releaseStartupPages).Pointer())
	var exe []byte
	for line := range bytes.Lines(maps) {
		if m, ok := parseMapping(line); ok && m.start <= pc && pc < m.end {
			exe = m.file
			break
		}
	}
	if exe == nil {
		return
	}
	for line := range bytes.Lines(maps) {
		m, ok := parseMapping(line)
		// The code only: never a writable mapping, which holds the
		// program's variables.
		if ok && bytes.Equal(m.file, exe) && string(m.perms) == "r-xp" {
			syscall.Syscall(syscall.SYS_MADVISE, uintptr(m.start), uintptr(m.end-m.start), syscall.MADV_DONTNEED) // an error leaves the pages mapped, as before
		}
	}
}

// mapping is one line of /proc/self/maps: an address range, its
// permissions ("r-xp") and what is mapped there: the device, inode and
// name of a file, so that two files of one name are told apart.
type mapping struct {
	start, end  uint64
	perms, file []byte
}

// parseMapping parses a line of /proc/self/maps:
//
//	00400000-008c2000 r-xp 00000000 fe:00 1234    /usr/bin/rfc2396
func parseMapping(line []byte) (mapping, bool) {
	fields := bytes.Fields(line)
	if len(fields) < 5 {
		return mapping{}, false
	}
	lo, hi, ok := bytes.Cut(fields[0], []byte("-"))
	if !ok {
		return mapping{}, false
	}
	start, err1 := strconv.ParseUint(string(lo), 16, 64)
	end, err2 := strconv.ParseUint(string(hi), 16, 64)
	if err1 != nil || err2 != nil || start >= end {
		return mapping{}, false
	}
	// The device and inode, then the name, which may hold spaces.
	file := bytes.Join(fields[3:], []byte(" "))
	return mapping{start: start, end: end, perms: fields[1], file: file}, true
}

// traced reports whether a debugger traces the program (TracerPid in
// /proc/self/status is not 0), or whether that cannot be told.
func traced() bool {
	status, err := os.ReadFile("/proc/self/status")
	if err != nil {
		return true
	}
	_, rest, ok := bytes.Cut(status, []byte("\nTracerPid:"))
	if !ok {
		return true
	}
	pid, _, _ := bytes.Cut(rest, []byte("\n"))
	return string(bytes.TrimSpace(pid)) != "0"
}
