package main

import (
	"os"
	"slices"

	"github.com/rfc2396/rfc2396/grammar/bnf"
)

// A standard is one RFC's grammar as gen sees it: the files it reads, the
// packages it writes, and the rules its compact grammar keeps as tokens.
type standard struct {
	rfc             string // "RFC 2396"
	abnfPath        string // the RFC's Appendix A, one rule a line
	pegPath         string // the transcription
	fold            bool   // double-quoted (case-insensitive) literals allowed in pegPath
	cataloguePath   string // the generated rule catalogue
	cataloguePkg    string // its package name
	catalogueImport string // its import path
	abnfText        string // when set, the catalogue holds the ABNF text as a constant
	oraclePath      string // the generated regular expressions of the oracle
	oraclePkg       string
	referenceDir    string // the package of the parser compiled from pegPath
	compactDir      string // the package of the parser compiled from the compact grammar
	parseFunc       string // the function that runs the compact grammar
	// compactKeep lists the rules that stay rules (and so produce tokens) in
	// the compact grammar: the start rule and the rules whose spans the
	// parser reads to fill in a reference's components. Every other rule is
	// inlined where it is used.
	compactKeep []string
}

// rfc2396Standard is RFC 2396, the project's first grammar (gen grammar).
var rfc2396Standard = &standard{
	rfc:             "RFC 2396",
	abnfPath:        "grammar/rfc2396.abnf",
	pegPath:         "rfc2396.peg",
	cataloguePath:   "grammar/rules_gen.go",
	cataloguePkg:    "grammar",
	catalogueImport: "github.com/rfc2396/rfc2396/grammar",
	oraclePath:      "internal/oracle/oracle_gen.go",
	oraclePkg:       "oracle",
	referenceDir:    "parser/internal/reference",
	compactDir:      "parser/internal/compact",
	parseFunc:       "parser.Parse",
	compactKeep: []string{
		"URI_reference", "scheme", "opaque_part", "authority", "path_segments", "reg_name",
		"userinfo", "hostname", "IPv4address", "port", "query", "fragment",
	},
}

// rfc3986Standard is RFC 3986 (gen rfc3986). Its ABNF is RFC 5234's, read
// by bnf.ParseABNF; its catalogue is package grammar/rfc3986, which holds
// the ABNF text itself (go:embed cannot reach grammar/rfc3986.abnf from
// there).
var rfc3986Standard = &standard{
	rfc:             "RFC 3986",
	abnfPath:        "grammar/rfc3986.abnf",
	pegPath:         "rfc3986.peg",
	fold:            true,
	cataloguePath:   "grammar/rfc3986/rules_gen.go",
	cataloguePkg:    "rfc3986",
	catalogueImport: "github.com/rfc2396/rfc2396/grammar/rfc3986",
	oraclePath:      "internal/oracle3986/oracle_gen.go",
	oraclePkg:       "oracle3986",
	referenceDir:    "rfc3986/internal/reference",
	compactDir:      "rfc3986/internal/compact",
	parseFunc:       "rfc3986.Parse",
	compactKeep: []string{
		"URI_reference", "scheme", "authority", "userinfo", "IP_literal", "IPv4address",
		"reg_name", "port", "query", "fragment",
	},
}

// generateRFC3986 is "gen rfc3986": for RFC 3986 it does what
// generateGrammar does for RFC 2396. It checks that rfc3986.peg transcribes
// grammar/rfc3986.abnf and writes the rule catalogue, the compact grammar,
// the adapters of the two parsers and the oracle's regular expressions.
func generateRFC3986() error {
	std := rfc3986Standard
	abnf, err := os.ReadFile(std.abnfPath)
	if err != nil {
		return err
	}
	defs, err := bnf.ParseABNF(string(abnf))
	if err != nil {
		return err
	}
	std.abnfText = string(abnf)
	src, err := os.ReadFile(std.pegPath)
	if err != nil {
		return err
	}
	ref, err := parsePEGFile(string(src), std.pegPath, std.fold)
	if err != nil {
		return err
	}
	sections, err := checkTranscriptionOf(defs, ref, std.abnfPath, std.pegPath)
	if err != nil {
		return err
	}
	if err := writeGo(std.cataloguePath, catalogueOf(std, defs, sections)); err != nil {
		return err
	}
	compact, classes, err := derive(ref, std)
	if err != nil {
		return err
	}
	if err := os.WriteFile(std.compactDir+"/compact.peg", []byte(compact), 0o644); err != nil {
		return err
	}
	if err := writeGo(std.referenceDir+"/adapter_gen.go", adapter(std, "reference", "Reference", std.pegPath, appendixA(ref), nil)); err != nil {
		return err
	}
	var kept []*pegRule
	for _, r := range ref.rules {
		if slices.Contains(std.compactKeep, r.name) {
			kept = append(kept, r)
		}
	}
	if err := writeGo(std.compactDir+"/adapter_gen.go", adapter(std, "compact", "Compact", std.compactDir+"/compact.peg", kept, classes)); err != nil {
		return err
	}
	return writeGo(std.oraclePath, oracle(std, defs))
}
