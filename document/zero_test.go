package document_test

import (
	"errors"
	"strings"
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
		"Sniff":     func() { _ = document.Sniff("", nil) },
		"ParseKind": func() { _, _ = document.ParseKind("") },
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

// TestNilArguments calls the package's functions with nil and zero
// arguments: each returns an error that says which, and none panics.
func TestNilArguments(t *testing.T) {
	emit := func(*document.Reference) error { return nil }
	for name, f := range map[string]func() error{
		"Read nil reader": func() error { return document.Read(nil, document.Text, document.Options{}, emit) },
		"Read nil emit": func() error {
			return document.Read(strings.NewReader("http://a/"), document.HTML, document.Options{}, nil)
		},
		"Read bad kind": func() error {
			return document.Read(strings.NewReader("x"), document.Kind(99), document.Options{}, emit)
		},
		"FileURI empty":   func() error { _, err := document.FileURI(""); return err },
		"ParseKind empty": func() error { _, err := document.ParseKind(""); return err },
	} {
		var err error
		func() {
			defer func() {
				if r := recover(); r != nil {
					t.Errorf("%s: panic %v", name, r)
				}
			}()
			err = f()
		}()
		if err == nil {
			t.Errorf("%s: no error", name)
		}
	}
	if err := document.Read(nil, document.MIME, document.Options{}, emit); !errors.Is(err, document.ErrNilReader) {
		t.Errorf("Read(nil): %v, want ErrNilReader", err)
	}
	if err := document.Read(strings.NewReader(""), document.Text, document.Options{}, nil); !errors.Is(err, document.ErrNilEmit) {
		t.Errorf("Read(nil emit): %v, want ErrNilEmit", err)
	}
	// A zero Options and an empty input read nothing, without error.
	for _, k := range []document.Kind{document.Text, document.HTML, document.MIME} {
		n := 0
		err := document.Read(strings.NewReader(""), k, document.Options{MaxLine: -1}, func(*document.Reference) error { n++; return nil })
		if n != 0 || (err != nil && k != document.MIME) {
			t.Errorf("%s, empty input: %d references, %v", k.Code(), n, err)
		}
	}
}
