package document_test

import (
	"testing"

	"github.com/rfc2396/rfc2396/document"
)

// TestZeroValues calls the methods of the package's exported types on nil
// and zero values and out-of-range enums: none panics.
func TestZeroValues(t *testing.T) {
	for name, f := range map[string]func(){
		"AbbreviatedError":   func() { _ = (*document.AbbreviatedError)(nil).Error() },
		"FormatError":        func() { _ = (*document.FormatError)(nil).Error() },
		"FormatError.Unwrap": func() { _ = (*document.FormatError)(nil).Unwrap() },
		"LimitError":         func() { _ = (*document.LimitError)(nil).Error() },
		"NoBaseError":        func() { _ = (*document.NoBaseError)(nil).Error() },
		"zero errors": func() {
			_ = (&document.AbbreviatedError{}).Error()
			_ = (&document.FormatError{}).Error()
			_ = (&document.LimitError{}).Error()
			_ = (&document.NoBaseError{}).Error()
		},
		"Reference": func() { _ = (*document.Reference)(nil).Valid(); _ = (&document.Reference{}).Valid() },
		"Kind":      func() { _, _ = document.Kind(99).Code(), document.Kind(99).String() },
		"Source":    func() { _, _ = document.Source(99).Code(), document.Source(99).String() },
	} {
		func() {
			defer func() {
				if r := recover(); r != nil {
					t.Errorf("%s: panic %v", name, r)
				}
			}()
			f()
		}()
	}
}
