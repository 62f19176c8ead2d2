package automaton

import "slices"

// Minimal returns the minimal deterministic automaton of d's language: the
// fewest states that tell apart every pair of inputs the language does,
// with no state from which no input reaches acceptance (there the
// transition is -1, as in d). Its states carry only Accepting: an error's
// rule path and expectation are what make d's states many (515 for
// URI-reference under Appendix A as published, whose language needs 12),
// and a whole-string match has no use for them. It keeps d's byte classes, and numbers the states
// in the order a breadth-first walk from the start state reaches them, so
// the start state is 0 and the result depends only on d.
//
// The partition is refined by Hopcroft's algorithm, in time proportional
// to classes × states × log(states).
func Minimal(d *DFA) *DFA {
	k := d.Classes
	block := hopcroft(d)
	sink := block[len(d.States)] // the block of the states that accept nothing
	m := &DFA{Classes: k, ClassOf: d.ClassOf}
	number := map[int32]int32{}
	var rep []int // rep[i] is a state of d in the block of minimal state i
	visit := func(s int) int32 {
		b := block[s]
		n, ok := number[b]
		if !ok {
			n = int32(len(rep))
			number[b] = n
			rep = append(rep, s)
		}
		return n
	}
	if block[0] == sink {
		// The language is empty: one state, accepting nothing.
		m.States = []State{{}}
		m.Trans = slices.Repeat([]int32{-1}, k)
		return m
	}
	visit(0)
	for i := 0; i < len(rep); i++ {
		s := rep[i]
		m.States = append(m.States, State{Accepting: d.States[s].Accepting})
		for c := 0; c < k; c++ {
			t := d.Trans[s*k+c]
			if t < 0 || block[t] == sink {
				m.Trans = append(m.Trans, -1)
				continue
			}
			m.Trans = append(m.Trans, visit(int(t)))
		}
	}
	return m
}

// hopcroft returns the coarsest partition of d's states, and of one more
// state (numbered len(d.States)) that every missing transition goes to and
// that accepts nothing, that no input tells apart: the block of each.
func hopcroft(d *DFA) []int32 {
	n, k := len(d.States)+1, d.Classes
	sink := int32(n - 1)
	next := func(s, c int) int32 {
		if s == int(sink) {
			return sink
		}
		if t := d.Trans[s*k+c]; t >= 0 {
			return t
		}
		return sink
	}
	// from[c] lists, for each state t, the states whose class-c transition
	// goes to t: fromAt[c][t] to fromAt[c][t+1] in from[c].
	from := make([][]int32, k)
	fromAt := make([][]int32, k)
	for c := 0; c < k; c++ {
		at := make([]int32, n+1)
		for s := 0; s < n; s++ {
			at[next(s, c)+1]++
		}
		for t := 0; t < n; t++ {
			at[t+1] += at[t]
		}
		list := make([]int32, n)
		fill := slices.Clone(at[:n])
		for s := 0; s < n; s++ {
			t := next(s, c)
			list[fill[t]] = int32(s)
			fill[t]++
		}
		from[c], fromAt[c] = list, at
	}

	// The blocks are runs of elems: block b is elems[start[b]:end[b]],
	// and the first marked[b] of them are marked.
	elems := make([]int32, 0, n)
	for _, accepting := range []bool{true, false} {
		for s := 0; s < n; s++ {
			if (s < n-1 && d.States[s].Accepting) == accepting {
				elems = append(elems, int32(s))
			}
		}
	}
	loc := make([]int32, n)
	for i, s := range elems {
		loc[s] = int32(i)
	}
	block := make([]int32, n)
	var start, end, marked []int32
	accepting := 0
	for _, st := range d.States {
		if st.Accepting {
			accepting++
		}
	}
	var work []int32 // blocks still to split others by
	for _, r := range [][2]int{{0, accepting}, {accepting, n}} {
		if r[0] == r[1] {
			continue
		}
		b := int32(len(start))
		start, end, marked = append(start, int32(r[0])), append(end, int32(r[1])), append(marked, 0)
		for _, s := range elems[r[0]:r[1]] {
			block[s] = b
		}
		work = append(work, b)
	}

	var splitter, touched []int32
	for len(work) > 0 {
		a := work[len(work)-1]
		work = work[:len(work)-1]
		splitter = append(splitter[:0], elems[start[a]:end[a]]...)
		for c := 0; c < k; c++ {
			for _, t := range splitter {
				for _, s := range from[c][fromAt[c][t]:fromAt[c][t+1]] {
					b := block[s]
					i, j := loc[s], start[b]+marked[b]
					if i < j {
						continue // marked already
					}
					elems[i], elems[j] = elems[j], elems[i]
					loc[elems[i]], loc[elems[j]] = i, j
					if marked[b] == 0 {
						touched = append(touched, b)
					}
					marked[b]++
				}
			}
			// Split each touched block into its marked and unmarked
			// states; the smaller part becomes a new block, and is the
			// one to split others by (Hopcroft's "smaller half").
			for _, b := range touched {
				mid := start[b] + marked[b]
				marked[b] = 0
				if mid == end[b] {
					continue
				}
				nb := int32(len(start))
				if mid-start[b] <= end[b]-mid {
					start, end = append(start, start[b]), append(end, mid)
					start[b] = mid
				} else {
					start, end = append(start, mid), append(end, end[b])
					end[b] = mid
				}
				marked = append(marked, 0)
				for _, s := range elems[start[nb]:end[nb]] {
					block[s] = nb
				}
				work = append(work, nb)
			}
			touched = touched[:0]
		}
	}
	return block
}
