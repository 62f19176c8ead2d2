// Command wasm is the playground of the static site, compiled to
// WebAssembly (GOOS=js GOARCH=wasm): it runs package site's playground,
// the same analysis and the same templates as rfc2396 serve, in the
// browser, and Go's net/url beside it. The page's script (play.js) calls
// the functions it sets on the global object:
//
//	rfc2396Play(query)       the /api/parse answer to a query string: {status, body}
//	rfc2396NetURL(ref, base) what net/url makes of ref (and of its resolution
//	                         against base): {ok, error, scheme, opaque, user,
//	                         host, port, path, query, fragment, resolved}
//
// go generate builds it into site/static/rfc2396.wasm; see site/wasm.go.
package main

func main() { run() }
