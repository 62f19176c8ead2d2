// Package rfc6570 checks and expands URI Templates by RFC 6570, "URI
// Template" (March 2012), all four levels.
//
// # Parse
//
// [Parse] reads a template by the ABNF of section 2 exactly, as gen
// generates it from rfc6570.peg ([Grammar] is the grammar value the
// command's `parse --standard rfc6570` and `tree` run; pct-encoded is
// imported from RFC 3986, ucschar and iprivate from RFC 3987, as section
// 1.5 imports them; testdata/rfc6570.abnf is the RFC's text): literals, including the code points of ucschar and iprivate and
// pct-encoded triplets; expressions with their operator; varnames with
// pct-encoded triplets and single dots between varchars; the prefix
// modifier, whose max-length is 1 to 9999 without leading zeros; and
// explode. Where the prose says more than the ABNF, the prose is
// followed: the operators "=", ",", "!", "@" and "|", which the ABNF
// derives (op-reserve), are refused because section 2.2 reserves them
// for future extensions. A template is read as UTF-8; a byte that is not
// UTF-8 is an error (section 1.6).
//
// The apostrophe ("'", %x27) is where RFC 6570 contradicts itself: the
// ABNF of section 2.1 and its comment leave it out of literals, but the
// prose of the same section copies every character allowed in a URI
// (reserved / unreserved / pct-encoded) literally, and "'" is a reserved
// character (RFC 3986 sub-delims). Following the prose, this package
// accepts it, as erratum 6937 (verified) corrects the ABNF to "%x26-3B";
// testdata/rfc6570.abnf carries the corrected line with a note.
//
// An invalid template gives an *[Error], for errors.As: the byte offset
// of the first character no template can have there, the ABNF rule
// being read and what could have come, all three the grammar's automaton
// finds, and the section and ABNF line that say what is wrong. The
// tests hold the generated engines to the hand-written parser this
// package had before (handparse_test.go), which shares no code with them:
// both read every testdata template and fuzzed input alike ([Valid]
// runs the automaton alone, without allocating):
//
//	rfc6570: at offset 1 ("!"): operator "!" is reserved for future extensions (section 2.2, op-reserve = "=" / "," / "!" / "@" / "|")
//
// # Expand
//
// [Template.Expand] and [Expand] follow the algorithm of Appendix A, with
// its table of first, sep, named, ifemp and allow for each operator. A
// variable's [Value] is undefined, a string, a list, or an associative
// array whose pairs keep their order. Values are read as Unicode code
// points: every character outside the allowed set is pct-encoded as its
// UTF-8 octets ("ü" is %C3%BC), and a prefix counts code points, not
// bytes. Where the appendix, which is not normative, differs from
// section 3.2.1, the section is followed:
//
//   - an exploded associative array's pair with an empty value expands to
//     "name" alone unless the operator is "?" or "&", whatever the
//     operator's named column says;
//   - the names of an exploded associative array's pairs are encoded like
//     values (unreserved, or unreserved and reserved for "+" and "#"), not
//     like literals.
//
// Two choices the RFC leaves are made so:
//
//   - a prefix modifier on a defined list or associative array is an
//     error ([ErrPrefixComposite]): section 2.4.1 says prefixes are "not
//     applicable" to composite values, and a silent expansion would hide
//     a template written for another value;
//   - with "+" and "#", which copy the pct-encoded triplets of a value, a
//     prefix counts a triplet, or the run of triplets encoding one code
//     point, as one character, so that it never splits one.
//
// On an error, the string returned beside it is the incompletely expanded
// template section 3 describes, for diagnostics only.
//
// An expansion can be far longer than its template and variables: "{a}"
// written a thousand times repeats a's value a thousand times.
// [Template.ExpandTo] writes it to an [io.Writer] as it is made, in memory
// in proportion to the longest value (the command's `expand` does so).
package rfc6570
