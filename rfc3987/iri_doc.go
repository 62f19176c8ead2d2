// Package rfc3987 holds what RFC 3987, "Internationalized Resource
// Identifiers (IRIs)" (January 2005), says about IRIs beyond its ABNF, as
// functions over strings that do not check the grammar and never panic:
//
//   - the mappings between IRIs and URIs: [ToURI] and [HostToASCII]
//     (section 3.1), [ToIRI] (section 3.2);
//   - bidirectional IRIs: [CheckBidiFormatting] (section 4.1's MUST NOT),
//     [BidiWarnings] and [BidiComponentWarnings] (section 4.2's SHOULDs);
//   - the rungs of section 5.3's comparison ladder that differ from RFC
//     3986's: [NormalizeNFC], [NormalizePercentEncoding], [NormalizeHostCase].
//
// Section 4's rules are this package's; the mappings and rungs, which serve
// any grammar beyond US-ASCII, are package uri's. Errors are *[BidiError]
// and *[HostError], for errors.As.
package rfc3987
