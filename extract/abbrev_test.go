package extract

import (
	"bufio"
	"fmt"
	"os"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
)

// TestLooksAbbreviated reads testdata/abbreviated.txt: a string, a tab,
// and "yes LIKELY" or "no".
func TestLooksAbbreviated(t *testing.T) {
	f, err := os.Open("testdata/abbreviated.txt")
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		line := sc.Text()
		if line == "" || strings.HasPrefix(line, "#") {
			continue
		}
		in, want, ok := strings.Cut(line, "\t")
		if !ok {
			t.Fatalf("no tab in %q", line)
		}
		a, yes := LooksAbbreviated(in)
		got := "no"
		if yes {
			got = "yes " + a.Likely
			if a.NetworkPath != "//"+in || !strings.HasPrefix(in, a.Host) {
				t.Errorf("%q: network path %q, host %q", in, a.NetworkPath, a.Host)
			}
		}
		if got != want {
			t.Errorf("LooksAbbreviated(%q) = %s, want %s", in, got, want)
		}
	}
}

func TestFindAbbreviated(t *testing.T) {
	for _, tc := range []struct {
		text string
		want []string // "line:col text"
	}{
		{"visit www.w3.org/Addressing/.", []string{"1:7 www.w3.org/Addressing/"}},
		{"(see example.com)\nand www.a.org, then", []string{"1:6 example.com", "2:5 www.a.org"}},
		{"<www.w3.org/x> \"www.w3.org/y\" http://www.w3.org/z", nil},
		{"mail bob@example.com or edit index.html", nil},
		{"caf\u00e9.example.com", nil},
	} {
		var got []string
		for _, a := range FindAbbreviated([]byte(tc.text)) {
			if tc.text[a.Offset:a.End] != a.Text {
				t.Errorf("%q: span %d-%d is not %q", tc.text, a.Offset, a.End, a.Text)
			}
			got = append(got, fmt.Sprintf("%d:%d %s", a.Line, a.Column, a.Text))
		}
		if diff := cmp.Diff(tc.want, got); diff != "" {
			t.Errorf("%q (-want +got):\n%s", tc.text, diff)
		}
	}
}
