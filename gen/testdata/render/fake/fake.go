// Package fake is the data of render_test.go's templates: one of each
// kind of value the compiler refuses or takes.
package fake

import "github.com/rfc2396/rfc2396/internal/safeout"

type data struct {
	Name   string
	H      safeout.HTML
	M      map[string]string
	F      float64
	Items  []string
	hidden string
}

func (d *data) Join(s ...string) string { return "" }
func (d *data) Pair() (string, string)  { return "", "" }
func (d *data) Use() string             { return d.hidden }
