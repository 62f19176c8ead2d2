package site

import (
	"slices"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
)

// TestSortGrammars checks sortGrammars against slices.SortStableFunc, with
// the same order, on every permutation of a list of grammars: the parsed
// one, the others, and two of the same name (told apart by Spec, to see
// that equal ones keep their order).
func TestSortGrammars(t *testing.T) {
	base := []*Grammar{
		{Name: "rfc2396", Parsed: true},
		{Name: "java"},
		{Name: "rfc2732"},
		{Name: "rfc2732-intent"},
		{Name: "rfc3986", Spec: "first"},
		{Name: "rfc3986", Spec: "second"},
	}
	name := func(g *Grammar) string { return g.Name + "/" + g.Spec }
	var permute func(k int)
	n := 0
	permute = func(k int) {
		if k == len(base) {
			n++
			got, want := slices.Clone(base), slices.Clone(base)
			sortGrammars(got)
			slices.SortStableFunc(want, func(a, b *Grammar) int {
				if a.Parsed != b.Parsed {
					if a.Parsed {
						return -1
					}
					return 1
				}
				return strings.Compare(a.Name, b.Name)
			})
			if diff := cmp.Diff(mapNames(want, name), mapNames(got, name)); diff != "" {
				t.Fatalf("sortGrammars(%q) (-want +got):\n%s", mapNames(base, name), diff)
			}
			return
		}
		for i := k; i < len(base); i++ {
			base[k], base[i] = base[i], base[k]
			permute(k + 1)
			base[k], base[i] = base[i], base[k]
		}
	}
	permute(0)
	if n != 720 {
		t.Errorf("%d permutations, want 720", n)
	}
}

func mapNames(gs []*Grammar, name func(*Grammar) string) []string {
	var out []string
	for _, g := range gs {
		out = append(out, name(g))
	}
	return out
}
