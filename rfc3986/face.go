package rfc3986

import (
	"github.com/rfc2396/rfc2396/rfc3986/grammar"
	"github.com/rfc2396/rfc2396/uri"
)

// The types of a parsed reference and its errors are the run-time core's
// (package uri), for RFC 3986's rules.
type (
	// URI is a parsed RFC 3986 URI-reference; see [uri.URI].
	URI = uri.URI[grammar.Rule]
	// Error reports a string that is not of an RFC 3986 rule's language;
	// see [uri.Error].
	Error = uri.Error[grammar.Rule]
	// RuleError reports a grammar.Rule that is not one of Appendix A's.
	RuleError = uri.RuleError[grammar.Rule]
	// EscapeError reports a string [Escape] cannot percent-encode for a
	// rule.
	EscapeError = uri.EscapeError[grammar.Rule]
	// Node is a node of a parse tree ([ParseTree]).
	Node = uri.Node[grammar.Rule]

	Component       = uri.Component
	HostKind        = uri.HostKind
	Field           = uri.Field
	TooLongError    = uri.TooLongError
	UnescapeError   = uri.UnescapeError
	ComposeError    = uri.ComposeError
	ResolveError    = uri.ResolveError
	ResolveReason   = uri.ResolveReason
	EscapeReason    = uri.EscapeReason
	Warning         = uri.Warning
	ResolveOption   = uri.ResolveOption
	NormalizeOption = uri.NormalizeOption
)

// The kinds of host (section 3.2.2).
const (
	NoHost    = uri.NoHost
	IPLiteral = uri.IPLiteral
	IPv4      = uri.IPv4
	RegName   = uri.RegName
)

// The reasons of a *[ResolveError].
const (
	InvalidBase       = uri.InvalidBase
	RelativeBase      = uri.RelativeBase
	InvalidReference  = uri.InvalidReference
	RelativeTarget    = uri.RelativeTarget
	UnreachableTarget = uri.UnreachableTarget
	Unrepresentable   = uri.Unrepresentable
)

// The reasons of an *[EscapeError].
const (
	EscapeUnsupportedRule = uri.EscapeUnsupportedRule
	EscapeEmpty           = uri.EscapeEmpty
	EscapeBadStart        = uri.EscapeBadStart
	EscapeNoString        = uri.EscapeNoString
)

// The warnings of a resolution.
const (
	WarnPathReadsAsAuthority     = uri.WarnPathReadsAsAuthority
	WarnRootlessPathMadeAbsolute = uri.WarnRootlessPathMadeAbsolute
)

// Grammar returns RFC 3986's grammar as a value, which the tools
// (command, site, conformance kit) run.
func Grammar() *uri.Grammar[grammar.Rule] { return rfc3986 }

// Parse parses ref as an RFC 3986 URI-reference (Appendix A, section 4.1),
// strictly: see [uri.Grammar.Parse].
func Parse(ref string) (*URI, error) { return rfc3986.Parse(ref) }

// ParseInto is [Parse] into a URI the caller provides; it allocates nothing
// when ref is valid.
func ParseInto(u *URI, ref string) error { return rfc3986.ParseInto(u, ref) }

// Valid reports whether ref is an RFC 3986 URI-reference, without
// allocating.
func Valid(ref string) bool { return rfc3986.Valid(ref) }

// Match reports whether s as a whole matches rule: see
// [uri.Grammar.Match].
func Match(rule grammar.Rule, s string) error { return rfc3986.Match(rule, s) }

// Matches is [Match] without saying why not; it never allocates.
func Matches(rule grammar.Rule, s string) bool { return rfc3986.Matches(rule, s) }

// ParseTree matches s against rule and returns the parse tree: see
// [uri.Grammar.ParseTree].
func ParseTree(rule grammar.Rule, s string) (*Node, error) { return rfc3986.ParseTree(rule, s) }

// Resolve resolves ref against base by section 5.2: see
// [uri.Grammar.Resolve].
func Resolve(base, ref string, opts ...ResolveOption) (string, warnings, error) {
	return rfc3986.Resolve(base, ref, opts...)
}

// warnings is []Warning, spelled so in [Resolve]'s results: go doc takes
// a function that returns a type of the package (or a slice of one) for a
// constructor of that type, and Resolve is none.
type warnings = []Warning

// Normalize returns ref in the normal form of section 6.2: see
// [uri.Grammar.Normalize].
func Normalize(ref string, opts ...NormalizeOption) (string, error) {
	return rfc3986.Normalize(ref, opts...)
}

// Relativize returns the shortest reference that resolves against base to
// target: see [uri.Grammar.Relativize].
func Relativize(base, target string) (string, error) { return rfc3986.Relativize(base, target) }

// Compose recomposes a reference from its components (section 5.3) and
// parses it: see [uri.Grammar.Compose].
func Compose(scheme, authority Component, path string, query, fragment Component) (*URI, error) {
	return rfc3986.Compose(scheme, authority, path, query, fragment)
}

// Escape percent-encodes s for rule: see [uri.Grammar.Escape].
func Escape(s string, rule grammar.Rule) (string, error) { return rfc3986.Escape(s, rule) }

// EscapeRules lists the rules [Escape] supports.
func EscapeRules() []grammar.Rule { return rfc3986.EscapeRules() }

// Unescape decodes every percent-encoding of s (section 2.1).
func Unescape(s string) (string, error) { return rfc3986.Unescape(s) }

// Equal reports whether a and b are the same reference, byte for byte.
func Equal(a, b *URI) bool { return uri.Equal(a, b) }

// Equivalent reports whether a and b are equivalent by section 6.2's
// ladder as far as [Normalize] climbs it.
func Equivalent(a, b *URI, opts ...NormalizeOption) bool { return uri.Equivalent(a, b, opts...) }

// Some returns a defined component with the given value.
func Some(value string) Component { return uri.Some(value) }

// Recompose is section 5.3: see [uri.Recompose].
func Recompose(scheme, authority Component, path string, query, fragment Component) string {
	return uri.Recompose(scheme, authority, path, query, fragment)
}

// RemoveDotSegments is section 5.2.4.
func RemoveDotSegments(path string) string { return uri.RemoveDotSegments(path) }

// BackwardsCompatibleScheme is section 5.2.2's non-strict reading: see
// [uri.BackwardsCompatibleScheme].
func BackwardsCompatibleScheme() ResolveOption { return uri.BackwardsCompatibleScheme() }

// DefaultPorts returns the ports section 6.2.3 drops: see
// [uri.DefaultPorts].
func DefaultPorts() map[string]string { return uri.DefaultPorts() }

// WithDefaultPorts makes Normalize and Equivalent use ports.
func WithDefaultPorts(ports map[string]string) NormalizeOption { return uri.WithDefaultPorts(ports) }
