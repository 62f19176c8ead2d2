//go:build unix

package main

import (
	"bytes"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"
)

// lintCPUTime is the CPU time (user and system) this process has used.
func lintCPUTime() time.Duration {
	var ru syscall.Rusage
	if err := syscall.Getrusage(syscall.RUSAGE_SELF, &ru); err != nil {
		return 0
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}

// BenchmarkLint compares, per byte, lint --json on a large generated HTML
// page with lint --json on running text of the same size (compare MB/s).
func BenchmarkLint(b *testing.B) {
	var page, text bytes.Buffer
	page.WriteString("<!DOCTYPE html>\n<html><head><title>Bench</title><base href=\"http://www.example.com/docs/\"></head><body>\n")
	for i := 0; page.Len() < 4<<20; i++ {
		fmt.Fprintf(&page, "<p class=\"para\">Paragraph %d, with <a href=\"section%d.html#p%d\">a link</a>, an image <img src=\"img/fig%d.png\" alt=\"figure\"> and http://example.org/items/%d?view=full in the text, then more words to read, as a page has.</p>\n", i, i%50, i, i%9, i)
	}
	page.WriteString("</body></html>\n")
	for i := 0; text.Len() < 4<<20; i++ {
		fmt.Fprintf(&text, "Paragraph %d, with a link <section%d.html#p%d>, an image <img/fig%d.png> and http://example.org/items/%d?view=full in the text, then more words to read, as a document has.\n\n", i, i%50, i, i%9, i)
	}
	for _, c := range []struct {
		name string
		doc  []byte
		typ  string
	}{{"html", page.Bytes(), "html"}, {"text", text.Bytes(), "text"}} {
		for _, mode := range []struct{ name, flag string }{{"quiet", ""}, {"v", "-v"}, {"json", "--json"}} {
			args := []string{"lint", "--type", c.typ, "--base", "http://r/x"}
			if mode.flag != "" {
				args = append(args, mode.flag)
			}
			b.Run(c.name+"/"+mode.name, func(b *testing.B) {
				b.SetBytes(int64(len(c.doc)))
				b.ReportAllocs()
				start, loops := lintCPUTime(), 0
				for b.Loop() {
					if status := run(args, bytes.NewReader(c.doc), io.Discard, io.Discard); status > 1 {
						b.Fatal(status)
					}
					loops++
				}
				// CPU time per byte, steadier than MB/s on a loaded machine.
				b.ReportMetric(float64(lintCPUTime()-start)/float64(loops*len(c.doc)), "cpu-ns/B")
			})
		}
	}
}

// BenchmarkLintRatio runs lint as a process over a plain-text file of
// references (the corpus read as text, or the sample without ../shared),
// over generated prose with references and over a generated HTML page,
// quiet (the default), -v and --json, beside the net/url line tool on the
// same bytes, one run of each in turn. cpu-ratio is lint's CPU time over
// the line tool's: the goal is at most 0.5 for text and 1.2 times the
// text figure for HTML.
//
//	go test -run '^$' -bench LintRatio -benchtime 5x ./cmd/rfc2396/
func BenchmarkLintRatio(b *testing.B) {
	self, netURL := buildTools(b)
	dir := b.TempDir()
	corpus := corpusPath
	if _, err := os.Stat(corpus); err != nil {
		corpus = sampleInput
	}
	var page, text bytes.Buffer
	page.WriteString("<!DOCTYPE html>\n<html><head><title>Bench</title></head><body>\n")
	for i := 0; page.Len() < 4<<20; i++ {
		fmt.Fprintf(&page, "<p class=\"para\">Paragraph %d, with <a href=\"section%d.html#p%d\">a link</a>, an image <img src=\"img/fig%d.png\" alt=\"figure\"> and http://example.org/items/%d?view=full in the text, then more words to read, as a page has.</p>\n", i, i%50, i, i%9, i)
	}
	page.WriteString("</body></html>\n")
	for i := 0; text.Len() < 4<<20; i++ {
		fmt.Fprintf(&text, "Paragraph %d, with a link <section%d.html#p%d>, an image <img/fig%d.png> and http://example.org/items/%d?view=full in the text, then more words to read, as a document has.\n\n", i, i%50, i, i%9, i)
	}
	prose, html := filepath.Join(dir, "prose.txt"), filepath.Join(dir, "page.html")
	for path, data := range map[string][]byte{prose: text.Bytes(), html: page.Bytes()} {
		if err := os.WriteFile(path, data, 0o644); err != nil {
			b.Fatal(err)
		}
	}
	for _, in := range []struct{ name, path, typ string }{{"corpus", corpus, "text"}, {"prose", prose, "text"}, {"html", html, "html"}} {
		info, err := os.Stat(in.path)
		if err != nil {
			b.Fatal(err)
		}
		for _, mode := range []string{"quiet", "-v", "--json"} {
			args := []string{"lint", "--type", in.typ}
			if mode != "quiet" {
				args = append(args, mode)
			}
			b.Run("input="+in.name+"/mode="+strings.TrimLeft(mode, "-"), func(b *testing.B) {
				b.SetBytes(info.Size())
				var own, anchor time.Duration
				for i := 0; i < b.N; i++ {
					if netURL != "" {
						anchor += runToolUsage(b, in.path, netURL).cpu
					}
					own += runToolUsage(b, in.path, self, args...).cpu
				}
				b.ReportMetric(float64(own.Nanoseconds())/float64(b.N), "cpu-ns/op")
				if netURL != "" {
					b.ReportMetric(own.Seconds()/anchor.Seconds(), "cpu-ratio")
				}
			})
		}
	}
}
