// Package extract finds URI references in running text, as RFC 2396
// Appendix E ("Recommendations for Delimiting URI in Context") describes,
// and checks each one strictly against Appendix A with package
// [github.com/rfc2396/rfc2396/parser].
//
// [Find] scans a document once, left to right, in time linear in its size,
// and returns a [Reference] for each URI reference it recognises: its byte
// span, its 1-based line and column (the column counts bytes, not
// characters), the text as written, the reference after Appendix E's
// clean-up, the strict verdict and [Note]s on every clean-up step taken.
//
// # Delimiters
//
// Appendix E names three ways of delimiting a URI in text, and Find reads
// all three:
//
//   - Angle brackets, <http://example.org/>. The brackets may span lines:
//     the whitespace around each line break inside them (space, tab, CR,
//     LF, FF, VT) is removed, as Appendix E asks. Other whitespace inside
//     the brackets stays part of a reference that starts with a scheme,
//     which it makes invalid (<http://a/b c> is reported, with the error
//     at the space); in anything else it marks markup or prose, not a
//     reference: <A href=x>, <pchar excluding x>. A blank line, a "<" or
//     64 KiB without ">" end the search for the closing bracket.
//   - Double quotes, "http://example.org/", on one line. Quoted text
//     with spaces in it is one (invalid) reference if its first word is
//     an absolute reference by the rules below, and prose otherwise
//     ("see http://a/ here" yields the bare http://a/).
//   - Whitespace ("bare" references): a candidate is a maximal run of bytes
//     other than ASCII whitespace, control bytes, '<', '>', '"' and '`'. A
//     non-ASCII character continues the run if it is a letter, mark or
//     digit (Unicode L, M, N); it then makes the reference invalid, and the
//     error shows its code point, since RFC 2396 requires it to be escaped.
//     Any other non-ASCII character (punctuation such as “ ” « » 。, symbols,
//     non-breaking space, invalid UTF-8) ends the run, except a
//     bidirectional formatting character (RFC 3987 section 4.1's LRM, RLM,
//     LRE, RLE, PDF, LRO, RLO) that a character of the run follows: it is
//     inside the reference, which it makes invalid, rather than cutting it
//     unseen.
//
// The prefix "URL:" (any case, with or without whitespace after it) is
// dropped, with a [NoteURLPrefix]; the span then starts after it.
//
// # Which strings are references
//
// A bare or quoted candidate is a reference only if it is absolute: after
// leading opening punctuation ( "(", "[", "{", "'", "*" ) and any non-ASCII
// letters are skipped, it must start with a scheme as section 3.1 defines
// it, alpha *( alpha | digit | "+" | "-" | "." ), followed by ":" and at
// least one more byte. These guards keep prose out:
//
//   - nothing after the colon: "Note:", "e.g.:", "section 3.2:", "about:";
//   - a colon, or a backslash, right after the first colon: "std::vector",
//     "fe80::1", "C:\dir";
//   - a scheme followed by "//" and nothing else: the prefix "http://";
//   - word:word prose: a scheme not in [KnownSchemes] followed by letters
//     only, both parts four letters or more ("user:password",
//     "this:that");
//   - numbers: a scheme not in [KnownSchemes] followed only by digits,
//     ".", ":" and "-", with a digit ("ISO-8859-1:1987", "T12:30");
//   - an IPv6 address without brackets: hex digits, "." and two colons or
//     more ("FEDC:BA98:7654:3210:FEDC:BA98:7654:3210");
//   - XML: the prefixes "xml" and "xmlns" ("xml:lang"), an element name
//     right after "<" ("<D:href>"), an attribute name followed by ="
//     ("xlink:href=");
//   - a scheme that starts the candidate only after skipped characters of
//     another kind is not a start: in "foo/http://x" nothing is found.
//
// Inside angle brackets the text is a reference if it starts with a scheme
// and ":" (even with nothing after it: the brackets say it is meant as a
// URI, and the verdict says whether it is one), unless it is XML markup: a
// closing or empty-element tag (</D:href>, <D:allprop/>), or a qualified
// name whose prefix the text uses for XML (declared by xmlns:PREFIX or
// closed by </PREFIX:... before the "<" or less than 64 KiB after it;
// the first 1024 prefixes the text marks are counted), or a tag
// with attributes (name="..."). Relative references are recognised only
// inside angle brackets, and only if they do not look like markup or
// prose: an element or layout name such as <first>, </HEAD>,
// <!doctype ...> or <absolute-URI> (letters, digits, "-" and "_", with at
// most a leading "/", "!" or "?"), an e-mail address (an "@" and no "/"),
// or text with none of "/", ".", "#", "?", ";", "=" and "%" is not a
// reference. <foo:bar> in a text without XML is a reference.
// The empty reference "<>" is not reported. [WithRelative] reports
// relative references in double quotes too (href="../x").
//
// # Trailing punctuation
//
// After a bare candidate (not a quoted or bracketed one), the following
// bytes are taken as sentence punctuation and dropped, repeatedly, from its
// end, with a [NoteTrailingPunctuation]:
//
//   - ".", ",", ";", ":", "!" and "?";
//   - ")" when the candidate has more ")" than "(", and the same for "]"
//     and "}";
//   - "'" when the candidate was opened by "'".
//
// One exception: when the candidate follows "=" on its line (a table of
// results such as Appendix C's "g. = http://a/b/c/g."), final dots are
// kept. So "(see http://a/b_(c))." gives http://a/b_(c). A URI that really
// ends in one of these characters must be written in angle brackets or
// quotes.
//
// # Hyphens at line breaks
//
// Appendix E says a line break right after a hyphen inside a bracketed URI
// may come from a typesetter, so "the hyphen may or may not actually be part
// of the URI". Find keeps the hyphen (the text as written, with only the
// whitespace removed), records a [NoteHyphenLineBreak] for each such
// hyphen and puts the other reading, without those hyphens, in
// [Reference.Alternative], with its own verdict. A bare candidate that ends
// in a hyphen at the end of a line gets a [NoteHyphenAtLineEnd]: it may
// continue on the next line, which only angle brackets can say.
//
// # Reading in pieces
//
// [Stream] reads an input in pieces with the results of Find and
// [FindAbbreviated] on the whole of it: each piece is cut only at a line
// start that no construct spans (angle brackets wrapped across lines,
// "URL:" at a line end, a qualified name whose prefix may be marked within
// 64 KiB), so a reader holds its longest lines and [MaxSpan] more, not the
// input.
//
// # Abbreviated URLs (Appendix F)
//
// Find reports references only. [FindAbbreviated] finds, in the same kind
// of bare runs, the strings that read as abbreviated URLs, a host name
// with or without a path and no scheme ("www.w3.org/Addressing/"), which
// Appendix F says are not URIs and cannot stand where relative references
// are expected; [LooksAbbreviated] tests one string by the same
// conservative heuristic.
package extract
