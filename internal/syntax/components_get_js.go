//go:build js

package syntax

// Get returns component p of ref, which must be the reference s was
// filled from, and whether it is defined.
//
// In the playground's WebAssembly module it is not inlined: the accessors
// of both packages' URI call it, and inlined at their 200 uses it was 32 KB
// of the module. Natively it is (components_get_other.go, the same code).
//
//go:noinline
func (s *ComponentSpans) Get(ref string, p Part) (string, bool) {
	if !s.Has(p) {
		return "", false
	}
	return ref[s.spans[p].begin:s.spans[p].end], true
}
