// Package rfc2396 is the root of the RFC 2396 reference implementation: a
// strict URI-reference parser generated from the RFC's Appendix A grammar.
// The library is package parser; the grammar is rfc2396.peg; the
// command-line tool is cmd/rfc2396. This package holds only the go:generate
// lines and the conformance tests.
//
// Running go generate ./... from the repository root
//
//  1. writes grammar/rfc2396.abnf from the ABNF lines of rfc2396.peg (a
//     rule's ABNF line is written once, above its PEG body), and the rule
//     lines of each edits/NAME.abnf from edits/NAME.peg; checks that each
//     rule's PEG body accepts the language of its ABNF line, failing in
//     seconds with the rule and a string that one side alone accepts (see
//     docs/changing-the-grammar.md); and writes the rule and edit
//     catalogues, the automata, the compact grammars and the oracle (gen
//     grammar); the grammars gen writes for parsing are the union of
//     rfc2396.peg and every edit's transcription (edits/), as written
//     (parser/edit_reference.peg, which ParseTree runs under every
//     profile, strict included) and in compact form (parser/edit_compact.peg,
//     which Parse runs under every profile, strict included: with no edit
//     in force it is Appendix A exactly), and gen compiles the compact
//     form into Go itself (gen/compile.go: the same matches and tokens as
//     a peg parser of it, in plain methods);
//  2. compiles the union as written with pointlander/peg v1.0.1;
//  3. makes peg's parsers read their input string in place, one byte at
//     a time (gen patch);
//  4. after the RFC 3986 pipeline below, writes the reference site's
//     examples for every grammar (RFC 2396, RFC 3986, each profile),
//     checked against the parsers just built and the oracles
//     (gen/examples); gen grammar and gen standard have written the
//     diagrams;
//  5. after the RFC 3986 pipeline below, rewrites what shows the output of
//     the grammars, from the parsers just built: the explain tables
//     (parser and each grammar's package, rfc3986/grammar, ...,
//     testdata/explain.txt: inputs chosen by hand, what the automata say
//     of them),
//     testdata/rfc3986/charset-diff.txt (the characters the two RFCs treat
//     differently), the readings of testdata/components.txt and the
//     verdicts of parser/testdata/match.txt and rfc3986/testdata/match.txt
//     (from the oracles, not the parsers), parser/testdata/profiles.txt
//     (from the parser, where the oracle agrees), the outputs of both
//     packages' testdata/escape/escape.txt (each checked to match its
//     rule), the CLI's golden files (cmd/rfc2396/testdata), the verdicts
//     of package extract's cases (where the oracle agrees) and the
//     command outputs shown in README.md and docs/*.md. CI's
//     drift check makes every such change a diff someone reviews, instead
//     of a test that fails after a grammar edit;
//  6. writes the conformance suite of RFC 2396, RFC 3986 and RFC 3987,
//     and the validity cases of RFC 9112, RFC 8141 and RFC 6570
//     (testdata/vectors, docs/conformance.md), generated from the grammars
//     and checked against the oracles;
//  7. rewrites the output comment of every Example function that now
//     prints something else (gen/examples outputs): an Example shows what the
//     grammar in force makes of its input.
//
// Every go:generate line of the repository is in this file, so that a
// failing step, such as the language check of gen grammar, stops
// everything after it.
//
// gen grammar and gen standard keep what they wrote in a cache outside
// the checkout (gen/stepcache.go), by gen's own executable, the arguments
// and the bytes of every file they read: after an edit of rfc2396.peg, go
// generate ./... runs gen grammar and serves each gen standard from the
// cache, writing its outputs where the tree differs from them.
// RFC2396_GEN_CACHE=off runs every command, as CI's drift check does.
package rfc2396

// First and last: the files rewritten with the bytes they held get their
// modification times back (gen mtimes), so that go test ./... after a
// generation reruns only the tests whose inputs changed.
//go:generate go run -trimpath ./gen mtimes save
//go:generate go run -trimpath ./gen grammar
//go:generate go tool peg -output parser/edit_reference.peg.go parser/edit_reference.peg
//go:generate go run -trimpath ./gen patch parser/edit_reference.peg.go

// RFC 3986 and RFC 3987: the same pipeline for each standard's grammar,
// driven by its manifest (rfc3986.manifest.json: see
// docs/adding-a-grammar.md): gen standard writes the catalogue, the
// automata and the compact grammar, which it compiles, into one package,
// NAME/grammar; peg compiles the grammar as written into the same package
// (NAME/grammar/reference.peg.go).
//go:generate go run -trimpath ./gen standard rfc3986.manifest.json
//go:generate go tool peg -output rfc3986/grammar/reference.peg.go rfc3986.peg
//go:generate go run -trimpath ./gen patch rfc3986/grammar/reference.peg.go
//go:generate go run -trimpath ./gen standard rfc3987.manifest.json
//go:generate go tool peg -output rfc3987/grammar/reference.peg.go rfc3987.peg
//go:generate go run -trimpath ./gen patch rfc3987/grammar/reference.peg.go
//go:generate go run -trimpath ./gen standard rfc9112.manifest.json
//go:generate go tool peg -output rfc9112/grammar/reference.peg.go rfc9112/grammar/reference.peg
//go:generate go run -trimpath ./gen patch rfc9112/grammar/reference.peg.go
//go:generate go run -trimpath ./gen standard rfc8141.manifest.json
//go:generate go tool peg -output rfc8141/grammar/reference.peg.go rfc8141/grammar/reference.peg
//go:generate go run -trimpath ./gen patch rfc8141/grammar/reference.peg.go
//go:generate go run -trimpath ./gen standard rfc6570.manifest.json
//go:generate go tool peg -output rfc6570/grammar/reference.peg.go rfc6570/grammar/reference.peg
//go:generate go run -trimpath ./gen patch rfc6570/grammar/reference.peg.go

// The site's examples, for every grammar (step 4), once both parsers are
// built.
//go:generate go run ./gen/examples

// The site's pages: gen render compiles the templates
// (site/templates/*.html, escaped as html/template escapes them) into Go,
// site/render_gen.go, which the server, the static copy and the
// playground's WebAssembly module run.
//go:generate go run -trimpath ./gen render

// RFC 3987's bidi directions (section 4.2), from golang.org/x/text's
// classes: gen bidi writes rfc3987/bidi_gen.go, a table of runs and
// the lookup that searches it, instead of importing x/text's bidi
// package.
//go:generate go run -trimpath ./gen bidi

// The outputs that follow the grammars (step 5).
//go:generate go run -trimpath ./gen update ./rfc3986/grammar -run TestExplainTable -update-explain
//go:generate go run -trimpath ./gen update ./rfc3987/grammar -run TestExplainTable -update-explain
//go:generate go run -trimpath ./gen update ./rfc9112/grammar -run TestExplainTable -update-explain
//go:generate go run -trimpath ./gen update ./rfc8141/grammar -run TestExplainTable -update-explain
//go:generate go run -trimpath ./gen update ./rfc6570/grammar -run TestExplainTable -update-explain
//go:generate go run -trimpath ./gen update . -run TestCharsetDiff|TestComponents|TestErrors -update-charset-diff -update-components -update-errors
//go:generate go run -trimpath ./gen update ./parser -run TestExplainTable|TestMatchRules|TestProfiles|TestEscapeCases -update-explain -update-match -update-profiles -update-escape
//go:generate go run -trimpath ./gen update ./rfc3986 -run TestMatchByName|TestEscapeCases -update-match -update-escape
//go:generate go run -trimpath ./gen update ./cmd/rfc2396 -run TestGolden|TestLintGolden|TestREADME|TestReadmeDocsExamples -update
//go:generate go run -trimpath ./gen update ./extract -run TestFindCases|TestRFCTexts -update

// The conformance suite (step 6; package conformance), for every
// standard it is made for (conformance.Standards), with the default seed
// of the vectors command.
//go:generate go run ./cmd/rfc2396 vectors --standard rfc2396 --out testdata/vectors/rfc2396
//go:generate go run ./cmd/rfc2396 vectors --standard rfc3986 --out testdata/vectors/rfc3986
//go:generate go run ./cmd/rfc2396 vectors --standard rfc3987 --out testdata/vectors/rfc3987
//go:generate go run ./cmd/rfc2396 vectors --standard rfc9112 --out testdata/vectors/rfc9112
//go:generate go run ./cmd/rfc2396 vectors --standard rfc8141 --out testdata/vectors/rfc8141
//go:generate go run ./cmd/rfc2396 vectors --standard rfc6570 --out testdata/vectors/rfc6570
//go:generate go run -trimpath ./gen update ./conformance -run TestDocsCounts -update-sizes

// Last, the "Output:" comments of the Example functions that print what
// the grammar makes of their input (step 7).
//go:generate go run ./gen/examples outputs
//go:generate go run -trimpath ./gen mtimes restore
