package parser_test

import (
	"fmt"
	"strings"
	"testing"

	"github.com/rfc2396/rfc2396/grammar"
	"github.com/rfc2396/rfc2396/internal/oracle"
	"github.com/rfc2396/rfc2396/parser"
)

// adversarialInputs are built to provoke backtracking: long runs of what
// one rule takes and another gives back, with the one byte that decides it
// at the end. Each is made at every size, repeating unit up to size bytes
// between prefix and suffix.
var adversarialInputs = []struct {
	name, prefix, unit, suffix string
}{
	{"labels", "http://", "a.", "\x00"},
	{"labels-valid", "http://", "a.", "b/"},
	{"dotted-digits", "http://", "1.", ":80/ "},
	{"percent", "http://h/", "%", ""},
	{"percent4", "http://h/", "%4", ""},
	{"colons", "http://", ":", "@@/ "},
	{"ats", "http://", "@", " "},
	{"userinfo", "http://", "a:a", "@@ "},
	{"slashes", "http://h", "/", " "},
	{"semicolons", "http://h/", ";", "#\x7f"},
	{"dotdot", "", "../", "?y#z "},
	{"double-slash", "", "//", "["},
	{"scheme-like", "", "a+", " :"},
	{"query", "http://h/?", "a=b&", "#f#"},
	{"valid-bad-end", "http://u@www.example.com:80/", "seg;p/", "?q=1#f\xff"},
}

var adversarialSizes = []int{1 << 10, 10 << 10, 100 << 10, 1 << 20}

func adversarial(prefix, unit, suffix string, size int) string {
	n := (size - len(prefix) - len(suffix)) / len(unit)
	return prefix + strings.Repeat(unit, n) + suffix
}

// BenchmarkAdversarial reports the time per byte of Valid and of Parse (its
// error path included) on each adversarial input at each size; it must not
// grow with the size.
func BenchmarkAdversarial(b *testing.B) {
	for _, in := range adversarialInputs {
		for _, size := range adversarialSizes {
			s := adversarial(in.prefix, in.unit, in.suffix, size)
			for _, op := range []struct {
				name string
				f    func(string)
			}{
				{"Valid", func(s string) { sinkBool = parser.Valid(s) }},
				{"Parse", func(s string) { sinkURI, sinkErr = parser.Parse(s) }},
			} {
				b.Run(fmt.Sprintf("input=%s/size=%d/op=%s", in.name, size, op.name), func(b *testing.B) {
					b.SetBytes(int64(len(s)))
					b.ReportAllocs()
					for i := 0; i < b.N; i++ {
						op.f(s)
					}
					b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N)/float64(len(s)), "ns/byte")
				})
			}
		}
	}
}

// TestAdversarialVerdicts checks the adversarial inputs' verdicts at the
// smallest size against the oracle, so that the benchmarks measure what they
// claim: under Appendix A every input is invalid but labels-valid.
func TestAdversarialVerdicts(t *testing.T) {
	o := oracle.New()
	for _, in := range adversarialInputs {
		s := adversarial(in.prefix, in.unit, in.suffix, adversarialSizes[0])
		if got, want := parser.Valid(s), o.Match(grammar.RuleURIReference, s); got != want {
			t.Errorf("%s: Valid = %v, the oracle says %v", in.name, got, want)
		}
	}
}

// BenchmarkLinear reports the time per byte of every operation on a long
// path of "a/../" segments at 1 MB and 4 MB: it must stay flat (the
// project's bound is at most 2× from 1 MB to 4 MB). ParseTree, which
// builds a node per rule per byte, is measured on a tenth of the size.
func BenchmarkLinear(b *testing.B) {
	const base = "http://h/b/c"
	for _, size := range []int{1 << 20, 4 << 20} {
		rel := adversarial("", "a/../", "g", size)
		abs := "http://h/" + rel
		ops := []struct {
			name string
			in   string
			f    func(string)
		}{
			{"Valid", abs, func(s string) { sinkBool = parser.Valid(s) }},
			{"Parse", abs, func(s string) { sinkURI, sinkErr = parser.Parse(s) }},
			{"Match-path_segments", rel, func(s string) { sinkErr = parser.Match(grammar.RulePathSegments, s) }},
			{"Resolve", rel, func(s string) { _, _, sinkErr = parser.Resolve(base, s) }},
			{"Normalize", abs, func(s string) { _, sinkErr = parser.Normalize(s) }},
			{"Relativize", abs, func(s string) { _, sinkErr = parser.Relativize(base, s) }},
			{"ParseTree", abs[:len(abs)/10], func(s string) { _, sinkErr = parser.ParseTree(grammar.RuleURIReference, s) }},
		}
		for _, op := range ops {
			b.Run(fmt.Sprintf("op=%s/size=%dMB", op.name, size>>20), func(b *testing.B) {
				b.SetBytes(int64(len(op.in)))
				sinkErr = nil
				for i := 0; i < b.N; i++ {
					op.f(op.in)
				}
				if sinkErr != nil {
					b.Fatal(sinkErr)
				}
				b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N)/float64(len(op.in)), "ns/byte")
			})
		}
	}
}
