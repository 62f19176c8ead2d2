package main

import "testing"

// TestFuseRuns checks the rewriting of X* (Y X*)* into (X / Y)*.
func TestFuseRuns(t *testing.T) {
	tests := []struct{ in, want string }{
		// segment *( "/" segment ), segment = *pchar *( ";" *pchar ).
		{"[a-z]* (';' [a-z]*)* ('/' [a-z]* (';' [a-z]*)*)*", "([/;a-z])*"},
		{"([a-z] / '%' [0-9A-Fa-f] [0-9A-Fa-f])* ('/' ([a-z] / '%' [0-9A-Fa-f] [0-9A-Fa-f])*)*", "([/a-z] / '%' [0-9A-Fa-f] [0-9A-Fa-f])*"},
		// Not the same X: unchanged.
		{"[a-z]* ('/' [0-9]*)*", "([a-z])* ('/' ([0-9])*)*"},
		// A Y that can match the empty string: unchanged.
		{"[a-z]* ('/'? [a-z]*)*", "([a-z])* (('/')? ([a-z])*)*"},
		// X+ first: unchanged.
		{"[a-z]+ ('/' [a-z]*)*", "([a-z])+ ('/' ([a-z])*)*"},
	}
	for _, tt := range tests {
		p := &exprParser{src: tt.in}
		e, err := p.choice()
		if err != nil {
			t.Fatalf("%q: %v", tt.in, err)
		}
		if got := simplify(fuseRuns(simplify(e))).String(); got != tt.want {
			t.Errorf("fuseRuns(%q) = %q, want %q", tt.in, got, tt.want)
		}
	}
}
