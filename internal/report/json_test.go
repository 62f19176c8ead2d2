package report

import (
	"encoding/json"
	"fmt"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
)

// writeStringSlowly is WriteString one byte at a time, as the comment at
// the top of json.go defines it.
func writeStringSlowly(s string) string {
	var b strings.Builder
	b.WriteByte('"')
	for i := 0; i < len(s); i++ {
		switch c := s[i]; {
		case c == '"':
			b.WriteString(`\"`)
		case c == '\\':
			b.WriteString(`\\`)
		case c == '\n':
			b.WriteString(`\n`)
		case c == '\r':
			b.WriteString(`\r`)
		case c == '\t':
			b.WriteString(`\t`)
		case c < 0x20 || c >= 0x7f:
			fmt.Fprintf(&b, `\u%04x`, c)
		default:
			b.WriteByte(c)
		}
	}
	b.WriteByte('"')
	return b.String()
}

func TestWriteString(t *testing.T) {
	for _, c := range []struct{ in, want string }{
		{"", `""`},
		{"http://a/b", `"http://a/b"`},
		{`a"b\c`, `"a\"b\\c"`},
		{"tab\tnl\ncr\r", `"tab\tnl\ncr\r"`},
		{"\x00\x1f\x7f\x80\xff", `"\u0000\u001f\u007f\u0080\u00ff"`},
		{"http://h/caf\xc3\xa9", `"http://h/caf\u00c3\u00a9"`},
		{"0123456789abcdef\"", `"0123456789abcdef\""`},
		{"01234567\x7f", `"01234567\u007f"`},
	} {
		var b Buffer
		WriteString(&b, c.in)
		if diff := cmp.Diff(c.want, string(b.B)); diff != "" {
			t.Errorf("WriteString(%q) (-want +got):\n%s", c.in, diff)
		}
	}
}

// TestSafe8 puts every byte at every place of eight safe bytes.
func TestSafe8(t *testing.T) {
	for c := 0; c < 256; c++ {
		for at := 0; at < 8; at++ {
			for _, fill := range []byte{' ', 'a', '~', '!', '#', '[', ']'} {
				w := []byte(strings.Repeat(string(fill), 8))
				w[at] = byte(c)
				if got, want := safe8(le64(string(w))), jsonSafe[c]; got != want {
					t.Fatalf("safe8(%q) = %v, want %v", w, got, want)
				}
			}
		}
	}
}

// FuzzWriteString holds WriteString to the byte-at-a-time definition, its
// output to JSON that reads back as the input's bytes, one character per
// byte, and WriteStrings of the string's pieces to WriteString of it.
func FuzzWriteString(f *testing.F) {
	for _, s := range []string{"", "http://a/", "a\"b\\c\x00\xff", "01234567\x7f89abcdef", strings.Repeat("~", 17) + "\x80"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		var b Buffer
		WriteString(&b, s)
		if want := writeStringSlowly(s); string(b.B) != want {
			t.Fatalf("WriteString(%q) = %s, want %s", s, b.B, want)
		}
		var back string
		if err := json.Unmarshal(b.B, &back); err != nil {
			t.Fatalf("WriteString(%q) = %s: %v", s, b.B, err)
		}
		var bytes []byte
		for _, r := range back {
			bytes = append(bytes, byte(r))
		}
		if string(bytes) != s {
			t.Fatalf("WriteString(%q) reads back as %q", s, bytes)
		}
		// The same string in pieces, split at every third byte.
		var pieces []string
		for rest := s; rest != ""; {
			n := min(3, len(rest))
			pieces, rest = append(pieces, rest[:n]), rest[n:]
		}
		var bp Buffer
		WriteStrings(&bp, pieces...)
		if string(bp.B) != string(b.B) {
			t.Fatalf("WriteStrings(%q) = %s, WriteString of them joined %s", pieces, bp.B, b.B)
		}
	})
}

// TestBufferSpills writes a string of several times FlushAt, with bytes
// to escape throughout, through a Buffer with an Out: Out and what is left
// in B make the same JSON, and B never holds much more than FlushAt.
func TestBufferSpills(t *testing.T) {
	long := strings.Repeat("http://h/\x00a\"b", 3*FlushAt/8)
	var out strings.Builder
	b := Buffer{Out: &out}
	o := BeginObject(&b)
	o.Str("input", long)
	o.End(true)
	if cap(b.B) > 2*FlushAt+16 {
		t.Errorf("the buffer grew to %d bytes", cap(b.B))
	}
	if b.Spills < 2 {
		t.Errorf("Spills = %d after passing on %d bytes in pieces of %d", b.Spills, out.Len(), FlushAt)
	}
	out.Write(b.B)
	if want := `{"input":` + writeStringSlowly(long) + "}\n"; out.String() != want {
		t.Errorf("spilled JSON differs from the whole (%d and %d bytes)", out.Len(), len(want))
	}
}
