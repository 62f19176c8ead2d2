package automaton

import (
	"math/bits"
	"slices"
)

// sortedSet sorts the positions of l in place, drops repeats and returns
// what is left, as slices.Sort followed by slices.Compact would. It is the
// package's own because slices.Sort's instance for int32 was the only one
// in the playground's WebAssembly module (16 KB of it; package fmt brings
// the one for int). A short list, as most are, is sorted by insertion; a
// longer one whose positions lie close together (a span of at most 64 a
// position) is marked in a bit set and read back in order, in time linear
// in its length; any other by heapsort. So it is O(n log n) at worst, as
// slices.Sort is.
func sortedSet(l []int32) []int32 {
	if len(l) <= 12 {
		for i := 1; i < len(l); i++ {
			for j := i; j > 0 && l[j] < l[j-1]; j-- {
				l[j], l[j-1] = l[j-1], l[j]
			}
		}
		return slices.Compact(l)
	}
	lo, hi := slices.Min(l), slices.Max(l)
	if span := int64(hi) - int64(lo) + 1; span <= 64*int64(len(l)) {
		set := make([]uint64, (span+63)/64)
		for _, p := range l {
			d := uint64(int64(p) - int64(lo))
			set[d/64] |= 1 << (d % 64)
		}
		out := l[:0]
		for w, word := range set {
			for ; word != 0; word &= word - 1 {
				out = append(out, int32(int64(lo)+int64(w*64+bits.TrailingZeros64(word))))
			}
		}
		return out
	}
	for i := len(l)/2 - 1; i >= 0; i-- {
		siftDown(l, i, len(l))
	}
	for end := len(l) - 1; end > 0; end-- {
		l[0], l[end] = l[end], l[0]
		siftDown(l, 0, end)
	}
	return slices.Compact(l)
}

// siftDown moves l[root] down the max-heap l[:n] until neither child is
// greater.
func siftDown(l []int32, root, n int) {
	for {
		child := 2*root + 1
		if child >= n {
			return
		}
		if child+1 < n && l[child] < l[child+1] {
			child++
		}
		if l[root] >= l[child] {
			return
		}
		l[root], l[child] = l[child], l[root]
		root = child
	}
}
