package automaton

import (
	"encoding/binary"
	"fmt"
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/google/go-cmp/cmp"
)

// sortedSetWant is what sortedSet must give: slices.Sort, then
// slices.Compact, on a copy.
func sortedSetWant(l []int32) []int32 {
	w := slices.Clone(l)
	slices.Sort(w)
	return slices.Compact(w)
}

func TestSortedSet(t *testing.T) {
	for _, tc := range []struct {
		in, want []int32
	}{
		{nil, nil},
		{[]int32{}, []int32{}},
		{[]int32{7}, []int32{7}},
		{[]int32{3, 1, 2}, []int32{1, 2, 3}},
		{[]int32{2, 2, 2, 2}, []int32{2}},
		{[]int32{5, 4, 3, 2, 1, 0, 5, 4, 3, 2, 1, 0}, []int32{0, 1, 2, 3, 4, 5}},             // 12: by insertion
		{[]int32{5, 4, 3, 2, 1, 0, 5, 4, 3, 2, 1, 0, 6}, []int32{0, 1, 2, 3, 4, 5, 6}},       // 13: heapsort
		{[]int32{-1, 1 << 30, 0, -1 << 31, 1<<31 - 1, 0, 9, 8, 7, 6, 5, 4, 3}, nil},          // extremes
		{[]int32{0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14}, nil},                     // sorted
		{[]int32{14, 13, 12, 11, 10, 9, 8, 7, 6, 5, 4, 3, 2, 1, 0, 14, 13, 12, 11, 10}, nil}, // reversed
	} {
		want := tc.want
		if want == nil && tc.in != nil {
			want = sortedSetWant(tc.in)
		}
		got := sortedSet(slices.Clone(tc.in))
		if diff := cmp.Diff(want, got); diff != "" {
			t.Errorf("sortedSet(%v) (-want +got):\n%s", tc.in, diff)
		}
	}
	// Random lists of every length up to 300, with few distinct values
	// (many repeats) and with many.
	r := rand.New(rand.NewPCG(1, 2))
	for n := 0; n <= 300; n++ {
		for _, span := range []int32{3, 50, 1 << 20} {
			in := make([]int32, n)
			for i := range in {
				in[i] = r.Int32N(span)
			}
			if diff := cmp.Diff(sortedSetWant(in), sortedSet(slices.Clone(in))); diff != "" {
				t.Fatalf("sortedSet(%v) (-want +got):\n%s", in, diff)
			}
		}
	}
}

// FuzzSortedSet checks sortedSet against slices.Sort and slices.Compact on
// lists read from the fuzzer's bytes, four bytes a position.
func FuzzSortedSet(f *testing.F) {
	f.Add([]byte{})
	f.Add([]byte{0, 0, 0, 3, 0, 0, 0, 1, 0, 0, 0, 3})
	f.Add(make([]byte, 4*40))
	f.Fuzz(func(t *testing.T, b []byte) {
		var in []int32
		for ; len(b) >= 4; b = b[4:] {
			in = append(in, int32(binary.BigEndian.Uint32(b)))
		}
		got := sortedSet(slices.Clone(in))
		if !slices.IsSorted(got) || len(slices.Compact(slices.Clone(got))) != len(got) {
			t.Fatalf("sortedSet(%v) = %v: not strictly increasing", in, got)
		}
		if diff := cmp.Diff(sortedSetWant(in), got); diff != "" {
			t.Fatalf("sortedSet(%v) (-want +got):\n%s", in, diff)
		}
	})
}

// BenchmarkSortedSet compares sortedSet with slices.Sort and
// slices.Compact, which it replaces, on lists of positions of several
// lengths, close together (as follow lists are) and far apart.
func BenchmarkSortedSet(b *testing.B) {
	r := rand.New(rand.NewPCG(3, 4))
	for _, n := range []int{8, 100, 1000} {
		for _, span := range []struct {
			name string
			max  int32
		}{{"dense", int32(2 * n)}, {"sparse", 1 << 30}} {
			in := make([]int32, n)
			for i := range in {
				in[i] = r.Int32N(span.max)
			}
			l := make([]int32, n)
			b.Run(fmt.Sprintf("n=%d/%s/impl=slices", n, span.name), func(b *testing.B) {
				for b.Loop() {
					copy(l, in)
					slices.Sort(l)
					_ = slices.Compact(l)
				}
			})
			b.Run(fmt.Sprintf("n=%d/%s/impl=sortedSet", n, span.name), func(b *testing.B) {
				for b.Loop() {
					copy(l, in)
					_ = sortedSet(l)
				}
			})
		}
	}
}
