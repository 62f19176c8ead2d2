package uri

import (
	"errors"
	"fmt"
)

// The causes of a [LabelError] found before the IDNA conversion; an error
// from the conversion itself is golang.org/x/net/idna's, wrapped.
var (
	// ErrHostPercent: a "%" not followed by two hex digits.
	ErrHostPercent = errors.New(`"%" not followed by two hex digits`)
	// ErrHostNotUTF8: percent-encoded octets that are not UTF-8, so name
	// no characters that ToASCII could take.
	ErrHostNotUTF8 = errors.New("percent-encoded octets are not UTF-8")
	// ErrHostEmptyLabel: an empty label other than the root label after a
	// final "." (RFC 3490 ToASCII step 8 wants 1 to 63 code points).
	ErrHostEmptyLabel = errors.New("empty label")
	// ErrHostHyphen: a label that starts or ends with "-", which
	// UseSTD3ASCIIRules forbids (RFC 3490 ToASCII step 3).
	ErrHostHyphen = errors.New(`label starts or ends with "-"`)
)

// LabelError reports the label of a reg-name that [HostToASCII] could
// not convert, and why: Err is one of the ErrHost errors of this package
// or the error of golang.org/x/net/idna; errors.Is and errors.As reach it.
type LabelError struct {
	Host   string // the reg-name given
	Label  string // the label, as written in Host
	Offset int    // byte offset of Label in Host
	Err    error
}

// Error names the reg-name, the label, its offset and the cause.
func (e *LabelError) Error() string {
	return fmt.Sprintf("reg-name %q: label %q at offset %d: %v", e.Host, e.Label, e.Offset, e.Err)
}

// Unwrap returns the cause.
func (e *LabelError) Unwrap() error { return e.Err }
