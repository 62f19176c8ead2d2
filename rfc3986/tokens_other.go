//go:build !js

package rfc3986

import "github.com/rfc2396/rfc2396/rfc3986/internal/compact"

// tokenParser is the parser whose tokens [Parse] reads the components
// from: natively the compact parser, generated with the rules the
// components need and nothing more, which is the fastest. (In the
// playground's WebAssembly module it is the reference parser; see
// tokens_js.go.)
type tokenParser = compact.Parser

// newTokenParser returns a tokenParser.
func newTokenParser() *tokenParser { return compact.NewParser() }
