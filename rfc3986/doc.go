// Package rfc3986 is a strict, validating parser for RFC 3986 URI
// references, generated from the RFC's own Appendix A grammar through the
// same pipeline as package parser's RFC 2396 parser: grammar/rfc3986.abnf
// holds Appendix A, rfc3986.peg transcribes it rule for rule (checked by
// gen), pointlander/peg compiles it as written and gen compiles its
// compact form, and the tests prove the generated parsers exact against
// regular expressions generated from the ABNF.
//
// [Parse] accepts exactly the URI-reference strings Appendix A derives and
// splits them into the components of section 3: scheme, authority
// (userinfo, host with its kind, port), path, query and fragment, each
// undefined or defined (possibly empty); [ParseInto] and [Valid] do the same
// without allocating. [Match] and [Matches] check a string against any of
// the rules (package rfc3986/grammar looks a rule up by its RFC name,
// "IPv6address", "absolute-URI"), and [ParseTree] returns the parse tree.
// The names are package parser's for the same jobs.
// Errors are [*Error] values: the byte offset of the first byte no valid
// string can have there, the character shown safely, the rule being
// matched and what was allowed instead.
//
// One engine per job, as in package parser: Parse and ParseInto run the
// compact parser gen compiles from the grammar it derives from
// rfc3986.peg; ParseTree runs the parser peg generates from rfc3986.peg as
// written; Valid,
// Match, Matches and every *Error run deterministic automata that gen
// builds from grammar/rfc3986.abnf (Glushkov's construction and the subset
// construction) and writes as tables. Nothing reads grammar text at run
// time. Built for WebAssembly (GOOS=js), Parse reads the tokens of the
// ParseTree parser and the automata are built on demand, as in package
// parser.
//
// [Resolve] implements section 5.2 (5.2.1 to 5.2.4, with
// [RemoveDotSegments] in linear time and the strict or non-strict reading
// of a scheme repeated from the base, [BackwardsCompatibleScheme]); [Normalize] applies
// sections 6.2.2 (case, percent-encoding and path segment normalization)
// and 6.2.3 (empty and default ports, empty http path) without changing
// what a reference resolves to; [Relativize] is the inverse of Resolve
// (docs/normalization.md).
//
// [Equal] and [Equivalent] compare references (section 6.2), with the
// default ports of [DefaultPorts] or a table of [WithDefaultPorts];
// [Escape] and [Unescape] percent-encode and decode a component (section
// 2.1); a parsed [URI] resolves, normalizes and relativizes with its
// methods. The names are package parser's for the same jobs, and the
// errors are the same kinds: [*Error], [*RuleError], [*ResolveError] with
// a [ResolveReason], [*EscapeError], [*UnescapeError], [*TooLongError].
//
// Where RFC 3986 differs from RFC 2396 the two packages give different
// answers, on purpose: "?y" is a valid relative reference here, "[::1]" a
// valid host, and "../../../g" against "http://a/b/c/d;p?q" resolves to
// "http://a/g" (RFC 2396 keeps "http://a/../g").
//
// Every function is safe for concurrent use.
package rfc3986
