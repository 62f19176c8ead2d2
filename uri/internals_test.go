package uri_test

import (
	"github.com/rfc2396/rfc2396/rfc3986"
	"github.com/rfc2396/rfc2396/rfc3986/grammar"
	"github.com/rfc2396/rfc2396/uri"
)

// The tests of the algorithms' internals run over RFC 3986's grammar: these
// are the names they use.
type (
	URI          = rfc3986.URI
	Component    = uri.Component
	Warning      = uri.Warning
	ResolveError = uri.ResolveError
)

const (
	WarnPathReadsAsAuthority     = uri.WarnPathReadsAsAuthority
	WarnRootlessPathMadeAbsolute = uri.WarnRootlessPathMadeAbsolute
	UnreachableTarget            = uri.UnreachableTarget
)

var (
	ParseInto          = rfc3986.ParseInto
	Relativize         = rfc3986.Relativize
	RemoveDotSegments  = uri.RemoveDotSegments
	merge              = uri.Merge[grammar.Rule]
	relativeCandidates = uri.RelativeCandidates[grammar.Rule]
	recompose          = uri.Recompose
)

// resolveConfig is the options of a resolution the tests try.
type resolveConfig struct{ nonStrict bool }

func resolveParsed(base, r *URI, cfg resolveConfig) (string, []Warning) {
	return uri.ResolveParsed(base, r, cfg.nonStrict)
}

func appendResolved(dst []byte, base, r *URI, cfg resolveConfig) ([]byte, []Warning) {
	return uri.AppendResolved(dst, base, r, cfg.nonStrict)
}

var removeDotSegmentsInPlace = uri.RemoveDotSegmentsInPlace
