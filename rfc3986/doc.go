// Package rfc3986 parses, checks and resolves URI references strictly by
// RFC 3986, "Uniform Resource Identifier (URI): Generic Syntax" (January
// 2005): it accepts exactly the URI-reference strings of the RFC's
// Appendix A. Package parser does the same jobs, with the same names, for
// RFC 2396.
//
// # Parse
//
// [Parse] reads a reference and splits it into the components of section
// 3: scheme, authority (userinfo, host with its kind, port), path, query
// and fragment, each undefined or defined (possibly empty):
//
//	u, err := rfc3986.Parse("http://[::1]:8080/a/b?q#f")
//	if err != nil {
//		return err
//	}
//	u.Host().Value // "[::1]"
//	u.HostKind()   // IP-literal
//	u.Port()       // {Value: "8080", Defined: true}
//	u.Path()       // "/a/b"
//
// Components are kept percent-encoded; the decoded accessors
// ([URI.PathSegments], [URI.QueryFields], ...) split on the raw delimiters
// before decoding. [ParseInto] parses into a URI the caller reuses, without
// allocating. A URI marshals as its reference ([URI.MarshalText]), held by
// value or by pointer, and unmarshals by parsing.
//
// # Check
//
// [Valid] says whether a string is a URI-reference, without allocating;
// [Match] and [Matches] check a string against any of the rules, which
// package rfc3986/grammar names (its Lookup takes the RFC's names,
// "IPv6address", "absolute-URI"):
//
//	rfc3986.Valid("?y")                                // true
//	rfc3986.Matches(grammar.RuleIPv6address, "::1")    // true
//
// # Errors
//
// A rejected reference gives an *[Error]: the byte offset of the first
// byte no valid string can have there, the character shown safely, the
// rule being matched and what was allowed instead;
// [Error.ErrorWithPosition] renders it with a caret under the byte.
//
//	_, err := rfc3986.Parse("http://a b/")
//	var perr *rfc3986.Error
//	if errors.As(err, &perr) {
//		fmt.Println(perr.Offset, perr.Rule, perr.Expected) // 8 authority pchar, "#", "/", "?" or end of input
//	}
//
// Resolution fails with a *[ResolveError], whose [ResolveReason] has a
// short code for programs ([ResolveReason.Code]: "invalid-base",
// "unrepresentable", ...) and wraps the *Error of an invalid input. The
// other errors are [*RuleError], [*EscapeError], [*UnescapeError] and
// [*TooLongError], all for errors.As.
//
// # Resolve
//
// [Resolve] implements section 5.2 (5.2.1 to 5.2.4, with
// [RemoveDotSegments] in linear time, and the strict or non-strict
// reading of a scheme repeated from the base,
// [BackwardsCompatibleScheme]):
//
//	s, warnings, err := rfc3986.Resolve("http://a/b/c/d;p?q", "../../../g") // "http://a/g"
//
// [Normalize] applies sections 6.2.2 (case, percent-encoding and path
// segment normalization) and 6.2.3 (empty and default ports, empty http
// path) without changing what a reference resolves to; [Relativize] is
// the inverse of Resolve (docs/normalization.md). [Equal] and [Equivalent]
// compare references (section 6.2), with the default ports of
// [DefaultPorts] or a table of [WithDefaultPorts]; [Escape] and [Unescape]
// percent-encode and decode a component (section 2.1); a parsed [URI]
// resolves, normalizes and relativizes with its methods.
//
// Where RFC 3986 differs from RFC 2396 the two packages give different
// answers, on purpose: "?y" is a valid relative reference here, "[::1]" a
// valid host, and "../../../g" against "http://a/b/c/d;p?q" resolves to
// "http://a/g" (RFC 2396 keeps "http://a/../g").
//
// Every function is safe for concurrent use.
//
// # How it is built
//
// The package is generated from the RFC's own Appendix A grammar through
// the same pipeline as package parser: grammar/rfc3986.abnf holds Appendix
// A, rfc3986.peg transcribes it rule for rule (checked by gen), and the
// tests prove the generated engines exact against regular expressions
// generated from the ABNF. Parse and ParseInto run the compact parser gen
// compiles from rfc3986.peg; ParseTree runs the parser peg generates from
// rfc3986.peg as written; Valid, Match, Matches and every *Error run
// deterministic automata gen builds from the ABNF and writes as tables.
// Nothing reads grammar text at run time. docs/how-it-is-built.md gives
// the details.
package rfc3986
