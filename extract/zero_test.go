package extract_test

import (
	"fmt"
	"testing"

	"github.com/rfc2396/rfc2396/extract"
)

// TestZeroValues calls every exported function and method of the package
// with nil and zero values: each works, and none panics.
func TestZeroValues(t *testing.T) {
	defer func() {
		if r := recover(); r != nil {
			t.Fatalf("panic: %v", r)
		}
	}()
	if got := extract.Find(nil); len(got) != 0 {
		t.Errorf("Find(nil) = %v", got)
	}
	if got := extract.Find([]byte("see <http://a/b>"), nil); len(got) != 1 || got[0].URI != "http://a/b" {
		t.Errorf("Find with a nil option = %+v", got)
	}
	var nilStream *extract.Stream
	if refs, abbrs, cut := nilStream.Next(nil, 0, true); len(refs)+len(abbrs)+cut != 0 {
		t.Errorf("nil *Stream: %v %v %d", refs, abbrs, cut)
	}
	if refs, _, cut := new(extract.Stream).Next([]byte("<http://a/b>"), 0, false); len(refs) != 1 || cut != 12 {
		t.Errorf("zero Stream: %v %d", refs, cut)
	}
	if refs, _, cut := extract.NewStream(nil).Next([]byte("<http://a/\n"), 0, true); len(refs) != 0 || cut != 0 {
		t.Errorf("NewStream(nil), an open bracket: %v %d", refs, cut)
	}
	var nilRef *extract.Reference
	if nilRef.Valid() || nilRef.InputOffset(0) != -1 {
		t.Errorf("nil *Reference: Valid %v, InputOffset %d", nilRef.Valid(), nilRef.InputOffset(0))
	}
	var zero extract.Reference
	if !zero.Valid() || zero.InputOffset(-1) != 0 || zero.InputOffset(5) != 0 {
		t.Errorf("zero Reference: Valid %v, InputOffset %d %d", zero.Valid(), zero.InputOffset(-1), zero.InputOffset(5))
	}
	refs := extract.Find([]byte("x <http://a/b\n  c> y"))
	if len(refs) != 1 {
		t.Fatalf("Find: %+v", refs)
	}
	if got := refs[0].InputOffset(-1); got != refs[0].Offset {
		t.Errorf("InputOffset(-1) = %d, want Offset %d", got, refs[0].Offset)
	}
	if got := refs[0].InputOffset(1 << 20); got != refs[0].End {
		t.Errorf("InputOffset past the end = %d, want End %d", got, refs[0].End)
	}
	for _, s := range []fmt.Stringer{extract.Delimiter(255), extract.NoteKind(255), extract.Note{}} {
		if s.String() == "" {
			t.Errorf("%T zero/unknown value has an empty String", s)
		}
	}
	_, _ = extract.Delimiter(255).Code(), extract.NoteKind(255).Code()
}

// TestKnownSchemesIsACopy checks that changing what KnownSchemes returns
// changes nothing in Find: no exported mutable variable is read by the
// package.
func TestKnownSchemesIsACopy(t *testing.T) {
	text := []byte("call tel:12345678 now")
	before := extract.Find(text)
	schemes := extract.KnownSchemes()
	for i := range schemes {
		schemes[i] = "x"
	}
	if after := extract.Find(text); len(after) != len(before) || len(before) != 1 {
		t.Errorf("Find after changing KnownSchemes' result: %d references, before %d", len(after), len(before))
	}
	if extract.KnownSchemes()[0] == "x" {
		t.Error("KnownSchemes returns the package's own slice")
	}
}
