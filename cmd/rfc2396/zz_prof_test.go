package main

import (
	"bytes"
	"io"
	"os"
	"runtime"
	"runtime/pprof"
	"testing"
	"time"
)

func TestZZProf(t *testing.T) {
	data, _ := os.ReadFile("/tmp/h3x/in.txt")
	setGC()
	runtime.MemProfileRate = 4096
	j := os.Getenv("ZZJ")
	go func() {
		time.Sleep(300 * time.Millisecond)
		runtime.GC()
		f, _ := os.Create("/tmp/h3x/heap.out")
		pprof.WriteHeapProfile(f)
		f.Close()
	}()
	st := run([]string{"lint", "--type", "text", "-j", j}, bytes.NewReader(data), io.Discard, io.Discard)
	t.Log(st)
}
