package main

import (
	"bytes"
	"os"
	"strconv"
	"strings"
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
// the executable's code pages resident than there were, and that the
// program goes on. It measures in a process of its own (see
// [inProcessOfItsOwn]): a goroutine another test left running maps code
// again as it runs.
func TestReleaseStartupPages(t *testing.T) {
	if !inProcessOfItsOwn(t) {
		return
	}
	if traced() {
		t.Skip("traced: releaseStartupPages does nothing")
	}
	// Run code all over the executable's text first, as a command does.
	for _, args := range [][]string{
		{"parse", "--json", "http://a/b?c#d"},
		{"parse", "--standard", "rfc3987", "--json", "http://é.example/"},
		{"resolve", "http://a/b/c", "../d"},
		{"normalize", "HTTP://A/%7e"},
		{"lint", "-"},
	} {
		run(args, strings.NewReader("see http://a/ and <http://b/>\n"), &bytes.Buffer{}, &bytes.Buffer{})
	}
	before := codeResident(t)
	releaseStartupPages()
	after := codeResident(t)
	if after >= before/2 {
		t.Errorf("code resident: %d kB before releaseStartupPages, %d kB after; want under half", before, after)
	}
	t.Logf("code resident: %d kB before releaseStartupPages, %d kB after", before, after)
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
