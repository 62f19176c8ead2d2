// Package oracle is an independent reading of RFC 2396 Appendix A, for
// tests: regular expressions generated from grammar/rfc2396.abnf (the
// generated file oracle_gen.go), the Appendix B regular expression, a
// prefix-viability check that runs Go's own compiled form of the same
// expressions, and a generator of test strings from the ABNF. None of it
// shares code with rfc2396.peg or with the parser package.
package oracle

import (
	"regexp"
	"regexp/syntax"

	"github.com/rfc2396/rfc2396/grammar"
)

// Oracle decides membership in the language of each Appendix A rule.
type Oracle struct {
	whole [grammar.NumRules]*regexp.Regexp
	progs [grammar.NumRules]*syntax.Prog
	// authority splits a server into userinfo, host and port.
	server *regexp.Regexp
}

// New compiles the oracle's expressions.
func New() *Oracle {
	o := &Oracle{}
	for r, p := range patterns {
		o.whole[r] = regexp.MustCompile(`^(?:` + p + `)$`)
		o.progs[r] = CompileProg(p)
	}
	o.server = regexp.MustCompile(`^(?:(` + patterns[grammar.RuleUserinfo] + `)@)?(` + patterns[grammar.RuleHost] + `)(?::(` + patterns[grammar.RulePort] + `))?$`)
	return o
}

// Match reports whether s as a whole is in the language of rule. Bytes
// outside US-ASCII never match: Go's regexp reads them as runes that no
// Appendix A class contains (or as U+FFFD when they are not UTF-8).
func (o *Oracle) Match(rule grammar.Rule, s string) bool {
	return o.whole[rule].MatchString(s)
}

// ViablePrefix returns the length of the longest prefix of s that some
// string of rule's language starts with: the offset of the first byte that
// no valid parse can include, or len(s) when every prefix can still be
// completed. It runs a Thompson simulation of the program Go's regexp/syntax
// compiles from the rule's expression, a byte at a time.
func (o *Oracle) ViablePrefix(rule grammar.Rule, s string) int {
	return ViablePrefixOf(o.progs[rule], s)
}

// CompileProg compiles a pattern to the program ViablePrefixOf runs. It
// panics on a pattern RE2 does not accept: patterns are generated.
func CompileProg(pattern string) *syntax.Prog {
	re, err := syntax.Parse(pattern, syntax.Perl)
	if err != nil {
		panic(err)
	}
	prog, err := syntax.Compile(re.Simplify())
	if err != nil {
		panic(err)
	}
	return prog
}

// ViablePrefixOf is ViablePrefix for any program CompileProg returns (the
// RFC 3986 oracle uses it too).
func ViablePrefixOf(prog *syntax.Prog, s string) int {
	cur := closure(prog, nil, uint32(prog.Start))
	seen := make([]bool, len(prog.Inst))
	for i := 0; i < len(s); i++ {
		var next []uint32
		clear(seen)
		for _, pc := range cur {
			inst := &prog.Inst[pc]
			if inst.Op != syntax.InstRune && inst.Op != syntax.InstRune1 && inst.Op != syntax.InstRuneAny && inst.Op != syntax.InstRuneAnyNotNL {
				continue
			}
			if s[i] < 0x80 && inst.MatchRune(rune(s[i])) {
				for _, t := range closure(prog, seen, inst.Out) {
					next = append(next, t)
				}
			}
		}
		if len(next) == 0 {
			return i
		}
		cur = next
	}
	return len(s)
}

// closure returns the rune-consuming and matching instructions reachable
// from pc without consuming input.
func closure(prog *syntax.Prog, seen []bool, pc uint32) []uint32 {
	if seen == nil {
		seen = make([]bool, len(prog.Inst))
	}
	var out []uint32
	var walk func(pc uint32)
	walk = func(pc uint32) {
		if seen[pc] {
			return
		}
		seen[pc] = true
		inst := &prog.Inst[pc]
		switch inst.Op {
		case syntax.InstAlt, syntax.InstAltMatch:
			walk(inst.Out)
			walk(inst.Arg)
		case syntax.InstCapture, syntax.InstNop, syntax.InstEmptyWidth:
			walk(inst.Out)
		case syntax.InstFail:
		default:
			out = append(out, pc)
		}
	}
	walk(pc)
	return out
}

// Component is a component of a reference: its value and whether it is
// defined.
type Component struct {
	Value   string
	Defined bool
}

// Split is the five components of a reference.
type Split struct {
	Scheme, Authority Component
	Path              string
	Query, Fragment   Component
}

// appendixB is the regular expression of RFC 2396 Appendix B.
var appendixB = regexp.MustCompile(`^(([^:/?#]+):)?(//([^/?#]*))?([^?#]*)(\?([^#]*))?(#(.*))?`)

// SplitB splits a reference with the Appendix B regular expression (section
// 4.3's greedy reading): scheme $2, authority $4, path $5, query $7,
// fragment $9.
func SplitB(s string) Split {
	m := appendixB.FindStringSubmatchIndex(s)
	get := func(g int) Component {
		if m[2*g] < 0 {
			return Component{}
		}
		return Component{s[m[2*g]:m[2*g+1]], true}
	}
	return Split{Scheme: get(2), Authority: get(4), Path: get(5).Value, Query: get(7), Fragment: get(9)}
}

// Opaque applies the project's reading of an opaque URI to an Appendix B
// split: when a scheme is followed by something other than "/", the path is
// the whole opaque_part (everything between ":" and "#", "?" included) and
// the query is undefined, since Appendix A gives opaque_part no query.
func Opaque(s Split) (Split, bool) {
	if !s.Scheme.Defined || s.Authority.Defined || len(s.Path) > 0 && s.Path[0] == '/' {
		return s, false
	}
	if s.Query.Defined {
		s.Path += "?" + s.Query.Value
		s.Query = Component{}
	}
	return s, true
}

// Server is the reading of a server-based authority.
type Server struct {
	UserInfo, Host, Port Component
	IPv4                 bool
}

// ReadServer reports whether authority is a whole server (section 3.2.2) and
// splits it. A server is empty or [ userinfo "@" ] hostport; userinfo has no
// "@", host no ":", so the split is unique.
func (o *Oracle) ReadServer(authority string) (Server, bool) {
	if !o.Match(grammar.RuleServer, authority) {
		return Server{}, false
	}
	if authority == "" {
		return Server{}, true
	}
	m := o.server.FindStringSubmatchIndex(authority)
	get := func(g int) Component {
		if m[2*g] < 0 {
			return Component{}
		}
		return Component{authority[m[2*g]:m[2*g+1]], true}
	}
	s := Server{UserInfo: get(1), Host: get(2), Port: get(3)}
	s.IPv4 = o.Match(grammar.RuleIPv4address, s.Host.Value)
	return s, true
}
