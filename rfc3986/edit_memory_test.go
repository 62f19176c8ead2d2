package rfc3986_test

import (
	"errors"
	"math"
	"runtime"
	"strings"
	"testing"

	"github.com/rfc2396/rfc2396/rfc3986"
)

// TestEditParseMemory holds what a parse under the zone-id edit allocates
// to a bound whatever the length of the reference: the edit's parser
// keeps every rule, and a token of each for every character of a long
// path once made 2 GB of tokens of a 16 MB reference. So is the error of
// a long invalid reference, which asks the edit whether it would take it.
func TestEditParseMemory(t *testing.T) {
	zoneID, err := rfc3986.Allow("zone-id")
	if err != nil {
		t.Fatal(err)
	}
	for _, tt := range []struct {
		name  string
		parse func(string) error
		ref   string
	}{
		{"Parse under zone-id", func(s string) error { _, err := zoneID.Parse(s); return err },
			"http://[fe80::1%25en1]/" + strings.Repeat("ab/", 1<<18)},
		{"Parse under zone-id", func(s string) error { _, err := zoneID.Parse(s); return err },
			"http://h/" + strings.Repeat("a%41/", 1<<17) + "?" + strings.Repeat("q=1&", 1<<16) + "#" + strings.Repeat("f", 1<<16)},
		{"Parse, an error at the end", func(s string) error { return wantError(rfc3986.Parse(s)) },
			"http://h/" + strings.Repeat("ab/", 1<<18) + " "},
	} {
		if err := tt.parse(tt.ref); err != nil {
			t.Fatalf("%s of %.40q...: %v", tt.name, tt.ref, err)
		}
		if n := allocatedBytes(func() { tt.parse(tt.ref) }); n > 64<<10 {
			t.Errorf("%s of %.40q... (%d bytes) allocated %d bytes, want at most 64 KiB", tt.name, tt.ref, len(tt.ref), n)
		}
	}
}

// allocatedBytes returns the bytes f allocates, with the pools emptied
// first so that a token array an earlier call grew is not reused: the
// least of three runs, as the count is the process's.
func allocatedBytes(f func()) uint64 {
	least := uint64(math.MaxUint64)
	for range 3 {
		runtime.GC()
		runtime.GC()
		var before, after runtime.MemStats
		runtime.ReadMemStats(&before)
		f()
		runtime.ReadMemStats(&after)
		least = min(least, after.TotalAlloc-before.TotalAlloc)
	}
	return least
}

// wantError turns Parse's result into an error when it succeeds.
func wantError(_ *rfc3986.URI, err error) error {
	if err == nil {
		return errors.New("parsed; want an error")
	}
	return nil
}
