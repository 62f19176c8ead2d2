package main

import (
	"flag"
	"fmt"
	"strings"

	"github.com/rfc2396/rfc2396/grammar"
	"github.com/rfc2396/rfc2396/parser"
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
	fs.StringVar(&pf.profile, "profile", "strict", "read references under this `profile`: "+strings.Join(names, ", "))
	var edits []string
	for _, e := range grammar.Edits() {
		edits = append(edits, e.Code())
	}
	fs.StringVar(&pf.allow, "allow", "", "add these grammar `edits`, comma-separated, to the profile: "+strings.Join(edits, ", "))
	return pf
}

// get returns the profile the flags name.
func (pf *profileFlags) get() (*parser.Profile, error) {
	p, ok := parser.LookupProfile(pf.profile)
	if !ok {
		var names []string
		for _, q := range parser.Profiles() {
			names = append(names, q.Name())
		}
		return nil, fmt.Errorf("no profile %q; the profiles are %s", pf.profile, strings.Join(names, ", "))
	}
	if pf.allow == "" {
		return p, nil
	}
	var edits []grammar.Edit
	for _, name := range strings.Split(pf.allow, ",") {
		e, ok := grammar.LookupEdit(strings.TrimSpace(name))
		if !ok {
			return nil, fmt.Errorf("no edit %q; the edits are %s", name, grammar.EditSet(1<<(grammar.NumEdits+1)-2))
		}
		edits = append(edits, e)
	}
	return p.With(edits...), nil
}

// editNames returns the names of edits, comma-separated.
func editNames(edits []grammar.Edit) string {
	var names []string
	for _, e := range edits {
		names = append(names, e.Code())
	}
	return strings.Join(names, ",")
}
