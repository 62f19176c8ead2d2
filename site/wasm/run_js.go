//go:build js

package main

import (
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
	// Tell the page the module is ready, then keep it alive.
	if ready := js.Global().Get("rfc2396Ready"); ready.Type() == js.TypeFunction {
		ready.Invoke()
	}
	select {}
}
