package document

import (
	"fmt"
	"io"
	"strings"
	"testing"
	"testing/iotest"

	"github.com/google/go-cmp/cmp"
	"golang.org/x/net/html"
	"golang.org/x/net/html/atom"
)

// TestHTMLPositions checks where attribute and text references are
// located, in the forms HTML allows attributes to be written.
func TestHTMLPositions(t *testing.T) {
	doc := "<html>\n<A HREF=unquoted/x TITLE=t>a</A>\n<img alt='a href=no' src='single.png'\n  data-x=1 SRC = \"dup\">\n" +
		"<p>text http://t/x &amp; <a\nhref=\"&#x2e;./e\">e</a></p>\n<link rel=x href>\n&eacute;&lt;http://e/&gt;"
	var got []string
	err := Read(strings.NewReader(doc), HTML, Options{}, func(r *Reference) error {
		got = append(got, fmt.Sprintf("%d:%d@%d %s %s=%q", r.Line, r.Column, r.Offset, r.Element, r.Attribute, r.URI))
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	want := []string{
		`2:9@15 a href="unquoted/x"`,
		`3:27@66 img src="single.png"`, // the repeated SRC is ignored, as HTML does
		`5:9@110  ="http://t/x"`,
		`6:7@136 a href="../e"`,
		`7:17@173 link href=""`,  // no value: where it would start
		`8:13@187  ="http://e/"`, // in text, after character references
	}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("(-want +got):\n%s", diff)
	}
}

// htmlTokens reads doc with z, whose input is in (nil: none), and
// returns each token's type and bytes, where it starts, and the error
// that ends the reading.
func htmlTokens(z *html.Tokenizer, in *htmlInput) []string {
	var out []string
	offset := 0
	for {
		tt := z.Next()
		if tt == html.ErrorToken {
			return append(out, fmt.Sprintf("@%d error %v", offset, z.Err()))
		}
		raw := z.Raw()
		out = append(out, fmt.Sprintf("@%d %v %q", offset, tt, raw))
		offset += len(raw)
		if in != nil {
			in.start(raw)
			in.end()
		}
	}
}

// TestHTMLInputLimit holds the tokens read through htmlInput, which sets
// the tokenizer's size limit only for a token that reaches it, to those
// read with the limit set from the start: tokens of every kind just
// under, at and over the limit, read in pieces of every size.
func TestHTMLInputLimit(t *testing.T) {
	const limit = 40
	readers := map[string]func(io.Reader) io.Reader{
		"whole":    func(r io.Reader) io.Reader { return r },
		"one byte": iotest.OneByteReader,
		"half":     iotest.HalfReader,
		"data+err": iotest.DataErrReader,
	}
	for n := limit - 3; n <= limit+2; n++ {
		for _, token := range []string{
			strings.Repeat("t", n),                                   // text
			strings.Repeat("t", n-1) + "<",                           // text, then a lone "<"
			strings.Repeat("t", n-2) + "<p>",                         // text before a tag
			"<a href=\"" + strings.Repeat("h", n-11) + "\">",         // a start tag
			"<a href=" + strings.Repeat("h", n-9) + ">",              // an unquoted value
			"</" + strings.Repeat("e", n-3) + ">",                    // an end tag
			"<!--" + strings.Repeat("c", n-7) + "-->",                // a comment
			"<!DOCTYPE " + strings.Repeat("d", n-11) + ">",           // a doctype
			"<script>" + strings.Repeat("s", n-8) + "</script>",      // raw text
			"<p\n" + strings.Repeat(" x=1", (n-4)/4) + ">\n" + "end", // line breaks in a tag
		} {
			for _, doc := range []string{token, "<p>before</p>\n" + token + "\nafter <b>", token + token} {
				z := html.NewTokenizer(strings.NewReader(doc))
				z.SetMaxBuf(limit)
				want := htmlTokens(z, nil)
				for name, wrap := range readers {
					in := newHTMLInput(wrap(strings.NewReader(doc)), limit)
					if diff := cmp.Diff(want, htmlTokens(in.z, in)); diff != "" {
						t.Fatalf("%q read %s: (-limit from the start +htmlInput):\n%s", doc, name, diff)
					}
				}
			}
		}
	}
}

// TestHTMLTokenPositions holds the line and column htmlInput gives each
// byte of each token to those counted in the document.
func TestHTMLTokenPositions(t *testing.T) {
	for _, doc := range htmlCorpus() {
		pos := newHTMLInput(iotest.HalfReader(strings.NewReader(doc)), DefaultMaxLine)
		for pos.z.Next() != html.ErrorToken {
			pos.start(pos.z.Raw())
			for i := 0; i <= len(pos.raw); i++ {
				off := pos.offset + i
				lineStart := strings.LastIndexByte(doc[:off], '\n') + 1
				want := Position{Offset: off, Line: 1 + strings.Count(doc[:off], "\n"), Column: off - lineStart + 1}
				if got := pos.at(i); got != want {
					t.Fatalf("%q: byte %d: got %+v, want %+v", doc, off, got, want)
				}
			}
			pos.end()
		}
	}
}

// TestHTMLAttrValues holds where tagValues locates each attribute's value
// (where TagAttr returns it) to where attrValueStart finds it in the tag
// as written, for every start tag of the HTML corpus.
func TestHTMLAttrValues(t *testing.T) {
	for _, doc := range htmlCorpus() {
		z := html.NewTokenizer(strings.NewReader(doc))
		for {
			tt := z.Next()
			if tt == html.ErrorToken {
				break
			}
			if tt != html.StartTagToken && tt != html.SelfClosingTagToken {
				continue
			}
			raw := z.Raw()
			tag := append([]byte(nil), raw...)
			name, hasAttr := z.TagName()
			vals := tagValues{raw: raw, tag: tag, from: len(name) + 1, last: -1}
			from := len(name) + 1
			for hasAttr {
				var k, v []byte
				k, v, hasAttr = z.TagAttr()
				want, next := attrValueStart(tag, from, k)
				from = next
				if got := vals.start(k, v); got != want {
					t.Errorf("%q: attribute %q: value at %d, attrValueStart finds it at %d", tag, k, got, want)
				}
				if len(v) > 0 && vals.last < 0 {
					t.Errorf("%q: attribute %q: the value TagAttr returns is not in the tag's bytes: each is found with attrValueStart", tag, k)
				}
			}
		}
	}
}

// TestDecodeText holds decodeText's spans to the index in the raw text of
// each decoded byte, found byte by byte.
func TestDecodeText(t *testing.T) {
	texts := []string{"", "plain", "&", "a & b", "&amp;", "&amp;&lt;x&gt;", "caf&eacute; &#233;&#xe9;!", "&notanentity; &amp", "&lt;http://e/&gt; and &#104;ttp://d/&#58;x",
		"&" + strings.Repeat("x", 45) + ";&amp;", "tail &amp"}
	texts = append(texts, htmlFragments...)
	var many strings.Builder // more references than a charRefs holds
	for i := range maxCharRefs + 50 {
		fmt.Fprintf(&many, "&#%d;x&#x%x;", 32+i, 32+i)
	}
	texts = append(texts, many.String(), many.String())
	refs := charRefs{} // held from text to text
	for _, raw := range texts {
		var want []int // the index in raw of each decoded byte
		var wantText []byte
		for i := 0; i < len(raw); {
			if raw[i] == '&' {
				if j := strings.IndexByte(raw[i:min(len(raw), i+40)], ';'); j > 1 {
					if dec := html.UnescapeString(raw[i : i+j+1]); dec != raw[i:i+j+1] {
						wantText = append(wantText, dec...)
						for range len(dec) {
							want = append(want, i)
						}
						i += j + 1
						continue
					}
				}
			}
			wantText = append(wantText, raw[i])
			want = append(want, i)
			i++
		}
		text, spans := decodeText([]byte(raw), nil, nil, refs)
		if string(text) != string(wantText) {
			t.Errorf("%q: decoded %q, want %q", raw, text, wantText)
			continue
		}
		for i := 0; i <= len(text); i++ {
			w := len(raw)
			if i < len(want) {
				w = want[i]
			}
			if got := rawIndex(spans, len(text), len(raw), i); got != w {
				t.Errorf("%q: decoded byte %d comes from %d, want %d", raw, i, got, w)
			}
		}
	}
}

// TestElementOf checks elementOf against every element name the atom
// package knows: each it knows of is named as it is asked for, and each
// HTML reads the content of differently has its place in the table.
func TestElementOf(t *testing.T) {
	known := map[string]bool{}
	for a := range atom.Atom(1 << 24) {
		// An Atom is an offset and a length in the package's table of
		// names; the real ones are those Lookup gives back.
		if a&0xff == 0 || a&0xff > 16 {
			continue
		}
		name := a.String()
		if name == "" || atom.Lookup([]byte(name)) != a {
			continue
		}
		el := elementOf([]byte(name))
		if el.name != "" && el.name != name {
			t.Errorf("elementOf(%q) is named %q", name, el.name)
		}
		if el.name != "" {
			known[name] = true
		}
		if (el.attrs != nil || el.script || el.fallback) != (el.name != "") {
			t.Errorf("elementOf(%q) = %+v", name, el)
		}
	}
	for _, name := range []string{"a", "img", "script", "style", "noscript", "noframes", "noembed", "form", "input", "button", "q", "blockquote", "del", "ins", "iframe", "frame", "video", "audio", "source", "track", "embed", "object", "applet", "area", "body", "head", "html", "link", "base"} {
		if !known[name] {
			t.Errorf("elementOf(%q): not known", name)
		}
	}
	if len(known) != 29 {
		t.Errorf("elementOf knows %d elements, want 29", len(known))
	}
}
