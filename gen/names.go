package main

import (
	"fmt"
	"strings"
)

// parserNames names the package-level identifiers of a parser gen writes
// (compile.go.tmpl, adapter.go.tmpl and the run tables of writeAccel), so
// that several parsers can share one Go package. With no prefix they are
// the names pointlander/peg gives its own parsers (pegRule, ruleURI,
// ruleUnknown, token) and the names of the run tables (class0, run0); with
// a prefix, such as "compact", each is the prefix followed by the name
// with its first letter in upper case (compactPegRule, compactRuleURI,
// compactToken, compactClass0), none of them exported. The methods of a
// parser's types need no prefix: they belong to the type.
type parserNames struct{ prefix string }

// id returns the name s takes under n's prefix.
func (n parserNames) id(s string) string {
	if n.prefix == "" {
		return s
	}
	return n.prefix + strings.ToUpper(s[:1]) + s[1:]
}

// PegRule is the type of the parser's rules.
func (n parserNames) PegRule() string { return n.id("pegRule") }

// Unknown is the rule that is none.
func (n parserNames) Unknown() string { return n.id("ruleUnknown") }

// Rule is the constant of the rule the grammar file names name.
func (n parserNames) Rule(name string) string { return n.id("rule" + name) }

// Token is the type of a token.
func (n parserNames) Token() string { return n.id("token") }

// Class is the table of byte class i.
func (n parserNames) Class(i int) string { return n.id(fmt.Sprintf("class%d", i)) }

// Run is the run table i.
func (n parserNames) Run(i int) string { return n.id(fmt.Sprintf("run%d", i)) }

// Runes is the code points of rune set i, which runs read as UTF-8.
func (n parserNames) Runes(i int) string { return n.id(fmt.Sprintf("runes%d", i)) }

// OtherSeqs is the byte sequences of the rule other.
func (n parserNames) OtherSeqs() string { return n.id("otherSeqs") }

// NoTokens is the table of a compiled parser's rules that marks none (see
// adapterSpec.matchOnly).
func (n parserNames) NoTokens() string { return n.id("noTokens") }

// ToGrammar and FromGrammar are the adapter's maps between the parser's
// rules and the catalogue's.
func (n parserNames) ToGrammar() string   { return n.id("toGrammar") }
func (n parserNames) FromGrammar() string { return n.id("fromGrammar") }

// Parsers is the pool of an edit's parsers.
func (n parserNames) Parsers() string { return n.id("parsers") }

// PickEdits is the edits of each pick slot of a union grammar.
func (n parserNames) PickEdits() string { return n.id("pickEdits") }

// Program is the syntax.PEGProgram of a grammar file (gen/pegvm.go).
func (n parserNames) Program() string { return n.id("program") }
