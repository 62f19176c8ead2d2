package report

import (
	"cmp"
	"errors"
	"fmt"
	"slices"
	"strings"

	"github.com/rfc2396/rfc2396/grammar"
	"github.com/rfc2396/rfc2396/parser"
	"github.com/rfc2396/rfc2396/uri"
)

// A ProfileError is a profile name that a standard does not offer, from
// [Standard.ReaderUnder].
type ProfileError struct {
	// Name is the name given, its first 64 bytes at most; Spec the
	// standard's document ("RFC 3986"); Profiles the names of its
	// profiles, "strict" first ([Standard.ProfileNames]).
	Name, Spec string
	Profiles   []string
}

func (e *ProfileError) Error() string {
	return fmt.Sprintf("no profile %q of %s; its profiles are %s", e.Name, e.Spec, strings.Join(e.Profiles, ", "))
}

// ReaderUnder returns a reader by the standard under the named profile
// ("" is strict) with the edits of allow besides, a comma-separated list
// of edit codes as --allow and the server's allow= give it: the one way
// every tool opens a reader by a profile, whichever the standard. The
// profile is checked first, then the list: an unknown profile is a
// *[ProfileError], a list [ParseAllow] refuses an *[AllowError] (which
// names the standard and its edits), and a set of edits the standard
// cannot combine another error that names them.
func (s Standard) ReaderUnder(profile, allow string) (Reader, error) {
	profile = cmp.Or(profile, uri.StrictProfile)
	if names := s.ProfileNames(); !slices.Contains(names, profile) {
		return nil, &ProfileError{Name: echoCode(profile), Spec: s.Spec, Profiles: names}
	}
	names, err := s.ParseAllow(allow)
	if err != nil {
		return nil, err
	}
	if !s.ParserProfiles() {
		rd, err := s.NewReaderProfile(profile, names)
		if err != nil {
			return nil, errors.New(TrimStandard(err.Error()))
		}
		return rd, nil
	}
	edits := make([]grammar.Edit, len(names))
	for i, name := range names {
		edits[i], _ = grammar.LookupEdit(name) // a name of Edits
	}
	p, _ := parser.LookupProfile(profile) // a name of ProfileNames
	return NewRFC2396Reader(p.With(edits...)), nil
}
