//go:build js

package site

// diagramsEmbedded says that the build holds the diagrams and examples,
// which the rule pages show: not the playground's WebAssembly module,
// which therefore writes no rule page and has no static writer
// (WriteStatic is in static.go, a native build's).
const diagramsEmbedded = false

// New returns, in the playground's WebAssembly module, the Site its
// answers need: each grammar's rules and their lines, from the rule
// catalogues (playgrammars.go), and none of the generated data/ (the
// diagrams, examples, legend and grades, which only the other pages
// show); [Site.PlayJSON] answers from it as from the Site a native build
// loads.
func New() (*Site, error) { return playSite(), nil }
