package main

import (
	"bufio"
	"flag"
	"fmt"

	"github.com/rfc2396/rfc2396/parser"
	"github.com/rfc2396/rfc2396/report"
	"github.com/rfc2396/rfc2396/rfc3987"
	"github.com/rfc2396/rfc2396/uri"
)

func resolveCommand() *command {
	return &command{
		name:    "resolve",
		streams: readsLines | writesResults | runsJobs,
		summary: "resolve references against a base (section 5.2)",
		usage:   "resolve [--standard " + standardChoices(report.JobResolve) + "] [--json | -q [--summary]] [--compat-scheme] [--dotdot keep|remove|refuse] [--profile NAME] [--allow EDIT,...] [-f FILE]... BASE [REF ...]",
		about: `Resolves each REF (with none, each line of standard input; "-" reads standard
input there) against the absolute URI BASE by RFC 2396 section 5.2, and
prints the result with the warnings of the resolution: where the result
relies on a gap of the RFC or on a choice it leaves open. --standard rfc3986
resolves by RFC 3986 section 5.2 instead (dot segments above the root are
always removed there; --compat-scheme is its non-strict reading). Exit
status: 0 all resolved, 1 some not, 2 on a usage, read or write error.`,
		setup: func(fs *flag.FlagSet) func(*invocation) int {
			asJSON := fs.Bool("json", false, `print one JSON object per reference: {"base","ref","result","error","warnings"}`)
			compat := fs.Bool("compat-scheme", false, `drop a scheme equal to the base's, for backwards compatibility (section 5.2 step 3: "http:g" resolves as "g")`)
			dotdot := fs.String("dotdot", "keep", "what to do with \"..\" above the root (section 5.2 step 6g): `keep` (as Appendix C), remove, or refuse")
			files := addFileFlag(fs)
			sf := addStandardFlags(fs, report.JobResolve)
			quiet := addQuietFlags(fs)
			return func(inv *invocation) int {
				inv.quiet = quiet
				if len(inv.args) < 1 {
					inv.flags.Usage()
					return 2
				}
				rd, err := sf.reader()
				if err == nil && report.RFC3986Family(rd) && *dotdot != parser.KeepDotDot.Code() {
					err = fmt.Errorf("--dotdot is RFC 2396's open choice; RFC 3986 section 5.2.4 always removes \"..\" above the root")
				}
				if err == nil {
					err = exclusive(inv.flags, []string{"json"}, []string{"q", "quiet"})
				}
				if err != nil {
					inv.warnf("%v", err)
					return 2
				}
				configure := func(rd report.Reader) error {
					switch rd := rd.(type) {
					case report.CoreReader:
						if *compat {
							rd.AddResolveOptions(uri.BackwardsCompatibleScheme())
						}
					case *report.RFC2396Reader:
						if *compat {
							rd.ResolveOpts = append(rd.ResolveOpts, parser.BackwardsCompatibleScheme())
						}
						switch *dotdot {
						case parser.KeepDotDot.Code():
						case parser.RemoveDotDot.Code():
							rd.ResolveOpts = append(rd.ResolveOpts, parser.DotDotAboveRoot(parser.RemoveDotDot))
						case parser.RefuseDotDot.Code(), "error":
							rd.ResolveOpts = append(rd.ResolveOpts, parser.DotDotAboveRoot(parser.RefuseDotDot))
						default:
							return fmt.Errorf("--dotdot must be keep, remove or refuse, not %q", *dotdot)
						}
					}
					return nil
				}
				if err := configure(rd); err != nil {
					inv.warnf("%v", err)
					return 2
				}
				first := true
				newReader := func() report.Reader {
					if first {
						first = false
						return rd
					}
					rd, _ := sf.reader()
					configure(rd)
					return rd
				}
				return runResolve(inv, rd, newReader, *asJSON, *files)
			}
		},
	}
}

// runResolve resolves each reference against the base under the reader,
// whichever the standard: rd, and one from newReader for each worker (the
// first is rd).
func runResolve(inv *invocation, rd report.Reader, newReader func() report.Reader, asJSON bool, files []string) int {
	base := inv.args[0]
	if asJSON {
		inv.tooLongRecord = tooLongJSON(func(o *report.Object) { o.Str("base", base) }, "ref", func(o *report.Object) { writeStandard(o, rd); o.Null("result") })
	}
	quiet := inv.quiet != nil && inv.quiet.quiet
	return runBatch(inv, inv.args[1:], files, "not resolved", func() refFunc {
		rd := newReader()
		var jb report.Buffer // one JSON line, written whole (a long string as it goes)
		return func(s *sink, ref string) bool {
			out := s.out
			result, warnings, err := rd.Resolve(base, ref)
			if quiet {
				if err != nil {
					s.problem(out, ref, err)
				}
				return err == nil
			}
			if asJSON {
				jb.Out = out
				jb.Reset()
				o := report.BeginObject(&jb)
				o.Str("base", base)
				o.Str("ref", ref)
				writeStandard(&o, rd)
				o.StrOrNull("result", result, err != nil)
				report.WriteError(&o, err, "ref")
				writeJSONWarnings(&o, warnings)
				o.End(true)
				s.write(jb.B)
				return err == nil
			}
			writeResolution(out, ref, result, err, warnings)
			return err == nil
		}
	})
}

// writeStandard writes the "standard" and "profile" members of o (the
// profile null under RFC 3986).
func writeStandard(o *report.Object, rd report.Reader) {
	o.Str("standard", rd.Standard())
	o.StrOrNull("profile", rd.Profile(), rd.Profile() == "")
}

// writeJSONWarnings writes the "warnings" member of o: an array of
// {"code","message"}.
func writeJSONWarnings[W report.Warning](o *report.Object, warnings []W) {
	o.Key("warnings")
	o.W.WriteByte('[')
	for i, w := range warnings {
		if i > 0 {
			o.W.WriteByte(',')
		}
		wo := report.BeginObject(o.W)
		wo.Str("code", w.Code())
		wo.Str("message", w.String())
		wo.End(false)
	}
	o.W.WriteByte(']')
}

// writeResolution writes the text line of one resolution, the error under
// it, and its warnings.
func writeResolution[W report.Warning](out *bufio.Writer, ref, result string, err error, warnings []W) {
	// Written piece by piece: fmt would box each string, two allocations
	// a reference.
	out.WriteString(shortDisplay(ref))
	if err != nil {
		out.WriteString(": not resolved\n")
		writeErrorDetail(out, err)
	} else {
		out.WriteString(" -> ")
		out.WriteString(result)
		out.WriteByte('\n')
	}
	for _, w := range warnings {
		fmt.Fprintf(out, "  warning %s: %s\n", w.Code(), w)
	}
}

func normalizeCommand() *command {
	return &command{
		name:    "normalize",
		streams: readsLines | writesResults | runsJobs,
		summary: "print the normal form of references (section 6)",
		usage:   "normalize [--standard " + standardChoices(report.JobCompare) + "] [--to-iri] [--json | -q [--summary]] [--profile NAME] [--allow EDIT,...] [-f FILE]... [REF ...]",
		about: `Prints the normal form (RFC 2396 section 6) of each REF (with none, each line
of standard input; "-" reads standard input there): scheme and server host
in lower case, escapes in upper case, empty and default ports dropped, "."
and ".." segments removed. Nothing is unescaped. --standard rfc3986
normalizes by RFC 3986 sections 6.2.2 and 6.2.3, which also decodes
percent-encoded unreserved characters; --standard rfc3987 reads IRIs and
normalizes them the same way (RFC 3987 section 5.3). --to-iri (under
rfc3986 or rfc3987) converts the normal form to an IRI by RFC 3987
section 3.2: percent-encoded UTF-8 of characters an IRI may hold is
decoded.`,
		setup: func(fs *flag.FlagSet) func(*invocation) int {
			asJSON := fs.Bool("json", false, `print one JSON object per reference: {"input","profile","result","error"}`)
			toIRI := fs.Bool("to-iri", false, "convert the normal form to an IRI (RFC 3987 section 3.2); not under rfc2396")
			files := addFileFlag(fs)
			sf := addStandardFlags(fs, report.JobCompare)
			quiet := addQuietFlags(fs)
			return func(inv *invocation) int {
				inv.quiet = quiet
				rd, err := sf.reader()
				if err == nil && *toIRI && !report.RFC3986Family(rd) {
					err = fmt.Errorf("--to-iri maps a URI of RFC 3986 to an IRI of RFC 3987; it does not apply with --standard %s", rd.Standard())
				}
				if err == nil {
					err = exclusive(inv.flags, []string{"json"}, []string{"q", "quiet"})
				}
				if err != nil {
					inv.warnf("%v", err)
					return 2
				}
				if *asJSON {
					inv.tooLongRecord = tooLongJSON(nil, "input", func(o *report.Object) { writeStandard(o, rd); o.Null("result") })
				}
				first := true
				return runBatch(inv, inv.args, *files, "invalid", func() refFunc {
					rd := rd
					if !first {
						rd, _ = sf.reader() // a reader for each worker
					}
					first = false
					var jb report.Buffer // one JSON line, written whole (a long string as it goes)
					return func(s *sink, ref string) bool {
						out := s.out
						n, err := rd.Normalize(ref)
						if err == nil && *toIRI {
							n = rfc3987.ToIRI(n)
						}
						if quiet.quiet {
							if err != nil {
								s.problem(out, ref, err)
							}
							return err == nil
						}
						if *asJSON {
							jb.Out = out
							jb.Reset()
							o := report.BeginObject(&jb)
							o.Str("input", ref)
							writeStandard(&o, rd)
							o.StrOrNull("result", n, err != nil)
							report.WriteError(&o, err, "input")
							o.End(true)
							s.write(jb.B)
						} else if err != nil {
							what := "invalid " + rd.StartRule()
							if isComposeError(err) {
								// Valid, but the normal form is not, under
								// an edited grammar.
								what = "no normal form under the grammar in force"
							}
							fmt.Fprintf(out, "%s: %s%s\n", shortDisplay(ref), what, headingSuffix(rd))
							writeErrorDetail(out, err)
						} else {
							out.WriteString(n)
							out.WriteByte('\n')
						}
						return err == nil
					}
				})
			}
		},
	}
}

func relativizeCommand() *command {
	return &command{
		name:    "relativize",
		streams: readsLines | writesResults | runsJobs,
		summary: "find the shortest reference that resolves to a target",
		usage:   "relativize [--standard " + standardChoices(report.JobResolve) + "] [--json] [--profile NAME] [--allow EDIT,...] [-f FILE]... BASE [TARGET ...]",
		about: `Prints, for each absolute URI TARGET (with none, each line of standard input;
"-" reads standard input there), the shortest reference that resolves
against BASE to it (section 5.2 run backwards; every candidate is checked by
resolving it). --standard rfc3986 relativizes by RFC 3986's section 5.2.`,
		setup: func(fs *flag.FlagSet) func(*invocation) int {
			asJSON := fs.Bool("json", false, `print one JSON object per target: {"base","target","standard","profile","result","error"}`)
			files := addFileFlag(fs)
			sf := addStandardFlags(fs, report.JobResolve)
			return func(inv *invocation) int {
				if len(inv.args) < 1 {
					inv.flags.Usage()
					return 2
				}
				rd, err := sf.reader()
				if err != nil {
					inv.warnf("%v", err)
					return 2
				}
				base := inv.args[0]
				if *asJSON {
					inv.tooLongRecord = tooLongJSON(func(o *report.Object) { o.Str("base", base) }, "target", func(o *report.Object) { writeStandard(o, rd); o.Null("result") })
				}
				first := true
				return runBatch(inv, inv.args[1:], *files, "not relativized", func() refFunc {
					rd := rd
					if !first {
						rd, _ = sf.reader() // a reader for each worker
					}
					first = false
					var jb report.Buffer // one JSON line, written whole (a long string as it goes)
					return func(s *sink, target string) bool {
						out := s.out
						rel, err := rd.Relativize(base, target)
						if *asJSON {
							jb.Out = out
							jb.Reset()
							o := report.BeginObject(&jb)
							o.Str("base", base)
							o.Str("target", target)
							writeStandard(&o, rd)
							o.StrOrNull("result", rel, err != nil)
							report.WriteError(&o, err, "target")
							o.End(true)
							s.write(jb.B)
						} else if err != nil {
							fmt.Fprintf(out, "%s: not relativized\n", shortDisplay(target))
							writeErrorDetail(out, err)
						} else {
							out.WriteString(rel)
							out.WriteByte('\n')
						}
						return err == nil
					}
				})
			}
		},
	}
}

// isComposeError reports whether err is a normal form or resolution that
// the grammar in force rejects, under either standard.
func isComposeError(err error) bool {
	switch err.(type) {
	case *parser.ComposeError, *uri.ComposeError:
		return true
	}
	return false
}
