package site

import (
	"bytes"
	"compress/gzip"
	"context"
	"net"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/cdproto/cdp"
	"github.com/chromedp/cdproto/network"
	"github.com/chromedp/chromedp"
)

// writeStaticWithPlayground builds the playground's WebAssembly module
// (as rfc2396 site does), writes the static copy with it, serves the copy
// with a plain file server on loopback and returns its base URL.
func writeStaticWithPlayground(t *testing.T) string {
	t.Helper()
	tmp := t.TempDir()
	out := filepath.Join(tmp, "rfc2396.wasm")
	build := exec.Command("go", "build", "-trimpath", "-tags=playground", "-ldflags=-s -w", "-o", out, "github.com/rfc2396/rfc2396/site/wasm")
	build.Env = append(os.Environ(), "GOOS=js", "GOARCH=wasm")
	if msg, err := build.CombinedOutput(); err != nil {
		t.Fatalf("building the module: %v\n%s", err, msg)
	}
	wasm, err := os.ReadFile(out)
	if err != nil {
		t.Fatal(err)
	}
	// The module's size (issue 29 asks for at most 4.5 MB with three
	// grammars; docs/site.md says where it goes, TestModuleSize in
	// site/wasm logs it package by package), logged with what gzip makes
	// of it.
	var gz bytes.Buffer
	zw, err := gzip.NewWriterLevel(&gz, gzip.BestCompression)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := zw.Write(wasm); err != nil {
		t.Fatal(err)
	}
	if err := zw.Close(); err != nil {
		t.Fatal(err)
	}
	t.Logf("the module: %d bytes, %d gzipped", len(wasm), gz.Len())
	goroot, err := exec.Command("go", "env", "GOROOT").Output()
	if err != nil {
		t.Fatal(err)
	}
	wasmExec, err := os.ReadFile(filepath.Join(strings.TrimSpace(string(goroot)), "lib", "wasm", "wasm_exec.js"))
	if err != nil {
		t.Fatal(err)
	}
	dir := filepath.Join(tmp, "site")
	if _, err := newSite(t).WriteStatic(dir, StaticOptions{Wasm: wasm, WasmExec: wasmExec}); err != nil {
		t.Fatal(err)
	}
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	srv := &http.Server{Handler: http.FileServer(http.Dir(dir)), ReadHeaderTimeout: 10 * time.Second}
	go srv.Serve(ln)
	t.Cleanup(func() { srv.Close() })
	return "http://" + ln.Addr().String()
}

// TestBrowserStaticPlayground opens the static copy's playground, served
// by a plain file server, in headless Chromium: the library runs in the
// page. It checks verdicts, components, errors, profiles, standards,
// permalinks and the WHATWG and net/url columns.
func TestBrowserStaticPlayground(t *testing.T) {
	if os.Getenv("RFC2396_LONG") == "" {
		t.Skip("long check: set RFC2396_LONG=1")
	}
	ctx := newBrowser(t)
	base := writeStaticWithPlayground(t)
	open := func(query string) time.Duration {
		t.Helper()
		start := time.Now()
		if err := chromedp.Do(ctx, chromedp.Navigate(base+"/play.html?"+query), chromedp.WaitVisible(chromedp.CSS("#result[data-updated]"))); err != nil {
			t.Fatalf("%s: %v", query, err)
		}
		return time.Since(start)
	}
	cell := func(component, who string) string {
		return textOf(t, ctx, `#others-table tr[data-component="`+component+`"] td[data-who="`+who+`"]`)
	}

	took := open("ref=" + urlQueryEscape("http://a_b.example/x"))
	t.Logf("first answer %v after the page was asked for", took)
	// The stages of the page's start, as play.js records them (logged, not
	// asserted: the machines that run the long checks are shared).
	if err := chromedp.Do(ctx, chromedp.WaitVisible(chromedp.CSS("#result[data-verdicts]"))); err != nil {
		t.Fatal(err)
	}
	stages, err := chromedp.Run(ctx, chromedp.Evaluate[map[string]float64](`(({instantiated, ready, firstAnswer, firstVerdicts}) => ({instantiated, ready, firstAnswer, firstVerdicts}))(window.rfc2396Timing)`))
	if err != nil {
		t.Fatal(err)
	}
	t.Logf("since navigation start: module instantiated %.0f ms, ready %.0f ms, first answer %.0f ms, with every verdict %.0f ms",
		stages["instantiated"], stages["ready"], stages["firstAnswer"], stages["firstVerdicts"])
	// The preload of play.html and the script's fetch are one download.
	fetches, err := chromedp.Run(ctx, chromedp.Evaluate[int](`performance.getEntriesByType("resource").filter(e => /\/rfc2396\.wasm(\.gz)?$/.test(e.name)).length`))
	if err != nil || fetches != 1 {
		t.Errorf("the module was fetched %d times (%v), want once", fetches, err)
	}
	for _, k := range []string{"instantiated", "ready", "firstAnswer", "firstVerdicts"} {
		if stages[k] <= 0 {
			t.Errorf("play.js recorded no time for %s: %v", k, stages)
		}
	}
	// Generous: the machines that run the long checks are shared.
	if took > 30*time.Second {
		t.Errorf("the playground answered after %v", took)
	}
	if v := textOf(t, ctx, "#verdict"); !strings.Contains(v, "valid URI-reference") || strings.Contains(v, "invalid") {
		t.Errorf("verdict %q", v)
	}
	if got := textOf(t, ctx, `tr[data-component="authority"] td.value`); got != "a_b.example" {
		t.Errorf("authority %q", got)
	}
	if got := textOf(t, ctx, "#authority-kind"); got != "registry-based" {
		t.Errorf("authority kind %q", got)
	}
	// WHATWG and net/url read a host where RFC 2396 reads a registry.
	if got := cell("host", "whatwg"); !strings.Contains(got, "a_b.example") || !strings.Contains(got, "≠") {
		t.Errorf("WHATWG host %q, want a_b.example marked ≠", got)
	}
	if got := cell("host", "neturl"); !strings.Contains(got, "a_b.example") {
		t.Errorf("net/url host %q", got)
	}

	// A profile and a standard from the permalink.
	open("ref=" + urlQueryEscape("http://[::1]/") + "&profile=rfc2732")
	// The verdict under every standard and profile follows the first answer.
	if err := chromedp.Do(ctx, chromedp.WaitVisible(chromedp.CSS("#result[data-verdicts] #valid-under"))); err != nil {
		t.Fatal(err)
	}
	if got := textOf(t, ctx, "#verdict"); !strings.Contains(got, "valid") || strings.Contains(got, "invalid") {
		t.Errorf("[::1] under rfc2732: %q", got)
	}
	if got := textOf(t, ctx, "#valid-under"); !strings.Contains(got, "RFC 3986") || strings.Contains(got, "strict") {
		t.Errorf("valid under: %q", got)
	}
	if got, _ := chromedp.Run(ctx, chromedp.Value(chromedp.CSS("#profile"))); got != "rfc2732" {
		t.Errorf("the profile selector shows %q", got)
	}
	open("ref=" + urlQueryEscape("http://[v1.x]/") + "&standard=rfc3986")
	if got := textOf(t, ctx, `tr[data-component="host"] td.value`); got != "[v1.x]" {
		t.Errorf("RFC 3986 host %q", got)
	}

	// An invalid reference: where and why.
	open("ref=" + urlQueryEscape("http://a b/"))
	if got := textOf(t, ctx, "#error-offset"); got != "8" {
		t.Errorf("http://a b/: offset %q", got)
	}

	// Typing updates the result and the permalink.
	if err := chromedp.Do(ctx,
		chromedp.Navigate(base+"/play.html"),
		chromedp.WaitVisible(chromedp.CSS("#result[data-ready]")),
		chromedp.SendKeys(chromedp.CSS("#ref"), "ftp://1.2.3.4:21/x"),
	); err != nil {
		t.Fatal(err)
	}
	var loc string
	for deadline := time.Now().Add(30 * time.Second); time.Now().Before(deadline); time.Sleep(100 * time.Millisecond) {
		if loc, err = chromedp.Run(ctx, chromedp.Location()); err != nil {
			t.Fatal(err)
		}
		if strings.Contains(loc, "ref=ftp%3A%2F%2F1.2.3.4%3A21%2Fx") {
			break
		}
	}
	if !strings.Contains(loc, "ref=ftp%3A%2F%2F1.2.3.4%3A21%2Fx") {
		t.Errorf("the address bar does not follow the typing: %s", loc)
	}
	if err := chromedp.Do(ctx, chromedp.WaitVisible(chromedp.CSS(`#result[data-verdicts] tr[data-component="path"]`))); err != nil {
		t.Fatal(err)
	}
	if got := textOf(t, ctx, "#host-kind"); got != "IPv4address" {
		t.Errorf("typed: host kind %q", got)
	}
	// Rule links of the static copy lead to its pages.
	href, err := chromedp.Run(ctx, chromedp.Evaluate[string](`document.querySelector('.tree .n[data-rule="host"]').dataset.href`))
	if err != nil || href != "rule/host.html" {
		t.Errorf("a rule link of the static playground: %q %v", href, err)
	}

	// What a keystroke costs on a 1 KB reference, from the key to the
	// answer laid out on the page (play.js measures it): logged, not
	// asserted (a frame is 16 ms).
	var keys, paints []float64
	for i := 0; i < 9; i++ {
		before, err := chromedp.Run(ctx, chromedp.Evaluate[string](`(() => {
			const ref = document.getElementById("ref");
			ref.value = ("http://www.example.com/" + "a/b;p/".repeat(167)).slice(0, 1023);
			ref.focus();
			ref.setSelectionRange(1023, 1023);
			return document.getElementById("result").getAttribute("data-updated");
		})()`))
		if err != nil {
			t.Fatal(err)
		}
		if err := chromedp.Do(ctx, chromedp.SendKeys(chromedp.CSS("#ref"), "x"),
			chromedp.WaitVisible(chromedp.CSS(`#result:not([data-updated="`+before+`"])`))); err != nil {
			t.Fatal(err)
		}
		ms, err := chromedp.Run(ctx, chromedp.Evaluate[float64](`window.rfc2396Timing.keystroke`))
		if err != nil {
			t.Fatal(err)
		}
		keys = append(keys, ms)
		// The browser's measure, to the next frame painted, is reported
		// after that frame; one under 16 ms is not reported at all.
		time.Sleep(200 * time.Millisecond)
		reported, err := chromedp.Run(ctx, chromedp.Evaluate[[]float64](`(window.rfc2396Timing.paints || []).splice(0)`))
		if err != nil {
			t.Fatal(err)
		}
		paint := 0.0 // under 16 ms
		for _, d := range reported {
			paint = max(paint, d)
		}
		paints = append(paints, paint)
	}
	if got := textOf(t, ctx, "#verdict"); !strings.Contains(got, "valid") {
		t.Errorf("the 1 KB reference: verdict %q", got)
	}
	slices.Sort(keys)
	t.Logf("a keystroke on a 1 KB reference, to the answer laid out: %.1f ms (median of %d; %.1f to %.1f)", keys[len(keys)/2], len(keys), keys[0], keys[len(keys)-1])
	slices.Sort(paints)
	t.Logf("the same keystrokes, to the next frame painted (Event Timing; 0 is under 16 ms): %.0f ms (median of %d; %.0f to %.0f)", paints[len(paints)/2], len(paints), paints[0], paints[len(paints)-1])
	last, err := chromedp.Run(ctx, chromedp.Evaluate[map[string]float64](`window.rfc2396Timing.last`))
	if err != nil {
		t.Fatal(err)
	}
	t.Logf("the last of them, in ms: the module %.1f, JSON.parse %.1f, innerHTML %.1f, the other parsers' columns %.1f, layout %.1f; then, in the next frame, the parse tree %.1f",
		last["module"], last["parse"], last["html"], last["others"], last["layout"], last["tree"])

	// What the module alone takes on that reference.
	calls, err := chromedp.Run(ctx, chromedp.Evaluate[[]float64](`(() => {
		const ref = "http://www.example.com/" + "a/b;p/".repeat(167);
		const q = "ref=" + encodeURIComponent(ref.slice(0, 1024));
		window.rfc2396Play(q);
		const times = [];
		for (let i = 0; i < 21; i++) { const t = performance.now(); window.rfc2396Play(q); times.push(performance.now() - t); }
		return times.sort((a, b) => a - b);
	})()`))
	if err != nil || len(calls) != 21 {
		t.Fatalf("%v %v", calls, err)
	}
	t.Logf("rfc2396Play on a 1 KB reference: %.1f ms (median of %d; fastest %.1f)", calls[len(calls)/2], len(calls), calls[0])
	mem, err := chromedp.Run(ctx, chromedp.Evaluate[float64](`window.rfc2396Timing.memory`))
	if err != nil {
		t.Fatal(err)
	}
	t.Logf("the module's memory at the end: %.1f MB", mem/(1<<20))

	if dir := os.Getenv("RFC2396_SCREENSHOTS"); dir != "" {
		for _, s := range []struct{ file, query string }{
			{"static-play-compare.png", "ref=" + urlQueryEscape("http://a_b.example:80/x/../y?q#f") + "&base=" + urlQueryEscape("http://a/b/c")},
			{"static-play-profile.png", "ref=" + urlQueryEscape("http://[::1]/") + "&profile=java"},
		} {
			if err := chromedp.Do(ctx, chromedp.EmulateViewport(1280, 2200)); err != nil {
				t.Fatal(err)
			}
			open(s.query)
			png, err := chromedp.Run(ctx, chromedp.CaptureScreenshot())
			if err != nil {
				t.Fatal(err)
			}
			if err := os.WriteFile(filepath.Join(dir, s.file), png, 0o644); err != nil {
				t.Fatal(err)
			}
		}
	}
}

// TestBrowserStaticNarrow: the static copy's pages, its playground with
// the module running included, fit a phone's width (390 CSS pixels).
func TestBrowserStaticNarrow(t *testing.T) {
	if os.Getenv("RFC2396_LONG") == "" {
		t.Skip("long check: set RFC2396_LONG=1")
	}
	ctx := newBrowser(t)
	base := writeStaticWithPlayground(t)
	checkNarrow(t, ctx, "static-index", base+"/index.html", "main")
	checkNarrow(t, ctx, "static-rule", base+"/rule/IPv4address.html", "main")
	checkNarrow(t, ctx, "static-play", base+"/play.html", "#verdict")
	checkNarrow(t, ctx, "static-play-compare", base+"/play.html?ref="+urlQueryEscape("http://a_b.example:80/x/../y?q#f")+"&base="+urlQueryEscape("http://a/b/c"), "#result[data-verdicts] #others-table")
}

// TestBrowserStaticThrottled times the static playground's first answer
// over a throttled network, 10 Mbit/s down with 20 ms of latency, in
// Chromium's own emulation, with the browser's cache off: the page as it
// opens (an example answered when the site was written, then the module),
// a permalink (the module's answer, the module fetched gzip-compressed),
// and the permalink with the compressed module blocked, so that the page
// falls back to the module itself (as before it was compressed). The
// times are logged, not asserted: the machines that run the long checks
// are shared. The answers are checked.
func TestBrowserStaticThrottled(t *testing.T) {
	if os.Getenv("RFC2396_LONG") == "" {
		t.Skip("long check: set RFC2396_LONG=1")
	}
	ctx := newBrowser(t)
	base := writeStaticWithPlayground(t)
	call := func(f func(ctx context.Context, tg *chromedp.Target) error) chromedp.Action[chromedp.Void] {
		return chromedp.Action[chromedp.Void](func(ctx context.Context, tg *chromedp.Target) (chromedp.Void, error) {
			return chromedp.Void{}, f(ctx, tg)
		})
	}
	const bytesPerSecond = 10e6 / 8
	throttle := call(func(ctx context.Context, tg *chromedp.Target) error {
		if _, err := cdp.Call(ctx, tg, network.Enable, network.EnableParams{}); err != nil {
			return err
		}
		if _, err := cdp.Call(ctx, tg, network.SetCacheDisabled, network.SetCacheDisabledParams{CacheDisabled: true}); err != nil {
			return err
		}
		_, err := cdp.Call(ctx, tg, network.EmulateNetworkConditionsByRule, network.EmulateNetworkConditionsByRuleParams{
			MatchedNetworkConditions: []*network.Conditions{{Latency: 20, DownloadThroughput: bytesPerSecond, UploadThroughput: bytesPerSecond}},
		})
		return err
	})
	block := func(patterns ...string) chromedp.Action[chromedp.Void] {
		return call(func(ctx context.Context, tg *chromedp.Target) error {
			var ps []*network.BlockPattern
			for _, p := range patterns {
				ps = append(ps, &network.BlockPattern{URLPattern: p, Block: true})
			}
			_, err := cdp.Call(ctx, tg, network.SetBlockedURLs, network.SetBlockedURLsParams{URLPatterns: ps})
			return err
		})
	}
	if err := chromedp.Do(ctx, throttle); err != nil {
		t.Fatal(err)
	}
	permalink := "/play.html?ref=" + urlQueryEscape("ftp://1.2.3.4:21/x")
	for _, c := range []struct {
		name, path, wait, verdict string
		blocked                   []string
	}{
		{"the page as it opens", "/play.html", "#result[data-ready]", "✓ valid", nil},
		{"a permalink, the module gzip-compressed", permalink, "#result[data-updated]", "✓ valid", nil},
		{"a permalink, the module itself (gzip blocked)", permalink, "#result[data-updated]", "✓ valid", []string{"*://*:*/rfc2396.wasm.gz"}},
	} {
		if err := chromedp.Do(ctx, block(c.blocked...), chromedp.Navigate(base+c.path), chromedp.WaitVisible(chromedp.CSS(c.wait))); err != nil {
			t.Fatalf("%s: %v", c.name, err)
		}
		if got := textOf(t, ctx, "#verdict .mark"); got != c.verdict {
			t.Errorf("%s: verdict %q", c.name, got)
		}
		stages, err := chromedp.Run(ctx, chromedp.Evaluate[map[string]float64](`(({prerendered, instantiated, ready, firstAnswer}) => ({prerendered: prerendered || 0, instantiated, ready, firstAnswer: firstAnswer || 0}))(window.rfc2396Timing)`))
		if err != nil {
			t.Fatal(err)
		}
		gz, err := chromedp.Run(ctx, chromedp.Evaluate[bool](`!!window.rfc2396Timing.gzip`))
		if err != nil {
			t.Fatal(err)
		}
		if gz != (c.blocked == nil) {
			t.Errorf("%s: the module gzip-compressed: %v", c.name, gz)
		}
		first := stages["firstAnswer"]
		if stages["prerendered"] > 0 {
			first = stages["prerendered"]
		}
		t.Logf("%s, at 10 Mbit/s: first answer %.0f ms after navigation start (module instantiated %.0f ms, ready %.0f ms)",
			c.name, first, stages["instantiated"], stages["ready"])
	}
}
