// Package rfc3987 holds what RFC 3987, "Internationalized Resource
// Identifiers (IRIs)" (January 2005), says about IRIs beyond its ABNF, as
// functions over strings:
//
//   - the mappings between IRIs and URIs: [ToURI] (section 3.1),
//     [HostToASCII] (section 3.1's ToASCII option for ireg-name) and
//     [ToIRI] (section 3.2);
//   - bidirectional IRIs: [CheckBidiFormatting] for the MUST NOT of section
//     4.1, [BidiWarnings] and [BidiComponentWarnings] for the SHOULDs of
//     section 4.2;
//   - the rungs of the comparison ladder (section 5.3) that differ from
//     RFC 3986's: [NormalizeNFC] (5.3.2.2), [NormalizePercentEncoding]
//     (5.3.2.3) and [NormalizeHostCase] (5.3.2.1).
//
// These functions take strings that are already IRI references (or URI
// references, or components, as each says) and do not check the grammar.
// They never panic, whatever the input: each says what it does with bytes
// outside what it expects. Errors are *[BidiError] and *[HostError], for
// errors.As.
package rfc3987
