//go:build !js

package syntax

// Get returns component p of ref, which must be the reference s was
// filled from, and whether it is defined. (In the playground's WebAssembly
// module it is not inlined: components_get_js.go, the same code.)
func (s *ComponentSpans) Get(ref string, p Part) (string, bool) {
	if !s.Has(p) {
		return "", false
	}
	return ref[s.spans[p].begin:s.spans[p].end], true
}
