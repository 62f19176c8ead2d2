package rfc6570

import "testing"

// BenchmarkExpand expands parsed templates of each level with the
// variables of RFC 6570 section 3.2.
func BenchmarkExpand(b *testing.B) {
	vars := Values{
		"var": String("value"), "hello": String("Hello World!"), "path": String("/foo/bar"),
		"x": String("1024"), "y": String("768"), "word": String("drücken"),
		"list": List("red", "green", "blue"),
		"keys": Assoc(Pair{"semi", ";"}, Pair{"dot", "."}, Pair{"comma", ","}),
	}
	for _, bm := range []struct{ name, template string }{
		{"level1", "http://example.com/~{var}/{hello}"},
		{"level3", "http://example.com{/var,x}/here{?x,y,hello}"},
		{"level4", "{+path:6}/x{.list*}{;keys*}{?word:3,list}{&keys}"},
	} {
		t := MustParse(bm.template)
		b.Run(bm.name, func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				if _, err := t.Expand(vars); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
	b.Run("parse+expand", func(b *testing.B) {
		b.ReportAllocs()
		for b.Loop() {
			if _, err := Expand("http://example.com{/var,x}/here{?x,y,hello}", vars); err != nil {
				b.Fatal(err)
			}
		}
	})
}

// BenchmarkParse reads templates of each level and an invalid one by the
// engines gen generates from rfc6570.peg (Parse: the compact parser, and
// the automaton for an error; Valid: the automaton alone) and by the
// hand-written parser of handparse_test.go that Parse replaced.
func BenchmarkParse(b *testing.B) {
	for _, bm := range []struct{ name, template string }{
		{"level1", "http://example.com/~{var}/{hello}"},
		{"level3", "http://example.com{/var,x}/here{?x,y,hello}"},
		{"level4", "{+path:6}/x{.list*}{;keys*}{?word:3,list}{&keys}"},
		{"literals", "http://example.com/a/long/path/with/only/literals/and/no/expression/at/all?q=1&r=2"},
		{"invalid", "http://example.com{/var,x}/here{?x,y,hello:10000}"},
	} {
		b.Run(bm.name+"/generated", func(b *testing.B) {
			b.ReportAllocs()
			b.SetBytes(int64(len(bm.template)))
			for b.Loop() {
				_, _ = parse(bm.template, false)
			}
		})
		b.Run(bm.name+"/valid", func(b *testing.B) {
			b.ReportAllocs()
			b.SetBytes(int64(len(bm.template)))
			for b.Loop() {
				Valid(bm.template)
			}
		})
		b.Run(bm.name+"/hand", func(b *testing.B) {
			b.ReportAllocs()
			b.SetBytes(int64(len(bm.template)))
			for b.Loop() {
				_, _ = handParse(bm.template, false)
			}
		})
	}
}
