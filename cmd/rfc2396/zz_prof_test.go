package main

import (
	"io"
	"os"
	"testing"
)

func TestZZProf(t *testing.T) {
	f, _ := os.Open("/tmp/h3x/in60.txt")
	defer f.Close()
	setGC()
	j := os.Getenv("ZZJ")
	args := []string{"lint", "--type", "text", "-j", j}
	if m := os.Getenv("ZZMODE"); m != "" {
		args = append(args, m)
	}
	st := run(args, f, io.Discard, io.Discard)
	t.Log(st)
}
