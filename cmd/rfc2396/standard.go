package main

import (
	"bufio"
	"flag"
	"fmt"
	"strings"

	g3986 "github.com/rfc2396/rfc2396/grammar/rfc3986"
	"github.com/rfc2396/rfc2396/parser"
	"github.com/rfc2396/rfc2396/rfc3986"
)

// The values of --standard.
const (
	standardRFC2396 = "rfc2396"
	standardRFC3986 = "rfc3986"
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
	fs.StringVar(&sf.standard, "standard", standardRFC2396, "read references by this `standard`: rfc2396 (Appendix A, under --profile and --allow) or rfc3986 (RFC 3986 Appendix A)")
	sf.pf = addProfileFlags(fs)
	return sf
}

// rfc3986 reports whether the flags choose RFC 3986, or an error for a
// standard this tool does not know or for RFC 2396 profile flags given
// with RFC 3986.
func (sf *standardFlags) rfc3986() (bool, error) {
	switch sf.standard {
	case standardRFC2396:
		return false, nil
	case standardRFC3986:
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

// lookupRule3986 returns the RFC 3986 rule named name, or an error that
// lists the rules.
func lookupRule3986(name string) (g3986.Rule, error) {
	r, ok := g3986.Lookup(name)
	if !ok {
		return 0, fmt.Errorf("no rule named %q in RFC 3986 Appendix A; its rules are: %s", name, strings.Join(g3986.Names(), " "))
	}
	return r, nil
}

// wholeReference3986 reports the RFC 3986 rules whose strings are whole
// references, for which parse shows components.
func wholeReference3986(r g3986.Rule) bool {
	return r == g3986.RuleURIReference || r == g3986.RuleURI || r == g3986.RuleAbsoluteURI || r == g3986.RuleRelativeRef
}

// runParse3986 is parse --standard rfc3986.
func runParse3986(inv *invocation, rule g3986.Rule, asJSON bool, files []string) int {
	var u rfc3986.URI
	return runBatch(inv, inv.args, files, "invalid", func(out *bufio.Writer, in string) bool {
		var err error
		if rule == g3986.RuleURIReference {
			err = rfc3986.ParseInto(&u, in)
		} else if err = rfc3986.Match(rule, in); err == nil && wholeReference3986(rule) {
			err = rfc3986.ParseInto(&u, in)
		}
		var shown *rfc3986.URI
		if err == nil && wholeReference3986(rule) {
			shown = &u
		}
		if asJSON {
			writeParse3986JSON(out, in, rule, shown, err)
		} else {
			writeParse3986Human(out, in, rule, shown, err)
		}
		return err == nil
	})
}

// writeParse3986JSON writes one line:
//
//	{"input","valid","standard","rule","error",
//	 "scheme","authority","userinfo","host","port","path","query",
//	 "fragment","host_kind"}
//
// Components are null when undefined, and all of them are null for an
// invalid input or for a rule that is not a whole reference.
func writeParse3986JSON(w *bufio.Writer, in string, rule g3986.Rule, u *rfc3986.URI, err error) {
	o := beginObject(w)
	o.str("input", in)
	o.boolean("valid", err == nil)
	o.str("standard", standardRFC3986)
	o.str("rule", rule.String())
	writeJSONError(&o, err, "input")
	if u == nil {
		for _, k := range [...]string{"scheme", "authority", "userinfo", "host", "port", "path", "query", "fragment", "host_kind"} {
			o.null(k)
		}
		o.end(true)
		return
	}
	o.component("scheme", parser.Component(u.Scheme()))
	o.component("authority", parser.Component(u.Authority()))
	o.component("userinfo", parser.Component(u.UserInfo()))
	o.component("host", parser.Component(u.Host()))
	o.component("port", parser.Component(u.Port()))
	o.str("path", u.Path())
	o.component("query", parser.Component(u.Query()))
	o.component("fragment", parser.Component(u.Fragment()))
	o.strOrNull("host_kind", u.HostKind().Code(), u.HostKind() == rfc3986.NoHost)
	o.end(true)
}

// writeParse3986Human writes a heading line, then the components of a
// valid reference or the error with its caret.
func writeParse3986Human(w *bufio.Writer, in string, rule g3986.Rule, u *rfc3986.URI, err error) {
	if err != nil {
		fmt.Fprintf(w, "%s: invalid %s (RFC 3986)\n", shortDisplay(in), rule)
		writeErrorDetail(w, err)
		return
	}
	fmt.Fprintf(w, "%s: valid %s (RFC 3986)\n", shortDisplay(in), rule)
	if u == nil {
		return
	}
	kind := "absolute"
	if !u.IsAbsolute() {
		kind = "relative"
	}
	row := func(name string, c rfc3986.Component, note string) {
		writeComponentRow(w, name, parser.Component(c), note)
	}
	writeComponentRow(w, "kind", parser.Some(kind), "")
	row("scheme", u.Scheme(), "")
	row("authority", u.Authority(), "")
	row("userinfo", u.UserInfo(), "")
	hk := ""
	if u.HostKind() != rfc3986.NoHost {
		hk = u.HostKind().String()
	}
	row("host", u.Host(), hk)
	row("port", u.Port(), "")
	writeComponentRow(w, "path", parser.Some(u.Path()), "")
	row("query", u.Query(), "")
	row("fragment", u.Fragment(), "")
}

// runTree3986 is tree --standard rfc3986.
func runTree3986(inv *invocation, rule g3986.Rule, all bool) int {
	in := inv.args[0]
	out := inv.output()
	root, err := rfc3986.ParseTree(rule, in)
	if err != nil {
		fmt.Fprintf(out, "%s: invalid %s (RFC 3986)\n", shortDisplay(in), rule)
		writeErrorDetail(out, err)
		return 1
	}
	writeTree(out, in, root, all, func(n *rfc3986.Node) (fmt.Stringer, int, int, bool, []*rfc3986.Node) {
		return n.Rule, n.Begin, n.End, n.Rule.IsCharacterLevel(), n.Children
	})
	return 0
}

// runResolve3986 is resolve --standard rfc3986: section 5.2 of RFC 3986,
// strict unless nonStrict.
func runResolve3986(inv *invocation, asJSON, nonStrict bool, files []string) int {
	base := inv.args[0]
	var opts []rfc3986.ResolveOption
	if nonStrict {
		opts = append(opts, rfc3986.BackwardsCompatibleScheme())
	}
	return runBatch(inv, inv.args[1:], files, "not resolved", func(out *bufio.Writer, ref string) bool {
		result, warnings, err := rfc3986.Resolve(base, ref, opts...)
		if asJSON {
			o := beginObject(out)
			o.str("base", base)
			o.str("ref", ref)
			o.str("standard", standardRFC3986)
			o.strOrNull("result", result, err != nil)
			writeJSONError(&o, err, "ref")
			writeJSONWarnings(&o, warnings)
			o.end(true)
			return err == nil
		}
		writeResolution(out, ref, result, err, warnings)
		return err == nil
	})
}

// runNormalize3986 is normalize --standard rfc3986: sections 6.2.2 and
// 6.2.3 of RFC 3986.
func runNormalize3986(inv *invocation, asJSON bool, files []string) int {
	return runBatch(inv, inv.args, files, "invalid", func(out *bufio.Writer, ref string) bool {
		n, err := rfc3986.Normalize(ref)
		if asJSON {
			o := beginObject(out)
			o.str("input", ref)
			o.str("standard", standardRFC3986)
			o.strOrNull("result", n, err != nil)
			writeJSONError(&o, err, "input")
			o.end(true)
		} else if err != nil {
			fmt.Fprintf(out, "%s: invalid URI-reference (RFC 3986)\n", shortDisplay(ref))
			writeErrorDetail(out, err)
		} else {
			fmt.Fprintln(out, n)
		}
		return err == nil
	})
}
