// This file finds an error of a given type in an error's chain, as
// errors.As does, but without reflection: As is a generic function, so
// the type to find is known when it is compiled. It is Go 1.26's
// errors.AsType for a module that still says go 1.25. The playground's
// WebAssembly module uses it instead of errors.As, which brought 57 KB of
// reflection into the module (internal/reflectlite's Value and
// assignability); see docs/design-notes.md, "The playground module's size".

package syntax

// ErrorAs reports whether err's chain holds an error of type E, and returns the
// first one. The chain is err, then what its Unwrap method returns, depth
// first through an Unwrap that returns several errors, as errors.As walks
// it; an error with a method As(any) bool that returns true when given a
// *E is taken too, with what that method stored, as errors.As does.
func ErrorAs[E error](err error) (E, bool) {
	var found E
	ok := find(err, &found)
	return found, ok
}

// find is ErrorAs's walk, which stores the error found in *found.
func find[E error](err error, found *E) bool {
	for err != nil {
		if e, ok := err.(E); ok {
			*found = e
			return true
		}
		if x, ok := err.(interface{ As(any) bool }); ok && x.As(found) {
			return true
		}
		switch x := err.(type) {
		case interface{ Unwrap() error }:
			err = x.Unwrap()
		case interface{ Unwrap() []error }:
			for _, e := range x.Unwrap() {
				if find(e, found) {
					return true
				}
			}
			return false
		default:
			return false
		}
	}
	return false
}
