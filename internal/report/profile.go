package report

import (
	"fmt"
	"strings"

	"github.com/rfc2396/rfc2396/grammar"
	"github.com/rfc2396/rfc2396/parser"
)

// LookupProfile returns the RFC 2396 profile named name with the edits
// of allow added, a comma-separated list of edit codes ("" for none), as
// --profile and --allow give them; the error names what is unknown and
// lists what there is.
func LookupProfile(name, allow string) (*parser.Profile, error) {
	p, ok := parser.LookupProfile(name)
	if !ok {
		var names []string
		for _, q := range parser.Profiles() {
			names = append(names, q.Name())
		}
		return nil, fmt.Errorf("no profile %q; the profiles are %s", name, strings.Join(names, ", "))
	}
	if allow == "" {
		return p, nil
	}
	var edits []grammar.Edit
	for _, code := range strings.Split(allow, ",") {
		e, ok := grammar.LookupEdit(strings.TrimSpace(code))
		if !ok {
			return nil, fmt.Errorf("no edit %q; the edits are %s", code, grammar.EditSet(1<<(grammar.NumEdits+1)-2))
		}
		edits = append(edits, e)
	}
	return p.With(edits...), nil
}
