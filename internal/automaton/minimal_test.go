package automaton

import (
	"math/rand/v2"
	"slices"
	"testing"
)

// TestMinimal: on random automata, Minimal's result accepts exactly what
// the automaton does, has exactly as many states as the automaton has
// reachable states with different futures that accept something, and
// numbers them from the start state, each reachable and each able to
// accept.
func TestMinimal(t *testing.T) {
	rng := rand.New(rand.NewPCG(2396, 3986))
	for trial := 0; trial < 400; trial++ {
		d := randomDFA(rng, 1+rng.IntN(8), 1+rng.IntN(3))
		m := Minimal(d)
		if m.Classes != d.Classes || m.ClassOf != d.ClassOf {
			t.Fatalf("trial %d: the classes changed", trial)
		}
		inputs := allInputs(d.Classes, len(d.States)+1)
		for _, in := range inputs {
			if got, want := runClasses(m, in), runClasses(d, in); got != want {
				t.Fatalf("trial %d: %v: the minimal automaton says %v, the automaton %v\n%+v", trial, in, got, want, d)
			}
		}
		if got, want := len(m.States), max(1, futures(d, inputs)); got != want {
			t.Errorf("trial %d: %d states, want %d\n%+v", trial, got, want, d)
		}
		if futures(d, inputs) > 0 {
			checkTrim(t, m)
		}
	}
}

// TestMinimalChain: a chain of states, each a different distance from the
// one accepting state, has no two states alike; Hopcroft's refinement
// takes it apart without a pass per state.
func TestMinimalChain(t *testing.T) {
	const n = 1 << 15
	d := &DFA{Classes: 1, Trans: make([]int32, n), States: make([]State, n)}
	for i := range d.Trans {
		d.Trans[i] = int32(i + 1)
	}
	d.Trans[n-1] = -1
	d.States[n-1].Accepting = true
	if m := Minimal(d); len(m.States) != n {
		t.Errorf("%d states, want %d", len(m.States), n)
	}
	d.States[n-1].Accepting = false
	if m := Minimal(d); len(m.States) != 1 || m.States[0].Accepting || m.Trans[0] != -1 {
		t.Errorf("the empty language: %+v", m)
	}
}

// randomDFA returns an automaton of n states and k classes (bytes 0 to
// k-1 each a class of its own, the rest in class 0) with random
// transitions, some missing, and random accepting states.
func randomDFA(rng *rand.Rand, n, k int) *DFA {
	d := &DFA{Classes: k, Trans: make([]int32, n*k), States: make([]State, n)}
	for b := 0; b < k; b++ {
		d.ClassOf[b] = uint8(b)
	}
	for i := range d.Trans {
		d.Trans[i] = int32(rng.IntN(n+1)) - 1
	}
	for s := range d.States {
		d.States[s].Accepting = rng.IntN(3) == 0
	}
	return d
}

// allInputs returns every sequence of classes of length at most n.
func allInputs(k, n int) [][]int {
	out := [][]int{nil}
	for last := out; n > 0; n-- {
		var next [][]int
		for _, in := range last {
			for c := 0; c < k; c++ {
				next = append(next, append(slices.Clone(in), c))
			}
		}
		out, last = append(out, next...), next
	}
	return out
}

// runClasses reports whether d accepts the sequence of classes in, from
// state 0.
func runClasses(d *DFA, in []int) bool {
	s, ok := runFrom(d, 0, in)
	return ok && d.States[s].Accepting
}

func runFrom(d *DFA, s int32, in []int) (int32, bool) {
	for _, c := range in {
		if s = d.Trans[int(s)*d.Classes+c]; s < 0 {
			return 0, false
		}
	}
	return s, true
}

// futures counts the states of d that some input reaches and that some
// input then takes to acceptance, counting states that accept the same
// inputs from there once. Two states of an automaton of n states that
// accept differently do so on an input shorter than n, so inputs need
// hold only those.
func futures(d *DFA, inputs [][]int) int {
	reached := map[int32]bool{}
	for _, in := range inputs {
		if s, ok := runFrom(d, 0, in); ok {
			reached[s] = true
		}
	}
	seen := map[string]bool{}
	for s := range reached {
		var future []byte
		for _, f := range inputs {
			if len(f) < len(d.States) {
				t, ok := runFrom(d, s, f)
				future = append(future, boolByte(ok && d.States[t].Accepting))
			}
		}
		if slices.Contains(future, 1) {
			seen[string(future)] = true
		}
	}
	return len(seen)
}

func boolByte(b bool) byte {
	if b {
		return 1
	}
	return 0
}

// checkTrim checks that every state of m is reached from state 0 in the
// order of a breadth-first walk and can reach acceptance.
func checkTrim(t *testing.T, m *DFA) {
	t.Helper()
	k := m.Classes
	order := []int32{0}
	seen := map[int32]bool{0: true}
	for i := 0; i < len(order); i++ {
		for c := 0; c < k; c++ {
			if n := m.Trans[int(order[i])*k+c]; n >= 0 && !seen[n] {
				seen[n] = true
				order = append(order, n)
			}
		}
	}
	for i, s := range order {
		if int(s) != i {
			t.Fatalf("state %d is the %d-th a breadth-first walk reaches", s, i)
		}
	}
	if len(order) != len(m.States) {
		t.Fatalf("%d of %d states reachable", len(order), len(m.States))
	}
	// A state can accept if it does, or if a state it reaches can.
	live := make([]bool, len(m.States))
	for changed := true; changed; {
		changed = false
		for s := range m.States {
			for c := 0; c < k && !live[s]; c++ {
				if n := m.Trans[s*k+c]; m.States[s].Accepting || n >= 0 && live[n] {
					live[s], changed = true, true
				}
			}
		}
	}
	for s, ok := range live {
		if !ok {
			t.Fatalf("state %d accepts nothing", s)
		}
	}
}
