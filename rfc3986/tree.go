package rfc3986

import (
	"sync"

	"github.com/rfc2396/rfc2396/rfc3986/grammar"
	"github.com/rfc2396/rfc2396/rfc3986/internal/reference"
	"github.com/rfc2396/rfc2396/uri"
)

// referenceParsers holds reusable parsers generated from rfc3986.peg as
// written, where every rule can be the start rule.
var referenceParsers = sync.Pool{New: func() any { return reference.NewParser() }}

// tree runs the reference parser on s as rule and returns the parse tree.
func tree(rule grammar.Rule, s string) (*Node, bool) {
	p := referenceParsers.Get().(*reference.Parser)
	defer referenceParsers.Put(p)
	if !p.Match(s, rule) {
		return nil, false
	}
	return uri.BuildTree[grammar.Rule](p, func(r grammar.Rule) []grammar.Rule { return r.Info().Uses }), true
}
