// Package uri is the run-time core that every grammar of the RFC 3986
// family runs on: RFC 3986's own (package rfc3986), RFC 3987's IRIs
// (package rfc3987), and any grammar written in the same shape. A grammar
// is a value, a [Grammar], which gen builds from the grammar file and a
// short manifest: its rule catalogue, the parsers and automata generated
// from it, and its escape tables ([Data]). The core holds what every such
// grammar shares, once:
//
//   - the parsed reference, [URI]: spans over the input and the grammar it
//     was read by, with its components ([Component], [HostKind]) and
//     decoded accessors;
//   - the errors: [Error] (offset, rule, the rules the reading was inside,
//     what was expected, the rule's ABNF line and section), [RuleError],
//     [TooLongError], [EscapeError], [UnescapeError], [ResolveError],
//     [ComposeError], each inspectable with errors.As;
//   - checking any rule ([Grammar.Match], [Grammar.Valid]) and the parse
//     tree ([Grammar.ParseTree]);
//   - resolution (RFC 3986 section 5.2, which RFC 3987 section 6.5 applies
//     to IRIs), relativization, normalization (section 6.2's ladder as far
//     as it is syntax-based), escaping by rule;
//   - edits and profiles: a grammar with named edits in force
//     ([Grammar.Allow]: RFC 6874's zone IDs, a rule of the RFC's prose
//     lifted), named sets of them ([Grammar.Profiles], [Grammar.Profile]),
//     and, for a string the grammar refuses, the readings that accept it
//     ([Grammar.ValidUnder]);
//   - for a grammar whose characters go beyond US-ASCII, the mappings to
//     and from URIs ([EncodeNonASCII], [Grammar.FromURI]) and the rungs of
//     RFC 3987 section 5.3's ladder ([NormalizeUnicode]).
//
// The face packages hold what their RFC does differently and give the
// same jobs the same names: rfc3986.Parse is RFC 3986's
// [Grammar.Parse]. The sections cited in this package are RFC 3986's.
// Package parser is RFC 2396, whose grammar has another shape (opaque
// parts, server-based authorities, profiles of grammar edits).
package uri
