package rfc3987

import (
	"fmt"

	"github.com/rfc2396/rfc2396/uri"
)

// The causes of a [HostError] found before the IDNA conversion; an error
// from the conversion itself is golang.org/x/net/idna's, wrapped.
var (
	// ErrHostPercent: a "%" not followed by two hex digits.
	ErrHostPercent = uri.ErrHostPercent
	// ErrHostNotUTF8: percent-encoded octets that are not UTF-8.
	ErrHostNotUTF8 = uri.ErrHostNotUTF8
	// ErrHostEmptyLabel: an empty label other than the root label.
	ErrHostEmptyLabel = uri.ErrHostEmptyLabel
	// ErrHostHyphen: a label that starts or ends with "-".
	ErrHostHyphen = uri.ErrHostHyphen
)

// HostError reports an ireg-name that [HostToASCII] could not convert:
// the label at fault and why ([uri.HostError]). Err is one of the ErrHost
// errors or golang.org/x/net/idna's; errors.Is and errors.As reach it.
type HostError struct {
	Host   string // the ireg-name given
	Label  string // the label at fault, as written in Host
	Offset int    // byte offset of Label in Host
	Err    error
}

// Error names the label, its offset and the cause.
func (e *HostError) Error() string {
	return fmt.Sprintf("rfc3987: ireg-name %q: offset %d: label %q: %v", e.Host, e.Offset, e.Label, e.Err)
}

// Unwrap returns the cause.
func (e *HostError) Unwrap() error { return e.Err }
