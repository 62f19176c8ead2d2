// Command wasm is the playground of the static site, compiled to
// WebAssembly (GOOS=js GOARCH=wasm): it runs package site's playground,
// the same analysis and the same templates as rfc2396 serve (Go's net/url
// beside it included), in the browser. The page's script (play.js) calls
// the function it sets on the global object:
//
//	rfc2396Play(query)       the /play.json answer to a query string: {status, body}
//
// rfc2396 site builds it (go build -trimpath -ldflags="-s -w", GOOS=js
// GOARCH=wasm) into the static copy as rfc2396.wasm, beside Go's
// wasm_exec.js; docs/site.md gives its size and speed.
package main

func main() { run() }
