package main

import (
	"flag"
	"fmt"

	"github.com/rfc2396/rfc2396/internal/report"
)

// standardFlags is the --standard flag of a command, with the command's
// --profile and --allow, which only RFC 2396 has.
type standardFlags struct {
	standard string
	pf       *profileFlags
	fs       *flag.FlagSet
}

// addStandardFlags defines --standard, --profile and --allow on fs.
func addStandardFlags(fs *flag.FlagSet) *standardFlags {
	sf := &standardFlags{fs: fs}
	fs.StringVar(&sf.standard, "standard", report.StandardRFC2396, "read references by this `standard`: rfc2396 (Appendix A, under --profile and --allow) or rfc3986 (RFC 3986 Appendix A)")
	sf.pf = addProfileFlags(fs)
	return sf
}

// rfc3986 reports whether the flags choose RFC 3986, or an error for a
// standard this tool does not know or for RFC 2396 profile flags given
// with RFC 3986.
func (sf *standardFlags) rfc3986() (bool, error) {
	switch sf.standard {
	case report.StandardRFC2396:
		return false, nil
	case report.StandardRFC3986:
		// Refused when given at all, even as --profile strict: RFC 3986
		// has no profiles, and a flag that is accepted but means nothing
		// would suggest it has.
		given := false
		sf.fs.Visit(func(f *flag.Flag) { given = given || f.Name == "profile" || f.Name == "allow" })
		if given {
			return false, fmt.Errorf("--profile and --allow choose edits of RFC 2396's grammar; they do not apply with --standard rfc3986")
		}
		return true, nil
	}
	return false, fmt.Errorf("--standard must be rfc2396 or rfc3986, not %q", sf.standard)
}

// reader returns the reader the flags choose: RFC 2396 under the profile
// of --profile and --allow, or RFC 3986.
func (sf *standardFlags) reader() (report.Reader, error) {
	is3986, err := sf.rfc3986()
	if err != nil {
		return nil, err
	}
	if is3986 {
		return &report.RFC3986Reader{}, nil
	}
	p, err := sf.pf.get()
	if err != nil {
		return nil, err
	}
	return report.NewRFC2396Reader(p), nil
}
