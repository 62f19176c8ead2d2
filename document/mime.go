package document

import (
	"bufio"
	"bytes"
	"encoding/base64"
	"errors"
	"fmt"
	"io"
	"mime"
	"mime/multipart"
	"mime/quotedprintable"
	"net/textproto"
	"strconv"
	"strings"
)

// maxMIMEDepth bounds the nesting of multipart bodies and enclosed
// messages.
const maxMIMEDepth = 16

// readMIME reads a MIME message (RFC 2045, RFC 2046; MHTML, RFC 2557) and
// reads each of its text parts as text or HTML. The base of a part's
// content, after a base embedded in the content (section 5.1.1), is that of
// its encapsulating entity (section 5.1.2): the part's Content-Base, else
// its Content-Location, else those of each enclosing multipart and of the
// message, innermost first; a relative one is resolved against the rest of
// that chain. Then the retrieval URI (5.1.3) and the default (5.1.4).
func readMIME(r io.Reader, chain []candidate, opts *Options, emit func(*Reference) error) error {
	lr := &lineLimitReader{r: bufferedReader(r), limit: opts.maxLine()}
	outer := emit
	emit = func(ref *Reference) error {
		err := outer(ref)
		if err != nil {
			lr.emitErr = err
		}
		return err
	}
	h, body, err := readHeader(bufio.NewReader(lr), "", opts.maxLine())
	if err != nil {
		return mimeError(lr, "", err)
	}
	return readEntity(h, body, "", "the message", 0, chain, opts, lr, emit)
}

// maxHeader is the longest header block of a message read, for a given
// MaxLine: 4*MaxLine bytes. (The header of a part of a multipart body is
// bounded by package mime/multipart, to 10 MiB.)
func maxHeader(maxLine int) int { return 4 * maxLine }

// readHeader reads the header block of a message (RFC 5322) from br, at
// most maxHeader(maxLine) bytes, and returns it parsed and the body that
// follows. A longer header block is a *LimitError at the message's start.
func readHeader(br *bufio.Reader, part string, maxLine int) (textproto.MIMEHeader, io.Reader, error) {
	limit := maxHeader(maxLine)
	var block []byte
	lineStart := 0
	for {
		chunk, err := br.ReadSlice('\n')
		block = append(block, chunk...)
		if len(block) > limit {
			return nil, nil, &LimitError{Part: part, Offset: 0, Limit: limit, What: "MIME header block"}
		}
		if err == bufio.ErrBufferFull {
			continue
		}
		if err != nil && err != io.EOF {
			return nil, nil, err
		}
		if line := block[lineStart:]; err == io.EOF || string(line) == "\n" || string(line) == "\r\n" {
			break
		}
		lineStart = len(block)
	}
	// As net/mail reads a message: a header that ends the input is one.
	h, err := textproto.NewReader(bufio.NewReader(bytes.NewReader(block))).ReadMIMEHeader()
	if err != nil && (err != io.EOF || len(h) == 0) {
		return nil, nil, err
	}
	return h, br, nil
}

// mimeError returns the line limit's error if it was reached, else err as
// a *FormatError.
func mimeError(lr *lineLimitReader, part string, err error) error {
	if lr.emitErr != nil {
		return lr.emitErr
	}
	if lr.err != nil {
		lr.err.Part = part
		return lr.err
	}
	var le *LimitError
	if errors.As(err, &le) {
		return le
	}
	return &FormatError{Kind: MIME, Part: part, Err: err}
}

// entityCandidates returns the base candidates of an entity's header.
func entityCandidates(h textproto.MIMEHeader, name string) []candidate {
	var c []candidate
	if v := headerURI(h.Get("Content-Base")); v != "" {
		c = append(c, candidate{from: Entity, what: "Content-Base of " + name, uri: v})
	}
	if v := headerURI(h.Get("Content-Location")); v != "" {
		c = append(c, candidate{from: Entity, what: "Content-Location of " + name, uri: v})
	}
	return c
}

// headerURI returns a Content-Location or Content-Base value as a URI:
// folding white space removed (RFC 2557 section 4.4 lets a long URI be
// folded) and RFC 2047 encoded words decoded.
func headerURI(v string) string {
	if strings.Contains(v, "=?") {
		if d, err := new(mime.WordDecoder).DecodeHeader(v); err == nil {
			v = d
		}
	}
	return strings.Join(strings.Fields(v), "")
}

// readEntity reads the body of an entity with header h: a multipart body
// part by part, an enclosed message, or a text or HTML body.
func readEntity(h textproto.MIMEHeader, body io.Reader, part, name string, depth int, outer []candidate, opts *Options, lr *lineLimitReader, emit func(*Reference) error) error {
	if depth > maxMIMEDepth {
		return &FormatError{Kind: MIME, Part: part, Err: fmt.Errorf("more than %d nested multiparts or messages", maxMIMEDepth)}
	}
	chain := append(entityCandidates(h, name), outer...)
	ctype := h.Get("Content-Type")
	mediatype, params, err := mime.ParseMediaType(ctype)
	if ctype == "" || err != nil {
		mediatype, params = "text/plain", nil // RFC 2045 section 5.2
	}
	switch enc := strings.ToLower(strings.TrimSpace(h.Get("Content-Transfer-Encoding"))); enc {
	case "base64":
		body = base64.NewDecoder(base64.StdEncoding, body)
	case "quoted-printable":
		body = quotedprintable.NewReader(body)
	}
	if strings.HasPrefix(mediatype, "text/") || mediatype == "application/xhtml+xml" {
		if wide := wideCharset(params["charset"]); wide != "" {
			return wideEncodingError(MIME, nameOr(part), wide, "its charset parameter")
		}
		br, err := checkBOM(body, MIME, nameOr(part))
		if err != nil {
			return err
		}
		body = br
	}
	switch {
	case strings.HasPrefix(mediatype, "multipart/"):
		boundary := params["boundary"]
		if boundary == "" {
			return &FormatError{Kind: MIME, Part: part, Err: errors.New("multipart without a boundary parameter")}
		}
		mr := multipart.NewReader(body, boundary)
		for i := 1; ; i++ {
			p, err := mr.NextRawPart()
			if err == io.EOF {
				return nil
			}
			if err != nil {
				return mimeError(lr, part, err)
			}
			sub := strconv.Itoa(i)
			if part != "" {
				sub = part + "." + sub
			}
			if err := readEntity(p.Header, p, sub, "part "+sub, depth+1, chain, opts, lr, emit); err != nil {
				return err
			}
		}
	case mediatype == "message/rfc822":
		mh, mbody, err := readHeader(bufio.NewReader(body), nameOr(part), opts.maxLine())
		if err != nil {
			return mimeError(lr, part, err)
		}
		return readEntity(mh, mbody, part, "the message in "+nameOr(part), depth+1, chain, opts, lr, emit)
	case mediatype == "text/html" || mediatype == "application/xhtml+xml":
		if err := readHTML(body, nameOr(part), chain, opts, emit); err != nil {
			return mimeError(lr, part, err)
		}
	case strings.HasPrefix(mediatype, "text/"):
		if err := readText(body, nameOr(part), establish(chain), opts, emit); err != nil {
			return mimeError(lr, part, err)
		}
	default:
		// Images and other media: no references to read; drain so that
		// the line limit still applies.
		if _, err := io.Copy(io.Discard, body); err != nil {
			return mimeError(lr, part, err)
		}
	}
	return nil
}

// nameOr returns part, or "0" for the body of a message that is not
// multipart.
func nameOr(part string) string {
	if part == "" {
		return "0"
	}
	return part
}

// lineLimitReader fails with a *LimitError when a line of r is longer than
// limit bytes, so that header parsing and the readers after it hold
// bounded lines.
type lineLimitReader struct {
	r      io.Reader
	limit  int
	run    int // bytes since the last newline
	offset int
	err    *LimitError
	// emitErr is the error of the caller's emit function, returned as it
	// is.
	emitErr error
}

func (l *lineLimitReader) Read(p []byte) (int, error) {
	if l.err != nil {
		return 0, l.err
	}
	n, err := l.r.Read(p)
	for i := 0; i < n; i++ {
		if p[i] == '\n' {
			l.run = 0
			continue
		}
		l.run++
		if l.run > l.limit {
			l.err = &LimitError{Offset: l.offset + i - l.limit, Limit: l.limit, What: "line"}
			return i, l.err
		}
	}
	l.offset += n
	return n, err
}
