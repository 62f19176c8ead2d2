package main

import (
	"errors"
	"flag"
	"fmt"
	"strings"

	"github.com/rfc2396/rfc2396/conformance"
	"github.com/rfc2396/rfc2396/report"
)

// standardFlags is the --standard flag of a command, with the command's
// --profile and --allow, which name the profiles and edits of the
// standard chosen.
type standardFlags struct {
	job      report.Job
	standard string
	pf       *profileFlags
	fs       *flag.FlagSet
}

// addStandardFlags defines --standard, --profile and --allow on fs, for a
// command that does job.
func addStandardFlags(fs *flag.FlagSet, job report.Job) *standardFlags {
	sf := &standardFlags{fs: fs, job: job}
	fs.StringVar(&sf.standard, "standard", report.StandardRFC2396, "read references by this `standard`: "+standardsHelp(job))
	sf.pf = addProfileFlags(fs)
	return sf
}

// standardsHelp lists the standards of job for --standard's help.
func standardsHelp(job report.Job) string {
	var parts []string
	for _, s := range report.StandardsFor(job) {
		parts = append(parts, s.Name+" ("+s.Spec+")")
	}
	return strings.Join(parts, ", ")
}

// lookup returns the standard the flags choose, or an error for a
// standard this tool does not know or that the command does not apply
// to.
func (sf *standardFlags) lookup() (report.Standard, error) {
	s, err := report.LookupStandard(sf.standard)
	if err != nil {
		return s, fmt.Errorf("--standard: %v", err)
	}
	if !s.Does(sf.job) {
		return s, fmt.Errorf("--standard %s: this command does not apply to %s's strings; its standards are %s (parse and tree read every standard)", s.Name, s.Spec, standardChoices(sf.job))
	}
	return s, nil
}

// reader returns the reader the flags choose: the standard of
// --standard under the profile of --profile with the edits of --allow,
// the same way for every standard (report.Standard.ReaderUnder).
func (sf *standardFlags) reader() (report.Reader, error) {
	s, err := sf.lookup()
	if err != nil {
		return nil, err
	}
	rd, err := s.ReaderUnder(sf.pf.profile, sf.pf.allow)
	var pe *report.ProfileError
	switch {
	case errors.As(err, &pe):
		return nil, fmt.Errorf("--profile: no profile %q of %s; its profiles are %s", pe.Name, pe.Spec, standardProfiles(s))
	case err != nil:
		return nil, fmt.Errorf("--allow: %v", err)
	}
	return rd, nil
}

// standardChoices is the standards of job as a usage line writes them
// ("rfc2396|rfc3986").
func standardChoices(job report.Job) string {
	var names []string
	for _, s := range report.StandardsFor(job) {
		names = append(names, s.Name)
	}
	return strings.Join(names, "|")
}

// standardEdits lists the edits of a standard of the RFC 3986 family for
// a message: "zone-id (RFC 6874)".
func standardEdits(s report.Standard) string {
	var parts []string
	for _, e := range s.Edits() {
		parts = append(parts, e.Name+" ("+e.Spec+")")
	}
	if len(parts) == 0 {
		return "none"
	}
	return strings.Join(parts, ", ")
}

// standardProfiles lists the profiles of s for a message: "strict,
// rfc6874 (zone-id)".
func standardProfiles(s report.Standard) string {
	var parts []string
	for _, p := range s.ProfileList() {
		if len(p.Edits) == 0 {
			parts = append(parts, p.Name)
		} else {
			parts = append(parts, p.Name+" ("+strings.Join(p.Edits, ", ")+")")
		}
	}
	return strings.Join(parts, ", ")
}

// lookupRule finds the rule --rule names under rd; when --rule was not
// given (name is ""), the start rule of rd's grammar (URI-reference, or
// IRI-reference under RFC 3987).
func lookupRule(rd report.Reader, name string) (report.Rule, error) {
	if name == "" {
		name = rd.StartRule()
	}
	return rd.LookupRule(name)
}

// conformanceStandards lists the standards the conformance kit (vectors,
// coverage, grade) makes suites for: conformance.Standards.
func conformanceStandards() []string {
	var out []string
	for _, s := range conformance.Standards() {
		out = append(out, string(s))
	}
	return out
}
