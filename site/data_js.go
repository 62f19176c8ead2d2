//go:build js

package site

import "embed"

// data holds, in the playground's WebAssembly module, only what the
// playground shows: each grammar's rules (data/NAME/grammar.json), the
// legend and the grades. The diagrams and examples, which only the rule
// pages show, would add 0.35 MB to the module (docs/site.md).
//
//go:embed data/*/grammar.json data/legend.svg data/grades.md
var data embed.FS

// diagramsEmbedded says that data holds the diagrams and examples, which
// the rule pages show: not in this build, which therefore writes no rule
// page (see [Site.WriteStatic]).
const diagramsEmbedded = false
