// This file reads the lists of edits that --allow (the command
// line) and allow= (the server's /api/parse, the playground) give: one
// reader, so that both refuse the same lists with the same words, before
// any profile is made of them.

package report

import (
	"fmt"
	"slices"
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
	// having more than there are edits.
	Codes int
	// Spec and Edits, for a list read for a standard
	// ([Standard.ParseAllow]), are its document and the names of its
	// edits; both are empty from [ParseAllow].
	Spec  string
	Edits []string
}

func (e *AllowError) Error() string {
	edits, n := grammar.EditSet(1<<(grammar.NumEdits+1)-2).String(), grammar.NumEdits
	if e.Spec != "" {
		edits, n = strings.Join(e.Edits, ","), len(e.Edits)
		if n == 0 {
			edits = "none"
		}
	}
	switch {
	case e.Codes > 0:
		return fmt.Sprintf("the allow list has %d codes, more than the %d edits there are: %s", e.Codes, n, edits)
	case e.Twice:
		return fmt.Sprintf("edit %q is given twice in the allow list; give it once", e.Code)
	}
	if e.Spec != "" {
		return fmt.Sprintf("no edit %q of %s; its edits are %s", e.Code, e.Spec, edits)
	}
	return fmt.Sprintf("no edit %q; the edits are %s", e.Code, edits)
}

// maxEchoCode is how much of a code an [AllowError] or a profile's name
// a [ProfileError] repeats.
const maxEchoCode = 64

// echoCode is code as an error repeats it: its first maxEchoCode bytes,
// and "…" when there were more.
func echoCode(code string) string {
	if len(code) > maxEchoCode {
		return strings.ToValidUTF8(code[:maxEchoCode], "") + "…"
	}
	return code
}

// ParseAllow reads an allow list: edit codes separated by commas, with
// spaces around each code and empty codes ignored ("" is no edit). It
// refuses, with an *[AllowError] that says which code and why, a list of
// more codes than there are edits and one (before reading any: a list may
// end with a comma), an unknown code,
// and a code given twice: so a list names at most [grammar.NumEdits]
// edits, and whoever builds a profile of it builds one.
func ParseAllow(allow string) ([]grammar.Edit, error) {
	codes, err := readAllow(allow, grammar.NumEdits, func(code string) bool { _, ok := grammar.LookupEdit(code); return ok })
	if err != nil {
		return nil, err
	}
	var edits []grammar.Edit
	for _, code := range codes {
		e, _ := grammar.LookupEdit(code)
		edits = append(edits, e)
	}
	return edits, nil
}

// ParseAllow reads an allow list of the standard as [ParseAllow] reads
// RFC 2396's: the names of its edits ([Standard.Edits]), in the list's
// order, or an *[AllowError] that names the standard and its edits.
func (s Standard) ParseAllow(allow string) ([]string, error) {
	var names []string
	for _, e := range s.Edits() {
		names = append(names, e.Name)
	}
	codes, err := readAllow(allow, len(names), func(code string) bool { return slices.Contains(names, code) })
	if e, ok := err.(*AllowError); ok {
		e.Spec, e.Edits = s.Spec, names
	}
	return codes, err
}

// readAllow reads an allow list of at most max distinct codes, each one
// that known says is an edit (see [ParseAllow]). With no edits at all
// (max 0), the first code is refused as unknown.
func readAllow(allow string, max int, known func(string) bool) ([]string, error) {
	if strings.TrimSpace(allow) == "" {
		return nil, nil
	}
	if n := strings.Count(allow, ",") + 1; n > max+1 && max > 0 {
		// Empty codes are ignored, but a list this long is refused
		// anyway: no list of distinct edits needs that many commas
		// (one more than the edits lets a list end with a comma).
		return nil, &AllowError{Codes: n}
	}
	var codes []string
	for _, code := range strings.Split(allow, ",") {
		code = strings.TrimSpace(code)
		if code == "" {
			continue
		}
		if !known(code) {
			return nil, &AllowError{Code: echoCode(code)}
		}
		if slices.Contains(codes, code) {
			return nil, &AllowError{Code: code, Twice: true}
		}
		codes = append(codes, code)
	}
	return codes, nil
}
