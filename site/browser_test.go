package site

import (
	"context"
	"errors"
	"io"
	"net"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/cdproto/cdp"
	"github.com/chromedp/cdproto/emulation"
	"github.com/chromedp/chromedp"

	"github.com/rfc2396/rfc2396/internal/oracle"
)

// findChromium returns the path of a Chromium (or Chrome) binary, or "".
// RFC2396_CHROMIUM names one explicitly.
func findChromium() string {
	if p := os.Getenv("RFC2396_CHROMIUM"); p != "" {
		return p
	}
	for _, name := range []string{"chromium", "chromium-browser", "google-chrome", "google-chrome-stable"} {
		if p, err := exec.LookPath(name); err == nil {
			return p
		}
	}
	if _, err := os.Stat("/usr/bin/chromium"); err == nil {
		return "/usr/bin/chromium"
	}
	return ""
}

// startServer serves the site on a free loopback port, as rfc2396 serve
// does, and returns its base URL.
func startServer(t *testing.T) string {
	t.Helper()
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	srv := newSite(t).Server(ln.Addr().String(), io.Discard)
	go srv.Serve(ln)
	t.Cleanup(func() {
		ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
		defer cancel()
		if err := srv.Shutdown(ctx); err != nil && !errors.Is(err, http.ErrServerClosed) {
			t.Error(err)
		}
	})
	return "http://" + ln.Addr().String()
}

// newBrowser starts headless Chromium with a fresh profile, or skips the
// test when there is none.
func newBrowser(t *testing.T) context.Context {
	t.Helper()
	path := findChromium()
	if path == "" {
		t.Skip("no Chromium found (install Debian's chromium package, or set RFC2396_CHROMIUM): skipping the browser test")
	}
	opts := []chromedp.ExecAllocatorOption{
		chromedp.ExecPath(path),
		chromedp.Flag("headless", true),
		chromedp.Flag("no-sandbox", true),
		chromedp.Flag("disable-gpu", true),
		chromedp.Flag("disable-quic", true),
		chromedp.Flag("no-first-run", true),
		chromedp.Flag("disable-background-networking", true),
		chromedp.Flag("disable-component-update", true),
		chromedp.Flag("disable-sync", true),
		chromedp.Flag("hide-scrollbars", true),
		chromedp.UserDataDir(t.TempDir()),
		chromedp.WindowSize(1280, 900),
	}
	actx, cancelAlloc := chromedp.NewExecAllocator(context.Background(), opts...)
	ctx, cancelCtx := chromedp.NewContext(actx)
	ctx, cancelTimeout := context.WithTimeout(ctx, 5*time.Minute)
	t.Cleanup(func() {
		cancelTimeout()
		cancelCtx()
		cancelAlloc()
	})
	if err := chromedp.Do(ctx); err != nil {
		t.Skipf("Chromium at %s does not start (%v): skipping the browser test", path, err)
	}
	return ctx
}

func textOf(t *testing.T, ctx context.Context, sel string) string {
	t.Helper()
	// An element that never comes fails the test in seconds, not at the
	// browser context's own deadline.
	ctx, cancel := context.WithTimeout(ctx, 20*time.Second)
	defer cancel()
	s, err := chromedp.Run(ctx, chromedp.Text(chromedp.CSS(sel)))
	if err != nil {
		t.Fatalf("%s: %v", sel, err)
	}
	return strings.TrimSpace(s)
}

// TestBrowserPlayground loads the playground in headless Chromium and reads
// the rendered page: a registry-based reference, an opaque one and an
// invalid one by URL, then one typed into the field (the script's path,
// through /play.json).
func TestBrowserPlayground(t *testing.T) {
	// A long check, as the README says, whether or not Chromium is there.
	if os.Getenv("RFC2396_LONG") == "" {
		t.Skip("long check: set RFC2396_LONG=1")
	}
	base := startServer(t)
	ctx := newBrowser(t)
	load := func(ref string) {
		t.Helper()
		if err := chromedp.Do(ctx, chromedp.Navigate(base+"/play?ref="+urlQueryEscape(ref)), chromedp.WaitVisible(chromedp.CSS("#verdict"))); err != nil {
			t.Fatalf("loading %q: %v", ref, err)
		}
	}
	component := func(name string) string {
		return textOf(t, ctx, `tr[data-component="`+name+`"] td.value`)
	}

	// A registry-based authority: a port must be digits, so it is no server
	// (unless an edit of rfc2396.peg reads it otherwise).
	if registry := "http://www.example.com:http/x"; !oracle.NewFacts(0).Hold(registry) {
		t.Logf("%s: %s", registry, oracle.NotHeld)
	} else {
		load("http://www.example.com:http/x")
		if v := textOf(t, ctx, "#verdict"); !strings.Contains(v, "valid URI-reference") || strings.Contains(v, "invalid") {
			t.Errorf("verdict %q", v)
		}
		for name, want := range map[string]string{"scheme": "http", "authority": "www.example.com:http", "host": "undefined", "userinfo": "undefined", "path": "/x", "query": "undefined"} {
			if got := component(name); !strings.Contains(got, want) {
				t.Errorf("http://www.example.com:http/x: %s = %q, want %q", name, got, want)
			}
		}
		if got := textOf(t, ctx, "#authority-kind"); got != "registry-based" {
			t.Errorf("authority kind %q", got)
		}
		rules, err := chromedp.Run(ctx, chromedp.Evaluate[[]string](`Array.from(document.querySelectorAll(".tree .n")).map(n => n.dataset.rule)`))
		if err != nil {
			t.Fatal(err)
		}
		for _, want := range []string{"URI-reference", "absoluteURI", "scheme", "net_path", "authority", "reg_name", "abs_path"} {
			if !contains(rules, want) {
				t.Errorf("the tree has no span for %s: %v", want, rules)
			}
		}
		if contains(rules, "server") {
			t.Errorf("the tree reads www.example.com:http as a server: %v", rules)
		}
	}

	// An opaque URI: the query belongs to the opaque part.
	if opaque := "mailto:John.Doe@example.com?subject=hi"; !oracle.NewFacts(0).Hold(opaque) {
		t.Logf("%s: %s", opaque, oracle.NotHeld)
	} else {
		load(opaque)
		if got := textOf(t, ctx, ".verdict .kind"); got != "(absolute, opaque)" {
			t.Errorf("mailto: kind %q", got)
		}
		if got := component("path"); got != "John.Doe@example.com?subject=hi" {
			t.Errorf("mailto: path %q", got)
		}
		if got := component("query"); !strings.Contains(got, "undefined") {
			t.Errorf("mailto: query %q", got)
		}
	}

	// An invalid reference: the offset, the rule and what was expected.
	load("http://a b/")
	if got := textOf(t, ctx, "#error-offset"); got != "8" {
		t.Errorf("http://a b/: offset %q", got)
	}
	if got := textOf(t, ctx, "#error-rule a"); got == "" {
		t.Error("http://a b/: no rule")
	}
	if got := textOf(t, ctx, "#error-expected"); got == "" {
		t.Error("http://a b/: no expected set")
	}
	if got := textOf(t, ctx, "#caret mark.at"); got != "" {
		t.Errorf("http://a b/: the marked character is %q, want the space", got)
	}

	// Typing: the script asks /play.json and puts the answer in place.
	if typed := "ftp://1.2.3.4:21/x"; !oracle.NewFacts(0).Hold(typed) {
		t.Logf("%s: %s", typed, oracle.NotHeld)
		return
	}
	if err := chromedp.Do(ctx,
		chromedp.Navigate(base+"/play"),
		chromedp.WaitVisible(chromedp.CSS("#ref")),
		chromedp.SendKeys(chromedp.CSS("#ref"), "ftp://1.2.3.4:21/x"),
		chromedp.WaitVisible(chromedp.CSS("#host-kind")),
	); err != nil {
		t.Fatal(err)
	}
	if got := textOf(t, ctx, "#host-kind"); got != "IPv4address" {
		t.Errorf("typed ftp://1.2.3.4:21/x: host kind %q", got)
	}
	loc, err := chromedp.Run(ctx, chromedp.Location())
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(loc, "ref=ftp%3A%2F%2F1.2.3.4%3A21%2Fx") {
		t.Errorf("the address bar does not follow the typing: %s", loc)
	}
	// Hovering a span names its rule.
	if _, err := chromedp.Run(ctx, chromedp.Evaluate[bool](`document.querySelector('.tree .n[data-rule="port"]').dispatchEvent(new MouseEvent("mouseover", {bubbles: true}))`)); err != nil {
		t.Fatal(err)
	}
	if got := textOf(t, ctx, "#hover-info"); !strings.HasPrefix(got, "port took bytes [14, 16): 21") {
		t.Errorf("hovering the port: %q", got)
	}
}

// TestBrowserStandards drives the playground under the standards of the
// RFC 3986 family whose strings are not URI references: a permalink under
// RFC 6570 with a rule of its own, an error of RFC 8141's prose with its
// caret, and the form: choosing RFC 9112 offers its rules (its start
// rule chosen) and typing reads a request-target.
func TestBrowserStandards(t *testing.T) {
	if os.Getenv("RFC2396_LONG") == "" {
		t.Skip("long check: set RFC2396_LONG=1")
	}
	base := startServer(t)
	ctx := newBrowser(t)
	if err := chromedp.Do(ctx, chromedp.Navigate(base+"/play?standard=rfc6570&rule=expression&ref="+urlQueryEscape("{+path:6}")), chromedp.WaitVisible(chromedp.CSS("#verdict"))); err != nil {
		t.Fatal(err)
	}
	if v := textOf(t, ctx, "#verdict"); !strings.Contains(v, "valid expression") || strings.Contains(v, "invalid") {
		t.Errorf("{+path:6} as an RFC 6570 expression: verdict %q", v)
	}
	if err := chromedp.Do(ctx, chromedp.Navigate(base+"/play?standard=rfc8141&ref="+urlQueryEscape("urn:ab:x")), chromedp.WaitVisible(chromedp.CSS("#verdict"))); err != nil {
		t.Fatal(err)
	}
	if got := textOf(t, ctx, "#error-offset"); got != "4" {
		t.Errorf("urn:ab:x: offset %q, want 4 (the NID, RFC 8141 section 5.1)", got)
	}
	if err := chromedp.Do(ctx,
		chromedp.Navigate(base+"/play"),
		chromedp.WaitVisible(chromedp.CSS("#ref")),
	); err != nil {
		t.Fatal(err)
	}
	rule, err := chromedp.Run(ctx, chromedp.Evaluate[string](`(function () { var s = document.getElementById("standard"); s.value = "rfc9112"; s.dispatchEvent(new Event("change", {bubbles: true})); return document.getElementById("rule").value; })()`))
	if err != nil {
		t.Fatal(err)
	}
	if rule != "request-target" {
		t.Errorf("RFC 9112 chosen: the rule is %q, want its start rule request-target", rule)
	}
	if err := chromedp.Do(ctx,
		chromedp.SendKeys(chromedp.CSS("#ref"), "/where?q=now"),
		chromedp.WaitVisible(chromedp.CSS(`.tree .n[data-rule="origin-form"]`)),
	); err != nil {
		t.Fatal(err)
	}
	if v := textOf(t, ctx, "#verdict"); !strings.Contains(v, "valid request-target") {
		t.Errorf("typed /where?q=now under RFC 9112: verdict %q", v)
	}

	// Each standard's profiles and edits: RFC 3986's rfc6874 reads a zone
	// ID; RFC 8141, which has no edit, disables the edits field and
	// falls back on strict.
	state, err := chromedp.Run(ctx, chromedp.Evaluate[string](`(function () {
		var f = document.getElementById("play-form"), s = f.elements.standard, p = f.elements.profile;
		f.elements.allow.value = "ipv6,non-ascii";
		s.value = "rfc3986"; s.dispatchEvent(new Event("change", {bubbles: true}));
		p.value = "rfc6874"; p.dispatchEvent(new Event("change", {bubbles: true}));
		var under3986 = p.value + "," + f.elements.allow.disabled + "," + f.elements.allow.getAttribute("list") + "," + JSON.stringify(f.elements.allow.value);
		s.value = "rfc8141"; s.dispatchEvent(new Event("change", {bubbles: true}));
		var under8141 = p.value + "," + f.elements.allow.disabled;
		s.value = "rfc3986"; s.dispatchEvent(new Event("change", {bubbles: true}));
		p.value = "rfc6874"; p.dispatchEvent(new Event("change", {bubbles: true}));
		f.elements.ref.value = "";
		return under3986 + ";" + under8141;
	})()`))
	if err != nil {
		t.Fatal(err)
	}
	if state != `rfc6874,false,edit-names-rfc3986,"";strict,true` {
		t.Errorf("profile, edits disabled, their list and RFC 2396's edits typed, under RFC 3986, then RFC 8141: %q", state)
	}
	if err := chromedp.Do(ctx,
		chromedp.SendKeys(chromedp.CSS("#ref"), "http://[fe80::1%25en1]/"),
		chromedp.WaitVisible(chromedp.CSS(`.tree .n[data-rule="IPv6addrz"]`)),
	); err != nil {
		t.Fatal(err)
	}
	if v := textOf(t, ctx, "#verdict"); !strings.Contains(v, "valid URI-reference") || strings.Contains(v, "invalid") {
		t.Errorf("a zone ID under RFC 3986's profile rfc6874: verdict %q", v)
	}
}

func contains(list []string, s string) bool {
	for _, x := range list {
		if x == s {
			return true
		}
	}
	return false
}

// TestScreenshots writes docs/site.md's screenshots when RFC2396_SCREENSHOTS
// names a directory (RFC2396_SCREENSHOTS=$PWD/docs/screenshots go test -run
// Screenshots ./site/). Each is the top of the page, at most height pixels,
// so that the files stay small.
func TestScreenshots(t *testing.T) {
	dir := os.Getenv("RFC2396_SCREENSHOTS")
	if dir == "" {
		t.Skip("RFC2396_SCREENSHOTS is not set")
	}
	base := startServer(t)
	ctx := newBrowser(t)
	shots := []struct {
		file, path string
		height     int64
		dark       bool
	}{
		{"index.png", "/", 1000, false},
		{"rule-hostname.png", "/rule/hostname", 1250, false},
		{"rule-URI-reference.png", "/rule/URI-reference", 1000, false},
		{"rule-scheme-dark.png", "/rule/scheme", 900, true},
		{"play-valid.png", "/play?ref=" + urlQueryEscape("http://user@www.example.com:8080/a/b;p?q#frag"), 1350, false},
		{"play-resolve.png", "/play?ref=" + urlQueryEscape("../../g?y") + "&base=" + urlQueryEscape("http://a/b/c/d;p?q"), 1700, false},
		{"play-invalid.png", "/play?ref=" + urlQueryEscape("http://a b/"), 850, false},
		{"rule-java-host.png", "/g/java/rule/host", 1700, false},
		{"play-rfc9112.png", "/play?standard=rfc9112&ref=" + urlQueryEscape("/where?q=now"), 1100, false},
		{"rule-rfc9112-query.png", "/g/rfc9112/rule/query", 1100, false},
		{"play-resolve-rfc2732.png", "/play?ref=" + urlQueryEscape("../c") + "&base=" + urlQueryEscape("http://[::1]/a/b") + "&profile=rfc2732#resolution", 1000, false},
	}
	for _, s := range shots {
		scheme := "light"
		if s.dark {
			scheme = "dark"
		}
		media := chromedp.Action[chromedp.Void](func(ctx context.Context, tg *chromedp.Target) (chromedp.Void, error) {
			_, err := cdp.Call(ctx, tg, emulation.SetEmulatedMedia, emulation.SetEmulatedMediaParams{Features: []*emulation.MediaFeature{{Name: "prefers-color-scheme", Value: scheme}}})
			return chromedp.Void{}, err
		})
		if err := chromedp.Do(ctx, chromedp.EmulateViewport(1280, s.height), media, chromedp.Navigate(base+s.path), chromedp.WaitVisible(chromedp.CSS("main"))); err != nil {
			t.Fatal(err)
		}
		png, err := chromedp.Run(ctx, chromedp.CaptureScreenshot())
		if err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(filepath.Join(dir, s.file), png, 0o644); err != nil {
			t.Fatal(err)
		}
	}
}

// narrowPages are the kinds of page checked at a phone's width: the
// index, a rule page (with the widest diagram), a profile's index and
// rule page, the playground empty, with a valid reference and the other
// parsers' columns, with a resolution, with an error and with a long
// reference, and an error page.
var narrowPages = []struct{ name, path string }{
	{"index", "/"},
	{"rule", "/rule/IPv4address"},
	{"rule-long", "/rule/URI-reference"},
	{"profile-index", "/g/java/"},
	{"profile-rule", "/g/rfc2732/rule/host"},
	{"play-empty", "/play"},
	{"play-valid", "/play?ref=" + urlQueryEscape("http://user@[::1]:8080/a/b;p?q#frag") + "&profile=rfc2732"},
	{"play-resolve", "/play?ref=" + urlQueryEscape("../../g?y") + "&base=" + urlQueryEscape("http://a/b/c/d;p?q")},
	{"play-invalid", "/play?ref=" + urlQueryEscape("http://a b/")},
	{"play-long", "/play?ref=" + urlQueryEscape("http://www.example.com/"+strings.Repeat("averylongpathsegmentwithoutbreaks", 6)+"?"+strings.Repeat("q=1&", 20))},
	{"play-3986", "/play?ref=" + urlQueryEscape("http://[v1.x]/") + "&standard=rfc3986"},
	{"not-found", "/rule/no-such-rule"},
}

// checkNarrow loads url at 390 by 844 CSS pixels (a phone) and fails the
// test if the page is wider than the window, naming the elements that
// stick out. With RFC2396_NARROW_SHOTS naming a directory, it writes a
// screenshot of the whole page there as name.png.
func checkNarrow(t *testing.T, ctx context.Context, name, url, ready string) {
	t.Helper()
	if err := chromedp.Do(ctx, chromedp.EmulateViewport(390, 844), chromedp.Navigate(url), chromedp.WaitVisible(chromedp.CSS(ready))); err != nil {
		t.Fatalf("%s: %v", name, err)
	}
	widths, err := chromedp.Run(ctx, chromedp.Evaluate[[]int](`[document.documentElement.scrollWidth, document.documentElement.clientWidth]`))
	if err != nil {
		t.Fatal(err)
	}
	if widths[0] > widths[1] {
		// What sticks out: the outermost elements whose right edge is
		// beyond the window and that are not inside a box that scrolls.
		out, _ := chromedp.Run(ctx, chromedp.Evaluate[[]string](`(() => {
			const w = document.documentElement.clientWidth, found = [];
			for (const el of document.querySelectorAll("body *")) {
				const r = el.getBoundingClientRect();
				if (r.right <= w + 0.5) continue;
				let p = el.parentElement, clipped = false;
				for (; p && p !== document.body; p = p.parentElement) {
					const o = getComputedStyle(p).overflowX;
					if (o === "auto" || o === "scroll" || o === "hidden") { clipped = true; break; }
				}
				if (clipped) continue;
				const par = el.parentElement.getBoundingClientRect();
				if (el.parentElement !== document.body && par.right > w + 0.5) continue;
				found.push(el.tagName.toLowerCase() + (el.id ? "#" + el.id : "") + (el.className && typeof el.className === "string" ? "." + el.className.trim().split(/\s+/).join(".") : "") + " to " + Math.round(r.right) + "px");
			}
			return found.slice(0, 8);
		})()`))
		t.Errorf("%s at 390 px: the page is %d px wide in a window of %d px: %v", name, widths[0], widths[1], out)
	}
	if dir := os.Getenv("RFC2396_NARROW_SHOTS"); dir != "" {
		png, err := chromedp.Run(ctx, chromedp.FullScreenshot(100))
		if err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(filepath.Join(dir, name+".png"), png, 0o644); err != nil {
			t.Fatal(err)
		}
	}
}

// TestBrowserNarrow: no page of rfc2396 serve scrolls sideways at a
// phone's width (390 CSS pixels); what is wider (a diagram, a long
// reference, a table) scrolls or wraps in its own box.
func TestBrowserNarrow(t *testing.T) {
	if os.Getenv("RFC2396_LONG") == "" {
		t.Skip("long check: set RFC2396_LONG=1")
	}
	base := startServer(t)
	ctx := newBrowser(t)
	for _, p := range narrowPages {
		checkNarrow(t, ctx, p.name, base+p.path, "main")
	}
}
