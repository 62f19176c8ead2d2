// Command wasm is the playground of the static site, compiled to
// WebAssembly (GOOS=js GOARCH=wasm): it runs package site's playground,
// the same analysis and the same templates as rfc2396 serve (Go's net/url
// beside it included), in the browser. The page's script (play.js) calls
// the function it sets on the global object:
//
//	rfc2396Play(query)       the /play.json answer to a query string: {status, body}
//
// rfc2396 site builds it (go build -trimpath -tags=playground
// -ldflags="-s -w", GOOS=js GOARCH=wasm) into the static copy as
// rfc2396.wasm, beside Go's wasm_exec.js. The build tag playground leaves
// out what the playground never runs: the engines of the edits of the RFC
// 3986 family's grammars (edits_playground_gen.go in rfc3986 and
// rfc3987), whose playground reads every grammar as published.
// docs/site.md gives the module's size and speed, and how it is measured.
package main

func main() { run() }
