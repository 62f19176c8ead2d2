//go:build !js

package rfc9112

import "github.com/rfc2396/rfc2396/rfc9112/grammar"

// tokenParser is the parser parse reads a request-target's parts with: natively the
// compact parser, a local variable, which holds the tokens of an ordinary
// input itself. (In the playground's WebAssembly module it is the
// reference parser; see tokenparser_js.go.)
type tokenParser struct{ grammar.Parser }

// release is called once the tokens have been read: nothing to give back
// for a local variable.
func (*tokenParser) release() {}
