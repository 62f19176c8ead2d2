//go:build !js

package site

import "embed"

// data holds what go generate writes for each grammar: data/NAME/grammar.json
// and data/NAME/diagrams/RULE.svg (gen grammar), and, for RFC 2396,
// data/rfc2396/examples.json (gen/examples).
//
//go:embed data
var data embed.FS

// diagramsEmbedded says that data holds the diagrams and examples, which
// the rule pages show.
const diagramsEmbedded = true

// New loads the generated grammar data.
func New() (*Site, error) { return load(data) }
