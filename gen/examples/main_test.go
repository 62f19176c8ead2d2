package main

import "testing"

// TestRunArguments checks that arguments no subcommand takes stop with
// status 2, before anything is written or run.
func TestRunArguments(t *testing.T) {
	for _, args := range [][]string{
		{"bogus"},
		{"outputs", "extra"},
		{"diff"},
		{"diff", "strict"},
		{"diff", "strict", "strict+nope"},
		{"diff", "nope", "rfc3986"},
	} {
		if got := run(args); got != 2 {
			t.Errorf("run(%q) = %d, want 2", args, got)
		}
	}
	if got := run([]string{"help"}); got != 0 {
		t.Errorf("run(help) = %d, want 0", got)
	}
}
