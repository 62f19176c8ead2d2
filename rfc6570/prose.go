package rfc6570

// findReservedOperator is the prose rule of section 2.2 that the ABNF
// does not express, as the grammar value applies it (rfc6570.manifest.json,
// face "prose"): "The operator characters equals ("="), comma (","),
// exclamation ("!"), at sign ("@"), and pipe ("|") are reserved for future
// extensions." It returns the offset of the first such operator of s, or
// -1. In a string the grammar derives, every "{" opens an expression
// (literals leaves it out), so the character after one is the operator
// if there is one.
func findReservedOperator(s string) int {
	for i := 0; i+1 < len(s); i++ {
		if s[i] == '{' && isReservedOperator(s[i+1]) {
			return i + 1
		}
	}
	return -1
}

// isReservedOperator reports whether c is one of op-reserve's characters.
func isReservedOperator(c byte) bool {
	switch c {
	case '=', ',', '!', '@', '|':
		return true
	}
	return false
}
