package document

import (
	"bytes"
	"flag"
	"fmt"
	"math/rand/v2"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/google/go-cmp/cmp/cmpopts"
)

var updateHTMLCorpus = flag.Bool("update-html-corpus", false, "rewrite testdata/html-corpus.golden from what Read gives now")

// htmlFragments are the pieces the HTML corpus is made of: URL attributes
// written every way HTML allows, character references in attributes and
// text, text references delimited every way Appendix E names, elements
// whose content is not read, base elements, comments and broken markup.
var htmlFragments = []string{
	`<a href="http://example.com/a/b?q#f">x</a>`,
	`<A HREF=unquoted/path?x=1 TITLE=t>u</A>`,
	`<img alt='a href=no' src='single.png'` + "\n  data-x=1 SRC = \"dup\">",
	`<a href="  ../up/one  ">lead and trail</a>`,
	"<a href=\"x\ny\">newline in value</a>",
	"<a href=\"x\r\ny\">crlf in value</a>",
	`<a href="&#x2e;./e&amp;f">refs</a>`,
	`<a href="http://bad host/">space</a>`,
	`<a href="http://a/%zz">bad escape</a>`,
	`<a href="www.example.com/abbr">abbreviated</a>`,
	`<a href="ftp.example.org/pub">ftp abbreviated</a>`,
	`<a href="index.html">file</a>`,
	`<a href>no value</a>`,
	`<a href="">empty</a>`,
	`<a href="?q=only">query</a>`,
	`<a href="../../../../above">dots</a>`,
	`<link rel=stylesheet href="../css/site.css">`,
	`<base href="http://base.example/dir/">`,
	`<base href="rel/base/">`,
	`<base target=_top>`,
	`<BASE HREF="http://second.example/">`,
	`<form action="/submit?a=b"><input type=image src="go.png" formaction=alt.cgi usemap=#m><button formaction="b.cgi">b</button></form>`,
	`<q cite=http://c/x>quote</q><blockquote cite="urn:isbn:0451450523">b</blockquote>`,
	`<del cite="d.html"></del><ins cite='i.html'></ins>`,
	`<iframe src="frame.html" longdesc="ld.html"></iframe><frame src=f.html>`,
	`<video src=v.mp4 poster="p.jpg"><source src="s.webm"><track src=t.vtt></video>`,
	`<audio src="a.ogg"></audio><embed src=e.swf><object usemap="#o"></object><applet codebase="cb/"></applet>`,
	`<area href="area.html" shape=rect><img usemap=#map longdesc=l.txt src=i.gif>`,
	`<body background="bg.png">`,
	`<head profile="http://profile.example/p">`,
	`<html manifest="cache.appcache">`,
	`<p data-href="http://not/read" class=x>no URL attribute</p>`,
	`<p>text http://t/x &amp; more</p>`,
	`<p>angle &lt;http://e/&gt; and <code>&lt;http://f/g&gt;</code></p>`,
	"<p>&eacute;&lt;http://e/&gt; &#233; &#xe9; &notanentity; &amp</p>",
	"<pre>URL:http://u.example/x, then\n&lt;http://wrap.example/a-\n  b/c&gt; wrapped</pre>",
	`<p>bare www.w3.org/Addressing/ and ftp.example.org/pub. done</p>`,
	`<p>quoted "http://q.example/a b" and "rel/x" and (http://p.example/x).</p>`,
	`<p>relative in angles <../rel/x> and <www.w3.org/x></p>`,
	`<p>xml: <D:href>x</D:href> xmlns:D="DAV:" and <E:prop></p>`,
	`<p>mailto:someone@example.com news:comp.lang urn:x:y</p>`,
	`<p>bad http://a/b%zz and http://[::1/ end</p>`,
	`<script src="s.js">var u = "http://in.script/";</script>`,
	`<style>body { background: url(http://in.style/) }</style>`,
	`<noscript><a href="ns.html">ns</a> http://no.script/</noscript>`,
	`<noframes><a href=nf.html>nf</a></noframes><noembed>http://no.embed/</noembed>`,
	`<title>http://in.title/</title><textarea>http://in.textarea/ <a href=no></textarea>`,
	`<!-- <a href="commented.html"> http://in.comment/ -->`,
	`<![CDATA[http://cdata/]]>`,
	`<!DOCTYPE html>`,
	`<?xml version="1.0"?>`,
	`<a href="x" href="y">repeated</a>`,
	`<a title="x"href="adjacent">adjacent</a>`,
	`<a href=x/>self closing</a>`,
	`<img src="a.png"/>`,
	`</p></div></a>`,
	`<a <b href=odd>`,
	`<a href="unterminated`,
	"<a href=\"caf\xc3\xa9/\xff\">bytes</a>",
	"text caf\xc3\xa9 http://\xc3\xa9.example/ \xff http://x/\xfe",
	"\x00<a href=\"nul\x00\">n</a>",
	"\n\n\n",
	"line\r\nbreaks\rhere\n",
	"\t<a\thref\t=\t\"tabs\">t</a>",
	`<svg><a href="svg.html">in svg</a></svg>`,
	`<math><mi>http://math/</mi></math>`,
	`<table><tr><td><a href="cell.html">c</a></td></tr></table>`,
	`<p>hyphen http://x.example/a- b and &lt;http://y.example/c-` + "\n" + `d&gt;</p>`,
	`<p>URL: http://after.colon/ and url:http://lower/</p>`,
	`<p>a=http://after.equals/ b</p>`,
	`<p>&#104;ttp://decoded.scheme/ and http&#58;//decoded.colon/</p>`,
	`<p>http://a/&#x20;b http://a/&quot;q&quot;</p>`,
	`<a href="` + strings.Repeat("long/", 80) + `">over 300 bytes</a>`,
	`<p>` + strings.Repeat("a long text of words ", 20) + `</p>`,
}

// htmlCorpus returns the documents of the corpus: each fragment alone,
// then documents made of random fragments (a fixed seed), some with a
// base element and some long enough, with many references, to pass the
// budget of references held before a base element.
func htmlCorpus() []string {
	docs := append([]string(nil), htmlFragments...)
	rng := rand.New(rand.NewPCG(2396, 3986))
	for range 50 {
		var b strings.Builder
		if rng.IntN(3) == 0 {
			b.WriteString("<!DOCTYPE html>\n<html><head>")
		}
		for n := 1 + rng.IntN(16); n > 0; n-- {
			b.WriteString(htmlFragments[rng.IntN(len(htmlFragments))])
			switch rng.IntN(4) {
			case 0:
				b.WriteByte('\n')
			case 1:
				b.WriteString(" words between ")
			}
		}
		docs = append(docs, b.String())
	}
	return docs
}

// htmlCorpusOptions are the ways each document of the corpus is read.
var htmlCorpusOptions = []struct {
	name string
	opts Options
}{
	{"plain", Options{Retrieval: "http://r.example/d/doc.html"}},
	{"relative", Options{Relative: true, Default: "http://default.example/"}},
	{"check-only", Options{CheckOnly: true, Retrieval: "http://r.example/d/"}},
	// A budget of 4*300 bytes of held references: long documents spill
	// before their base element; a token over 300 bytes is refused.
	{"small", Options{MaxLine: 300, Retrieval: "http://r.example/"}},
}

// dumpReference writes every field of r that a caller can see, compactly:
// what Found repeats of r is left out, and the base only when it is not
// last's.
func dumpReference(w *bytes.Buffer, r, last *Reference) {
	fmt.Fprintf(w, "%d:%d@%d-%d", r.Line, r.Column, r.Offset, r.End)
	for _, f := range []struct{ name, v string }{{"part", r.Part}, {"el", r.Element}, {"attr", r.Attribute}, {"md", r.Markdown}} {
		if f.v != "" {
			fmt.Fprintf(w, " %s=%s", f.name, f.v)
		}
	}
	fmt.Fprintf(w, " %q", r.Text)
	if r.URI != r.Text {
		fmt.Fprintf(w, " uri=%q", r.URI)
	}
	if end := r.PositionOf(len(r.URI)); end.Offset != r.End {
		fmt.Fprintf(w, " uri-end=%d:%d@%d", end.Line, end.Column, end.Offset)
	}
	if r.Err != nil {
		fmt.Fprintf(w, " err=%d@%d:%d:%d", r.Err.Offset, r.ErrPos.Line, r.ErrPos.Column, r.ErrPos.Offset)
	}
	if f := r.Found; f != nil {
		fmt.Fprintf(w, " found=%d:%d@%d-%d,%s", f.Line, f.Column, f.Offset, f.End, f.Delimiter.Code())
		if f.Text != r.Text || f.URI != r.URI || (f.Err == nil) != (r.Err == nil) {
			fmt.Fprintf(w, ",%q,%q,%v", f.Text, f.URI, f.Err != nil)
		}
		if f.Alternative != "" {
			fmt.Fprintf(w, ",alt=%q,%v", f.Alternative, f.AlternativeErr != nil)
		}
		for _, n := range f.Notes {
			fmt.Fprintf(w, ",note=%s@%d:%q", n.Kind.Code(), n.Offset, n.Detail)
		}
	}
	for _, p := range r.NotePos {
		fmt.Fprintf(w, " notepos=%d:%d@%d", p.Line, p.Column, p.Offset)
	}
	if a := r.Abbreviation; a != nil {
		fmt.Fprintf(w, " abbr=%d:%d@%d-%d,%q,%q,%q,%q", a.Line, a.Column, a.Offset, a.End, a.Text, a.Host, a.Likely, a.NetworkPath)
	}
	if r.Resolved != "" {
		fmt.Fprintf(w, " -> %q", r.Resolved)
	}
	if r.ResolveErr != nil {
		fmt.Fprintf(w, " unresolved=%q", r.ResolveErr)
	}
	if len(r.Warnings) > 0 {
		fmt.Fprintf(w, " warnings=%v", r.Warnings)
	}
	w.WriteByte('\n')
	if b := r.Base; b != nil && (last == nil || last.Base == nil || b.URI != last.Base.URI || b.From != last.Base.From || b.What != last.Base.What || !slices.Equal(b.Notes, last.Base.Notes)) {
		fmt.Fprintf(w, "  base %q %s %q %q\n", b.URI, b.From.Code(), b.What, b.Notes)
	} else if b == nil {
		w.WriteString("  no base\n")
	}
}

// readHTMLCorpus reads every document of the corpus every way and dumps
// what Read gives; with transient, each reading sets Options.Transient.
func readHTMLCorpus(t *testing.T, transient bool) []byte {
	t.Helper()
	var w bytes.Buffer
	for i, doc := range htmlCorpus() {
		for _, o := range htmlCorpusOptions {
			fmt.Fprintf(&w, "== %d %s\n", i, o.name)
			opts := o.opts
			opts.Transient = transient
			var last *Reference
			err := Read(strings.NewReader(doc), HTML, opts, func(r *Reference) error {
				dumpReference(&w, r, last)
				last = copyReference(r)
				return nil
			})
			if err != nil {
				fmt.Fprintf(&w, "error: %v\n", err)
			}
		}
	}
	return w.Bytes()
}

// TestHTMLCorpus holds what Read gives for a varied corpus of HTML,
// every field of every reference, to a golden file: a change to how HTML
// is read that is meant to keep its results (one for speed) must leave it
// as it is. -update-html-corpus rewrites it.
func TestHTMLCorpus(t *testing.T) {
	got := readHTMLCorpus(t, false)
	golden := filepath.Join("testdata", "html-corpus.golden")
	if *updateHTMLCorpus {
		if err := os.WriteFile(golden, got, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	want, err := os.ReadFile(golden)
	if err != nil {
		t.Fatal(err)
	}
	if diff := cmp.Diff(strings.Split(string(want), "\n"), strings.Split(string(got), "\n")); diff != "" {
		t.Errorf("(-golden +got):\n%s", diff)
	}
	// What the corpus is there to cover, each at least once.
	for _, s := range []string{" err=", " abbr=", " found=", " notepos=", ",alt=", " uri-end=", " warnings=", "came after", "is ignored", "\nerror: "} {
		if !bytes.Contains(got, []byte(s)) {
			t.Errorf("the corpus no longer gives %q", s)
		}
	}
}

// TestHTMLTransient reads the HTML corpus with Options.Transient, dumping
// each reference before emit returns, and holds it to a read without it:
// the memory Read reuses never shows in what emit is given.
func TestHTMLTransient(t *testing.T) {
	want, got := readHTMLCorpus(t, false), readHTMLCorpus(t, true)
	if diff := cmp.Diff(strings.Split(string(want), "\n"), strings.Split(string(got), "\n")); diff != "" {
		t.Errorf("(-without Transient +with):\n%s", diff)
	}
	// And references kept past emit (copied) equal those of a read
	// without it, for a document that spills before its base element.
	doc := strings.Repeat(`<a href="x.html">x</a> http://t.example/a <img src=www.example.com/i.png> `, 40) + `<base href="http://late.example/">` + strings.Repeat(`<a href=y>y</a> <p>&lt;http://z/&gt;`, 20)
	var plain, kept []*Reference
	for _, c := range []struct {
		transient bool
		into      *[]*Reference
	}{{false, &plain}, {true, &kept}} {
		err := Read(strings.NewReader(doc), HTML, Options{MaxLine: 1000, Retrieval: "http://r/", Transient: c.transient}, func(r *Reference) error {
			*c.into = append(*c.into, copyReference(r))
			return nil
		})
		if err != nil {
			t.Fatal(err)
		}
	}
	if diff := cmp.Diff(plain, kept, cmpopts.IgnoreUnexported(Base{})); diff != "" {
		t.Errorf("(-without Transient +with):\n%s", diff)
	}
}
