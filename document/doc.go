// Package document reads documents, running text, HTML, Markdown and MIME
// messages (MHTML, e-mail), finds the URI references in them and resolves each
// against the base URI that RFC 2396 section 5.1 gives its place in the
// document.
//
// # Establishing the base (section 5.1)
//
// Section 5.1 gives the base URI of a relative reference from, in order:
//
//  1. [Content], 5.1.1: a base embedded in the document's content. For
//     HTML this is the href of the first <base> element that has one
//     (Appendix D; HTML5 "the first base element with an href attribute").
//     Running text has no such base.
//  2. [Entity], 5.1.2: the base of the encapsulating entity. For a MIME
//     body part it is the part's Content-Base header, else its
//     Content-Location, else those of each enclosing multipart and of the
//     message, innermost first (RFC 2557 MHTML; Content-Base is RFC 2110's).
//  3. [Retrieval], 5.1.3: the URI the document was retrieved from,
//     [Options.Retrieval]. The lint command gives a local file's file: URI
//     ([FileURI]) unless --base is given; standard input has none.
//  4. [Default], 5.1.4: the application's default, [Options.Default]. This
//     package's default is none: with no base, a relative reference is left
//     unresolved, with a *[NoBaseError], and an absolute one resolves to
//     itself (section 5.2 step 3).
//
// A candidate that is not a URI-reference under Appendix A (an invalid
// <base href>, a Content-Location with a space) is passed over, with a
// note in [Base.Notes], and the next rule applies. A relative candidate is
// resolved against the base the later rules give: HTML5 resolves a
// relative <base href> against the document's URL, RFC 2557 a relative
// Content-Location against the enclosing one; RFC 2396 says only that a
// base must be absolute, so a relative candidate with nothing to resolve it
// against is passed over too.
//
// # HTML (Appendix D)
//
// HTML is read with the tokenizer of golang.org/x/net/html, as a stream.
// References are taken from the attributes that hold a URI (see
// urlAttributes in html.go: a, area and link href; img, script, iframe,
// frame, input, audio, video, source, track and embed src; form action;
// q, blockquote, del and ins cite; longdesc, usemap, formaction, poster,
// background, profile, manifest, applet codebase), with leading and
// trailing HTML white space removed and character references decoded, and
// from text as package extract reads running text. Text is read with its
// character references decoded (so "&lt;http://a/&gt;" is bracketed),
// positions staying those of the input; not inside script or style, nor
// in comments. The content of noscript, noframes and noembed is read as
// markup, and a repeated attribute is ignored, as HTML ignores it. Lists
// of URLs (srcset, ping, archive), object data and classid (resolved
// against codebase in HTML 4), <meta refresh> and CSS url() are not read.
//
// The edge cases, settled as HTML5 settles them:
//
//   - several base elements: the first with an href sets the base; later
//     ones are reported as references with a note that they are ignored;
//   - a base element after references: it applies to the whole document,
//     those before it included (HTML5's document base URL is one per
//     document), so references are held until it is read or the document
//     ends (within a budget: see Memory);
//   - a base element's own href is resolved against the base the document
//     would have without it (entity, retrieval, default);
//   - a relative base href is resolved against the next rule's base;
//   - an invalid base href is passed over with a note: the next rule
//     applies.
//
// # Markdown
//
// Markdown is parsed whole with the CommonMark parser of
// github.com/yuin/goldmark. References are the destinations of inline
// links and images, of link reference definitions (links that use a
// definition are not reported again) and URI autolinks, each with
// [Reference.Markdown] naming the construct, and the URL attributes of
// raw HTML, inline or in HTML blocks, read as the HTML reader reads them;
// the first <base href> among them sets the base, as in HTML. Link text,
// code and prose are not read (a bare URL is text in CommonMark).
// [Reference.Text] is the destination as written, from goldmark's source
// segments ("<a b>" without its brackets); [Reference.URI] is it with
// CommonMark's backslash escapes and character references decoded.
//
// A destination CommonMark rejects makes no link: [y](a b) is text,
// because a destination has no space. So that what the author wrote is
// still checked, a "](" in text whose "]" closes an unescaped "[" earlier
// on its line gives a reference of kind [MarkdownUnparsed]: the text up
// to the ")" that closes it on the same line, trimmed of spaces and tabs.
//
// # MIME
//
// A MIME message is read with net/mail, mime and mime/multipart: multipart
// bodies part by part (to a depth of 16), enclosed message/rfc822 entities,
// base64 and quoted-printable transfer encodings. text/html and
// application/xhtml+xml parts are read as HTML, other text/* parts as text,
// other media skipped. Positions in a part are in its decoded body;
// [Reference.Part] names the part: "1", "2.1", or "0" for the body of a
// message that is not multipart.
//
// # Abbreviated URLs (Appendix F)
//
// A string in running text that reads as an abbreviated URL
// ("www.w3.org/Addressing/", see extract.LooksAbbreviated) is reported
// with [Reference.Abbreviation] set, not as a valid reference, and is not
// resolved: Appendix F says it "cannot be used in contexts where relative
// URLs are expected". In an attribute, where a relative reference is
// expected, the same string is a relative reference and is resolved as
// one; Abbreviation then says what the author most likely meant.
//
// # Memory
//
// Every reader holds a bounded amount of the input, set by
// [Options.MaxLine], and reads the references a document would give read
// whole, or stops with an error; it never shortens one.
//
//   - Text is read in windows of 16 KiB (MaxLine if less; longer only for
//     a first line longer than that), each with 64 KiB of look-ahead, cut
//     where a guess says the input may be cut: the last line start of the
//     window. The guess holds when no construct of Appendix E spans it
//     (see extract.Stream.Window): a reference in angle brackets wrapped
//     across lines, with "URL:" or a hyphen at a line break, "URL:"
//     ending a line, a qualified name whose XML prefix may be marked up
//     to 64 KiB later. Where it does not, the text from the last place it
//     may be cut is read again with the windows that follow, at most
//     2*MaxLine bytes and 128 KiB more, until a guess holds; so the
//     references and their positions are those of the whole text. With
//     [Options.Workers], windows are read at once, at most two a
//     worker; where the windows are cut depends on the input alone, so
//     the result is the same whatever the number of workers. A line
//     longer than MaxLine, or text read again with no place to cut (a
//     chain of wrapped references, each starting on the line where the
//     one before ends), is a *[LimitError].
//   - HTML is read one token of at most MaxLine bytes at a time. Its
//     references are held until the first base element with an href, then
//     emitted as they come; at most 4*MaxLine bytes of them are held
//     before it (each counted as about 400 bytes and its text). Past that
//     budget they are emitted under the base known so far, and a base
//     element that comes later has a note in its [Reference.Base] naming
//     the references resolved without it (how many, from which byte to
//     which).
//   - A MIME message is read in lines of at most MaxLine bytes; its header
//     block, and that of an enclosed message/rfc822, may hold at most
//     4*MaxLine bytes, else a *[LimitError] at byte 0 of the message (a
//     part's header is bounded by mime/multipart, to 10 MiB). Text parts
//     are read as text.
//   - Markdown is read whole, since a link may use a definition anywhere:
//     at most 4*MaxLine bytes, else a *[LimitError] at byte 0 and nothing
//     emitted. Its syntax tree costs up to about 25 times the input; while
//     it is parsed only spans are kept, each made a [Reference] when it is
//     emitted.
package document
