package main

import (
	"flag"
	"strings"

	"github.com/rfc2396/rfc2396/grammar"
	"github.com/rfc2396/rfc2396/report"
)

// profileFlags are the --profile and --allow flags of a command.
type profileFlags struct {
	profile string
	allow   string
}

// addProfileFlags defines --profile and --allow on fs.
func addProfileFlags(fs *flag.FlagSet) *profileFlags {
	pf := new(profileFlags)
	var names []string
	for _, p := range grammar.Profiles() {
		names = append(names, p.Name)
	}
	fs.StringVar(&pf.profile, "profile", "strict", "read references under this `profile`: "+strings.Join(names, ", ")+profilesOtherStandards())
	var edits []string
	for _, e := range grammar.Edits() {
		edits = append(edits, e.Code())
	}
	fs.StringVar(&pf.allow, "allow", "", "add these grammar `edits`, comma-separated, to the profile: "+strings.Join(edits, ", ")+allowOtherStandards())
	return pf
}

// editNames returns the names of edits, comma-separated.
func editNames(edits []grammar.Edit) string {
	var names []string
	for _, e := range edits {
		names = append(names, e.Code())
	}
	return strings.Join(names, ",")
}

// profilesOtherStandards says, for --profile's help, which profiles the
// other standards offer.
func profilesOtherStandards() string {
	return otherStandards(func(s report.Standard) string {
		if len(s.ProfileList()) > 1 {
			return standardProfiles(s)
		}
		return ""
	})
}

// allowOtherStandards says, for --allow's help, which edits the other
// standards offer.
func allowOtherStandards() string {
	return otherStandards(func(s report.Standard) string {
		if len(s.Edits()) > 0 {
			return standardEdits(s)
		}
		return ""
	})
}

// otherStandards is "; with --standard NAME: " and what offered says of
// each standard other than RFC 2396 that offers something ("" for none).
func otherStandards(offered func(report.Standard) string) string {
	var parts []string
	for _, s := range report.Standards() {
		if o := offered(s); !s.ParserProfiles() && o != "" {
			parts = append(parts, "with --standard "+s.Name+": "+o)
		}
	}
	if len(parts) == 0 {
		return ""
	}
	return "; " + strings.Join(parts, "; ")
}
