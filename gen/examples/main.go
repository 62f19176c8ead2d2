// Command examples writes and prints what the generated grammars make of
// strings, by example: the reference site's examples, the output comments
// of the repository's Example functions, and the strings on which two
// readings of a grammar differ. It is not part of gen because it imports
// the generated parsers, which gen must be able to run without; it runs
// from the repository root.
//
//	go run ./gen/examples
//	go run ./gen/examples outputs
//	go run ./gen/examples diff [-n 3] [-tries 4000] [-rules NAME,...] A B
//	go run ./gen/examples diff [-n 3] [-tries 4000] [-rules NAME,...] A rfc3986
//
// The first two are steps of go generate (see generate.go); diff is a
// tool for people who edit a grammar.
//
// # The site's examples
//
// With no arguments, examples writes the examples of the reference site
// (site/data/NAME/examples.json) for every grammar the site has pages for:
// RFC 2396's Appendix A, RFC 2396 under each named profile, and every
// grammar of the RFC 3986 family (report.Standards) whose manifest gives
// it pages (RFC 3986's Appendix A, RFC 3987's section 2.2, and the
// grammars whose strings are not URI references: RFC 9112's
// request-targets, RFC 8141's URNs, RFC 6570's templates, whose seeds
// are marked with their grammar's name). For each rule it chooses strings
// that read well:
//
//   - In the language: realistic strings (seeds.txt, the RFCs' own
//     resolution examples, and every span of their parse trees), one for
//     each alternative of the rule: the first, curated strings before
//     spans and shorter before longer, whose derivation takes that
//     alternative, as package conformance's coverage counts it. A rule
//     with more than maxValid alternatives (lowalpha's 26 letters) gets
//     maxValid of them, evenly spread. An alternative no realistic string
//     takes gets the shortest string of the conformance suite's generator
//     (conformance.Generate, with the suite's seed, suiteSeed) that takes
//     it; the command says how many did. Then, while there is room, a
//     realistic string for each repetition boundary of the rule no example
//     takes yet (a hostname with no domainlabel, one with the final ".").
//   - Not in it: a near miss of each of those, a character that is often
//     typed by mistake (a space, "<", a lone "%", …) put in the middle;
//     for a rule of single characters, characters it does not have.
//
// Every string is checked against both the project's parser and the
// independent oracle (regular expressions generated from the same ABNF);
// a disagreement stops the generation: it would be a bug in one of them.
// The one disagreement allowed is a string the ABNF derives and a rule of
// the RFC's prose refuses (RFC 6570's reserved operators): the parser
// follows the prose, and so do the examples (it is not in the language).
// The output depends only on the grammars and seeds.txt. It runs after
// the parsers of every standard and the site's grammar data are
// generated.
//
// # Output comments
//
// examples outputs brings the "Output:" comments of the repository's
// Example functions up to date with the grammar, as go generate runs it
// after a grammar edit. It runs the Example functions of every package
// that has one, and for each that fails because it now prints something
// else (an Example that shows "www.example.com." as a hostname, after an
// edit that forbids the final dot), writes what it prints in place of its
// output comment, and shows on standard error the old output and the new,
// for a reviewer to check that what the Example's comment says still
// holds. It then runs the Examples again and fails, naming them and
// writing every file back as it was, unless every one passes. Like the
// other steps that rewrite what shows the grammar's output, it leaves a
// diff that CI's drift check puts in front of a reviewer: on an unedited
// grammar it changes nothing.
//
// An Example whose input is meant to be valid, and whose comment says so,
// stops with log.Fatal when the grammar in force rejects it (every
// Example checks its errors: TestExamplesCheckErrors). examples outputs
// then fails, naming the Example and its error, and rewrites nothing: an
// output comment that became an error message would contradict the
// Example's own prose, so the Example is for a person to change. An
// Example that panics, or a package that does not build, is an error too,
// never rewritten.
//
// # What a grammar edit changes
//
// examples diff prints what a grammar edit changes: given two readings of
// the RFC 2396 grammar, it prints, rule by rule, short strings that one
// accepts and the other does not. It is the "what did my edit change"
// tool for people who edit the grammar and regenerate.
//
// A and B are profiles: a name (strict, rfc2732, rfc2732-intent, java), or
// a name followed by "+" and edits, comma-separated
// ("strict+ipv6,non-ascii"). B may also be rfc3986: then each RFC 2396
// rule is compared with the RFC 3986 rule that plays its part (see
// counterparts), under A. The strings come from the oracle's generator
// (random derivations of each rule under each grammar, and mutations of
// them), and the verdicts from the oracle's regular expressions for each
// grammar, so the tool shares nothing with the parsers it helps to check.
// It is deterministic: the same arguments print the same lines.
package main

import (
	"fmt"
	"os"
)

// usage is what examples prints for arguments it does not know.
const usage = `usage: go run ./gen/examples
       go run ./gen/examples outputs
       go run ./gen/examples diff [-n 3] [-tries 4000] [-rules NAME,...] A B

With no arguments, writes the reference site's examples
(site/data/NAME/examples.json); outputs brings the "Output:" comments of
the Example functions up to date; diff prints, per rule, short strings one
reading of the RFC 2396 grammar accepts and the other rejects (diff -h
says more).`

func main() {
	os.Exit(run(os.Args[1:]))
}

// run runs the subcommand args name and returns the exit status.
func run(args []string) int {
	if len(args) == 0 {
		if err := writeSite(); err != nil {
			fmt.Fprintln(os.Stderr, "examples:", err)
			return 1
		}
		return 0
	}
	switch args[0] {
	case "outputs":
		if len(args) != 1 {
			break
		}
		if err := rewriteOutputs(); err != nil {
			fmt.Fprintln(os.Stderr, "examples outputs:", err)
			return 1
		}
		return 0
	case "diff":
		return runDiff(args[1:])
	case "-h", "-help", "--help", "help":
		fmt.Println(usage)
		return 0
	}
	fmt.Fprintf(os.Stderr, "examples: unknown arguments %q\n%s\n", args, usage)
	return 2
}
