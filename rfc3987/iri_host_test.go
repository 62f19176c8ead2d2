//go:build !playground

package rfc3987

import (
	"errors"
	"strconv"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/rfc2396/rfc2396/uri"
)

func TestHostToASCII(t *testing.T) {
	causes := map[string]error{
		"percent": uri.ErrHostPercent,
		"utf8":    uri.ErrHostNotUTF8,
		"empty":   uri.ErrHostEmptyLabel,
		"hyphen":  uri.ErrHostHyphen,
	}
	for _, r := range readIRITable(t, "host_ascii.txt", 2) {
		in := r.fields[0]
		got, err := HostToASCII(in)
		if r.fields[1] != "!" {
			if err != nil {
				t.Errorf("host_ascii.txt:%d: HostToASCII(%q): %v", r.line, in, err)
				continue
			}
			if diff := cmp.Diff(r.fields[1], got); diff != "" {
				t.Errorf("host_ascii.txt:%d: HostToASCII(%q) (-want +got):\n%s", r.line, in, diff)
			}
			continue
		}
		if len(r.fields) < 5 {
			t.Fatalf("host_ascii.txt:%d: an invalid row needs label, offset and cause", r.line)
		}
		offset, perr := strconv.Atoi(r.fields[3])
		if perr != nil {
			t.Fatalf("host_ascii.txt:%d: %v", r.line, perr)
		}
		var he *HostError
		if !errors.As(err, &he) {
			t.Errorf("host_ascii.txt:%d: HostToASCII(%q) = %q, %v; want a *HostError", r.line, in, got, err)
			continue
		}
		if got != "" {
			t.Errorf("host_ascii.txt:%d: HostToASCII(%q) returned %q with its error", r.line, in, got)
		}
		want := &HostError{Host: in, Label: r.fields[2], Offset: offset}
		if diff := cmp.Diff(want, he, cmp.FilterPath(func(p cmp.Path) bool {
			return p.Last().String() == ".Err"
		}, cmp.Ignore())); diff != "" {
			t.Errorf("host_ascii.txt:%d: HostToASCII(%q) error (-want +got):\n%s", r.line, in, diff)
		}
		if cause, ok := causes[r.fields[4]]; ok {
			if !errors.Is(err, cause) {
				t.Errorf("host_ascii.txt:%d: HostToASCII(%q) error %v, want cause %v", r.line, in, err, cause)
			}
		} else if r.fields[4] != "idna" {
			t.Fatalf("host_ascii.txt:%d: unknown cause %q", r.line, r.fields[4])
		} else {
			for _, c := range causes {
				if errors.Is(err, c) {
					t.Errorf("host_ascii.txt:%d: HostToASCII(%q) error %v, want the IDNA library's", r.line, in, err)
				}
			}
			if he.Err == nil {
				t.Errorf("host_ascii.txt:%d: HostToASCII(%q): HostError without a cause", r.line, in)
			}
		}
	}
}

func TestHostErrorMessage(t *testing.T) {
	_, err := HostToASCII("ok.r%E9sum%E9.org")
	want := `reg-name "ok.r%E9sum%E9.org": label "r%E9sum%E9" at offset 3: percent-encoded octets are not UTF-8`
	if err == nil || err.Error() != want {
		t.Errorf("error = %v, want %s", err, want)
	}
}

// FuzzHostToASCII: no panic; a result is US-ASCII and converts to itself;
// an error names a label that is in the input at its offset.
func FuzzHostToASCII(f *testing.F) {
	addSeeds(f, "host_ascii.txt")
	f.Fuzz(func(t *testing.T, host string) {
		out, err := HostToASCII(host)
		if err != nil {
			var he *HostError
			if !errors.As(err, &he) || he.Err == nil || he.Host != host {
				t.Fatalf("HostToASCII(%q): %v, want a *HostError with its cause", host, err)
			}
			if he.Offset < 0 || he.Offset+len(he.Label) > len(host) || host[he.Offset:he.Offset+len(he.Label)] != he.Label ||
				strings.Contains(he.Label, ".") {
				t.Fatalf("HostToASCII(%q): label %q at %d is not one of its labels", host, he.Label, he.Offset)
			}
			return
		}
		if !isASCII(out) {
			t.Fatalf("HostToASCII(%q) = %q, not US-ASCII", host, out)
		}
		if again, err := HostToASCII(out); err != nil || again != out {
			t.Fatalf("HostToASCII(HostToASCII(%q)) = %q, %v; want %q", host, again, err, out)
		}
	})
}
