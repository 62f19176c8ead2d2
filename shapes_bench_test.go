package rfc2396_test

import (
	"fmt"
	"net/url"
	"strings"
	"testing"

	"github.com/rfc2396/rfc2396/parser"
	"github.com/rfc2396/rfc2396/rfc3986"
)

// inputShapes are long references of one shape each: a size is reached by
// repeating the shape's unit between its head and tail. The last is not
// a reference: its error, at the end, is explained (and, under RFC 3986,
// the zone-id edit asked about it) after a read of the whole input.
var inputShapes = []struct {
	name, head, unit, tail string
	invalid                bool
}{
	{"path", "http://h/", "abc/", "", false},
	{"labels", "http://", "a.", "com/", false},
	{"dotdot", "http://h/", "../", "g", false},
	{"segment-dotdot", "http://h/", "a/../", "g", false},
	{"query", "http://h/?", "a=b&", "", false},
	{"escapes", "http://h/", "%41", "", false},
	{"fragment", "http://h/#", "ab/?", "", false},
	{"error-at-end", "http://h/", "ab", " ", true},
}

// shapeSizes are the sizes BenchmarkShapes reads each shape at: the time
// per byte must stay flat from the first to the last.
var shapeSizes = []int{1 << 10, 64 << 10, 1 << 20, 16 << 20}

// BenchmarkShapes reports the time per byte (ns/byte) of parsing,
// resolving and normalizing long references of each shape of inputShapes
// at each of shapeSizes, under RFC 2396 (parser), RFC 3986 and, for
// parsing, the java profile and net/url: scripts/bench-ratios.sh prints
// the table.
func BenchmarkShapes(b *testing.B) {
	for _, sh := range inputShapes {
		for _, size := range shapeSizes {
			in := sh.head + strings.Repeat(sh.unit, (size-len(sh.head)-len(sh.tail))/len(sh.unit)) + sh.tail
			rel := strings.TrimPrefix(in, "http://h/")
			ops := []struct {
				name string
				in   string
				f    func(string) error
			}{
				{"parser.Parse", in, func(s string) error { _, err := parser.Parse(s); return err }},
				{"parser.Java.Parse", in, func(s string) error { _, err := parser.Java.Parse(s); return err }},
				{"rfc3986.Parse", in, func(s string) error { _, err := rfc3986.Parse(s); return err }},
				{"url.Parse", in, func(s string) error { _, err := url.Parse(s); return err }},
				{"parser.Resolve", rel, func(s string) error { _, _, err := parser.Resolve("http://a/b/c", s); return err }},
				{"rfc3986.Resolve", rel, func(s string) error { _, _, err := rfc3986.Resolve("http://a/b/c", s); return err }},
				{"parser.Normalize", in, func(s string) error { _, err := parser.Normalize(s); return err }},
				{"rfc3986.Normalize", in, func(s string) error { _, err := rfc3986.Normalize(s); return err }},
			}
			for _, op := range ops {
				b.Run(fmt.Sprintf("shape=%s/op=%s/size=%dKiB", sh.name, op.name, size>>10), func(b *testing.B) {
					b.SetBytes(int64(len(op.in)))
					for i := 0; i < b.N; i++ {
						if err := op.f(op.in); err != nil && !sh.invalid {
							b.Fatal(err)
						}
					}
					b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N)/float64(len(op.in)), "ns/byte")
				})
			}
		}
	}
}
