//go:build !js

package parser

import "github.com/rfc2396/rfc2396/parser/internal/editcompact"

// tokenParser is the parser whose tokens [Parse] and [Profile.Parse] read
// the components from: natively the compact parser, generated with the
// rules the components need and nothing more, which is the fastest. (In
// the playground's WebAssembly module it is the reference parser; see
// tokens_js.go.)
type tokenParser = editcompact.Parser

// newTokenParser returns a tokenParser with no edit in force.
func newTokenParser() *tokenParser { return editcompact.NewParser() }
