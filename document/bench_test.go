//go:build unix

package document

import (
	"bytes"
	"fmt"
	"syscall"
	"testing"
	"time"
)

// cpuTime is the CPU time (user and system) this process has used. On a
// shared machine it is a steadier measure than the wall clock.
func cpuTime() time.Duration {
	var ru syscall.Rusage
	if err := syscall.Getrusage(syscall.RUSAGE_SELF, &ru); err != nil {
		return 0
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}

// benchHTML returns a generated web page of about n bytes: a head with a
// base element, then paragraphs with links, images and URIs in text.
func benchHTML(n int) []byte {
	var b bytes.Buffer
	b.WriteString("<!DOCTYPE html>\n<html><head><title>Bench</title><base href=\"http://www.example.com/docs/\">\n<link rel=stylesheet href=\"../css/site.css\"></head><body>\n")
	for i := 0; b.Len() < n; i++ {
		fmt.Fprintf(&b, "<p class=\"para\">Paragraph %d of the text, with <a href=\"section%d.html#p%d\">a link</a>, an image <img src=\"img/fig%d.png\" alt=\"figure %d\"> and a reference in the text, http://example.org/items/%d?view=full, then more words to read through, as a page has.</p>\n", i, i%50, i, i%9, i, i)
	}
	b.WriteString("</body></html>\n")
	return b.Bytes()
}

// benchText returns generated running text of about n bytes with the same
// density of references.
func benchText(n int) []byte {
	var b bytes.Buffer
	for i := 0; b.Len() < n; i++ {
		fmt.Fprintf(&b, "Paragraph %d of the text, with a link <section%d.html#p%d>, an image <img/fig%d.png> called figure %d and a reference in the text, http://example.org/items/%d?view=full, then more words to read through, as a document has.\n\n", i, i%50, i, i%9, i, i)
	}
	return b.Bytes()
}

func benchRead(b *testing.B, doc []byte, kind Kind) {
	b.SetBytes(int64(len(doc)))
	b.ReportAllocs()
	start, loops := cpuTime(), 0
	for b.Loop() {
		n := 0
		err := Read(bytes.NewReader(doc), kind, Options{Retrieval: "http://r/x"}, func(r *Reference) error { n++; return nil })
		if err != nil || n == 0 {
			b.Fatal(n, err)
		}
		loops++
	}
	// CPU time per byte (garbage collection included), steadier than
	// MB/s on a loaded machine.
	b.ReportMetric(float64(cpuTime()-start)/float64(loops*len(doc)), "cpu-ns/B")
}

// BenchmarkRead compares, per byte, reading a large HTML page as HTML with
// reading running text, and the same page as text. Compare MB/s.
func BenchmarkRead(b *testing.B) {
	page, text := benchHTML(4<<20), benchText(4<<20)
	b.Run("html", func(b *testing.B) { benchRead(b, page, HTML) })
	b.Run("html-as-text", func(b *testing.B) { benchRead(b, page, Text) })
	b.Run("text", func(b *testing.B) { benchRead(b, text, Text) })
}
