//go:build !js

package rfc8141

import "github.com/rfc2396/rfc2396/rfc8141/grammar"

// tokenParser is the parser Parse reads a URN's parts with: natively the
// compact parser, a local variable, which holds the tokens of an ordinary
// input itself. (In the playground's WebAssembly module it is the
// reference parser; see tokenparser_js.go.)
type tokenParser struct{ grammar.Parser }

// release is called once the tokens have been read: nothing to give back
// for a local variable.
func (*tokenParser) release() {}
