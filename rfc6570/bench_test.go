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
