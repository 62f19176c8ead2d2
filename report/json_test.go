package report

import (
	"encoding/json"
	"fmt"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/google/go-cmp/cmp"

	"github.com/rfc2396/rfc2396/internal/syntax"
)

// writeStringSlowly is WriteString one character at a time, as the
// comment at the top of json.go defines it.
func writeStringSlowly(s string) string {
	var b strings.Builder
	b.WriteByte('"')
	for i := 0; i < len(s); {
		r, size := utf8.DecodeRuneInString(s[i:])
		switch c := s[i]; {
		case r == utf8.RuneError && size == 1:
			b.WriteString(`\ufffd`)
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
		case c < 0x20 || c == 0x7f:
			fmt.Fprintf(&b, `\u%04x`, c)
		default:
			b.WriteString(s[i : i+size])
		}
		i += size
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
		{"\x00\x1f\x7f\x80\xff", `"\u0000\u001f\u007f\ufffd\ufffd"`},
		{"http://h/caf\xc3\xa9", `"http://h/café"`},
		{"http://例え.jp/", `"http://例え.jp/"`},
		{"\xe4\xbe", `"\ufffd\ufffd"`},                 // a character cut short
		{"\xed\xa0\x80", `"\ufffd\ufffd\ufffd"`},       // a surrogate, not UTF-8
		{"\u0085\u2028\u2029", `"\u0085\u2028\u2029"`}, // line breaks to some readers, escaped
		{"a\u2028b\u00e9", `"a\u2028bé"`},
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

// TestStrBytes holds Object.Str to its "_bytes" member: there exactly when
// the value is not valid UTF-8, and holding its bytes.
func TestStrBytes(t *testing.T) {
	for _, c := range []struct{ in, want string }{
		{"http://a/", `{"input":"http://a/"}`},
		{"http://例え.jp/", `{"input":"http://例え.jp/"}`},
		{"http://h/\xff", `{"input":"http://h/\ufffd","input_bytes":"aHR0cDovL2gv/w=="}`},
		{"\xe4\xbe", `{"input":"\ufffd\ufffd","input_bytes":"5L4="}`},
	} {
		var b Buffer
		o := BeginObject(&b)
		o.Str("input", c.in)
		o.End(false)
		if diff := cmp.Diff(c.want, string(b.B)); diff != "" {
			t.Errorf("Str(%q) (-want +got):\n%s", c.in, diff)
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
				if got, want := safe8(syntax.Word8(string(w))), jsonSafe[c]; got != want {
					t.Fatalf("safe8(%q) = %v, want %v", w, got, want)
				}
			}
		}
	}
}

// FuzzWriteString holds WriteString to the character-at-a-time
// definition; Object.Str's record to JSON that encoding/json reads back
// as the input's bytes (from "input" for valid UTF-8, from "input_bytes"
// otherwise); and WriteStrings of the string's pieces, cut on character
// boundaries, to WriteString of it.
func FuzzWriteString(f *testing.F) {
	for _, s := range []string{"", "http://a/", "a\"b\\c\x00\xff", "01234567\x7f89abcdef", strings.Repeat("~", 17) + "\x80", "http://例え.jp/\xe4"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		var b Buffer
		WriteString(&b, s)
		if want := writeStringSlowly(s); string(b.B) != want {
			t.Fatalf("WriteString(%q) = %s, want %s", s, b.B, want)
		}
		var rb Buffer
		o := BeginObject(&rb)
		o.Str("input", s)
		o.End(false)
		var back struct {
			Input      *string `json:"input"`
			InputBytes []byte  `json:"input_bytes"`
		}
		if err := json.Unmarshal(rb.B, &back); err != nil || back.Input == nil {
			t.Fatalf("Str(%q) = %s: %v", s, rb.B, err)
		}
		got := *back.Input
		if back.InputBytes != nil {
			if utf8.ValidString(s) {
				t.Fatalf("Str(%q) = %s: input_bytes for valid UTF-8", s, rb.B)
			}
			if want := strings.ToValidUTF8(s, "\uFFFD"); strings.ReplaceAll(got, "\uFFFD", "") != strings.ReplaceAll(want, "\uFFFD", "") {
				t.Fatalf("Str(%q) = %s: input is not the valid part of the bytes", s, rb.B)
			}
			got = string(back.InputBytes)
		}
		if got != s {
			t.Fatalf("Str(%q) = %s reads back as %q", s, rb.B, got)
		}
		// The same string in pieces, cut after every third character.
		var pieces []string
		for rest := s; rest != ""; {
			n := 0
			for k := 0; k < 3 && n < len(rest); k++ {
				_, size := utf8.DecodeRuneInString(rest[n:])
				n += size
			}
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
	long := strings.Repeat("http://h/\x00a\"bé", 3*FlushAt/8)
	out, spills := writeSpilling(t, long)
	if spills < 2 {
		t.Errorf("Spills = %d after passing on %d bytes in pieces of %d", spills, len(out), FlushAt)
	}
	if want := `{"input":` + writeStringSlowly(long) + "}\n"; out != want {
		t.Errorf("spilled JSON differs from the whole (%d and %d bytes)", len(out), len(want))
	}
}

// writeSpilling writes {"input":long} through a Buffer with an Out, checks
// that the buffer stays near FlushAt, and returns what Out and the buffer
// hold, and how many times it spilled.
func writeSpilling(t *testing.T, long string) (string, int) {
	t.Helper()
	var out strings.Builder
	b := Buffer{Out: &out}
	o := BeginObject(&b)
	o.Str("input", long)
	o.End(true)
	if cap(b.B) > 2*FlushAt+16 {
		t.Errorf("the buffer grew to %d bytes", cap(b.B))
	}
	out.Write(b.B)
	return out.String(), b.Spills
}

// TestBytesMemberSpills writes a long string that is not UTF-8 through a
// Buffer with an Out: its "input_bytes" is passed on as it is written,
// and reads back as the string.
func TestBytesMemberSpills(t *testing.T) {
	long := strings.Repeat("http://h/\xffé", 3*FlushAt/4)
	out, _ := writeSpilling(t, long)
	var back struct {
		InputBytes []byte `json:"input_bytes"`
	}
	if err := json.Unmarshal([]byte(out), &back); err != nil {
		t.Fatal(err)
	}
	if string(back.InputBytes) != long {
		t.Errorf("input_bytes reads back as %d bytes, not the %d written", len(back.InputBytes), len(long))
	}
}
