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

// TestDecisiveLookaheads checks that a lookahead whose expression matches
// exactly when the next byte is in a set becomes one byte test, and that
// any other stays.
func TestDecisiveLookaheads(t *testing.T) {
	for in, want := range map[string]string{
		"&([0-9a-z] ('-'* [0-9a-z])* / [a-z] [a-z]*) 'x'": "&[0-9a-z] 'x'",
		"!([a-z]+ / '-') 'x'":                             "![\\-a-z] 'x'",
		"&([a-z] '-') 'x'":                                "&([a-z] '-') 'x'", // "a" then not "-": no match
		"&([a-z] &[0-9]) 'x'":                             "&([a-z] &[0-9]) 'x'",
		"&'.' 'x'":                                        "&'.' 'x'",
	} {
		f, err := parsePEG("r <- " + in + "\n")
		if err != nil {
			t.Fatalf("%s: %v", in, err)
		}
		if got := decisiveLookaheads(f.rules[0].body).String(); got != want {
			t.Errorf("decisiveLookaheads(%s) = %s, want %s", in, got, want)
		}
	}
}
