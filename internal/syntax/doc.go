// Package syntax holds the run-time pieces with which the generated
// parsers and the two run-times, package parser (RFC 2396) and package uri
// (the RFC 3986 family), read URI references:
//
//   - the run-time of the parsers gen compiles from the compact grammars
//     and of the parsers peg generates: [Span] and [Star], which match a
//     whole run of a repetition in one step, and [BuildTree], which makes a
//     parse tree of a parser's [Tokens] (runs.go, tree.go);
//   - the components of a parsed reference as byte ranges of it
//     ([ComponentSpans]), filled from a parser's tokens ([SpansFiller]), and
//     a reference recomposed from its components ([Recompose])
//     (components.go);
//   - percent-encoding, which RFC 2396 calls escaping: [DecodePercent], and
//     escaping a string for a rule of a grammar by the tables gen writes
//     ([EscapeGrammar], [EscapeTable]) (percent.go, escape.go);
//
// and what they share of resolving references against a base and back
// (it was package internal/resolve):
//
//   - the skeleton of resolution, with each RFC's rules as data: the
//     target's components before the removal of dot segments
//     ([Target.Resolve], [ResolveRules], [MergeDir]), and whether a target
//     recomposes to a string already parsed ([RecomposesTo]) (resolve.go,
//     components.go);
//   - the removal of dot segments ([ReduceSpans], [Reduce]), the path
//     arithmetic of relativization ([RelativeSegments], [Candidates]) and
//     the guard that keeps a normalized relative path one ([KeepRelative])
//     (refpath.go);
//   - the application of their resolution options ([ApplyOptions],
//     option.go), the codes and texts of their enums, with the resolution
//     reasons both give alike ([Reasons], enumname.go), and the lookup of
//     an error by type in a chain without reflection ([ErrorAs],
//     errtype.go), which the site's playground uses too.
//
// What the two RFCs do differently stays in the public packages; what
// both do alike to read a reference is here, written once.
package syntax
