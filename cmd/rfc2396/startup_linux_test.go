package main

import (
	"bytes"
	"os"
	"strconv"
	"testing"
)

func TestParseMapping(t *testing.T) {
	m, ok := parseMapping([]byte("00400000-008c2000 r-xp 00000000 fe:00 1234                     /tmp/my rfc2396 (deleted)\n"))
	if !ok || m.start != 0x400000 || m.end != 0x8c2000 || string(m.perms) != "r-xp" || string(m.file) != "fe:00 1234 /tmp/my rfc2396 (deleted)" {
		t.Errorf("parseMapping = %+v, %v", m, ok)
	}
	for _, line := range []string{"", "00400000 r-xp 0 fe:00 1", "8c2000-400000 r-xp 0 fe:00 1", "0040000g-008c2000 r-xp 0 fe:00 1", "00400000-008c2000 r-xp 0"} {
		if m, ok := parseMapping([]byte(line)); ok {
			t.Errorf("parseMapping(%q) = %+v, want no mapping", line, m)
		}
	}
}

// TestReleaseStartupPages checks that releaseStartupPages leaves fewer of
// the executable's code pages resident than there were (this test binary
// has run code all over its text by now), and that the program goes on.
func TestReleaseStartupPages(t *testing.T) {
	if traced() {
		t.Skip("traced: releaseStartupPages does nothing")
	}
	// A goroutine another test left running (a server generating the
	// conformance suite) maps code again as it runs, so the least of a
	// few releases is held to the bound.
	before := codeResident(t)
	after := before
	for range 3 {
		releaseStartupPages()
		if after = min(after, codeResident(t)); after < before/2 {
			break
		}
	}
	if after >= before/2 {
		t.Errorf("code resident: %d kB before releaseStartupPages, %d kB after; want under half", before, after)
	}
	if status := run([]string{"parse", "-q", "http://a/"}, nil, &bytes.Buffer{}, &bytes.Buffer{}); status != 0 {
		t.Errorf("parse after releaseStartupPages: status %d", status)
	}
}

// codeResident returns the resident kB of the executable's code mapping,
// from /proc/self/smaps.
func codeResident(t *testing.T) int {
	t.Helper()
	smaps, err := os.ReadFile("/proc/self/smaps")
	if err != nil {
		t.Skip(err)
	}
	exe, err := os.Executable()
	if err != nil {
		t.Skip(err)
	}
	inCode := false
	for line := range bytes.Lines(smaps) {
		if m, ok := parseMapping(line); ok {
			inCode = string(m.perms) == "r-xp" && bytes.HasSuffix(m.file, []byte(" "+exe))
			continue
		}
		if rest, ok := bytes.CutPrefix(line, []byte("Rss:")); ok && inCode {
			kb, err := strconv.Atoi(string(bytes.TrimSpace(bytes.TrimSuffix(bytes.TrimSpace(rest), []byte("kB")))))
			if err != nil {
				t.Fatalf("smaps: %q: %v", line, err)
			}
			return kb
		}
	}
	t.Fatalf("no code mapping of %s in /proc/self/smaps", exe)
	return 0
}
