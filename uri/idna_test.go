//go:build !playground

package uri_test

import (
	"errors"
	"testing"

	"github.com/rfc2396/rfc2396/uri"
)

// TestHostToASCIIError: the error names the label at fault and its
// offset, and wraps the cause.
func TestHostToASCIIError(t *testing.T) {
	if got, err := uri.HostToASCII("r%C3%A9sum%C3%A9.example.org."); err != nil || got != "xn--rsum-bpad.example.org." {
		t.Errorf("HostToASCII = %q, %v", got, err)
	}
	_, err := uri.HostToASCII("a.-b.c")
	var le *uri.LabelError
	if !errors.As(err, &le) || le.Label != "-b" || le.Offset != 2 || le.Host != "a.-b.c" || err.Error() != `reg-name "a.-b.c": label "-b" at offset 2: label starts or ends with "-"` || !errors.Is(err, uri.ErrHostHyphen) {
		t.Errorf("HostToASCII(%q) error = %v", "a.-b.c", err)
	}
}
