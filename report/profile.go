package report

import (
	"fmt"
	"strings"

	"github.com/rfc2396/rfc2396/parser"
)

// LookupProfile returns the RFC 2396 profile named name with the edits
// of allow added, a comma-separated list of edit codes ("" for none), as
// --profile and --allow give them; the error names what is unknown and
// lists what there is. allow is read by [ParseAllow] before any
// profile is made: a list it refuses makes none.
func LookupProfile(name, allow string) (*parser.Profile, error) {
	p, ok := parser.LookupProfile(name)
	if !ok {
		var names []string
		for _, q := range parser.Profiles() {
			names = append(names, q.Name())
		}
		return nil, fmt.Errorf("no profile %q; the profiles are %s", name, strings.Join(names, ", "))
	}
	edits, err := ParseAllow(allow)
	if err != nil {
		return nil, err
	}
	return p.With(edits...), nil
}
