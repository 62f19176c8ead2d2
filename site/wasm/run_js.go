//go:build js

package main

import (
	"net/url"
	"strings"
	"syscall/js"

	"github.com/rfc2396/rfc2396/site"
)

func run() {
	s, err := site.New()
	if err != nil {
		js.Global().Set("rfc2396Error", err.Error())
		return
	}
	js.Global().Set("rfc2396Play", js.FuncOf(func(this js.Value, args []js.Value) any {
		if len(args) != 1 || args[0].Type() != js.TypeString {
			return map[string]any{"status": 400, "body": `{"error":"rfc2396Play takes one query string"}`}
		}
		status, body := s.PlayJSON(site.NoCancel{}, args[0].String(), true)
		return map[string]any{"status": status, "body": string(body)}
	}))
	js.Global().Set("rfc2396NetURL", js.FuncOf(func(this js.Value, args []js.Value) any {
		if len(args) != 2 {
			return map[string]any{"ok": false, "error": "rfc2396NetURL takes a reference and a base"}
		}
		return netURL(args[0].String(), args[1].String())
	}))
	// Tell the page the module is ready, then keep it alive.
	if ready := js.Global().Get("rfc2396Ready"); ready.Type() == js.TypeFunction {
		ready.Invoke()
	}
	select {}
}

// netURL reads ref with net/url.Parse and, with a base, resolves it with
// ResolveReference.
func netURL(ref, base string) map[string]any {
	u, err := url.Parse(ref)
	if err != nil {
		return map[string]any{"ok": false, "error": err.Error()}
	}
	host := u.Hostname()
	if strings.Contains(host, ":") {
		// An IPv6 literal: Hostname takes off the brackets the other
		// readings keep.
		host = "[" + host + "]"
	}
	out := map[string]any{
		"ok": true, "scheme": u.Scheme, "opaque": u.Opaque, "host": host, "port": u.Port(),
		"path": u.EscapedPath(), "query": u.RawQuery, "fragment": u.EscapedFragment(),
		"hasQuery": u.ForceQuery || u.RawQuery != "", "hasFragment": u.Fragment != "" || u.RawFragment != "",
	}
	if u.User != nil {
		out["user"] = u.User.String()
	}
	if base != "" {
		b, err := url.Parse(base)
		if err != nil {
			out["resolveError"] = "the base: " + err.Error()
		} else {
			out["resolved"] = b.ResolveReference(u).String()
		}
	}
	return out
}
