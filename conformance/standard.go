package conformance

import (
	"errors"
	"fmt"
	"strings"
	"sync"

	"github.com/rfc2396/rfc2396/grammar"
	"github.com/rfc2396/rfc2396/grammar/bnf"
	"github.com/rfc2396/rfc2396/internal/oracle"
	"github.com/rfc2396/rfc2396/internal/oracle3986"
	"github.com/rfc2396/rfc2396/parser"
	"github.com/rfc2396/rfc2396/rfc3986"
	grammar3986 "github.com/rfc2396/rfc2396/rfc3986/grammar"
)

// Standard names a standard the suite is generated for.
type Standard string

// The standards.
const (
	RFC2396 Standard = "rfc2396"
	RFC3986 Standard = "rfc3986"
)

// matchError is what the project's parser says about an invalid string:
// the offset of the first byte no valid string can have, the rule being
// matched there, and its message.
type matchError struct {
	Offset   int
	Rule     string
	Expected string
	Message  string
}

// std is one standard under one profile: its grammar as syntax trees, the
// project's parser (the automata and resolution of package parser or
// rfc3986) and the independent oracle (regular expressions generated from
// the same ABNF text). Every call into the public parser APIs is in this
// file.
type std struct {
	name    Standard
	profile string // "" or "strict" for the RFC's grammar exactly
	defs    []bnf.Definition
	byName  map[string]*bnf.Definition
	start   string // URI-reference

	p2396 *parser.Profile
	o2396 *oracle.Oracle
	o3986 *oracle3986.Oracle
	// asPublished reports whether the grammar in force reads references
	// as the RFC's published grammar does (oracle.Facts): the RFC's
	// examples are cases only where it does. Made on first use.
	asPublished func() func(refs ...string) bool
	// lits is the set of bytes some literal of the grammar allows, made
	// on first use by literalBytes.
	lits *[256]bool
}

// newStd returns the standard name under the named profile ("" for the
// grammar exactly).
func newStd(name Standard, profile string) (*std, error) {
	s := &std{name: name, profile: profile, start: "URI-reference"}
	switch name {
	case RFC2396, "":
		s.name = RFC2396
		p, _ := parser.LookupProfile("strict")
		if profile != "" {
			var ok bool
			if p, ok = parser.LookupProfile(profile); !ok {
				var names []string
				for _, q := range parser.Profiles() {
					names = append(names, q.Name())
				}
				return nil, fmt.Errorf("unknown profile %q for rfc2396 (have %s)", profile, strings.Join(names, ", "))
			}
		}
		s.p2396 = p
		s.o2396 = oracle.NewFor(p.Edits())
		s.asPublished = sync.OnceValue(func() func(...string) bool { return oracle.FactsOf(s.o2396, oracle.NewPublished(p.Edits())).Hold })
		s.defs, _ = grammar.Definitions(p.Edits())
		s.defs = bnf.WithCore(s.defs)
	case RFC3986:
		if profile != "" && profile != "strict" {
			return nil, fmt.Errorf("unknown profile %q for rfc3986 (it has only the grammar exactly, \"strict\")", profile)
		}
		s.o3986 = oracle3986.New()
		s.asPublished = sync.OnceValue(func() func(...string) bool { return oracle.FactsOf(s.o3986, oracle3986.NewPublished()).Hold })
		defs, err := bnf.ParseABNF(grammar3986.ABNF)
		if err != nil {
			return nil, err
		}
		s.defs = bnf.WithCore(defs)
	default:
		return nil, fmt.Errorf("unknown standard %q (have rfc2396, rfc3986)", name)
	}
	s.byName = map[string]*bnf.Definition{}
	for i := range s.defs {
		s.byName[s.defs[i].Name] = &s.defs[i]
	}
	return s, nil
}

// profileName is the profile as the suite records it.
func (s *std) profileName() string {
	if s.profile == "" {
		return "strict"
	}
	return s.profile
}

// catalogued reports whether rule is one the parser and the oracle can
// match on its own (the core rules of RFC 5234 are not).
func (s *std) catalogued(rule string) bool {
	if s.name == RFC2396 {
		r, ok := grammar.Lookup(rule)
		return ok && s.p2396.Has(r)
	}
	_, ok := grammar3986.Lookup(rule)
	return ok
}

// section is the RFC section that defines rule.
func (s *std) section(rule string) string {
	if s.name == RFC2396 {
		if r, ok := grammar.Lookup(rule); ok {
			return r.Info().Section
		}
		return ""
	}
	if r, ok := grammar3986.Lookup(rule); ok {
		return r.Info().Section
	}
	return "RFC 5234 B.1"
}

// words is the grammar line that defines rule: the RFC's own words.
func (s *std) words(rule string) string {
	if d := s.byName[rule]; d != nil {
		return d.Line
	}
	return ""
}

// parserMatch checks str against rule with the project's parser.
func (s *std) parserMatch(rule, str string) *matchError {
	var err error
	if s.name == RFC2396 {
		r, _ := grammar.Lookup(rule)
		err = s.p2396.Match(r, str)
		var e *parser.Error
		if errors.As(err, &e) {
			return &matchError{Offset: e.Offset, Rule: e.Rule.String(), Expected: e.Expected, Message: e.Error()}
		}
	} else {
		r, _ := grammar3986.Lookup(rule)
		err = rfc3986.Match(r, str)
		var e *rfc3986.Error
		if errors.As(err, &e) {
			return &matchError{Offset: e.Offset, Rule: e.Rule.String(), Expected: e.Expected, Message: e.Error()}
		}
	}
	if err != nil {
		return &matchError{Offset: -1, Message: err.Error()}
	}
	return nil
}

// oracleMatch checks str against rule with the independent oracle and
// returns whether it matches and, if not, the viable-prefix offset.
func (s *std) oracleMatch(rule, str string) (bool, int) {
	if s.name == RFC2396 {
		r, _ := grammar.Lookup(rule)
		if s.o2396.Match(r, str) {
			return true, -1
		}
		return false, s.o2396.ViablePrefix(r, str)
	}
	r, _ := grammar3986.Lookup(rule)
	if s.o3986.Match(r, str) {
		return true, -1
	}
	return false, s.o3986.ViablePrefix(r, str)
}

// parserComponents is the project parser's reading of a valid reference.
func (s *std) parserComponents(ref string) (Components, error) {
	if s.name == RFC2396 {
		u, err := s.p2396.Parse(ref)
		if err != nil {
			return Components{}, err
		}
		c := Components{
			Scheme: opt(u.Scheme().Value, u.Scheme().Defined), Authority: opt(u.Authority().Value, u.Authority().Defined),
			UserInfo: opt(u.UserInfo().Value, u.UserInfo().Defined), Host: opt(u.Host().Value, u.Host().Defined),
			Port: opt(u.Port().Value, u.Port().Defined), Path: opt(u.Path(), true),
			Query: opt(u.Query().Value, u.Query().Defined), Fragment: opt(u.Fragment().Value, u.Fragment().Defined),
		}
		if u.Scheme().Defined {
			c.SchemeSpecificPart = opt(u.SchemeSpecificPart(), true)
		}
		return c, nil
	}
	u, err := rfc3986.Parse(ref)
	if err != nil {
		return Components{}, err
	}
	return Components{
		Scheme: opt(u.Scheme().Value, u.Scheme().Defined), Authority: opt(u.Authority().Value, u.Authority().Defined),
		UserInfo: opt(u.UserInfo().Value, u.UserInfo().Defined), Host: opt(u.Host().Value, u.Host().Defined),
		Port: opt(u.Port().Value, u.Port().Defined), Path: opt(u.Path(), true),
		Query: opt(u.Query().Value, u.Query().Defined), Fragment: opt(u.Fragment().Value, u.Fragment().Defined),
	}, nil
}

// oracleComponents is the oracle's reading of a valid reference: the
// Appendix B expression (for RFC 2396 as the grammar reads it,
// [oracle.Oracle.Read]), then the authority split by the grammar's own
// expressions.
func (s *std) oracleComponents(ref string) Components {
	var sp oracle.Split
	if s.name == RFC2396 {
		sp, _ = s.o2396.Read(ref)
	} else {
		sp = oracle3986.SplitB(ref)
	}
	c := Components{
		Scheme: fromOracle(sp.Scheme), Authority: fromOracle(sp.Authority), Path: opt(sp.Path, true),
		Query: fromOracle(sp.Query), Fragment: fromOracle(sp.Fragment),
	}
	if sp.Authority.Defined {
		if s.name == RFC2396 {
			if sv, ok := s.o2396.ReadServer(sp.Authority.Value); ok {
				c.UserInfo, c.Host, c.Port = fromOracle(sv.UserInfo), fromOracle(sv.Host), fromOracle(sv.Port)
			}
		} else if a, ok := s.o3986.ReadAuthority(sp.Authority.Value); ok {
			c.UserInfo, c.Host, c.Port = fromOracle(a.UserInfo), fromOracle(a.Host), fromOracle(a.Port)
		}
	}
	if s.name == RFC2396 && sp.Scheme.Defined {
		ssp := ref[len(sp.Scheme.Value)+1:]
		if sp.Fragment.Defined {
			ssp = ssp[:len(ssp)-len(sp.Fragment.Value)-1]
		}
		c.SchemeSpecificPart = opt(ssp, true)
	}
	return c
}

func fromOracle(c oracle.Component) *string { return opt(c.Value, c.Defined) }

func opt(v string, defined bool) *string {
	if !defined {
		return nil
	}
	return &v
}

// resolve is the project's resolution of ref against base.
func (s *std) resolve(base, ref string) (string, error) {
	if s.name == RFC2396 {
		r, _, err := s.p2396.Resolve(base, ref)
		return r, err
	}
	r, _, err := rfc3986.Resolve(base, ref)
	return r, err
}

// refusedNormalForm returns the normal form of in that the grammar in
// force refused, when normalizing in failed so: RFC 2396's Normalize says
// so with a *parser.ComposeError holding the syntax error; otherwise the
// syntax error is about another string than in, the normal form
// recomposed.
func (s *std) refusedNormalForm(in string, err error) (string, bool) {
	var e2396 *parser.Error
	var e3986 *rfc3986.Error
	var c2396 *parser.ComposeError
	switch {
	case errors.As(err, &c2396):
		return c2396.Ref, c2396.Err != nil
	case errors.As(err, &e2396):
		return e2396.Input, e2396.Input != in
	case errors.As(err, &e3986):
		return e3986.Input, e3986.Input != in
	}
	return "", false
}

// normalize is the project's normal form of ref.
func (s *std) normalize(ref string) (string, error) {
	if s.name == RFC2396 {
		return s.p2396.Normalize(ref)
	}
	return rfc3986.Normalize(ref)
}
