package main

import (
	"bytes"
	"io"
	"os"
	"testing"
)

func BenchmarkZZLint2(b *testing.B) {
	data, _ := os.ReadFile("/tmp/in20.txt")
	b.ReportAllocs()
	for i := 0; i < b.N; i++ {
		run([]string{"lint", "--type", "text", "-j", "2"}, bytes.NewReader(data), io.Discard, io.Discard)
	}
}
