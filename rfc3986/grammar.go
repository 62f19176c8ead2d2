package rfc3986

import (
	"github.com/rfc2396/rfc2396/internal/pct"
	"github.com/rfc2396/rfc2396/rfc3986/grammar"
	"github.com/rfc2396/rfc2396/rfc3986/internal/explain"
	"github.com/rfc2396/rfc2396/uri"
)

// rfc3986 is RFC 3986's grammar: its catalogue, the parsers and automata
// gen generates from rfc3986.peg and grammar/rfc3986.abnf, and the escape
// tables gen takes from the grammar (escape_gen.go).
var rfc3986 = uri.New(uri.Data[grammar.Rule]{
	Name:      "rfc3986",
	Spec:      "RFC 3986",
	AppendixA: "RFC 3986's Appendix A",
	NumRules:  grammar.NumRules,
	Start:     grammar.RuleURIReference,
	Info: func(r grammar.Rule) uri.RuleInfo {
		i := r.Info()
		return uri.RuleInfo{Name: i.Name, ABNF: i.ABNF, Section: i.Section, CharacterLevel: i.CharacterLevel}
	},
	Uses:         func(r grammar.Rule) []grammar.Rule { return r.Info().Uses },
	Lookup:       grammar.Lookup,
	Names:        grammar.Names,
	Whole:        []grammar.Rule{grammar.RuleURIReference, grammar.RuleURI, grammar.RuleAbsoluteURI, grammar.RuleRelativeRef},
	Roles:        roles[:],
	Scheme:       grammar.RuleScheme,
	UserInfo:     grammar.RuleUserinfo,
	RegName:      grammar.RuleRegName,
	Query:        grammar.RuleQuery,
	Tokens:       tokens,
	Tree:         tree,
	Match:        explain.Match,
	Explain:      explain.Explain,
	EscapeTables: escapeTables,
	Unreserved:   unreserved,
})

// roles says which component each rule's token delimits.
var roles = [grammar.NumRules]uri.Role{
	grammar.RuleScheme:      uri.RoleScheme,
	grammar.RuleAuthority:   uri.RoleAuthority,
	grammar.RuleUserinfo:    uri.RoleUserInfo,
	grammar.RuleIPLiteral:   uri.RoleHostIPLiteral,
	grammar.RuleIPv4address: uri.RoleHostIPv4,
	grammar.RuleRegName:     uri.RoleHostRegName,
	grammar.RulePort:        uri.RolePort,
	grammar.RuleQuery:       uri.RoleQuery,
	grammar.RuleFragment:    uri.RoleFragment,
}

// The bytes Escape leaves raw. Section 2.2: "URI producing applications
// should percent-encode data octets that correspond to characters in the
// reserved set unless these characters are specifically allowed by the URI
// scheme to represent data in that component"; Escape knows no scheme, so
// it leaves raw only the unreserved characters (section 2.3), and in a
// query or fragment also "/" and "?", which section 3.4 allows as data.
// gen takes each set from the grammar (escape_gen.go), so that an edit of
// rfc3986.peg changes Escape with it.
var (
	unreserved = pct.SetOf(unreservedBytes)
	queryData  = pct.SetOf(unreservedBytes + queryBytes)
	fragData   = pct.SetOf(unreservedBytes + fragmentBytes)
	slash      = pct.SetOf("/")
)

// escapeTables holds what Escape knows of each rule it supports. The path
// rules take a path: "/" stays raw as its separator, so a path-abempty must
// start with "/" and a path-rootless or path-noscheme must not. A rule the
// grammar does not let be empty refuses the empty string. Delims are what
// the decoded accessors split a component on.
var escapeTables = map[grammar.Rule]*pct.Table{
	grammar.RuleUserinfo:     {Raw: unreserved, First: unreserved, NonEmpty: escapeNonEmpty[grammar.RuleUserinfo], Delims: pct.SetOf(userinfoDelims)},
	grammar.RuleRegName:      {Raw: unreserved, First: unreserved, NonEmpty: escapeNonEmpty[grammar.RuleRegName], Delims: pct.SetOf(regNameDelims)},
	grammar.RulePathAbempty:  {Raw: unreserved, First: slash, Keep: slash, FirstSegment: unreserved, NonEmpty: escapeNonEmpty[grammar.RulePathAbempty]},
	grammar.RulePathNoscheme: {Raw: unreserved, First: unreserved, Keep: slash, FirstSegment: unreserved, NonEmpty: escapeNonEmpty[grammar.RulePathNoscheme]},
	grammar.RulePathRootless: {Raw: unreserved, First: unreserved, Keep: slash, FirstSegment: unreserved, NonEmpty: escapeNonEmpty[grammar.RulePathRootless]},
	grammar.RuleSegment:      {Raw: unreserved, First: unreserved, NonEmpty: escapeNonEmpty[grammar.RuleSegment]},
	grammar.RuleSegmentNz:    {Raw: unreserved, First: unreserved, NonEmpty: escapeNonEmpty[grammar.RuleSegmentNz]},
	grammar.RuleSegmentNzNc:  {Raw: unreserved, First: unreserved, NonEmpty: escapeNonEmpty[grammar.RuleSegmentNzNc]},
	grammar.RuleQuery:        {Raw: queryData, First: queryData, NonEmpty: escapeNonEmpty[grammar.RuleQuery], Delims: pct.SetOf(queryDelims)},
	grammar.RuleFragment:     {Raw: fragData, First: fragData, NonEmpty: escapeNonEmpty[grammar.RuleFragment]},
}
