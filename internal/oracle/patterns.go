package oracle

import (
	"github.com/rfc2396/rfc2396/grammar/bnf"
	"github.com/rfc2396/rfc2396/internal/oracle/lang"
)

// Patterns returns, for every rule of defs, a regular expression for
// exactly the rule's language; see [lang.Patterns].
func Patterns(defs []bnf.Definition) map[string]string { return lang.Patterns(defs) }
