// This file applies functional options, as both public packages'
// resolution options are.

package syntax

// ApplyOptions returns the configuration opts make of C's zero value, skipping
// nil options. With no option it returns at once: a caller that passes
// none pays for no configuration on the heap.
func ApplyOptions[C any, O ~func(*C)](opts []O) C {
	if len(opts) == 0 {
		var zero C // not c: the options take c's address, which moves c to the heap
		return zero
	}
	var c C
	for _, o := range opts {
		if o != nil {
			o(&c)
		}
	}
	return c
}
