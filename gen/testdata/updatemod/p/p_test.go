package p

import (
	"flag"
	"os"
	"testing"
)

var update = flag.Bool("update", false, "rewrite testdata/golden.txt")

func TestGolden(t *testing.T) {
	if *update {
		if err := os.WriteFile("testdata/golden.txt", []byte(Greeting+"\n"), 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	got, err := os.ReadFile("testdata/golden.txt")
	if err != nil {
		t.Fatal(err)
	}
	if string(got) != Greeting+"\n" {
		t.Errorf("testdata/golden.txt holds %q, want %q", got, Greeting+"\n")
	}
}
