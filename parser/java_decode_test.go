package parser_test

import (
	"os"
	"testing"

	"github.com/google/go-cmp/cmp"
)

// TestDecodeLine checks the reading of URIProbe's output format, without
// a JDK.
func TestDecodeLine(t *testing.T) {
	tests := []struct {
		input, line string
		want        Result
	}{
		{"http://u@h:80/p?q#f", "u\tok\t+http\t+//u@h:80/p?q\t+u@h:80\t+u\t+h\t80\t+/p\t+q\t+f\t0\t+",
			Result{Valid: true, Offset: -1, Components: Components{Scheme: Some("http"), SchemeSpecificPart: Some("//u@h:80/p?q"), Authority: Some("u@h:80"), UserInfo: Some("u"), Host: Some("h"), Port: 80, Path: Some("/p"), Query: Some("q"), Fragment: Some("f"), ServerBased: true}}},
		{"mailto:a", "u\tok\t+mailto\t+a\t-\t-\t-\t-1\t-\t-\t-\t1\t-",
			Result{Valid: true, Offset: -1, Components: Components{Scheme: Some("mailto"), SchemeSpecificPart: Some("a"), Port: -1, Opaque: true}}},
		{"//a b", "u\tok\t-\t+//a b\t+a b\t-\t-\t-1\t+\t-\t-\t0\t!3 Illegal char\\\\acter",
			Result{Valid: true, Offset: -1, ServerError: `3 Illegal char\acter`, Components: Components{SchemeSpecificPart: Some("//a b"), Authority: Some("a b"), Port: -1, Path: Some("")}}},
		{"/\u00e9\U0001F600\u00e9 ", "u\terr\t5\tIllegal character in path",
			Result{Reason: "Illegal character in path", Index: 5, Offset: 9}},
		{"/\xff", "r\tok\t-\t+/\\ufffd\t-\t-\t-\t-1\t+/\\ufffd\t-\t-\t0\t-",
			Result{Replaced: true, Valid: true, Offset: -1, Components: Components{SchemeSpecificPart: Some("/\ufffd"), Port: -1, Path: Some("/\ufffd")}}},
		{"#\U0001F600", "u\tok\t-\t+\t-\t-\t-\t-1\t+\t-\t+\\ud83d\\ude00\t0\t-",
			Result{Valid: true, Offset: -1, Components: Components{SchemeSpecificPart: Some(""), Port: -1, Path: Some(""), Fragment: Some("\U0001F600")}}},
		{"http://[::1.2.3.99999999999]/", "u\texc\tjava.lang.NumberFormatException: x",
			Result{Unchecked: true, Reason: "java.lang.NumberFormatException: x", Index: -1, Offset: -1}},
	}
	for _, tt := range tests {
		got := Result{Input: tt.input}
		if err := decodeLine(&got, tt.line); err != nil {
			t.Errorf("%q: %v", tt.line, err)
			continue
		}
		tt.want.Input = tt.input
		if d := cmp.Diff(tt.want, got); d != "" {
			t.Errorf("%q (-want +got):\n%s", tt.line, d)
		}
	}
	for _, bad := range []string{"", "u", "x\tok", "u\tok\t+http", "u\terr\tx\ty", "u\terr\t1\t\\u12", "u\tmaybe\t1\t2"} {
		if err := decodeLine(&Result{}, bad); err == nil {
			t.Errorf("%q: no error", bad)
		}
	}
}

func TestByteOffset(t *testing.T) {
	s := "a\u00e9\U0001F600b"
	for _, tt := range []struct{ index, want int }{{-1, -1}, {0, 0}, {1, 1}, {2, 3}, {4, 7}, {5, 8}, {9, 8}} {
		if got := ByteOffset(s, tt.index); got != tt.want {
			t.Errorf("ByteOffset(%q, %d) = %d, want %d", s, tt.index, got, tt.want)
		}
	}
}

// TestProbeKnown runs a few references through the real java.net.URI and
// checks answers that every JDK since 1.4 gives, so that a broken harness
// fails.
func TestProbeKnown(t *testing.T) {
	skipUnlessLong(t)
	res := Probe(t, []string{"http://h/p", "?y", "//", "a\nb", "http://[::1]:8/"})
	want := []Result{
		{Input: "http://h/p", Valid: true, Offset: -1, Components: Components{Scheme: Some("http"), SchemeSpecificPart: Some("//h/p"), Authority: Some("h"), Host: Some("h"), Port: -1, Path: Some("/p"), ServerBased: true}},
		{Input: "?y", Valid: true, Offset: -1, Components: Components{SchemeSpecificPart: Some("?y"), Port: -1, Path: Some(""), Query: Some("y")}},
		{Input: "//", Reason: "Expected authority", Index: 2, Offset: 2},
		{Input: "a\nb", Unsent: true},
		{Input: "http://[::1]:8/", Valid: true, Offset: -1, Components: Components{Scheme: Some("http"), SchemeSpecificPart: Some("//[::1]:8/"), Authority: Some("[::1]:8"), Host: Some("[::1]"), Port: 8, Path: Some("/"), ServerBased: true}},
	}
	if d := cmp.Diff(want, res); d != "" {
		t.Errorf("(-want +got):\n%s", d)
	}
}

// startJava starts java.net.URI for a test that runs it: only when
// RFC2396_LONG is set (CI sets it), since starting a JVM and comparing
// thousands of references takes most of a default go test ./... run.
func startJava(t *testing.T) *Prober {
	t.Helper()
	skipUnlessLong(t)
	return Start(t)
}

func skipUnlessLong(t *testing.T) {
	t.Helper()
	if os.Getenv("RFC2396_LONG") == "" {
		t.Skip("long check: set RFC2396_LONG=1")
	}
}
