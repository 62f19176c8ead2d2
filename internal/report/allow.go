// This file reads the lists of edits that --allow (the command
// line) and allow= (the server's /api/parse, the playground) give: one
// reader, so that both refuse the same lists with the same words, before
// any profile is made of them.

package report

import (
	"fmt"
	"strings"

	"github.com/rfc2396/rfc2396/grammar"
)

// An AllowError is an allow list that [ParseAllow] refuses.
type AllowError struct {
	// Code is the code refused, its first 64 bytes at most: unknown, or
	// given twice. It is "" when the list is refused for its length.
	Code string
	// Twice reports that Code is a known edit given more than once.
	Twice bool
	// Codes is the number of codes in the list, when it is refused for
	// having more than [grammar.NumEdits].
	Codes int
}

func (e *AllowError) Error() string {
	edits := grammar.EditSet(1<<(grammar.NumEdits+1) - 2).String()
	switch {
	case e.Codes > 0:
		return fmt.Sprintf("the allow list has %d codes, more than the %d edits there are: %s", e.Codes, grammar.NumEdits, edits)
	case e.Twice:
		return fmt.Sprintf("edit %q is given twice in the allow list; give it once", e.Code)
	}
	return fmt.Sprintf("no edit %q; the edits are %s", e.Code, edits)
}

// maxEchoCode is how much of a code an [AllowError] repeats.
const maxEchoCode = 64

// ParseAllow reads an allow list: edit codes separated by commas, with
// spaces around each code and empty codes ignored ("" is no edit). It
// refuses, with an *[AllowError] that says which code and why, a list of
// more codes than there are edits (before reading any), an unknown code,
// and a code given twice: so a list names at most [grammar.NumEdits]
// edits, and whoever builds a profile of it builds one.
func ParseAllow(allow string) ([]grammar.Edit, error) {
	if strings.TrimSpace(allow) == "" {
		return nil, nil
	}
	if n := strings.Count(allow, ",") + 1; n > grammar.NumEdits {
		// Empty codes are ignored, but a list this long is refused
		// anyway: no list of distinct edits needs that many commas.
		return nil, &AllowError{Codes: n}
	}
	var edits []grammar.Edit
	for _, code := range strings.Split(allow, ",") {
		code = strings.TrimSpace(code)
		if code == "" {
			continue
		}
		e, ok := grammar.LookupEdit(code)
		if !ok {
			if len(code) > maxEchoCode {
				code = strings.ToValidUTF8(code[:maxEchoCode], "") + "…"
			}
			return nil, &AllowError{Code: code}
		}
		for _, d := range edits {
			if d == e {
				return nil, &AllowError{Code: code, Twice: true}
			}
		}
		edits = append(edits, e)
	}
	return edits, nil
}
